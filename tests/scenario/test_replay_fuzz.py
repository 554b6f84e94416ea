"""Property: whatever bytes a scenario file holds, `towersim replay` answers with a status
(0, 1 or 2) and at most one stderr line per file, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario_helpers import GOOD_TOML, run_replay

# A valid scenario that also exercises a placement by the hand and a [physics] table,
# kept short so each example runs in milliseconds.
BASE = GOOD_TOML.replace("seconds = 0.5", "seconds = 0.2") + (
    '\n[physics]\niterations = 20\n\n[[place]]\nid = "p"\npiece = "lots-cube"\nx = 20.0\n'
)
VALUES = [
    "0", "-1", "1e400", "nan", "inf", "-inf", "true", '"x"', '"lots-T"', "[]", "[1]",
    "[0, 0]", "[1, 2, 3]", "{}", "{a = 1}", "9" * 40, "0.0001", "600", '"felt"', '"table"',
    "1e300", "-1e300", "1e-300", str(2**62),  # beyond every range: refused when read
]  # fmt: skip
VALUE = re.compile(r"(?<== )[^\n]+")  # the right-hand side of each `key = value` line

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = BASE
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "insert", "swap", "replace"]))
        if op == "delete":
            start = draw(st.integers(0, len(text) - 1))
            end = draw(st.integers(start + 1, min(len(text), start + 12)))
            text = text[:start] + text[end:]
        elif op == "insert":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.text('[]{}=",.#\n -0123456789aeinf', max_size=6)) + text[at:]
        else:
            spans = [m.span() for m in VALUE.finditer(text)]
            if not spans:
                continue
            a0, a1 = draw(st.sampled_from(spans))
            if op == "swap":  # two values trade places
                b0, b1 = draw(st.sampled_from(spans))
                if (b0, b1) != (a0, a1):
                    (a0, a1), (b0, b1) = sorted([(a0, a1), (b0, b1)])
                    text = text[:a0] + text[b0:b1] + text[a1:b0] + text[a0:a1] + text[b1:]
            else:  # a value becomes something else
                text = text[:a0] + draw(st.sampled_from(VALUES)) + text[a1:]
    return text


def check(capsys: pytest.CaptureFixture[str], *paths: Path) -> int:
    result = run_replay(capsys, *paths)
    assert result.code in (0, 1, 2)
    assert "Traceback" not in result.err
    lines = result.err.splitlines()
    assert len(lines) <= len(paths)
    assert all(line.startswith("towersim replay: ") for line in lines)
    assert (result.code == 2) == bool(lines)  # status 2 exactly when a file is refused
    return result.code


def test_the_base_text_is_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "base.toml"
    path.write_text(BASE)
    assert check(capsys, path) == 0


@SETTINGS
@given(text=mutated())
def test_mutated_scenarios_never_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "mutated.toml"
    path.write_text(text, encoding="utf-8")
    check(capsys, path)


@SETTINGS
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".toml", ".json", ""]))
def test_arbitrary_bytes_never_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, suffix: str
) -> None:
    path = tmp_path / f"junk{suffix}"
    path.write_bytes(data)
    code = check(capsys, path)
    assert code == 2  # random bytes are never a whole scenario


@SETTINGS
@given(text=mutated(), data=st.binary(max_size=100))
def test_a_batch_gets_at_most_one_line_per_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, data: bytes
) -> None:
    mutated_path, junk, good = tmp_path / "m.toml", tmp_path / "j.json", tmp_path / "g.toml"
    mutated_path.write_text(text, encoding="utf-8")
    junk.write_bytes(data)
    good.write_text(BASE)
    assert check(capsys, mutated_path, junk, good) == 2

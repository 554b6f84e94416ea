"""Shared by the tests/scenario suites: a valid scenario to break, and running
`towersim replay` through ``simulator.cli.main`` in-process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from simulator.cli import main

# A valid sandbox scenario; the bad-file tests break it one way at a time. The line
# numbers in the comments are used by the tests: keep them in step with the text.
GOOD_TOML = """\
format = "towersim/1"
kind = "sandbox"
name = "block on a table"

[[static]]
id = "table"
polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]
friction = 0.8

[[body]]
id = "top"
box = [10.0, 2.0]
at = [0.0, 1.0]
density = 0.6

[run]
seconds = 0.5
tolerance = 0.5

[expect]
stands = true
"""
# Line numbers in GOOD_TOML.
LINE = {
    "name": 3,
    "static": 5,
    "polygon": 7,
    "friction": 8,
    "body": 10,
    "body_id": 11,
    "box": 12,
    "at": 13,
    "density": 14,
    "seconds": 17,
    "stands": 21,
}


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


Replay = Callable[..., Result]


def run_replay(capsys: pytest.CaptureFixture[str], *args: str | Path) -> Result:
    """Run ``towersim replay ARGS...`` in-process; return exit code, stdout and stderr."""
    capsys.readouterr()  # drop anything printed before
    code = main(["replay", *map(str, args)])
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def edit(text: str, old: str, new: str) -> str:
    """``text`` with the one occurrence of ``old`` replaced (fails loudly if absent)."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)

"""CI is reproducible: .ci/run runs README's test command, under constraints.txt's pins."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).parents[1]


def _readme_test_command() -> str:
    block = (ROOT / "README.md").read_text().split("```sh\n", 1)[1].split("```", 1)[0]
    return block.splitlines()[1]  # the second command


def _pins() -> dict[str, str]:
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    requirements = [Requirement(line) for line in lines if line and not line.startswith("#")]
    return {re.sub(r"[-_.]+", "-", r.name).lower(): str(r.specifier) for r in requirements}


def test_ci_runs_exactly_readmes_test_command_under_the_constraints() -> None:
    command = _readme_test_command()
    assert "-c constraints.txt" in command
    assert command in (ROOT / ".ci" / "run").read_text().splitlines()


def test_every_constraint_is_an_exact_pin() -> None:
    assert all(re.fullmatch(r"==[\w.]+", specifier) for specifier in _pins().values())


def test_the_test_extras_exact_pins_agree_with_the_constraints() -> None:
    """Ruff and mypy: a new release formats or judges differently, so both files pin them."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    exact = [Requirement(r) for r in extras["optional-dependencies"]["test"] if "==" in r]
    assert {r.name for r in exact} == {"ruff", "mypy"}
    assert all(_pins()[r.name] == str(r.specifier) for r in exact)


def test_box2d_stays_out_of_the_test_install() -> None:
    assert "box2d" not in _pins()  # the bench extra's; tests/test_engine_compare.py skips

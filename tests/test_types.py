"""The types are checked: mypy finds no error in the packages pyproject.toml's
``[tool.mypy] files`` lists, strict on the rules and the physics core."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
MYPY = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_the_checked_packages_include_the_rules_and_the_physics() -> None:
    assert {"rules", "simulator/physics"} <= set(MYPY["files"])
    strict = next(o for o in MYPY["overrides"] if o.get("disallow_untyped_defs"))
    assert {"rules.*", "simulator.physics.*"} <= set(strict["module"])


def test_mypy_finds_no_error() -> None:
    """mypy's own cache (.mypy_cache) keeps a second run to a few seconds."""
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr

"""The types are checked: mypy finds no error in rules/ and simulator/ (but for any
module pyproject.toml's ``[tool.mypy] exclude`` names), strict on the rules and the
physics core."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
MYPY = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_both_packages_are_checked_strictly_on_the_rules_and_the_physics() -> None:
    assert MYPY["files"] == ["rules", "simulator"]
    assert not any(
        pattern.startswith(("^rules", "^simulator/physics")) for pattern in MYPY.get("exclude", [])
    )
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

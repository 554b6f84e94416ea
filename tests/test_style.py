"""The code stays ruff-clean (lint and format), as CI checks it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]])
def test_ruff(command: list[str]) -> None:
    ruff = shutil.which("ruff")
    assert ruff is not None, "ruff comes with the test extra: pip install '.[test]'"
    out = subprocess.run([ruff, *command], cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def _imports(path: Path) -> list[str]:
    return [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip().startswith(("import ", "from "))
    ]


def test_rules_never_import_pymunk_or_pyglet() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        for line in _imports(path):
            assert not line.split()[1].startswith(("pymunk", "pyglet")), f"{path}: {line}"


def test_physics_never_imports_pyglet() -> None:
    for path in (ROOT / "simulator" / "physics").rglob("*.py"):
        for line in _imports(path):
            assert not line.split()[1].startswith("pyglet"), f"{path}: {line}"

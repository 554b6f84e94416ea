"""The research environments are an optional layer: the core never imports gymnasium or
pettingzoo (a core install stays as light as it was), and they never import the app."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
RL_ONLY = ("gymnasium", "pettingzoo")


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_only_simulator_rl_imports_gymnasium_or_pettingzoo() -> None:
    rl = ROOT / "simulator" / "rl"
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for package in ("simulator", "rules")
        for path in sorted((ROOT / package).rglob("*.py"))
        if rl not in path.parents
        for name in _imports(path)
        if name.split(".")[0] in RL_ONLY
    ]
    assert found == []


def test_the_environments_never_import_the_app() -> None:
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / "simulator" / "rl").rglob("*.py"))
        for name in _imports(path)
        if name.startswith("simulator.app")
    ]
    assert found == []


def test_the_command_line_and_the_games_load_without_gymnasium() -> None:
    probe = (
        "import sys, simulator.cli, simulator.games.lots.match, "
        "simulator.games.crazy_tower.match, simulator.games.filled_in.match; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('gymnasium', 'pettingzoo')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"

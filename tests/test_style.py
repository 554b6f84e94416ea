"""The code stays ruff-clean (lint and format), as CI checks it."""

from __future__ import annotations

import ast
import functools
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]])
def test_ruff(command: list[str]) -> None:
    ruff = shutil.which("ruff")
    assert ruff is not None, "ruff comes with the test extra: pip install '.[test]'"
    out = subprocess.run([ruff, *command], cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


# -- layering over the real import graph ----------------------------------------------------
# Every module of simulator/ and rules/, parsed with ast; imports inside functions and
# under ``if TYPE_CHECKING:`` count (a lazy import, a type, is still a dependency), and so
# do third-party packages (``import os, pyglet`` imports pyglet).

PACKAGES = ("simulator", "rules")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for top in PACKAGES for p in sorted((ROOT / top).rglob("*.py"))}


def _imported_names(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # relative: up from the importing module's package
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*parts, *([node.module] if node.module else [])])
    # ``from pkg import name`` imports the submodule pkg.name when there is one.
    return [f"{base}.{alias.name}" for alias in node.names] + [base]


def _targets(node: ast.Import | ast.ImportFrom, name: str, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that ``node``, in module ``name``, imports."""
    package = name if modules[name].name == "__init__.py" else name.rpartition(".")[0]
    names = _imported_names(node, package)
    if isinstance(node, ast.ImportFrom):
        # The submodules named, else the package itself.
        found = [n for n in names[:-1] if n in modules]
        names = found or names[-1:]
    targets = set()
    for target in names:
        while target and target not in modules:  # pkg.mod.attr -> pkg.mod
            target = target.rpartition(".")[0]
        if target and target != name:
            targets.add(target)
    return targets


def _third_party(node: ast.Import | ast.ImportFrom) -> set[str]:
    """The top-level names of the packages ``node`` imports that are neither ours nor the
    standard library's (a relative import is always ours)."""
    if isinstance(node, ast.Import):
        tops = {alias.name.partition(".")[0] for alias in node.names}
    else:
        tops = set() if node.level else {(node.module or "").partition(".")[0]}
    return {top for top in tops if top not in PACKAGES and top not in sys.stdlib_module_names}


def _import_nodes(path: Path) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


@functools.cache
def _import_graph() -> dict[str, set[str]]:
    """module -> the internal modules it imports."""
    modules = _modules()
    return {
        name: {target for node in _import_nodes(path) for target in _targets(node, name, modules)}
        for name, path in modules.items()
    }


@functools.cache
def _dependencies() -> dict[str, set[str]]:
    """module -> the internal modules and the third-party packages it imports."""
    return {
        name: _import_graph()[name]
        | {top for node in _import_nodes(path) for top in _third_party(node)}
        for name, path in _modules().items()
    }


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _violations(importers: str, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{module} imports {target}"
        for module, edges in sorted(_dependencies().items())
        if _in(module, importers)
        for target in sorted(edges)
        if any(_in(target, f) for f in forbidden)
    ]


@pytest.mark.parametrize(
    ("importers", "forbidden"),
    [
        # The rules are pure Python: no physics, no drawing, no simulator.
        ("rules", ("simulator", "pymunk", "pyglet")),
        ("simulator.physics", ("simulator.games", "simulator.render", "simulator.app", "pyglet")),
        ("simulator.render", ("simulator.games", "simulator.app")),
        ("simulator.scenario", ("simulator.games",)),
        (
            "simulator.games",
            ("simulator.replay", "simulator.cli", "simulator.lab", "simulator.net", "simulator.rl"),
        ),
    ],
)
def test_layers_import_only_downwards(importers: str, forbidden: tuple[str, ...]) -> None:
    assert _violations(importers, forbidden) == []


def test_only_the_cli_imports_the_app() -> None:
    """The app sits on top: below it nothing imports it; the CLI hands down what it needs
    (replay's --watch player)."""
    found = [
        line
        for line in _violations("simulator", ("simulator.app",))
        + _violations("rules", ("simulator.app",))
        if not _in(line.split()[0], "simulator.app") and line.split()[0] != "simulator.cli"
    ]
    assert found == []


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))
    return components


def test_third_party_names_every_package_an_import_loads() -> None:
    code = (
        "import os, pyglet.gl\n"
        "from pymunk import Body\n"
        "from json import loads\n"
        "from . import pyglet\n"
        "from simulator import physics\n"
    )
    nodes = ast.parse(code).body
    found = [_third_party(n) for n in nodes if isinstance(n, ast.Import | ast.ImportFrom)]
    assert found == [{"pyglet"}, {"pymunk"}, set(), set(), set()]


def test_circles_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    """No two modules import each other, even lazily or only for their types: a type
    named under ``if TYPE_CHECKING:`` is a dependency too (a live move names what it
    reads of its match through its game's table.py protocol, not the match)."""
    assert _circles(_import_graph()) == []


# -- imports at the top ------------------------------------------------------------------
# An import inside a function hides a dependency from whoever reads the module's head, and
# it is the usual way to dodge a circle. A module of simulator/ or rules/, or a third-party
# package, is imported at the top, unless the importing line says why it may not be:
# ``# lazy: REASON``, with one of these reasons. Only the standard library may be imported
# inside a function without one.
LAZY_REASONS = {
    # Every ``towersim`` call builds the whole parser: a command's modules (pymunk,
    # pyglet, websockets, Dask behind them) load only when that command runs.
    "command": "a command-line module loads what a command runs only when it runs",
    # pyglet's window and GL fail to import without one; headless paths (``--help``, a
    # replay, an environment, a PNG) import such a module only when they draw.
    "display": "the module needs pyglet's window or GL",
    # A plain install has none of an extra's packages (lab: Dask, matplotlib; rl:
    # Gymnasium, PettingZoo).
    "extra": "the module needs a package of an optional extra",
    # Even pyglet's display-free parts (pyglet.math) stay out of ``--help``, a replay and
    # an environment until they draw, and the turn controllers' tests bar pyglet
    # (tests/test_turns_without_pyglet.py) while they load the camera and offscreen modules.
    "headless": "the module also serves code that never draws, which loads no pyglet",
}
LAZY = re.compile(r"#\s*lazy:\s*(\w+)")


def _unexplained_function_imports(name: str, modules: dict[str, Path]) -> list[str]:
    """``module:line: import`` for each import of one of ``modules`` or of a third-party
    package inside a function of module ``name`` whose line gives no reason of
    LAZY_REASONS."""
    path = modules[name]
    source = path.read_text()
    lines = source.splitlines()
    nested = {
        node
        for function in ast.walk(ast.parse(source, str(path)))
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
        and (_targets(node, name, modules) or _third_party(node))
    }
    found = []
    for node in sorted(nested, key=lambda n: n.lineno):
        text = "\n".join(lines[node.lineno - 1 : node.end_lineno])
        said = LAZY.search(text)
        if said is None or said.group(1) not in LAZY_REASONS:
            found.append(f"{name}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return found


def test_a_function_import_needs_a_reason(tmp_path: Path) -> None:
    code = (
        "import simulator.b\n\n"
        "def f():\n"
        "    import json\n"
        "    from simulator import b\n"
        "    from simulator.b import c  # lazy: display\n"
        "    import simulator.b  # lazy: it is faster\n"
        "    import os, pyglet\n"
        "    from pyglet import gl  # lazy: display\n"
        "    from . import b\n"
        "    import matplotlib  # lazy: plots\n"
    )
    (tmp_path / "a.py").write_text(code)
    modules = {"simulator.a": tmp_path / "a.py", "simulator.b": tmp_path / "b.py"}
    found = _unexplained_function_imports("simulator.a", modules)
    assert [line.split(": ", 1)[1] for line in found] == [
        "from simulator import b",
        "import simulator.b  # lazy: it is faster",
        "import os, pyglet",
        "from . import b",
        "import matplotlib  # lazy: plots",
    ]


def test_modules_are_imported_at_the_top() -> None:
    modules = _modules()
    found = [line for name in modules for line in _unexplained_function_imports(name, modules)]
    assert found == [], "import these at the top, or give a reason of LAZY_REASONS"


# The modules (or packages) that may still reach a game's rules past its engine: none
# now. The list only shrinks: an entry that no longer imports a game's rules fails the
# test below as surely as an importer not on it.
RULES_IMPORT_EXCEPTIONS: tuple[str, ...] = ()


def test_only_the_engine_opens_a_games_rules() -> None:
    """A game's rules (``rules.<game>``, any submodule, typing-only imports too) are
    imported only by ``rules/`` itself and by that game's match package
    ``simulator.games.<game>``; everything else goes through the game's engine, which
    the registry loads (rules/engine.py)."""
    games = sorted(p.parent.name for p in (ROOT / "rules").glob("*/__init__.py"))
    reaching: dict[str, set[str]] = {}
    for module, edges in _import_graph().items():
        if _in(module, "rules"):
            continue
        for game in games:
            if any(_in(t, f"rules.{game}") for t in edges) and not _in(
                module, f"simulator.games.{game}"
            ):
                reaching.setdefault(module, set()).add(game)
    unlisted = sorted(
        f"{module} imports rules.{', rules.'.join(sorted(found))}"
        for module, found in reaching.items()
        if not any(_in(module, allowed) for allowed in RULES_IMPORT_EXCEPTIONS)
    )
    assert unlisted == [], "ask the game's engine (GAMES.get(kind).load('engine')) instead"
    stale = [e for e in RULES_IMPORT_EXCEPTIONS if not any(_in(m, e) for m in reaching)]
    assert stale == [], "these no longer import a game's rules: take them off the list"


SCREEN_LINES = 350  # issue 40's target for a thin screen


def _screen_modules() -> list[Path]:
    """The app's modules that define a ``Screen`` subclass (through any chain of the
    app's own classes, followed by name)."""
    classes: dict[str, tuple[Path, list[str]]] = {}
    for path in sorted((ROOT / "simulator" / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b).rpartition(".")[2] for b in node.bases]
                classes[node.name] = (path, bases)
    screens, grown = {"Screen"}, True
    while grown:
        found = {name for name, (_, bases) in classes.items() if screens & set(bases)}
        grown, screens = not found <= screens, screens | found
    return sorted({classes[name][0] for name in screens if name in classes and name != "Screen"})


def test_a_screen_module_stays_short() -> None:
    modules = _screen_modules()
    assert ROOT / "simulator" / "app" / "game_screen.py" in modules
    long = {p.relative_to(ROOT).as_posix(): n for p in modules if (n := _lines(p)) > SCREEN_LINES}
    assert long == {}, f"a screen module is at most {SCREEN_LINES} lines: split these"


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines())

"""docs/scenario-format.md and the game pages document every key a parser accepts and
every range it checks, so the docs cannot fall behind the code (issue 23, item 15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulator.games.registry import GAMES
from simulator.physics.profile import OVERRIDABLE
from simulator.scenario import ranges

DOCS = Path(__file__).resolve().parents[2] / "docs"
FORMAT = (DOCS / "scenario-format.md").read_text()
PAGES = {
    "lots": "scenarios.md",
    "crazy-tower": "scenarios-crazy-tower.md",
    "filled-in": "scenarios-filled-in.md",
}


def page(kind: str) -> str:
    return (DOCS / PAGES[kind]).read_text()


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_every_action_and_key_of_a_game_is_on_its_page(kind: str) -> None:
    assert kind in GAMES.kinds()
    text = page(kind) + FORMAT
    for action, keys in GAMES.get(kind).load("action_keys").items():
        assert f"`{action}`" in text, (kind, action)
        for key in keys:
            assert f"`{key}`" in text, (kind, action, key)


def test_every_physics_key_and_its_range_is_in_the_reference() -> None:
    for key in OVERRIDABLE:
        bounds = ranges.PHYSICS[key]
        assert re.search(rf"\| `{key}` \| [a-z]+ \| {re.escape(bounds.describe())} \|", FORMAT)


@pytest.mark.parametrize(
    ("table", "text"),
    [
        (ranges.SANDBOX, FORMAT),
        (ranges.HAND, FORMAT),
        (ranges.PATH, FORMAT),
        (ranges.LOTS, page("lots")),
        (ranges.CRAZY_TOWER, page("crazy-tower")),
        (ranges.FILLED_IN, page("filled-in")),
    ],
)
def test_every_range_is_documented(table: dict[str, ranges.Range], text: str) -> None:
    missing = [key for key, bounds in table.items() if bounds.describe() not in text]
    assert missing == []


def test_no_reference_points_outside_the_repository() -> None:
    root = DOCS.parent
    # Files only the project's parent folder holds (spelt so this line does not match).
    pattern = re.compile(r"SCENARIO[_]FORMAT|DESIGN\.md|\.\./shared|rulebook[s]/")
    sources = [*root.glob("*.md"), *root.glob("docs/**/*.md"), *root.glob("simulator/**/*.py")]
    sources += [*root.glob("rules/**/*.py"), *root.glob("scripts/**/*.py")]
    offenders = [str(p) for p in sources if pattern.search(p.read_text())]
    assert offenders == []

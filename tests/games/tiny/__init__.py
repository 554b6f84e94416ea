"""Tiny Tower, a fourth game that lives only in the tests: stack three boxes on a
pedestal without a fall. It proves the game contract: registered through the one
registry, it runs through ``replay``, ``play --headless --json --record``, the engine
conformance suite, the match contract tests, the app (its start screen offers it, and
its own screen plays it) and the balance lab (its ``target`` is an axis) with no change
outside this package.

Each turn the player to act takes the next box from a shuffled supply, then the
simulated hand lowers it onto the stack at a column (-2 to 2 cm off the pedestal's
centre). A fall ends the game: everybody but the player whose box fell wins. Once the
target number of boxes stands (three unless ``settings["target"]`` says otherwise),
everybody wins.

``GAME`` is what ``GAMES.register`` takes; tests/conftest.py registers it for the test
session, and a subprocess finds it through ``TOWERSIM_GAMES=tests.games.tiny``.
"""

from __future__ import annotations

from simulator.games.registry import GameKind

PACKAGE = "tests.games.tiny"

GAME = GameKind.from_package(
    "tiny",
    "Tiny Tower",
    PACKAGE,
    f"{PACKAGE}.engine:ENGINE",
    players=f"{PACKAGE}.player:play_computer",
    computer=f"{PACKAGE}.player:COMPUTERS",
    screen=f"{PACKAGE}.screen",
    fallen=f"{PACKAGE}.engine:fallen_in_event",
    hands=False,
)

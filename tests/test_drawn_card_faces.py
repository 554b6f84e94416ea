"""The floor cards are drawn with the boxes the Crazy Tower engine deals them."""

from __future__ import annotations

from simulator.games.registry import GAMES
from simulator.render.bodies import _card_boxes


def test_each_drawn_card_has_the_engines_boxes() -> None:
    pieces = GAMES.get("crazy-tower").load("engine").content()["pieces"]
    cards = {piece: tuple(p["boxes"]) for piece, p in pieces.items() if p["kind"] == "card"}
    assert len(cards) > 1 and _card_boxes() == cards

"""What a Crazy Tower move lights up: boxes covered and floor cards laid (flashes.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from simulator.app.flashes import GOLD, Flashes, rect_bands
from simulator.physics.geometry import transform
from simulator.physics.world import World
from simulator.render.bodies import CARD_DRAWN

EDGE = 0.12  # cm: a Crazy Tower flash's edge


def crazy_tower_flashes(
    flashes: Flashes, events: Iterable[Mapping[str, Any]], world: World, *, held: bool = False
) -> None:
    """A Crazy Tower move's boxes covered (gold, on their floor card) and a floor card
    laid on the tower (gold, the whole card: a floor done), where the cards lie now."""
    events = list(events)
    fell = {e.get("piece") for e in events if e["type"] == "piece_fell"}
    fell |= {p for e in events if e["type"] == "collapse" for p in e.get("fallen") or ()}
    for event in events:
        card = event.get("card")
        if card is None or card in fell or card not in world:
            continue
        entry = world.entry(card)
        assert entry.piece is not None and entry.piece.box is not None
        length, thickness = entry.piece.box
        top = thickness / 2
        bottom = top - max(thickness, CARD_DRAWN)  # as the card is drawn (render.bodies)
        width = length / max(1, entry.piece.boxes)
        if event["type"] == "block_placed":
            spans = [
                (-length / 2 + i * width, -length / 2 + (i + 1) * width) for i in event["boxes"]
            ]
        elif event["type"] == "card_laid":
            spans = [(-length / 2, length / 2)]
        else:
            continue
        pose = entry.pose
        for left, right in spans:
            fill, bands = rect_bands(left, bottom, right, top, EDGE)
            flashes.add(
                [transform(fill, pose.x, pose.y, pose.angle)],
                [transform(band, pose.x, pose.y, pose.angle) for band in bands],
                GOLD,
                held=held,
            )

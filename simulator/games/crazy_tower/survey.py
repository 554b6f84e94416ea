"""Reading the settled tower: which card each piece rests on, the boxes a block covers
and which pieces are still on the tower.

Everything comes from the settled geometry (outlines and poses), not from solver
contacts, so the answer does not depend on which bodies sleep. A piece *rests on*
another when one of its edges faces one of the other's within GAP (contacts.py) and its
centre lies higher. On the tower means: the starting card; a block resting on the card
it belongs to, that card being on the tower; a card resting on at least one piece on
the tower and on no card but the one under it in the tower, and on that one only lying
flat (a card laid straight on a bare card is on the tower; one tipped onto it fell).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from rules.crazy_tower import covered_boxes
from simulator.games.crazy_tower.bodies import START_CARD, card_half_length, is_card
from simulator.physics.contacts import touching_pairs
from simulator.physics.world import Entry, World

# cm: how far apart two facing edges may be and still touch; a little more than the
# deepest settled overlap measured (0.05 cm), so a sunk piece still counts as resting.
GAP = 0.15
# cm of facing edges needed for a piece to rest on another.
MIN_OVERLAP = 0.3
# degrees between a card and the card it lies straight on.
FLAT = 3.0
# The upper piece's centre must lie above the lower one's by this share of their half
# heights added: a block lying beside another touches it too, but carries nothing.
ABOVE = 0.5


def card_coordinate(card: Entry, x: float, y: float) -> float:
    """Where a world point projects on a card, in cm from the card's left end (box 0)."""
    pose = card.pose
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    return (x - pose.x) * c + (y - pose.y) * s + card_half_length()


def card_point(card: Entry, u: float) -> tuple[float, float]:
    """The world point of card coordinate ``u`` on the card's top face."""
    pose = card.pose
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    along = u - card_half_length()
    top = max(y for poly in card.local_polygons for _, y in poly)
    return pose.x + c * along - s * top, pose.y + s * along + c * top


def shadow(block: Entry, card: Entry) -> tuple[float, float]:
    """A block's outline projected on a card's long axis, in card coordinates."""
    us = [card_coordinate(card, x, y) for poly in block.world_polygons() for x, y in poly]
    return min(us), max(us)


def boxes_covered(block: Entry, card: Entry) -> frozenset[int]:
    return covered_boxes(*shadow(block, card))


@dataclass(frozen=True)
class Survey:
    rests_on: dict[str, list[str]]  # piece -> the pieces it rests on, lowest first
    on_tower: set[str]

    def card_under(self, block: str) -> str | None:
        """The floor card a block rests on, or None (it rests on blocks or nothing)."""
        cards = [p for p in self.rests_on.get(block, []) if is_card(p)]
        return cards[-1] if cards else None


def survey(world: World, homes: dict[str, str], fallen: Iterable[str] = ()) -> Survey:
    """Which pieces are on the tower. ``homes`` maps each block to the card it belongs on
    and each floor card to the card under it in the tower; ``fallen`` are pieces already
    known to have fallen (they touched the table)."""
    pieces = [e for e in world.dynamic_entries if e.piece is not None]
    by_id = {e.id: e for e in pieces}
    rests_on: dict[str, list[str]] = {e.id: [] for e in pieces}
    for pair in touching_pairs(pieces, gap=GAP, min_overlap=MIN_OVERLAP):
        a, b = sorted(pair)
        low, high = (a, b) if by_id[a].pose.y < by_id[b].pose.y else (b, a)
        reach = ABOVE * (_half_height(by_id[high]) + _half_height(by_id[low]))
        if by_id[high].pose.y - by_id[low].pose.y > reach:
            rests_on[high].append(low)
    for below in rests_on.values():
        below.sort(key=lambda p: by_id[p].pose.y)
    gone = set(fallen)
    on = {START_CARD} if START_CARD in by_id else set()
    grown = True
    while grown:
        grown = False
        for piece, below in rests_on.items():
            if piece in on or piece in gone:
                continue
            if is_card(piece):
                held = any(p in on for p in below) and all(
                    not is_card(p) or _lies_flat_on(by_id[piece], by_id[p], homes.get(piece))
                    for p in below
                )
            else:
                held = homes.get(piece) in on and homes.get(piece) in below
            if held:
                on.add(piece)
                grown = True
    return Survey(rests_on, on)


def _lies_flat_on(card: Entry, other: Entry, under: str | None) -> bool:
    turned = math.degrees(card.pose.angle - other.pose.angle)
    return other.id == under and abs(turned) <= FLAT


def _half_height(entry: Entry) -> float:
    return max(s.bb.top for s in entry.shapes) - entry.pose.y

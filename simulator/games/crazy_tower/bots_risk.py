"""Rollouts of a Crazy Tower action in copies of the match.

A copy is a deep copy of the match without its logs (pymunk copies a space
deterministically for a given source state; the real game still replays from its
action log). The profile's noise goes into the action, which records it: the position
error into ``at`` or ``offset``, the angle error and the release jolt into their keys
(``angle_error``, ``release_vx``, ``release_vy``); a solo challenge's handicap is
applied by the match itself, from its own seeded stream, in the copy as in the game.
"""

from __future__ import annotations

from typing import Any

from rules.crazy_tower import legal_moves
from rules.errors import IllegalMove
from simulator.bots.dexterity import Jitter
from simulator.bots.rollout import Sample
from simulator.games.crazy_tower.bots_candidates import card_offsets
from simulator.games.crazy_tower.match import CrazyTowerMatch

# Points a rollout is charged (block values are 1 to 5 points). A collapse on your own
# turn loses the game; a piece that falls has to be put back, a risk of its own.
COLLAPSE = 40.0
FALL = 3.0
REFUSED = 4.0
HANDLED = ("place_block", "lay_card", "replace_piece")  # actions the hand carries out


def noisy(action: dict[str, Any], jitter: Jitter) -> dict[str, Any]:
    """The action as a hand with this noise performs it: the position error moves the
    block (``at``) or the floor card (``offset``) along its card; the angle error and the
    release jolt go into the action's keys (the match adds them to the hand's motion)."""
    out = dict(action)
    for key in ("at", "offset"):
        if key in out:
            out[key] = round(float(out[key]) + jitter.dx, 3)
    if out.get("type") in HANDLED:
        if jitter.angle:
            out["angle_error"] = jitter.angle
        if any(jitter.release):
            out["release_vx"], out["release_vy"] = jitter.release
        if jitter.tremor is not None:  # hand model 2: its speeds and tremor
            out["travel_speed"], out["lower_speed"] = jitter.travel_speed, jitter.lower_speed
            out["tremor"] = list(jitter.tremor)
    return out


def collapsed(match: CrazyTowerMatch) -> bool:
    result = match.state.result or {}
    return result.get("reason") == "collapse"


def rollout(
    match: CrazyTowerMatch, action: dict[str, Any], jitter: Jitter
) -> tuple[Sample, CrazyTowerMatch | None]:
    """One noisy try of ``action`` in a copy: (what it cost, the copy afterwards or None
    when the rules refused it). ``value`` is the penalty only; callers add the gain."""
    twin = match.scratch_copy()
    return _tried(twin, noisy(action, jitter), twin.world.steps, len(twin.state.events))


def reveal_rollout(
    match: CrazyTowerMatch, action: dict[str, Any], jitter: Jitter
) -> tuple[Sample, CrazyTowerMatch | None]:
    """A reveal rehearsed as the turn plays it: the card turned over in a copy and laid,
    with this noise, at the offset the bot's lay ranks first (card_offsets, the steadiest
    over the top card's blocks). Only the card's body is used, which every card shares;
    its boxes, still hidden in the real game, are not read. Returns what ``rollout``
    does: a card laid on one block at a card's end tips the tower (expert's lost games,
    docs/bots.md "Crazy Tower, with the race")."""
    twin = match.scratch_copy()
    steps, events = twin.world.steps, len(twin.state.events)
    twin.perform(action)  # the rules only: nothing moves until the card is laid
    lay = {k: v for k, v in legal_moves(twin.state)[0].items() if k != "card"}
    offset = card_offsets(twin)[0][0]
    return _tried(twin, noisy({**lay, "offset": offset}, jitter), steps, events)


def _tried(
    twin: CrazyTowerMatch, action: dict[str, Any], steps: int, events: int
) -> tuple[Sample, CrazyTowerMatch | None]:
    """``action`` performed on ``twin`` and what it cost since ``steps`` and ``events``."""
    try:
        twin.perform(action)
    except IllegalMove:
        return Sample(-REFUSED, False, twin.world.steps - steps), None
    work = twin.world.steps - steps
    falls = sum(1 for e in twin.state.events[events:] if e.get("type") == "piece_fell")
    if collapsed(twin):
        return Sample(-COLLAPSE, True, work), twin
    return Sample(-FALL * falls, falls > 0, work), twin

"""Rollouts of a LOTS placement in copies of the match, and the fall risk they show.

A copy is a deep copy of the match (world, hand, rules state) without its logs; pymunk
copies a space deterministically for a given source state, which is all a rollout
needs (the real game still replays from its action log). A rollout that the rules
refuse is a bad outcome, not a rebuild: the copy is thrown away.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from rules.chance import Chance
from rules.errors import IllegalMove
from simulator.bots.dexterity import Dexterity, Jitter, draw
from simulator.bots.rollout import Sample
from simulator.games.lots.match import Fell, LotsMatch, Placement

# Points a rollout is charged for what went wrong (competitive). An accident zeroes
# the turn and takes pieces out of the game; a fallen own block wastes a step.
ACCIDENT = 6.0
PIECE_LOST = 2.0
OWN_FALL = 3.0
REFUSED = 4.0
# Solo: any fall loses the game at once; a placement the rules refuse (it missed the
# last block) is tried again, but one that keeps missing leaves the game stuck.
SOLO_FALL = 200.0
SOLO_REFUSED = 20.0
# A piece left tilted by more than TILT degrees (a seesaw, a piece on a corner) makes
# the next placements unsure, and the grid the bots plan on wrong.
TILT = 1.5
TILTED = 5.0
# How far into the tails of the hand's sideways spread a stress test goes (sigmas), and
# the share of draws beyond it on one side (0.62 %).
STRESS = 2.5
TAIL = 0.5 * math.erfc(STRESS / math.sqrt(2.0))


def noisy(placement: Placement, jitter: Jitter) -> Placement:
    """The placement as a hand with this noise performs it (hand model 2's speeds and
    tremor too, when the jitter has them)."""
    noisier = replace(
        placement,
        nudge=round(placement.nudge + jitter.dx, 4),
        angle_error=jitter.angle,
        release_vx=jitter.release[0],
        release_vy=jitter.release[1],
    )
    if jitter.tremor is None:
        return noisier
    return replace(
        noisier,
        travel_speed=jitter.travel_speed,
        lower_speed=jitter.lower_speed,
        tremor=list(jitter.tremor),
    )


def rollout(
    match: LotsMatch,
    placement: Placement,
    jitter: Jitter,
    copies: Callable[[], LotsMatch] | None = None,
) -> Sample:
    """One noisy try of ``placement`` in a copy: what it is worth and whether anything
    fell. ``copies``: the match's ``scratch_copies``, when many tries share them."""
    twin = (copies or match.scratch_copy)()
    seat = twin.state.current
    solo = len(twin.state.players) == 1
    before = twin.state.scores[seat]
    tilts = _tilts(twin)
    steps = twin.world.steps
    if solo:
        twin.stop_at_fall = deciding_falls(twin, placement)
    try:
        outcome = twin.place(noisy(placement, jitter))
    except IllegalMove:
        return Sample(-(SOLO_REFUSED if solo else REFUSED), False, twin.world.steps - steps)
    except Fell:  # the game is lost there, however the rest would settle
        return Sample(-SOLO_FALL, True, twin.world.steps - steps)
    work = twin.world.steps - steps
    own = {placement.block, placement.cube}
    others = [p for p in outcome.fallen if p not in own]
    fell = bool(outcome.fallen)
    if solo and fell:
        return Sample(-SOLO_FALL, True, work)
    value = float(twin.state.scores[seat] - before)
    if others:
        value -= ACCIDENT + PIECE_LOST * len(others)
    if any(p in own for p in outcome.fallen):
        value -= OWN_FALL
    ended = solo and twin.state.over
    won = ended and bool(twin.state.winners)
    if ended and not won:
        value -= SOLO_FALL / 2  # the piles ran out first
    after = _tilts(twin)
    if any(after[p] > tilts.get(p, 0.0) + TILT for p in after):
        value -= TILTED
    return Sample(value, fell, work, won)


def deciding_falls(match: LotsMatch, placement: Placement) -> frozenset[str]:
    """Solo, the pieces whose fall decides a placement whatever else happens: the
    pieces placed and the last block, whose fall the rules take as a fall, not a missed
    touch (rules.lots.placement.check_solo_contact); any fall loses the solo game. A
    tower piece knocked off while those two stand may still leave a missed touch,
    which the rules refuse instead: such a rehearsal runs to the end."""
    last = match.state.last_block
    pieces = {placement.block, placement.cube, last if last in match.state.tower else None}
    return frozenset(p for p in pieces if p is not None)


def stress_falls(
    match: LotsMatch,
    placement: Placement,
    hand: Dexterity,
    copies: Callable[[], LotsMatch] | None = None,
) -> int:
    """In how many of two tries of ``placement``, STRESS sigma of the hand's sideways
    spread off to either side (the rest of the hand steady), something falls. A risk of
    a few percent a placement is more than a handful of noisy rollouts can see; a draw
    from the tail it comes from shows it (docs/bots.md, the fifth round)."""
    spread = math.hypot(hand.position_noise_cm, hand.tremor_cm) * STRESS
    tries = (Jitter(dx=round(side * spread, 4)) for side in (-1, 1))
    return sum(rollout(match, placement, jitter, copies).fell for jitter in tries)


def _tilts(match: LotsMatch) -> dict[str, float]:
    """How far each piece is turned off its nearest quarter turn (degrees)."""
    out = {}
    for entry in match.world.dynamic_entries:
        degrees = math.degrees(entry.body.angle)
        out[entry.id] = abs(degrees - 90.0 * round(degrees / 90.0))
    return out


def rollout_noise(seed: int, k: int, profile: Dexterity, hurry: float = 1.0) -> Jitter:
    """The noise of rollout ``k``: the same for every candidate of one decision (a
    model-2 hand's at its typical reach, ``hurry`` times its own pace)."""
    return draw(profile, Chance.from_seed(seed).fork(0xB0 + k), hurry=hurry)


def fall_risk(
    match: LotsMatch,
    placement: Placement,
    profile: Dexterity,
    rollouts: int = 8,
    seed: int = 0,
) -> float:
    """Estimated chance that ``placement``, by a hand with ``profile``, makes something
    fall (the placed piece included): the share of ``rollouts`` noisy rollouts in which
    it did. Deterministic for a seed; the app shows it on the ghost of a placement."""
    if rollouts < 1:
        raise ValueError("fall_risk needs at least one rollout")
    falls = sum(
        rollout(match, placement, rollout_noise(seed, k, profile)).fell for k in range(rollouts)
    )
    return falls / rollouts

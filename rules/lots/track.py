"""The score track: inspector meeples, the collision rule and Worker's Comp.

A score is the spot a meeple stands on; spot 0 is the driveway, which any number of
meeples share. No two meeples share a spot above the driveway: a meeple that would
land on an occupied spot moves on to the next free one (forward when scoring,
further back when set back).

Worker's Comp: a meeple *reaches* a spot when it lands on it or passes it. A bonus
spot's bonus stays on the track until every inspector has reached it and goes to
the last one to do so, i.e. the player whose move leaves no inspector short of the
spot. Moving back does not un-reach a spot (``high_water`` remembers).
"""

from __future__ import annotations

from rules.lots.content import game_content, score_track
from rules.lots.state import Json, LotsState


def _occupied(state: LotsState, seat: int, spot: int) -> bool:
    return spot > 0 and any(s == spot for p, s in enumerate(state.scores) if p != seat)


def move_forward(state: LotsState, seat: int, points: int, why: str) -> None:
    if points <= 0:
        return
    start = state.scores[seat]
    spot = start + points
    while _occupied(state, seat, spot):
        spot += 1
    state.scores[seat] = spot
    state.high_water[seat] = max(state.high_water[seat], spot)
    state.log(
        "score", seat, points=points, why=why, start=start, spot=spot, bumped=spot - start - points
    )
    if not state.solo:
        _award_bonuses(state, seat)


def move_back(state: LotsState, seat: int, amount: int, why: str) -> None:
    start = state.scores[seat]
    spot = max(0, start - amount)
    while _occupied(state, seat, spot):
        spot -= 1
    state.scores[seat] = spot
    state.log("move_back", seat, amount=amount, why=why, start=start, spot=spot)


def _award_bonuses(state: LotsState, mover: int) -> None:
    track = score_track()
    reached_by_all = min(state.high_water)
    for spot in track.bonus_spots:
        if spot in state.awarded or spot > reached_by_all:
            continue
        state.awarded.append(spot)
        if spot in track.cube_spots:
            cube = state.track_cubes.pop(str(spot), None)
            if cube is not None:
                state.cubes[mover].append(cube)
            state.log("award_cube", mover, spot=spot, cube=cube)
        else:
            state.log("award_crew", mover, spot=spot)
            draw_crew(state, mover)


def draw_crew(state: LotsState, seat: int) -> None:
    """Draw a crew card; a third card is given away before the next is drawn, so a move
    that passes two crew spots never leaves a hand over the limit."""
    waiting = _give_pending(state, seat)
    if waiting is not None:  # the card over the limit is not given away yet: owe this one
        waiting["owed"] = waiting.get("owed", 0) + 1
        state.log("crew_owed", seat)
        return
    if not state.crew_deck:
        state.log("crew_deck_empty", seat)
        return
    card = state.crew_deck.pop()
    state.crew_hands[seat].append(card)
    state.log("draw_crew", seat, card=card)
    if len(state.crew_hands[seat]) > game_content().hand_limit:
        state.pending.append({"kind": "give_crew", "player": seat, "to": next_lowest(state, seat)})


def _give_pending(state: LotsState, seat: int) -> dict[str, Json] | None:
    return next(
        (d for d in state.pending if d["kind"] == "give_crew" and d["player"] == seat), None
    )


def give_owed(state: LotsState, decision: dict[str, Json]) -> None:
    """After a give: draw the crew cards the giver was owed meanwhile, one at a time."""
    for _ in range(decision.get("owed", 0)):
        draw_crew(state, decision["player"])


def next_lowest(state: LotsState, giver: int) -> int:
    """The player with the next lowest score below the giver's: the highest score
    under the giver's; if nobody is lower, the lowest score of the others. Ties go
    to the first such player clockwise from the giver."""
    others = [(giver + k) % state.n_players for k in range(1, state.n_players)]
    lower = [p for p in others if state.scores[p] < state.scores[giver]]
    if lower:
        best = max(state.scores[p] for p in lower)
        return next(p for p in lower if state.scores[p] == best)
    least = min(state.scores[p] for p in others)
    return next(p for p in others if state.scores[p] == least)


def give_crew(state: LotsState, giver: int, card: str, recipient: int) -> None:
    """Hand a card on; a recipient already at the hand limit discards it instead
    (house rule: otherwise two full hands could pass a card back and forth forever)."""
    state.crew_hands[giver].remove(card)
    if len(state.crew_hands[recipient]) < game_content().hand_limit:
        state.crew_hands[recipient].append(card)
        state.log("give_crew", giver, card=card, to=state.players[recipient])
    else:
        state.crew_discard.append(card)
        state.log("give_crew_discarded", giver, card=card, to=state.players[recipient])

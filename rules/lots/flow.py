"""The turn pipeline: setup rolls, ROLL, CHOOSE/place, SCORE, crew windows, CHECK.

``advance`` runs every step that needs no decision and stops where one is needed
(a pending decision, or a waiting stage: roll, place, replace, bonus, steal, over).
Internal stages it passes through: setup, score, check, next.
"""

from __future__ import annotations

from rules.lots import end
from rules.lots.content import game_content, get_card
from rules.lots.crew import card_options
from rules.lots.grid import as_cell, complete_floors, occupied
from rules.lots.instances import colour_of
from rules.lots.outcome import PlacementOutcome
from rules.lots.scoring import colour_matches, floors_completed, turn_points
from rules.lots.state import WAITING_STAGES, LotsState
from rules.lots.supply import resolve_roll, roll_die, settle_marker
from rules.lots.track import move_forward


def advance(state: LotsState) -> None:
    while not state.pending:
        stage = state.stage
        if stage == "setup":
            _setup_step(state)
        elif stage == "score":
            _score(state)
        elif stage == "bonus":
            if not _can_play(state, state.current, "after_score"):
                state.stage = "check"
        elif stage == "check":
            _check(state)
        elif stage == "steal":
            while state.steal_queue and not _can_play(state, state.steal_queue[0], "on_win"):
                state.steal_queue.pop(0)
            if state.steal_queue:
                return
            end.finish(state, state.would_win, str(state.would_win_reason))
        elif stage == "next":
            begin_turn(state, (state.current + 1) % state.n_players)
        if state.stage == stage and stage in WAITING_STAGES:
            return


def _can_play(state: LotsState, seat: int, timing: str) -> bool:
    return any(
        get_card(card).timing == timing and card_options(state, seat, card)
        for card in state.crew_hands[seat]
    )


def _setup_step(state: LotsState) -> None:
    """Each player rolls for a starting block, from the start player clockwise."""
    if state.setup_rolls < state.n_players:
        seat = (state.current + state.setup_rolls) % state.n_players
        state.setup_rolls += 1
        face = roll_die(state)
        state.log("setup_roll", seat, face=face)
        resolve_roll(state, seat, face)  # solo too: the wild face is the player's choice
        return
    if state.solo:
        state.marker = colour_of(state.banks[0][0])
        settle_marker(state)
        state.log("marker_move", 0, start=None, to=state.marker)
    begin_turn(state, state.current)


def begin_turn(state: LotsState, seat: int) -> None:
    state.current = seat
    state.turn += 1
    state.stage = "roll"
    state.turn_info = {
        "gained": None,
        "rolled": False,
        "block": None,
        "cube": None,
        "replace": None,
        "accident": False,
        "insured": False,
        "removed": [],
        "floors_before": sorted(complete_floors(state.footprint_spec(), _filled(state))),
        "floors": [],
        "matches": [],
        "points": 0,
        "played": [],
    }
    state.log("turn_start", seat)


def _filled(state: LotsState) -> frozenset[tuple[int, int]]:
    return occupied({k: map(as_cell, v) for k, v in state.tower.items()})


def apply_outcome(state: LotsState, outcome: PlacementOutcome) -> None:
    """Apply an outcome already accepted by placement.check_outcome."""
    seat, info = state.current, state.turn_info
    if state.stage == "place":
        info["block"], info["cube"] = outcome.placed, outcome.cube
    if outcome.placed is not None:
        state.banks[seat].remove(outcome.placed)
    if outcome.cube is not None:
        state.cubes[seat].remove(outcome.cube)
    state.tower = {k: sorted([r, c] for r, c in v) for k, v in sorted(outcome.cells.items())}
    state.log("place", seat, block=outcome.placed, cube=outcome.cube, fallen=list(outcome.fallen))
    if state.solo and outcome.fallen:
        state.removed.extend(outcome.fallen)
        state.log("fall", seat, pieces=list(outcome.fallen))
        end.finish(state, [], "solo_fall")
        return
    # Only the chosen block is the player's own to place again: "If any blocks or cubes
    # (other than the chosen block being placed) fall off ... score 0 points" (lots.txt),
    # so a placed purple cube that falls is an accident like any other piece.
    replace: dict[str, str | None] = {"block": None, "cube": None}
    own = {info["block"]} & set(outcome.fallen)
    if own:
        info["replacements"] = info.get("replacements", 0) + 1
    give_up = info.get("replacements", 0) > game_content().max_replacements
    for piece in outcome.fallen:
        if piece in own and give_up:  # house rule: the block is lost (docs/rules-lots.md)
            state.removed.append(piece)
            info["removed"].append(piece)
            info["accident"] = True
            state.log("lost_block", seat, piece=piece, tries=info["replacements"])
        elif piece == info["block"]:  # the chosen block must end on the tower: place it again
            state.banks[seat].append(piece)
            replace["block"] = piece
        else:  # an accident: the piece leaves the game and the turn scores 0
            state.removed.append(piece)
            info["removed"].append(piece)
            info["accident"] = True
            state.log("accident", seat, piece=piece)
    if replace["block"] or replace["cube"]:
        info["replace"] = replace
        state.stage = "replace"
        state.log("replace", seat, **replace)
        return
    info["replace"] = None
    block = str(info["block"])
    info["floors"] = list(
        floors_completed(state.footprint_spec(), info["floors_before"], _filled(state))
    )
    info["matches"] = list(colour_matches(block, state.tower, outcome.touching))
    if block in state.tower:  # a lost block (house rule) leaves the last block as it was
        state.last_block = block
    state.stage = "score"


def _score(state: LotsState) -> None:
    info, seat = state.turn_info, state.current
    zero = info["accident"] and not info["insured"]
    points = 0 if zero else turn_points(len(info["floors"]), len(info["matches"]))
    info["points"] = points
    state.log(
        "turn_score",
        seat,
        floors=info["floors"],
        matches=info["matches"],
        accident=info["accident"],
        insured=info["insured"],
        points=points,
    )
    move_forward(state, seat, points, why="turn")
    state.stage = "bonus"


def _check(state: LotsState) -> None:
    if state.solo:
        if state.scores[0] >= state.target:
            end.finish(state, [0], "solo_target")
        elif end.piles_exhausted(state):
            end.finish(state, [], "solo_piles")
        else:
            state.stage = "next"
        return
    winners, reason = end.would_win(state)
    if not winners:
        state.stage = "next"
        return
    state.would_win, state.would_win_reason = winners, reason
    n = state.n_players
    order = [(state.current + k) % n for k in range(1, n + 1)]
    state.steal_queue = [p for p in order if p not in winners]
    state.log("would_win", None, winners=[state.players[w] for w in winners], reason=reason)
    state.stage = "steal"

"""The moves of LOTS: validate, apply to a copy, return the new state.

A move is a plain dict with ``type`` and ``player`` (seat number or name):

    {"type": "roll"}                                  ROLL (phase "roll")
    {"type": "pick_supply", "colour": "red"}          choose a pile (phase "supply")
    {"type": "give_crew", "card": "painter"}          hand on a third crew card
    {"type": "play_crew", "card": ID, "target": seat, "piece": ID}   (target/piece as needed)
    {"type": "pass"}                                  decline a crew window ("bonus", "steal")
    {"type": "place", "outcome": PlacementOutcome or its dict}       ("place", "replace")

An illegal move raises IllegalMove and leaves the given state untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.errors import IllegalMove
from rules.lots import crew, flow, supply, track
from rules.lots.outcome import PlacementOutcome
from rules.lots.placement import check_outcome, placeable
from rules.lots.setup import LotsOptions, new_game
from rules.lots.state import LotsState

Move = dict[str, Any]


def legal_moves(state: LotsState) -> list[Move]:
    """Every discrete move open now. Placements are continuous: see placement_choices."""
    seat = state.to_act
    if seat is None:
        return []
    phase = state.phase
    if phase == "supply":
        options = [c for c in state.pending[0]["options"] if state.supply[c]]
        return [{"type": "pick_supply", "player": seat, "colour": c} for c in options]
    if phase == "give_crew":
        hand = state.crew_hands[seat]
        return [{"type": "give_crew", "player": seat, "card": c} for c in hand]
    out: list[Move] = [{"type": "roll", "player": seat}] if phase == "roll" else []
    for card in state.crew_hands[seat]:
        for params in crew.card_options(state, seat, card):
            out.append({"type": "play_crew", "player": seat, "card": card, **params})
    if phase in ("bonus", "steal"):
        out.append({"type": "pass", "player": seat})
    return out


def placement_choices(state: LotsState) -> list[tuple[str | None, str | None]]:
    """(block, cube) pairs the current placement step may put on the tower."""
    blocks, cubes = placeable(state)
    if state.stage == "replace":
        return [(blocks[0] if blocks else None, cubes[0] if cubes else None)]
    return [(b, None) for b in blocks] + [(b, c) for b in blocks for c in cubes]


def apply_move(state: LotsState, move: Mapping[str, Any]) -> LotsState:
    if state.over:
        raise IllegalMove("the game is over")
    handler = _HANDLERS.get(str(move.get("type")))
    if handler is None:
        raise IllegalMove(f"unknown move type {move.get('type')!r}")
    seat = _seat(state, move.get("player"))
    if seat != state.to_act:
        who = state.players[state.to_act] if state.to_act is not None else "nobody"
        raise IllegalMove(f"it is {who}'s decision ({state.phase}), not {state.players[seat]}'s")
    new = state.copy()
    record = handler(new, seat, move)
    flow.advance(new)
    new.moves.append(record)
    return new


def _seat(state: LotsState, player: Any) -> int:
    if isinstance(player, str) and player in state.players:
        return state.players.index(player)
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < state.n_players:
        return player
    raise IllegalMove(f"unknown player {player!r}")


def _need_phase(state: LotsState, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalMove(f"that move needs phase {' or '.join(phases)}, not {state.phase}")


def _roll(state: LotsState, seat: int, move: Mapping[str, Any]) -> Move:
    _need_phase(state, "roll")
    state.stage = "place"
    supply.roll_for_turn(state, seat)
    return {"type": "roll", "player": seat}


def _pick_supply(state: LotsState, seat: int, move: Mapping[str, Any]) -> Move:
    _need_phase(state, "supply")
    colour = move.get("colour")
    decision = state.pending[0]
    if (
        not isinstance(colour, str)
        or colour not in decision["options"]
        or not state.supply.get(colour)
    ):
        raise IllegalMove(f"choose one of the available piles {decision['options']}")
    state.pending.pop(0)
    block = supply.take(state, colour, decision["recipient"])
    if state.stage != "setup":
        state.turn_info["gained"] = block
    return {"type": "pick_supply", "player": seat, "colour": colour}


def _give_crew(state: LotsState, seat: int, move: Mapping[str, Any]) -> Move:
    _need_phase(state, "give_crew")
    card = move.get("card")
    if card not in state.crew_hands[seat]:
        raise IllegalMove(f"{card!r} is not in your hand {state.crew_hands[seat]}")
    decision = state.pending.pop(0)
    track.give_crew(state, seat, card, decision["to"])
    track.give_owed(state, decision)
    return {"type": "give_crew", "player": seat, "card": card}


def _play_crew(state: LotsState, seat: int, move: Mapping[str, Any]) -> Move:
    params = {k: move[k] for k in ("target", "piece") if move.get(k) is not None}
    if isinstance(params.get("target"), str):
        params["target"] = _seat(state, params["target"])
    crew.play(state, seat, str(move.get("card")), params)
    return {"type": "play_crew", "player": seat, "card": move.get("card"), **params}


def _pass(state: LotsState, seat: int, move: Mapping[str, Any]) -> Move:
    _need_phase(state, "bonus", "steal")
    window = state.stage
    if window == "bonus":
        state.stage = "check"
    else:
        state.steal_queue.pop(0)
    state.log("pass", seat, window=window)
    return {"type": "pass", "player": seat}


def _place(state: LotsState, seat: int, move: Mapping[str, Any]) -> Move:
    _need_phase(state, "place", "replace")
    outcome = move.get("outcome")
    if isinstance(outcome, Mapping):
        outcome = PlacementOutcome.from_dict(outcome)
    if not isinstance(outcome, PlacementOutcome):
        raise IllegalMove("a place move needs an outcome")
    check_outcome(state, outcome)
    flow.apply_outcome(state, outcome)
    return {"type": "place", "player": seat, "outcome": outcome.to_dict()}


_HANDLERS: dict[str, Callable[[LotsState, int, Mapping[str, Any]], Move]] = {
    "roll": _roll,
    "pick_supply": _pick_supply,
    "give_crew": _give_crew,
    "play_crew": _play_crew,
    "pass": _pass,
    "place": _place,
}


# --- convenience wrappers -------------------------------------------------------------


def roll(state: LotsState, player: int | str) -> LotsState:
    return apply_move(state, {"type": "roll", "player": player})


def pick_supply(state: LotsState, player: int | str, colour: str) -> LotsState:
    return apply_move(state, {"type": "pick_supply", "player": player, "colour": colour})


def give_crew(state: LotsState, player: int | str, card: str) -> LotsState:
    return apply_move(state, {"type": "give_crew", "player": player, "card": card})


def play_crew(
    state: LotsState,
    player: int | str,
    card: str,
    target: int | str | None = None,
    piece: str | None = None,
) -> LotsState:
    move = {"type": "play_crew", "player": player, "card": card, "target": target, "piece": piece}
    return apply_move(state, move)


def pass_window(state: LotsState, player: int | str) -> LotsState:
    return apply_move(state, {"type": "pass", "player": player})


def place(state: LotsState, player: int | str, outcome: PlacementOutcome) -> LotsState:
    return apply_move(state, {"type": "place", "player": player, "outcome": outcome})


def replay(options: LotsOptions | Mapping[str, Any], moves: list[Mapping[str, Any]]) -> LotsState:
    """A game is its options and its moves: fold the moves over the initial state."""
    if not isinstance(options, LotsOptions):
        options = LotsOptions.from_dict(options)
    state = new_game(options)
    for move in moves:
        state = apply_move(state, move)
    return state

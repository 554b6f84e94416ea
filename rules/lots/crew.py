"""Crew cards: when each may be played and what it does, driven by assets/lots/crew_cards.toml.

A card's ``timing`` opens a window (see content.TIMINGS); its ``effect`` names one of
the functions below; ``amount``/``margin`` parameterise it. A player may play at most
``per_turn`` cards in any one turn (their own or another player's, for on_win cards).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.errors import IllegalMove
from rules.lots import end
from rules.lots.content import CrewCard, crew_cards, game_content, get_card
from rules.lots.instances import is_cube
from rules.lots.state import Json, LotsState
from rules.lots.supply import queue_free_pick, return_block, roll_for_turn
from rules.lots.track import move_back, move_forward

Params = dict[str, Json]  # a move's parameters, as JSON gives them


def _timing_open(state: LotsState, seat: int, timing: str) -> bool:
    if timing == "on_win":
        return state.stage == "steal" and bool(state.steal_queue) and state.steal_queue[0] == seat
    stage = {"before_roll": "roll", "before_place": "place", "after_score": "bonus"}[timing]
    return state.stage == stage and seat == state.current


def zeroed(state: LotsState) -> bool:
    """Whether this turn scores 0 for an accident."""
    return bool(state.turn_info.get("accident")) and not state.turn_info.get("insured")


def card_options(state: LotsState, seat: int, card_id: str) -> list[Params]:
    """The ways ``seat`` may play ``card_id`` right now ([] if it may not)."""
    if state.solo or state.pending or state.over or card_id not in state.crew_hands[seat]:
        return []
    if state.turn_info.get("played", []).count(seat) >= game_content().cards_per_turn:
        return []
    card = get_card(card_id)
    if not _timing_open(state, seat, card.timing):
        return []
    return _OPTIONS[card.effect](state, seat, card)


def play(state: LotsState, seat: int, card_id: str, params: Params) -> None:
    if card_id not in crew_cards():
        raise IllegalMove(f"there is no crew card {card_id!r}")
    card = get_card(card_id)
    options = card_options(state, seat, card_id)
    if not options:
        raise IllegalMove(f"{state.players[seat]} cannot play {card.name} now")
    if params not in options:
        raise IllegalMove(f"{card.name} cannot be played with {params}; choose one of {options}")
    state.crew_hands[seat].remove(card_id)
    state.crew_discard.append(card_id)
    state.turn_info.setdefault("played", []).append(seat)
    state.log("play_crew", seat, card=card_id, effect=card.effect, **params)
    _EFFECTS[card.effect](state, seat, card, params)


# --- when each effect is possible ---------------------------------------------------


def _always(state: LotsState, seat: int, card: CrewCard) -> list[Params]:
    return [{}]


def _others(state: LotsState, seat: int, keep: Callable[[int], bool]) -> list[Params]:
    return [{"target": p} for p in range(state.n_players) if p != seat and keep(p)]


_OPTIONS: dict[str, Callable[[LotsState, int, CrewCard], list[Params]]] = {
    "pick_block": lambda s, p, c: [{}] if s.available_piles() else [],
    "take_cube": lambda s, p, c: [{}] if s.track_cubes else [],
    "setback": lambda s, p, c: _others(s, p, lambda o: s.scores[o] > 0),
    "steal_card": lambda s, p, c: _others(s, p, lambda o: bool(s.crew_hands[o])),
    "reroll": lambda s, p, c: [{}] if s.turn_info.get("gained") in s.banks[p] else [],
    "insurance": lambda s, p, c: [] if s.turn_info.get("insured") else [{}],
    "points": lambda s, p, c: [] if zeroed(s) else [{}],
    "floor_bonus": lambda s, p, c: [{}] if s.turn_info["floors"] and not zeroed(s) else [],
    "colour_bonus": lambda s, p, c: [{}] if s.turn_info["matches"] and not zeroed(s) else [],
    "salvage": lambda s, p, c: [
        {"piece": b} for b in s.turn_info["removed"] if not is_cube(b) and b in s.removed
    ],
    "steal_win": lambda s, p, c: (
        [{}] if s.scores[p] >= max(s.scores[w] for w in s.would_win) - c.margin else []
    ),
    "stop_work": lambda s, p, c: [{}] if s.would_win_reason == "target" else [],
}


# --- what each effect does ----------------------------------------------------------


def _pick_block(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    state.turn_info["rolled"] = True
    state.stage = "place"
    queue_free_pick(state, seat, why=card.id)


def _take_cube(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    spot = min(state.track_cubes, key=int)
    cube = state.track_cubes.pop(spot)
    state.cubes[seat].append(cube)
    state.log("take_cube", seat, spot=int(spot), cube=cube)


def _setback(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    move_back(state, int(params["target"]), card.amount, why=card.id)


def _steal_card(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    target = int(params["target"])
    chance = state.chance()
    taken = chance.choice(sorted(state.crew_hands[target]))
    state.keep(chance)
    state.crew_hands[target].remove(taken)
    state.crew_hands[seat].append(taken)
    state.log("steal_card", seat, card=taken, victim=state.players[target])


def _reroll(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    gained = state.turn_info["gained"]
    state.banks[seat].remove(gained)
    return_block(state, gained)
    state.log("return_block", seat, block=gained)
    roll_for_turn(state, seat)


def _insurance(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    state.turn_info["insured"] = True


def _points(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    move_forward(state, seat, card.amount, why=card.id)


def _floor_bonus(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    move_forward(state, seat, card.amount * len(state.turn_info["floors"]), why=card.id)


def _colour_bonus(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    move_forward(state, seat, card.amount * len(state.turn_info["matches"]), why=card.id)


def _salvage(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    piece = str(params["piece"])
    state.removed.remove(piece)
    state.turn_info["removed"].remove(piece)
    return_block(state, piece)
    state.log("salvage", seat, block=piece)


def _steal_win(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    robbed = [state.players[w] for w in state.would_win]
    end.finish(state, [seat], "stolen", stolen_from=robbed, trigger=state.would_win_reason)


def _stop_work(state: LotsState, seat: int, card: CrewCard, params: Params) -> None:
    for winner in state.would_win:
        move_back(state, winner, card.amount, why=card.id)
    state.would_win, state.would_win_reason, state.steal_queue = [], None, []
    if end.piles_exhausted(state):
        # Three empty piles still end the game with this turn (lots.txt, win condition 2),
        # won by the highest score now; the card settled this check, so no counter-steal.
        end.finish(state, end.top_scorers(state), "piles", stopped=True)
    else:
        state.stage = "next"  # the game goes on with the next turn


_EFFECTS: dict[str, Callable[[LotsState, int, CrewCard, Params], None]] = {
    "pick_block": _pick_block,
    "take_cube": _take_cube,
    "setback": _setback,
    "steal_card": _steal_card,
    "reroll": _reroll,
    "insurance": _insurance,
    "points": _points,
    "floor_bonus": _floor_bonus,
    "colour_bonus": _colour_bonus,
    "salvage": _salvage,
    "steal_win": _steal_win,
    "stop_work": _stop_work,
}

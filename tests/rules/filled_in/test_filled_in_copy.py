"""GameState.copy, the copy every move works on: exactly the state a to_dict / from_dict
round trip gives (what it used to be), and independent of the state it copies."""

from rules.chance import Chance
from rules.filled_in import apply_move, is_over, new_game
from rules.filled_in.playout import random_move
from rules.filled_in.state import GameState
from rules.filled_in.tower import Block, PurpleSpace


def _states(variant: str, seed: int) -> list[GameState]:
    """Every state of a random 4-player game, crew cards and purple spaces included."""
    state = new_game(["Ann", "Bob", "Cid", "Dee"], variant=variant, seed=seed)
    rng, states = Chance.from_seed(seed), [state]
    while not is_over(state):
        state = apply_move(state, random_move(state, rng, crew_rate=0.5, purple_rate=0.6))
        states.append(state)
    return states


def _round_trip(state: GameState) -> GameState:
    out = GameState.from_dict(state.to_dict(with_events=False))
    out.events = list(state.events)
    return out


def test_a_copy_is_the_round_trip_field_for_field_and_type_for_type() -> None:
    for variant, seed in (("standard", 3), ("remote", 5)):
        for state in _states(variant, seed):
            # repr tells a list from a tuple and True from 1, where == would not
            assert repr(state.copy()) == repr(_round_trip(state))


def test_changing_a_copy_everywhere_leaves_the_original_as_it_was() -> None:
    for state in _states("standard", 8)[::15]:
        before = state.to_dict()
        twin = state.copy()
        twin.options["players"].append("Eve")
        for list_field in ("dice", "faces", "draft_order", "announced", "events"):
            getattr(twin, list_field).append(1)
        for p in twin.players:
            p.tower.blocks.append(Block("I", "red", ((0, 0),), 99))
            p.tower.purples.append(PurpleSpace((0, 1), 99))
            p.level_scores[99] = 1
            for mark in ("hand", "tools_done", "triangles", "marked", "completed_now"):
                getattr(p, mark).append(1)
            p.crew_used = p.stuck = p.placed = p.claims_now = True
        twin.players.append(twin.players[0])
        twin.round, twin.phase, twin.chance = 99, "ended", 0
        assert state.to_dict() == before

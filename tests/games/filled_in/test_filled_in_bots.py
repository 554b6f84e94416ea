"""Filled In bots: deterministic for a seed, ahead of the random player, replayable."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules.filled_in import GameState, apply_move, craft_options, legal_placements
from rules.filled_in.choices import placement_moves, unused_crew_effect
from rules.filled_in.config import rules_config
from rules.filled_in.crew import FREE_PLACEMENT
from rules.filled_in.options import FilledInOptions
from rules.filled_in.scoring import score_breakdowns
from rules.filled_in.state import DRAFT, PLACE
from rules.filled_in.turns import legal_moves
from simulator.bots.cli import Seats
from simulator.bots.levels import LEVELS, level
from simulator.cli import main
from simulator.games.computer_seat import play_turns
from simulator.games.filled_in.bots import COMPUTERS, CREW_MARGIN, LOW, ROOM, seated
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.play import play_game
from simulator.replay import replay_file

# The state hash of four hard bots, sheet 1, seed 1, as the first (slow) bots played it.
HARD_FOUR_SEED_1 = "ba6d26722a80c77e34150fe30ed3b9e96c1eadad10dfa0f6be88aee1a32d444c"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_level_plays_the_same_game_twice_and_beats_random(level: str) -> None:
    first, match = play_game(2, 1, "standard", 4, {0: level, 1: "random"})
    again, _ = play_game(2, 1, "standard", 4, {0: level, 1: "random"})
    assert first["state_hash"] == again["state_hash"]
    assert match.over
    assert first["scores"]["Player 1"] > first["scores"]["Player 2"]


def test_without_bots_the_game_is_the_random_players_as_before() -> None:
    plain, _ = play_game(2, 1, "standard", 4)
    seated, _ = play_game(2, 1, "standard", 4, {0: "random", 1: "random"})
    assert plain["state_hash"] == seated["state_hash"]


def test_a_bot_game_records_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fi.toml"
    args = ["play", "filled-in", "--headless", "--seed", "2", "--bot", "normal", "--json"]
    assert main([*args, "--record", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    report = replay_file(str(path))
    assert report["ok"] and report["state_hash"] == played["state_hash"]
    # the seats' levels are kept, so a replay that plays on seats them again
    computers = tomllib.loads(path.read_text())["setup"]["computers"]
    assert computers == dict.fromkeys(played["players"], "normal")


def test_bad_seat_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "filled-in", "--headless", "--seat", "9=hard"]) == 2
    err = capsys.readouterr().err
    assert "seat must be 1 to 2" in err and len(err.strip().splitlines()) == 1


# -- the greedy decides as the plain evaluator it was first written as ---------------------
# The reference below is the first bot's evaluation, kept unoptimised: every block played
# on a full copy of the game (apply_move) and every player scored. The greedy (normal, and
# the other levels as they played before issue 42: without playouts or the rule of thumb)
# must choose exactly as it does, at every position of whole games.


@pytest.fixture
def greedy_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level as its greedy judge alone (the levels before issue 42)."""
    for name, found in LEVELS.items():
        monkeypatch.setitem(LEVELS, name, replace(found, playouts=None, sketch=None))


def _reference_value(lookahead: int, state: GameState, name: str, move: dict[str, Any]) -> float:
    after = apply_move(state, move)
    total = float(score_breakdowns(after)[name].total)
    total -= LOW * max(r for r, _ in move["cells"])
    if lookahead > 1:
        player = after.player(name)
        spec, filled = player.tower.spec, player.tower.filled()
        free = unused_crew_effect(player) == FREE_PLACEMENT
        shapes = rules_config().shape_letters
        total += ROOM * sum(1 for s in shapes if legal_placements(spec, filled, s, free=free))
    return total


def _reference_place(lookahead: int, state: GameState, name: str) -> dict[str, Any]:
    player = state.player(name)
    plain = placement_moves(state, player, with_crew=False)
    crewed = []
    if lookahead > 0 and unused_crew_effect(player) is not None:
        crewed = [m for m in placement_moves(state, player) if m.get("crew")]
    if not (plain or crewed):
        return legal_moves(state, name)[0]

    def value(move: dict[str, Any]) -> float:
        return _reference_value(lookahead, state, name, move)

    best_plain = max(plain, key=value, default=None)
    if best_plain is None:
        return max(crewed, key=value)
    if crewed:
        best_crew = max(crewed, key=value)
        if value(best_crew) - value(best_plain) >= CREW_MARGIN:
            return best_crew
    return best_plain


def _reference_die_value(state: GameState, name: str, die: int) -> float:
    player = state.player(name)
    taken = {pos for p in state.players for pos in p.hand}
    partners = list(player.hand) or [
        pos for pos in range(len(state.dice)) if pos not in taken and pos != die
    ]
    spec, filled = player.tower.spec, player.tower.filled()
    best = 0.0
    for other in partners:
        for shape, _ in craft_options(state.face(die), state.face(other)):
            count = len(legal_placements(spec, filled, shape))
            best = max(best, 1.0 + min(count, 10) / 10.0 if count else 0.0)
    return best


def reference_decide(level_name: str, state: GameState, name: str) -> dict[str, Any]:
    if state.phase == PLACE:
        return _reference_place(level(level_name).lookahead, state, name)
    moves = legal_moves(state, name)
    if state.phase == DRAFT:
        return max(moves, key=lambda m: _reference_die_value(state, name, m["die"]))
    return moves[0]


@pytest.mark.parametrize(
    ("players", "variant", "seed", "levels"),
    [  # every level, both variants, a random seat; a few seconds each
        (3, "remote", 5, ("hard", "normal", "random")),
        (4, "standard", 3, ("normal", "hard", "easy", "hard")),
    ],
)
@pytest.mark.usefixtures("greedy_levels")
def test_the_greedy_chooses_as_the_plain_reference_in_whole_games(
    players: int, variant: str, seed: int, levels: tuple[str, ...]
) -> None:
    names = tuple(f"Player {i + 1}" for i in range(players))
    match = FilledInMatch(FilledInOptions(players=names, variant=variant, seed=seed))
    seats = dict(zip(names, levels, strict=True))
    checked = 0

    def act(match: FilledInMatch, move: dict[str, Any]) -> None:  # before the move
        nonlocal checked
        name = move["player"]
        if seats[name] != "random":
            assert move == reference_decide(seats[name], match.state, name)
            checked += 1
        match.perform(move)

    table = seated(match, Seats(dict(enumerate(levels)), {}), seed)
    for seat in table.seats.values():  # the headless seating, each move checked
        seat.computers = replace(COMPUTERS, apply=act)
    play_turns(match, table, COMPUTERS.decisions)
    assert match.over
    assert checked > 50


@pytest.mark.usefixtures("greedy_levels")
def test_a_four_greedy_hard_game_plays_to_the_hash_it_had_before_it_was_sped_up() -> None:
    result, _ = play_game(4, 1, "standard", 1, {seat: "hard" for seat in range(4)})
    assert result["state_hash"] == HARD_FOUR_SEED_1

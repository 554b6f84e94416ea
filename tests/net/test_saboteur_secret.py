"""The saboteur kept secret in network play (issue 39): the host draws the saboteur
and, apart from him, who starts, so the first player and the turn order every client is
sent say nothing about who the saboteur is; files without ``starter`` keep the
rulebook's seat (the saboteur's left starts) and replay as they always did."""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest

from rules.crazy_tower import new_game as rules_game
from rules.errors import IllegalMove
from simulator.net.room import Room
from tests.net.harness import NAMES, new_game

SETUP = {"players": NAMES, "mode": "saboteur"}


def _left_of(saboteur: str) -> str:
    return NAMES[(NAMES.index(saboteur) + 1) % len(NAMES)]


def test_who_starts_is_drawn_apart_from_the_saboteur():
    pairs = Counter()
    for draw in range(300):
        game = new_game("crazy-tower", seed=draw % 5, setup=SETUP, rng=Random(draw))
        state = game.match.state
        pairs[(state.saboteur, state.current_player)] += 1
        assert game.match.options["starter"] == "drawn"
    # every (saboteur, first player) pair happens: the first player names nobody
    assert set(pairs) == {(s, f) for s in NAMES for f in NAMES}
    assert min(pairs.values()) > 300 / 9 / 2


def test_no_message_to_another_player_points_at_the_saboteur():
    """What a client who is not the saboteur is sent before the end (the lobby, the
    game) is the same whoever the saboteur is, given who starts."""
    sent: dict[tuple[str, str | None], set[str]] = {}
    saboteurs: dict[tuple[str, str | None], set[str]] = {}
    for draw in range(60):
        room = Room(new_game("crazy-tower", seed=3, setup=SETUP, rng=Random(draw)))
        saboteur = room.game.match.state.saboteur
        first = room.game.match.state.current_player
        for player in [*NAMES, None]:
            if player == saboteur:
                continue
            document = room.document_for(player)
            assert document["setup"]["saboteur"] == "?"
            text = json.dumps({"lobby": room.lobby(), "game": document}, sort_keys=True)
            sent.setdefault((first, player), set()).add(text.replace(room.code, ""))
            saboteurs.setdefault((first, player), set()).add(saboteur)
        # the view starts with the game's own first player (every client agrees on turns)
        assert room.game.view_of(None).match.state.current_player == first
    assert any(len(names) > 1 for names in saboteurs.values())  # saboteurs differed ...
    assert all(len(texts) == 1 for texts in sent.values())  # ... and nothing showed it


def test_files_without_starter_keep_the_rulebooks_seat():
    for seed in range(12):
        state = rules_game({**SETUP, "seed": seed})
        assert state.current_player == _left_of(state.saboteur)
        pinned = rules_game({**SETUP, "saboteur": "Bob", "first_player": "Bob"})
        assert pinned.current_player == "Cy"  # the rulebook's seat wins, as it always did


def test_the_starter_option_is_checked():
    with pytest.raises(IllegalMove, match="unknown starter"):
        rules_game({**SETUP, "starter": "random"})
    with pytest.raises(IllegalMove, match="for saboteur mode"):
        rules_game({"players": NAMES, "mode": "competitive", "starter": "drawn"})
    drawn = rules_game({**SETUP, "starter": "drawn", "saboteur": "Bob", "first_player": "Bob"})
    assert drawn.current_player == "Bob" and drawn.saboteur == "Bob"


def test_the_lobby_says_what_a_player_can_still_infer():
    room = Room(new_game("crazy-tower", setup=SETUP, rng=Random(1)))
    said = room.lobby()["secrets"]
    assert said.startswith("The saboteur is secret") and said.endswith(".")
    assert Room(new_game("crazy-tower")).lobby()["secrets"] is None

"""Crazy Tower turns played through the turn controller alone (simulator/app/crazy_tower/
turn.py): no window and no GL. A fresh process that plays a whole placement with it
never imports pyglet."""

from __future__ import annotations

import subprocess
import sys

from rules.chance import Chance
from rules.crazy_tower.state import SABOTEUR
from simulator.app.crazy_tower.bank import pick_order
from simulator.app.crazy_tower.cover import PASS, ROLE
from simulator.app.crazy_tower.turn import PASS as PASS_MOVE
from simulator.app.crazy_tower.turn import REVEAL
from simulator.app.crazy_tower.words import todo
from simulator.app.words import refusal
from simulator.bots.dexterity import draw, get_profile, in_model
from simulator.games.crazy_tower.bots import make_player
from simulator.games.crazy_tower.live import HOLDING
from simulator.games.crazy_tower.match import CLOCK_KEY
from simulator.games.crazy_tower.player import RandomPlayer
from simulator.games.crazy_tower.resort import LastResort
from simulator.seeds import seat_seed, takeover_seed
from tests.turns.crazy_tower_turns import ROOT, new_turn, play_a_placement


def test_a_whole_placement_is_confirmed_and_the_turn_passes():
    turn = play_a_placement()
    state = turn.match.state
    assert [a["type"] for a in turn.match.actions] == ["place_block"]
    assert turn.match.actions[0]["path"]  # the hand's path, recorded for the replay
    assert state.current_player == "Bob" and turn.desk.message == todo(state)


def test_undo_takes_the_piece_back_and_leaves_the_state_as_it_was():
    turn, _ = new_turn()
    before = turn.match.state_hash()
    turn.pick(turn.match.state.hands["Ann"][0])
    assert turn.holding()
    turn.match.rebuild()  # as GameScreen.undo does
    assert turn.take_back().startswith("Move undone.")
    assert turn.live is None and turn.match.state_hash() == before
    assert turn.match.actions == []


def test_a_release_over_nothing_is_refused_with_the_ghosts_reason():
    turn, desk = new_turn()
    turn.pick_numbered(2)
    turn.hand.aim(-14.0, 8.0)  # beside the tower, over the table
    for _ in range(120):
        turn.drive(1)
    ghost = turn.ghost()
    assert ghost is not None and ghost[0] is None and ghost[1]
    turn.release()
    assert desk.message == refusal(ghost[1]) and turn.live.stage == HOLDING


def test_a_revealed_card_comes_into_the_hand_and_a_pass_is_logged_at_once():
    turn = play_a_placement()
    desk = turn.desk
    turn.play(REVEAL)  # V: move B
    state = turn.match.state
    assert desk.logged == 2 and state.revealed is not None
    assert turn.live is not None and turn.live.piece == state.revealed
    assert desk.message.startswith("You revealed ")
    turn.play(PASS_MOVE)  # P: refused while the card is in the hand, nothing happens
    assert desk.logged == 2


def test_nothing_acts_while_a_computers_move_is_shown():
    turn, desk = new_turn()
    desk.showing = True
    turn.pick_numbered(0)
    assert not turn.idle() and turn.live is None and desk.taken == 0
    desk.showing = False
    assert turn.idle() and pick_order(turn.match.state)


def test_saboteur_covers_each_human_role_then_passes_the_device():
    seats = (("Ann", "human"), ("Bob", "human"), ("Cy", "human"))
    turn, desk = new_turn(seats, mode=SABOTEUR)
    queue, first = turn.covers.queue, turn.match.state.current_player
    # the roles the covers show: this desk deals them, from the referee's log
    assert [turn.is_saboteur(name) for name, _ in seats] == [
        name == turn.match.state.saboteur for name, _ in seats
    ]
    assert sum(turn.is_saboteur(name) for name, _ in seats) == 1
    assert [(c.player, c.show_role, c.stage) for c in queue[:3]] == [
        (name, True, PASS) for name, _ in seats
    ]
    # the device is with Cy, who saw their role last: it passes to the first player
    assert [(c.player, c.show_role) for c in queue[3:]] == [(first, False)] * (first != "Cy")
    count = len(queue)
    turn.uncover()
    assert queue[0].stage == ROLE and len(queue) == count
    turn.uncover()
    assert len(queue) == count - 1 and desk.dirty
    while turn.covers:
        turn.uncover()
    turn.covers.holder = "Someone else"  # the device was last in other hands
    turn.check_device()
    assert [(c.player, c.stage) for c in queue] == [(first, PASS)]


def test_a_timed_challenge_stamps_its_clock_and_ends_when_time_is_up():
    turn, desk = new_turn((("Solo", "human"),), mode="solo", challenge=9, seed=4)
    limit = turn.clock.limit
    assert limit is not None and turn.time_left() == limit
    desk.dirty = False
    turn.tick(1.5)
    assert desk.dirty and turn.time_left() == limit - 1.5
    turn.play(REVEAL)
    assert turn.match.actions[-1][CLOCK_KEY] == 1.5
    turn.tick(limit)
    assert turn.live is None and turn.match.state.is_over
    assert turn.match.actions[-1]["type"] == "clock"
    assert desk.message.startswith("Time is up!")


def test_a_failed_computer_hands_its_seat_to_the_random_player_once():
    """Seats seated by the driver's ``seat_for``: the random player taking one over is
    seeded by the seat's own seed and the moves made (the screen's old game-seed takeover,
    shared by every seat, is gone: no save records decisions, so no recorded game
    depended on it)."""
    turn, _ = new_turn((("Ann", "human"), ("Bob", "easy")), seed=3)
    assert turn.computer_to_move() is None  # Ann's turn
    bob = turn.seating.seats["Bob"]
    assert bob.player == make_player("easy", seat_seed(3, 1))
    assert bob.failed(turn.match) == "handed_over"
    assert bob.player == RandomPlayer(takeover_seed(seat_seed(3, 1), 0))
    assert turn.seating.computers["Bob"] is bob.player
    turn.seating.record_levels()
    assert turn.game.controllers == ["human", "random"]  # the save says so
    # then the last resort tries the position, and once it too fails the seat stops
    assert bob.failed(turn.match) == "last_resort" and isinstance(bob.player, LastResort)
    assert bob.failed(turn.match) == "stuck"


def test_a_shaky_hand_draws_from_the_stream_the_screen_always_used():
    """The hand's noise for action n forks the game's seed at 0x4A4E + n, Crazy Tower's
    own salt: the same seed shakes the hand as it always did."""
    turn, _ = new_turn(seed=7, dexterity="shaky")
    turn.pick(pick_order(turn.match.state)[0])
    # as the game's hand model draws the shaky hand (a new game's: model 2, "older")
    hand = in_model(get_profile("shaky"), turn.match.profile.hand_model)
    noise = draw(hand, Chance.from_seed(7).fork(0x4A4E + 0))
    assert turn.live is not None and turn.hand.nudge == (noise.dx, noise.angle) != (0.0, 0.0)
    release = turn.live.action()
    jolt = (release.get("release_vx", 0.0), release.get("release_vy", 0.0))
    assert jolt == noise.release  # model 2: none, the tremor's own motion


def test_the_turn_plays_a_placement_in_a_process_without_pyglet():
    probe = (
        "import sys\n"
        "from tests.turns.crazy_tower_turns import play_a_placement\n"
        "play_a_placement()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pyglet'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout + out.stderr

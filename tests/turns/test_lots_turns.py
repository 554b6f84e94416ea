"""The LOTS turn controller plays whole turns without a window, GL or pyglet: the
screen only runs its steps (drive, settle) and shows what it says."""

from __future__ import annotations

from pathlib import Path

from simulator.app.lots import session
from simulator.app.lots.seats import Seats, seats_from
from simulator.app.lots.turns import LotsTurns
from simulator.games.lots.bots import COMPUTERS, LotsBot
from simulator.games.lots.live import HOLDING, SETTLED
from simulator.games.lots.player import RandomPlayer
from simulator.seeds import seat_seed, takeover_seed
from tests.turns.lots_turns import NEXT, Host, drive, new_turns, settle, to_placement
from tests.without_hooks import run_without_hooks

ROOT = Path(__file__).resolve().parents[2]


def test_the_turn_controller_imports_no_pyglet() -> None:
    probe = "import sys, simulator.app.lots.turns; print('pyglet' in sys.modules)"
    assert run_without_hooks(probe, ROOT, ROOT) == ["False"]


def test_a_whole_placement_is_picked_moved_released_and_confirmed_without_gl() -> None:
    turns, host = new_turns()
    match = turns.match
    to_placement(turns)
    assert match.state.current == 1  # Bob places first with this seed
    turns.pick_bank(0)
    assert turns.holding() and "picked_up" in host.calls
    assert turns.message.startswith("You hold") and turns.ghost() is not None
    block = turns.held().id
    spot = turns.ghost_spot()
    for _ in range(12):  # from the pick-up spot, column by column onto the lot
        assert spot is not None
        if spot.problem is None:
            break
        turns.step_sideways(1)
        drive(turns, 40)
        spot = turns.ghost_spot()
    assert spot is not None and spot.problem is None, spot
    turns.lower()
    for _ in range(600):
        drive(turns, 1)
        if not turns.lowering:
            break
    assert "rests on the tower" in turns.message
    turns.release()
    assert turns.message.startswith("Released")
    settle(turns)
    assert turns.live is not None and turns.live.stage == SETTLED
    assert turns.message.startswith("Verdict:")
    scored = [call for call in host.calls if isinstance(call, tuple)]
    assert scored[-1][:2] == ("scored", False) and "place" in scored[-1][2]  # flashes now
    host.calls.clear()
    turns.confirm()
    assert turns.live is None and host.calls[-1] == "confirmed"
    assert turns.message.endswith(NEXT)
    action = match.actions[-1]
    assert action["type"] == "place" and action["block"] == block and action["path"]
    assert {tuple(c) for c in match.state.tower[block]} == set(spot.cells)
    assert match.copy().state_hash() == match.state_hash()  # the log replays to it


def test_a_release_off_the_lot_is_refused_with_the_reason() -> None:
    turns, _ = new_turns()
    to_placement(turns)
    turns.pick_bank(0)
    turns.aim(turns.match.lot.right + 6.0, 12.0)
    drive(turns, 90)
    turns.release()
    assert turns.live is not None and turns.live.stage == HOLDING  # still in the hand
    assert turns.message.startswith("Refused:") and "footprint" in turns.message


def test_taking_a_placement_back_leaves_the_game_as_it_was() -> None:
    turns, host = new_turns()
    match = turns.match
    to_placement(turns)
    before, actions = match.state_hash(), len(match.actions)
    turns.pick_bank(0)
    turns.aim(0.0, 2.0)  # into the tower: a careless push
    drive(turns, 90)
    match.rebuild()  # as GameScreen.undo does first
    assert turns.take_back() == "Placement undone."
    assert turns.live is None and not turns.lowering and "unscored" in host.calls
    assert match.state_hash() == before and len(match.actions) == actions
    turns.confirm()  # nothing to confirm now
    assert len(match.actions) == actions


def test_keys_that_need_a_held_piece_wait_for_one() -> None:
    turns, _ = new_turns()
    to_placement(turns)
    assert not turns.holding() and turns.my_move("place")
    turns.turn(1)
    assert turns.angle == 0.0
    turns.pick_bank(0)
    assert not turns.my_move("place")  # the hand is full
    turns.turn(1)
    turns.turn(1)
    turns.turn(-1)
    assert turns.angle == 90.0
    turns.toggle_risk()
    assert not turns.show_risk and turns.message == "Fall risk on the ghost: off."
    turns.toggle_risk()
    assert turns.message.endswith("It shows from the next piece picked up.")


def test_a_failed_bot_hands_its_seat_to_the_random_player_once() -> None:
    """Seated by the driver's ``seat_for`` (the app's own fixed takeover seed is gone: no
    save records decisions, so no recorded game depended on it)."""
    match = session.new_match(["Ann", "Bob", "Cy"], "1A", 5)
    seats = Seats(match, 5, {"Ann"}, {"Bob": "easy"})
    assert seats.levels == {"Bob": "easy", "Cy": "random"}
    assert seats.computer(["Ann"]) is None and seats.computer(["Bob"]) == "Bob"
    easy = seats.seats["Bob"].player
    assert isinstance(easy, LotsBot) and easy.seed == seat_seed(5, 1)  # as `play lots` seeds
    assert seats.seats["Bob"].failed(match) == "handed_over" and seats.levels["Bob"] == "random"
    taken = seats.seats["Bob"].player
    assert isinstance(taken, RandomPlayer) and taken.seed == takeover_seed(seat_seed(5, 1), 0)
    # the random player failing too: LOTS's last resort tries the position (issue 42)
    assert seats.seats["Bob"].failed(match) == seats.seats["Cy"].failed(match) == "last_resort"
    assert seats.seats["Bob"].failed(match) == "stuck"  # and once that fails, the seat stops


def test_seats_come_from_a_saves_table_by_name_or_from_the_names() -> None:
    players = ["Ann", "Computer 2", "Cy"]
    assert seats_from(players, None) == ({"Ann", "Cy"}, {})
    assert seats_from(players, {"Cy": "hard"}) == ({"Ann", "Computer 2"}, {"Cy": "hard"})


def test_a_computers_move_goes_through_the_turns_and_its_flashes_wait() -> None:
    host = Host()
    match = session.new_match(["Ann", "Computer 2"], "1A", 3)
    turns = LotsTurns(match, host, seed=3)
    assert turns.seats.humans == {"Ann"} and set(turns.seats.seats) == {"Computer 2"}
    assert turns.computer() == "Computer 2" and not turns.my_move("roll")  # not Ann's roll
    before = len(match.state.events)
    COMPUTERS.apply(match, ("move", {"type": "roll", "player": "Computer 2"}))
    words = turns.computer_words(match.state.events[before:])
    assert words.endswith(NEXT) and "rolled" in words.lower()
    assert host.calls[-1][:2] == ("scored", True)  # flashed once its move is shown

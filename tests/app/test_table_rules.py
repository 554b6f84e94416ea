"""The fair-play table options (simulator/app/table_rules.py): chosen at the start for a
game at one desk (``towersim app --undo-accidents no``), said in a sentence in a network
game's lobby; the network side is in test_network_windows_headless.py and
test_network_start.py, a refused undo in test_lots_turn.py."""

from __future__ import annotations

import argparse

from simulator.app import screens
from simulator.app.main import add_arguments, setup_from
from simulator.app.table_rules import table_words, undo_accidents


def test_the_app_opens_a_game_at_a_table_without_undo_after_an_accident() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--game", "lots", "--undo-accidents", "no"])
    setup = setup_from(args)
    assert setup.undo_accidents is False
    screen = screens.open_game(setup)
    try:
        assert screen.undo_accidents is False
    finally:
        screen.close()
    assert setup_from(parser.parse_args(["--game", "lots"])).undo_accidents is True


def test_the_lobby_says_the_tables_options_in_a_sentence() -> None:
    assert table_words({"undo_accidents": False, "turn_seconds": 600.0}) == (
        "At this table an accident stands: a move during which a piece fell cannot be "
        "taken back; each move has 10 minutes, then the computer makes it."
    )
    assert table_words({"undo_accidents": True, "turn_seconds": 45}).endswith(
        "can be taken back; each move has 45 seconds, then the computer makes it."
    )
    assert table_words(None) == "" and undo_accidents(None) is True  # an older host


def test_only_a_piece_that_comes_down_during_the_move_is_an_accident() -> None:
    from simulator.app.table_rules import AccidentWatch
    from simulator.physics.world import TableTouch

    class World:
        def __init__(self) -> None:
            self.table_touches = [TableTouch(0.0, "red-1", 0.0)]  # fell in an earlier move

    world, live, watch = World(), object(), AccidentWatch()
    watch.follow(live, world)
    world.table_touches.append(TableTouch(1.0, "red-1", 2.0))  # put back, it brushes
    assert not watch.fell(live, world)
    world.table_touches.append(TableTouch(2.0, "blue-2", 3.0))  # knocked off now
    assert watch.fell(live, world)
    watch.follow(None, world)  # the move is over: the next one counts from its start
    watch.follow(live, world)
    assert not watch.fell(live, world)

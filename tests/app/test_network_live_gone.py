"""The crash of issue 39 on the screen: a piece held live while the match rebuilds its
world (the host refused a move of ours, a resync) is taken back and said, and the hand
stream asks nothing of the world the piece left."""

from __future__ import annotations

from types import SimpleNamespace

from pyglet.window import key

from simulator.app.game_screen import GONE_WORDS
from simulator.app.net_game import NetworkGame
from simulator.games.live_stage import HOLDING
from tests.app.helpers import close, frames, open_lots, send, until_my_placement


class _Link:
    """What the hand stream needs of a network link: the seat, the game, the sending,
    and the lobby the panel names the other seats from."""

    def __init__(self) -> None:
        self.seat = "You"
        self.lobby: dict = {}
        self.game = SimpleNamespace(to_act=lambda: ("You",))
        self.sent: list[tuple] = []

    def send_hand(self, *hand) -> None:
        self.sent.append(hand)


def test_a_piece_held_while_the_world_is_rebuilt_is_taken_back_and_streams_nothing():
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert screen.live is not None and screen.live.stage == HOLDING
        link = _Link()
        played = NetworkGame(screen, link)
        played._stream_hand()
        assert len(link.sent) == 1  # held: its hand goes out
        match.rebuild()  # as the replica does when the host refuses our move
        played._stream_hand()  # the crash: KeyError in World.entry
        assert len(link.sent) == 1
        frames(window, 3)  # a frame drops the move, and draws with nothing held
        assert screen.live is None and screen.message == GONE_WORDS
        assert screen.move_in_progress is False
    finally:
        close(window)

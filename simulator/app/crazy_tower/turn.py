"""A Crazy Tower turn at the app's desk, without pyglet: whose turn it is, what a click
or a key means for the game, the live move from the pick-up to the confirm or undo,
the timed challenge's clock, saboteur mode's covers, the computer seats (seats.py) and
what the player reads; the rules only through the engine (facts.py). The screen
(screen.py) turns input into these calls and the view (view.py) draws what they leave;
the tests drive whole turns with no GL.

The turn writes its words into the ``Desk`` it plays on (the screen) and tells it when
a move entered the log and when a piece came into the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rules.errors import IllegalMove
from simulator.app.crazy_tower import facts
from simulator.app.crazy_tower.bank import pick_order
from simulator.app.crazy_tower.clock import ChallengeClock
from simulator.app.crazy_tower.cover import Covers
from simulator.app.crazy_tower.hand import Ghost, Hand, Landed
from simulator.app.crazy_tower.seats import Seats
from simulator.app.crazy_tower.session import Game
from simulator.app.crazy_tower.words import named, said, todo, verdict
from simulator.app.ghost_spread import spread
from simulator.app.words import refusal
from simulator.bots.dexterity import draw as draw_jitter
from simulator.bots.dexterity import get_profile, in_model
from simulator.games.crazy_tower.handicap import HAND_SALT
from simulator.games.crazy_tower.live import HOLDING, SETTLED, LiveMove
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.seeds import hand_chance

# What a key asks for, as the legal move's type (keys.py maps the keys).
REVEAL, PASS, DECLINE = "reveal_card", "pass", "skip_removal"
NO_GRIP = "Click one of the blocks the diamonds box lets you pull out (listed right)."


class Desk(Protocol):
    """What a turn needs of the screen it is played on."""

    message: str  # what the player reads now
    dirty: bool  # the panel shows something that changed

    def showing_move(self) -> bool:
        """A computer's move is being shown: nobody may act."""

    def move_logged(self) -> None:
        """A move made here entered the log (the autosave, the others, the panel)."""

    def piece_taken(self) -> None:
        """A piece came into the hand: the view stays put under the mouse."""


class CrazyTowerTurn:
    def __init__(self, game: Game, desk: Desk) -> None:
        self.desk = desk
        self.start(game)

    def start(self, game: Game) -> None:
        """Play ``game`` from its current state (a new game, or one just loaded)."""
        self.game = game
        self.dt = game.match.profile.dt
        self.live: LiveMove | None = None
        self.hand = Hand(self.dt)
        self.give: str | None = None  # an exchange: the block of ours chosen to give
        shown = facts.seen(game.match.state)
        self.clock = ChallengeClock(shown)
        self.seating = Seats(game, list(shown["players"]))
        self.computers = self.seating.computers  # the screen's computer seats ask them
        self.dexterity = get_profile(game.dexterity) if game.dexterity else None
        self.covers = Covers()
        self.desk.dirty = True
        if shown["mode"] == facts.SABOTEUR and not facts.is_over(shown):
            self.covers.deal(self.humans())
        self.check_device()

    @property
    def match(self) -> CrazyTowerMatch:
        return self.game.match

    def _say(self, message: str) -> None:
        self.desk.message = message

    def shown(self) -> facts.Seen:
        """The match's state as the engine describes it."""
        return facts.seen(self.match.state)

    def _events(self) -> Sequence[Mapping[str, Any]]:
        """The rules' own log (the match's ``events()`` merges its notices in)."""
        return facts.ENGINE.events(self.match.state)

    def humans(self) -> list[str]:
        return self.seating.humans()

    def human_turn(self) -> bool:
        """A person may act: their turn, and no computer's move is being shown (it is
        already made: the state is past it)."""
        shown = self.shown()
        if self.desk.showing_move() or facts.is_over(shown):
            return False
        return shown["current"] in self.humans()

    def is_saboteur(self, player: str) -> bool:
        """Saboteur mode: whether ``player`` is the saboteur, as the referee's log (this
        desk's, which deals the roles) names them."""
        return facts.saboteur(self._events()) == player

    def holding(self) -> bool:
        return self.live is not None and self.live.stage == HOLDING

    def turning(self) -> bool:
        """A piece is held that the person turns and moves (not a block being pulled)."""
        return self.live is not None and self.live.stage == HOLDING and not self.live.pulling

    def idle(self) -> bool:
        """A person's turn with nothing in the hand: the turn's own keys act."""
        return self.live is None and self.human_turn()

    # -- time -----------------------------------------------------------------------------

    def tick(self, seconds: float) -> None:
        """A timed challenge's clock runs ``seconds`` (the app's own clock)."""
        if self.clock.limit is None or facts.is_over(self.shown()):
            return
        if self.clock.run(seconds):
            self.desk.dirty = True
        if self.clock.out():
            self._out_of_time()

    def time_left(self) -> float | None:
        return self.clock.left()

    def _out_of_time(self) -> None:
        if self.live is not None:
            self.match.rebuild()
            self.live = None
        player = self.shown()["current"]
        try:
            self.match.perform(self.clock.stamp({"type": "clock", "player": player}))
        except IllegalMove as exc:
            self._say(refusal(exc.reason, "The clock could not be reported"))
            return
        self._say("Time is up! " + todo(self.match.state))
        self.desk.move_logged()

    def after_frame(self) -> None:
        """A floor card revealed (by a computer's move too) comes into the hand."""
        if self.live is None and self.human_turn() and self.shown()["phase"] == facts.LAY_CARD:
            self._lay_revealed()

    def drive(self, steps: int) -> None:
        """The held piece follows the person's hand ``steps`` fixed steps."""
        assert self.live is not None
        words = self.hand.drive(self.live, steps)
        if words is not None:
            self._say(words)

    def settled(self) -> Sequence[Mapping[str, Any]] | None:
        """The released piece rests: the verdict, or the refusal; the move's new events
        (None when refused)."""
        live = self.live
        assert live is not None
        self.desk.dirty = True
        if live.problem or live.after is None:
            why = refusal(live.problem, "Refused by the rules") if live.problem else "Refused."
            self._say(why + " Backspace undoes it.")
            return None
        self._say(verdict(self.match.state, live.after))
        return facts.ENGINE.events(live.after)[len(self._events()) :]

    # -- computer seats -----------------------------------------------------------------

    def computer_to_move(self) -> str | None:
        shown = self.shown()
        if facts.is_over(shown) or shown["current"] not in self.computers:
            return None
        return str(shown["current"])

    def computer_words(self, events: Sequence[Mapping[str, Any]]) -> str:
        told = said(events, last=4)
        return told + ("" if facts.is_over(self.shown()) else " " + todo(self.match.state))

    def move_shown(self) -> None:
        """A move is made and shown: a pass cover if the device changes hands."""
        self.give = None
        self.check_device()

    def check_device(self) -> None:
        """Saboteur mode: a pass cover when the turn goes to another human."""
        shown = self.shown()
        if shown["mode"] != facts.SABOTEUR or facts.is_over(shown) or not self.human_turn():
            return
        self.covers.pass_to(shown["current"])

    def uncover(self) -> None:
        if self.covers.click():
            self.desk.dirty = True

    def show_role(self) -> None:
        shown = self.shown()
        if shown["mode"] == facts.SABOTEUR and self.human_turn():
            self.covers.reveal(shown["current"])

    # -- moves --------------------------------------------------------------------------

    def move(self, move: dict[str, Any]) -> None:
        """A legal move from the panel: a discrete one, or the start of a live one."""
        kind = move["type"]
        if kind in ("replace_piece", "remove_block"):
            keep = ("type", "player", "piece", "block")
            self.start_live({k: move[k] for k in keep if k in move})
            return
        action: dict[str, Any] = {
            k: move[k] for k in ("type", "player", "give", "take") if k in move
        }
        before = len(self._events())
        try:
            self.match.perform(self.clock.stamp(action))
        except IllegalMove as exc:
            self._say(refusal(exc.reason))
            return
        told = said(self._events()[before:])
        self._say(" ".join([told, todo(self.match.state)]).strip())
        self.desk.move_logged()
        if kind == REVEAL:
            self._lay_revealed()

    def play(self, kind: str) -> None:
        """The first legal move of ``kind`` (a key's: reveal, pass, decline), if any."""
        found = [m for m in facts.ENGINE.legal_moves(self.match.state) if m["type"] == kind]
        if found:
            self.move(found[0])

    def put_back(self) -> None:
        """Space in the replace phase: what fell goes back into the hand."""
        if self.shown()["phase"] == facts.REPLACE:
            self.play("replace_piece")

    def pick_numbered(self, index: int) -> None:
        """Number key ``index + 1``: the panel's block of that number."""
        order = pick_order(self.match.state)
        if index < len(order):
            self.pick(order[index])

    def _lay_revealed(self) -> None:
        shown = self.shown()
        self.start_live({"type": "lay_card", "player": shown["current"]})
        if self.live is not None and shown["revealed"] is not None:
            self._say(
                f"You revealed {facts.card_title(shown['revealed'])}: lay it on the tower. "
                "Move it with the mouse, release with a click or Space."
            )

    def pick(self, block: str) -> None:
        """A block of a bank clicked: pick it up, or choose it for an exchange."""
        shown = self.shown()
        if not self.human_turn() or self.live is not None:
            return
        if shown["phase"] == facts.EXCHANGE:
            self._exchange_pick(block, shown)
        elif shown["phase"] in facts.PLACING:
            self.start_live({"type": "place_block", "player": shown["current"], "block": block})

    def _exchange_pick(self, block: str, shown: facts.Seen) -> None:
        player = shown["current"]
        if block in shown["players"][player]["hand"]:
            self.give = block
            self._say(f"You give {named(block)}: now click another player's block.")
            self.desk.dirty = True
        elif self.give is None:
            self._say("First click one of your own blocks to give.")
        else:
            self.move({"type": "exchange", "player": player, "give": self.give, "take": block})

    def start_live(self, action: dict[str, Any]) -> None:
        """Take a piece in the hand (or grip a block to pull it out)."""
        jitter = None
        if self.dexterity is not None and action["type"] != "remove_block":
            chance = hand_chance(self.game.seed, HAND_SALT, len(self.match.actions))
            # as the game's hand model draws the chosen hand (model 2: its position and
            # angle error at its own pace, no release jolt, its tremor while it holds)
            jitter = draw_jitter(in_model(self.dexterity, self.match.profile.hand_model), chance)
            action = {**action, "release_vx": jitter.release[0], "release_vy": jitter.release[1]}
            if jitter.tremor is not None:
                action["tremor"] = list(jitter.tremor)
        try:
            live = LiveMove(self.match, action)
        except IllegalMove as exc:
            self._say(refusal(exc.reason, "You cannot do that"))
            return
        self.live = live
        self.hand.take(live, (jitter.dx, jitter.angle) if jitter else (0.0, 0.0))
        if live.pulling:
            self._say(
                f"You grip {named(live.piece)}: pull it out sideways with the mouse (it "
                "rubs on the cards above and below). Backspace lets go and takes it back."
            )
        else:
            self._say(
                f"You hold {named(live.piece)}: move it with the mouse, tilt with the wheel, "
                "release with a click or Space."
            )
        self.desk.piece_taken()
        self.desk.dirty = True

    def grab_at(self, x: float, y: float) -> None:
        """Diamonds box: grip the block under world point (x, y), if it may be pulled."""
        diamonds = self.shown()["phase"] == facts.DIAMONDS
        if self.live is not None or not self.human_turn() or not diamonds:
            return
        for move in facts.ENGINE.legal_moves(self.match.state):
            if move["type"] != "remove_block":
                continue
            entry = self.match.world.entry(move["block"])
            if any(s.point_query((x, y)).distance <= 0 for s in entry.shapes):
                self.start_live({k: move[k] for k in ("type", "player", "block")})
                if self.live is not None and self.live.held is not None:
                    pose = self.live.held.pose
                    self.hand.grip = (x - pose.x, y - pose.y)
                return
        self._say(NO_GRIP)

    def release(self) -> None:
        live = self.live
        if live is None or live.stage != HOLDING:
            return
        problem = live.release()
        if problem:
            self._say(refusal(problem))
            return
        self.hand.lowering = False
        self._say("Released: the tower settles...")

    def confirm(self) -> None:
        live = self.live
        if live is None or live.stage != SETTLED or live.after is None or live.verdict is None:
            return
        self.match.commit_live(self.clock.stamp(live.action()), live.after, live.verdict.fallen)
        self.live = None
        self._say(todo(self.match.state))
        self.desk.move_logged()

    def take_back(self) -> str:
        """Forget the live move (the match rebuilt its world already); what to say."""
        self.live, self.hand.lowering = None, False
        return "Move undone.  " + todo(self.match.state)

    def ghost(self) -> Ghost | None:
        """See ``Hand.ghost``: None when nothing is held."""
        return self.hand.ghost(self.live)

    def landed(self) -> Landed | None:
        """See ``Hand.landed``: where the ghost is drawn; None when nothing is held."""
        return self.hand.landed(self.live)

    def spread(self) -> tuple[float, float] | None:
        """Where the chosen hand's pieces land sideways, aimed as this one (world x from,
        to: simulator/app/ghost_spread.py); None for an exact hand or an empty one."""
        landed = self.landed()
        if self.dexterity is None or landed is None:
            return None
        profile = self.match.profile
        hand = in_model(self.dexterity, profile.hand_model)
        return spread(hand, landed[0], self.hand.nudge[0], landed[1], profile.gravity)

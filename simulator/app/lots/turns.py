"""The LOTS turn controller: whose turn it is, what a click or a key means for the game,
the placement under way, confirm and undo, and the words the players read. It imports
no pyglet, so its tests drive whole turns without GL.

Flow of a placement: pick a block from the bank -> it hangs in the simulated hand,
which follows the mouse at the hand's speed (a careless sweep knocks the tower) ->
turn, flip, lower -> release (refused with the reason when the ghost's spot breaks a
rule) -> the tower settles -> the verdict shows -> confirm, or undo (the match rebuilds
its world from the action log, Space.copy() being inexact). The screen (screen.py)
runs the steps and the computer seats and maps the mouse; the view (view.py) draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.errors import IllegalMove
from simulator.app.ghost_spread import spread
from simulator.app.lots import session
from simulator.app.lots.ghost import Cells, Spot, landing_spot, risk_placement
from simulator.app.lots.host import Events, TurnsHost
from simulator.app.lots.material import engine, piece_name, players
from simulator.app.lots.risk import RiskEstimator
from simulator.app.lots.seats import Seats, seats_from
from simulator.app.lots.words import said, told, verdict
from simulator.app.words import refusal, slipped
from simulator.bots.dexterity import Jitter, draw, get_profile, in_model
from simulator.games.lots.hand import LOTS_HAND_SALT
from simulator.games.lots.live import HOLDING, SETTLED, LivePlacement
from simulator.games.lots.match import LotsMatch
from simulator.physics.world import Entry
from simulator.seeds import hand_chance

RISK_HAND = "steady"  # the hand the ghost's risk assumes when the player's is exact


class LotsTurns:
    def __init__(
        self,
        match: LotsMatch,
        host: TurnsHost,
        *,
        seed: int = 0,
        humans: set[str] | None = None,
        levels: dict[str, str] | None = None,
        dexterity: str | None = None,
    ) -> None:
        self.match = match
        self.host = host
        self.seed = seed
        if humans is None:  # the people by their names; the levels given still hold
            humans, _ = seats_from(players(match.state), None)
        self.seats = Seats(match, seed, humans, levels or {})
        self.jitter = Jitter()  # this placement's miss of the mouse (none: exact)
        self.risk = RiskEstimator(get_profile(RISK_HAND), seed)
        self.use_hand(dexterity)
        self.show_risk = True
        self.dt = match.profile.dt
        self.live: LivePlacement | None = None
        self.preview: Any = None  # the state after the live placement, once it settled
        self.with_cube = False
        self.target = (0.0, 20.0)  # hand target, world cm
        self.angle = 0.0  # degrees ccw
        self.lowering = False
        self.message = "Welcome to LOTS. Press H for help."
        self._spot: tuple[tuple[Any, ...], Spot] | None = None  # the ghost until the world steps

    def say(self, message: str) -> None:
        """Show ``message`` and rebuild the panel (setting ``message`` alone does not)."""
        self.message = message
        self.host.changed()

    # -- seats and the hand ----------------------------------------------------------------

    def use_hand(self, dexterity: str | None) -> None:
        """The human hand: a profile's noise on every pick (None: exactly at the mouse).
        The ghost's risk is judged for that hand, or a steady one: no real hand is exact,
        and an exact hand would make every rollout the same."""
        self.hand = get_profile(dexterity) if dexterity else None
        self.risk.profile = self.hand or get_profile(RISK_HAND)
        self.risk.seed = self.seed

    def computer_words(self, events: Events) -> str:
        self.host.scored(events, self.match.state, held=True)
        return f"{said(events[-3:])} {self.host.turn_words()}".strip()

    # -- whose move ------------------------------------------------------------------------

    def holding(self) -> bool:
        return self.live is not None and self.live.stage == HOLDING

    def acting(self) -> str | None:
        """The player to move (None once the game is over)."""
        return next(iter(engine().to_act(self.match.state)), None)

    def placing(self) -> str:
        """The player whose placement it is (or was last)."""
        return str(engine().describe(self.match.state)["current"])

    def bank(self) -> list[str]:
        """The blocks of the player to move (none once the game is over)."""
        acting = self.acting()
        described = engine().describe(self.match.state)["players"]
        return list(described[acting]["bank"]) if acting is not None else []

    def crew(self) -> list[str]:
        """The crew cards of the player to move, which the desk shows them: ``describe``
        only counts a hand (hidden from the others), the engine's inventory names it."""
        acting = self.acting()
        return list(engine().inventory(self.match.state)[acting]) if acting else []

    def computer(self) -> str | None:
        """The computer to move now, or None."""
        return self.seats.computer(engine().to_act(self.match.state))

    def my_move(self, *phases: str) -> bool:
        """A person at this desk is to move in one of ``phases``, the hand empty."""
        phase = engine().describe(self.match.state)["phase"]
        return self.live is None and self.acting() in self.seats.humans and phase in phases

    # -- the hand --------------------------------------------------------------------------

    def drive(self, steps: int) -> None:
        """Move the held piece ``steps`` steps towards the target (lowering it)."""
        live = self.live
        assert live is not None and live.stage == HOLDING
        x, y = self.target
        if self.lowering:
            hand_y = self.match.hand.body.position.y
            y = hand_y - self.match.hand.settings.lower_speed * steps * self.dt
            self.target = (x, y)
        jitter = self.jitter  # the hand misses the mouse by its profile's error
        resting = live.drive(x + jitter.dx, y, self.angle + jitter.angle, steps)
        if live.dropped:
            self.lowering = False
            self.message = slipped(piece_name(live.piece))
        elif resting and self.lowering:
            self.lowering = False
            self.message = "The piece rests on the tower: release it (Space or click)."

    def aim(self, x: float, y: float) -> None:
        """The mouse is at world (x, y): the hand goes there."""
        self.target = (x, y)
        self.lowering = False

    def turn(self, quarters: int) -> None:
        """Turn the held piece ``quarters`` quarter turns counter-clockwise."""
        if self.holding():
            self.angle += 90.0 * quarters

    def flip(self) -> None:
        assert self.live is not None
        self.message = self.live.flip() or "Flipped."

    def lower(self, lowering: bool = True) -> None:
        self.lowering = lowering

    def raise_piece(self) -> None:
        self.target = (self.target[0], self.target[1] + self.match.lot.grid.cell)
        self.lowering = False

    def step_sideways(self, columns: int) -> None:
        """Keyboard placement: move the hand's target ``columns`` columns over, with the
        held piece's left edge on a column of the lot's grid (the ghost's column)."""
        lot = self.match.lot
        left = min(x for poly in self.held().world_polygons() for x, _ in poly)
        offset = left - self.match.hand.body.position.x  # the piece's left edge from the hand
        x, y = self.target
        col = round((x + offset - lot.left) / lot.grid.cell) + columns
        self.target = (lot.left + col * lot.grid.cell - offset, y)
        self.lowering = False

    def toggle_cube(self) -> None:
        self.with_cube = not self.with_cube
        self.host.changed()

    def toggle_risk(self) -> None:
        self.show_risk = not self.show_risk
        self.message = f"Fall risk on the ghost: {'on' if self.show_risk else 'off'}."
        if not self.show_risk:
            self.risk.end_placement()
        elif self.live is not None:
            self.message += " It shows from the next piece picked up."

    # -- moves -----------------------------------------------------------------------------

    def held(self) -> Entry:
        entry = self.live.held if self.live is not None else None
        if entry is None:
            raise RuntimeError("the hand holds nothing")
        return entry

    def pick_bank(self, index: int) -> None:
        """Pick up the ``index``-th block of the bank of the seat to act, if it has one."""
        bank = self.bank()
        if index < len(bank):
            self.pick(bank[index])

    def pick(self, block: str) -> None:
        cubes = engine().describe(self.match.state)["players"][self.placing()]["cubes"]
        if not self._take(block, cubes[0] if self.with_cube and cubes else None):
            return
        hand = f" (your hand: {self.hand.name})" if self.hand else ""
        self.message = (
            f"You hold {piece_name(block)}{hand}: move it with the mouse, release with a click "
            "or Space."
        )
        self.host.changed()

    def pick_replacement(self) -> None:
        choice = engine().physical_choices(self.match.state)[0]
        if not self._take(choice["block"], choice["cube"]):
            return
        self.message = f"Put {piece_name(self.held().id)} back on the tower."
        self.host.changed()

    def _take(self, block: str | None, cube: str | None) -> bool:
        """Put a piece in the hand (with this placement's noise), the hand's target where
        it holds it; False if refused."""
        match = self.match
        if self.hand is not None:  # a fresh draw for every placement, from the seed
            # as the game's hand model draws the chosen hand (model 2: its position and
            # angle error at its own pace, and its tremor while it holds the piece)
            hand = in_model(self.hand, match.profile.hand_model)
            self.jitter = draw(hand, hand_chance(self.seed, LOTS_HAND_SALT, len(match.actions)))
        if self.show_risk:
            self.risk.start_placement(match)  # before the piece joins the world
        try:
            self.live = LivePlacement(
                match, block, cube, jolt=self.jitter.release, tremor=self.jitter.tremor
            )
        except IllegalMove as exc:
            self.risk.end_placement()
            self.message = refusal(exc.reason, "You cannot pick that up")
            return False
        self.host.picked_up()
        pose = self.held().pose
        self.target, self.angle = (pose.x, pose.y), 0.0
        return True

    def move(self, move: dict[str, Any]) -> None:
        """A move without the hand (roll, pass, a crew card), confirmed at once."""
        try:
            self.match.perform(move)
        except IllegalMove as exc:
            self.message = refusal(exc.reason)
            return
        self.message = said(engine().events(self.match.state)[-1:])
        self.host.confirmed()

    def roll(self) -> None:
        self.move({"type": "roll", "player": self.acting()})

    def pass_turn(self) -> None:
        self.move({"type": "pass", "player": self.acting()})

    def release(self) -> None:
        live = self.live
        if live is None or live.stage != HOLDING:
            return
        spot = self.ghost_spot()
        if spot is not None and spot.problem:
            self.message = refusal(spot.problem)
            return
        live.release()
        self.lowering = False
        self.message = "Released: the tower settles..."

    def after_settle(self) -> None:
        """The released piece rests: the rules' verdict (or now the cube to place)."""
        live = self.live
        assert live is not None
        if live.stage != SETTLED:  # the cube is in the hand now
            self.message = "Now place the purple cube."
            return
        assert live.outcome is not None
        state, lots = self.match.state, engine()
        move = {"type": "place", "player": self.placing(), "outcome": live.outcome}
        preview = lots.preview(state, move)  # the rules' verdict, nothing committed
        new = self.preview = preview.after
        if new is None:
            refused = refusal(str(preview.reason), "Refused by the rules")
            self.message = refused + " Backspace undoes it."
            return
        self.host.scored(lots.events(new)[len(lots.events(state)) :], new, held=False)
        self.say(verdict(state, new))

    def confirm(self) -> None:
        live = self.live
        if live is None or live.stage != SETTLED or self.preview is None:
            return
        state = self.match.state
        words = told(state, self.preview)
        action = live.placement().as_action(self.placing())
        self.match.commit_live(action, self.preview)
        self.live, self.preview = None, None
        self.risk.end_placement()
        self.say(f"{words} {self.host.turn_words()}".strip())  # no "Enter confirms" now
        self.host.confirmed()

    def live_action(self) -> dict[str, Any] | None:
        """The placement so far as a scenario action (network play streams it)."""
        if self.live is None:
            return None
        return self.live.placement().as_action(self.placing())

    def take_back(self) -> str:
        """Forget the live placement (the match rebuilt its world already); what to say."""
        self.live, self.preview, self.lowering = None, None, False
        self.risk.end_placement()
        self.host.unscored()
        return "Placement undone."

    # -- saving ----------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        hand = self.hand.name if self.hand else None
        session.save(self.match, self.seed, path, self.seats.levels, hand)

    def adopt(self, saved: session.SavedLots) -> None:
        """Play on with a loaded game; any live placement is dropped."""
        self.risk.end_placement()
        self.match, self.seed, self.dt = saved.match, saved.seed, saved.match.profile.dt
        names = players(saved.match.state)
        self.seats = Seats(saved.match, saved.seed, *seats_from(names, saved.computers))
        self.use_hand(saved.hand)
        self.live, self.preview = None, None
        self.with_cube, self.lowering = False, False

    # -- the ghost -------------------------------------------------------------------------

    def ghost(self) -> tuple[Cells, str | None] | None:
        """Cells where the held piece would land if lowered straight down now, and why
        the rules would refuse that spot (None if they would not)."""
        spot = self.ghost_spot()
        return (spot.cells, spot.problem) if spot else None

    def ghost_spot(self) -> Spot | None:
        """As ghost(), with the column and quarter turns of that spot."""
        live = self.live
        if live is None or live.stage != HOLDING:
            return None
        world = self.match.world
        key = (live, world, world.steps, live.piece, live.mirrored, self.angle)
        if self._spot is None or self._spot[0] != key:
            self._spot = (key, landing_spot(self.match, live, self.held(), self.angle))
        return self._spot[1]

    def spread(self) -> tuple[float, float] | None:
        """Where a chosen hand's pieces land sideways when aimed where this one is aimed
        (world x from, to: simulator/app/ghost_spread.py); None for an exact hand."""
        spot = self.ghost_spot()
        if self.hand is None or spot is None:
            return None
        profile = self.match.profile
        hand = in_model(self.hand, profile.hand_model)
        return spread(hand, spot.shape, self.jitter.dx, spot.drop, profile.gravity)

    def ghost_risk(self) -> float | None:
        """The estimated chance that the ghost's spot makes something fall (None while
        it is being estimated, or when there is nothing to estimate)."""
        live = self.live
        spot = self.ghost_spot()
        if not self.show_risk or live is None or spot is None or spot.problem is not None:
            return None
        placement = risk_placement(live, spot)
        if placement is None:
            return None
        return self.risk.estimate((live.piece, spot.col, spot.turns, live.mirrored), placement)

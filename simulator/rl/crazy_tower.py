"""Crazy Tower as the environments see it: the actions numbered, their mask, the arrays a
seat sees, and placements carried out by the simulated hand.

Modes: competitive (2-4 seats), saboteur (3-4) and the solo challenges 1-20 (one seat).

Actions (one Discrete space, in this order; sizes for ``n`` seats):

- ``wait`` (PettingZoo only), ``reveal_card``, ``pass``, ``skip_removal``: 1 each;
- ``place_block(kind, centre)``: 16 kinds x 41 = 656. A block of ``kind`` ("red-2": the
  colour and the cubes, the instance ids without their letter; the first such block in
  the hand, or when pieces are being put back the first such block that fell) put on
  the card it must go on (the top card; its own card when put back) with its shadow's
  centre at ``centre`` cm along the card (0 to 20 by 0.5; blocks may overhang);
- ``lay_card(offset)``: 33: the revealed floor card (or the first card that fell, when
  cards are put back) laid with its centre ``offset`` cm right of the top card's
  (-8 to 8 by 0.5);
- ``remove_block(block, side)``: 28 x 2 = 56: a diamonds box's pull of that block
  instance, towards the ``left`` or ``right`` end of its card;
- ``exchange(give, take, k)``: 16 x 16 x (n - 1): an exchange box's swap of the first
  block of kind ``give`` in your hand for the first of kind ``take`` in the hand of
  the player ``k`` seats after you.

A block drop is in the mask when the match's own check before the hand moves accepts
it (red boxes, the one-colour rule, the challenge's limits, a block that would miss the
card) and its shadow is clear of the blocks already on that card: a block dropped onto
another rests on it, which the rules refuse once the physics ran, and the match then
replays its whole log to undo the motion (two drops in three of a random agent did, at
0.4 s each). If no drop is clear and the seat may do nothing else, every drop the check
accepts is in the mask. Any other action is in the mask exactly when the match accepts
it (a discrete one: when the rules list it). The hand then carries the piece with the
seat's dexterity noise (recorded in the action, so the episode's scenario file
replays): noise that pushes a block over a red box or off the card is refused as the
match refuses it, with nothing changed and ``info["refused"]`` saying why, and the seat
decides again. A solo challenge's own handicap (10-20) is the match's, drawn from its
own seeded stream; ``hand=None`` adds nothing to it.

Observations (seat-relative: seat row 0 is the observer, row k the player k seats
after it; every value in [-1, 1]):

- ``floors`` (21, 41): floor 0 (the starting card) upwards: on the tower, is the top,
  x, y, cos, sin (pose / 60 cm), blocks on it / 4, its 5 boxes covered, the 4 colours
  on it, then its 5 boxes' kinds one-hot (white, red, diamonds, loop, exchange);
- ``pieces`` (49, 20): the 28 blocks (red, blue, green, yellow; 1a 1b 2a 2b 3a 3b 4a)
  then the 21 floor cards (fc-00 to fc-20): on the tower, x, y, cos, sin, (floor + 1)
  / 21, held by relative seat one-hot (4), down (to be put back), lost (collapse), is a
  card, colour one-hot (4), cubes / 4, in the deck (face down), revealed;
- ``hands`` (4, 16): per relative seat, the blocks of each kind held / that kind's count;
- ``public`` (102,): per relative seat (4 x 8: present, to act, points left / 84,
  blocks left / 28, colours one-hot), phase one-hot (turn, lay_card, place, replace,
  diamonds, exchange, over), mode one-hot (competitive, saboteur, solo), challenge
  one-hot (20), timed and elapsed / limit, deck size / 20, turn / 100, pending
  diamonds / exchange / loop, extra turn, passes / seats, the revealed card (present,
  its boxes' kinds one-hot 25), blocks and cards down / 4, the handicap's block angle
  / 90, card drop height / 5 cm and after-new-card factor / 3;
- ``private`` (4,): the saboteur's relative seat, one-hot, when the observer may know
  it (it is the saboteur, or the game is over); zeros otherwise. The deck's order is in
  no observation.

Rewards: a seat's score is the points of the blocks it has played (its colours' 21
points each minus the rules' score, the points left in hand), so placing a block earns
its points and a diamonds pull costs its owner; the environments add the win reward.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from rules.chance import Chance
from rules.engine import GameOptions, PlanCheck
from rules.errors import IllegalMove
from simulator.bots.dexterity import Dexterity, draw, in_model
from simulator.games.crazy_tower.bodies import block_span, tower_profile
from simulator.games.crazy_tower.bots_risk import noisy
from simulator.games.crazy_tower.handicap import hand_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.survey import shadow
from simulator.games.registry import GAMES
from simulator.physics.profile import PhysicsProfile
from simulator.rl.adapter import (
    WAIT,
    Catalogue,
    Entry,
    check_count,
    clipped,
    engine_of,
    mask_space,
    one_hot,
    unit_box,
)
from simulator.rl.errors import InvalidAction

ENGINE = engine_of("crazy-tower")
CONTENT = ENGINE.content()
MODES = tuple(CONTENT["modes"])
SOLO = MODES[-1]  # competitive, saboteur, solo
# The phases, as the engine's describe() names them, in the content's order (the
# observation's phase one-hot follows it).
PHASES = tuple(CONTENT["phases"])
TURN, LAY_CARD, PLACE, REPLACE, DIAMONDS, EXCHANGE, OVER = PHASES
BOX_KINDS = tuple(CONTENT["box_kinds"])
EFFECT_ORDER = tuple(CONTENT["effects"])
SABOTEUR_CHOSEN = "saboteur_chosen"  # the referee's hidden event naming the saboteur
CHALLENGES = CONTENT["challenges"]  # by number, as text
PIECES = CONTENT["pieces"]
BLOCKS = {piece: about for piece, about in PIECES.items() if about["kind"] == "block"}
MAX_SEATS = 4
SIDES = ("left", "right")
# Block centres along the card (cm from its left end) and card offsets from the top card.
STEP_CM = 0.5
CENTRES = tuple(k * STEP_CM for k in range(round(CONTENT["card_length"] / STEP_CM) + 1))
OFFSETS = tuple((k - 16) * STEP_CM for k in range(33))  # -8 to 8 cm
POSE_SCALE = 60.0  # cm: poses are x from the starting card's centre, y from the table
SEAT_FEATURES = 8
PIECE_FEATURES = 20
FLOOR_FEATURES = 41
BOXES = 5
# An exact hand: a solo challenge's handicap is the match's own (hand=None).
EXACT = Dexterity("exact", text="no noise of its own")


def kind_of(block: str) -> str:
    """``red-2`` for ``red-2a``: blocks of one kind are alike."""
    return block[:-1]


class CrazyTowerAdapter:
    """Crazy Tower in ``mode`` for ``players`` (``challenge``: solo only), each seat
    placing with its own hand (module docstring)."""

    def __init__(
        self,
        players: tuple[str, ...],
        mode: str,
        hands: list[Dexterity],
        profile: PhysicsProfile,
        *,
        waiting: bool,
        challenge: int | None = None,
        colour_count: int | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        counts = CONTENT["player_counts"][mode]
        if len(players) not in counts:
            raise ValueError(
                f"{mode} mode is for {' or '.join(map(str, counts))} players, not {len(players)}"
            )
        self.players = players
        self.mode = mode
        self.hands = hands
        self.profile = tower_profile(profile, sleep_given=False)
        self.options: dict[str, Any] = {"mode": mode, "players": list(players)}
        if mode == SOLO:
            self.options["challenge"] = challenge or 1
            if colour_count is not None:
                self.options["colour_count"] = colour_count
        self.challenge = self.options.get("challenge")
        # an unknown challenge has no handicap here; the rules refuse it below
        chosen = CHALLENGES.get(str(self.challenge))
        handicap = chosen["handicap"] if chosen else None
        self.handicap: dict[str, Any] | None = handicap
        self.angle = handicap["block_angle_deg"] if handicap else 0.0
        self.blocks = tuple(BLOCKS)  # colour by colour, smallest first
        self.kinds = tuple(dict.fromkeys(kind_of(b) for b in self.blocks))
        self.cards = tuple(p for p, about in PIECES.items() if about["kind"] == "card")
        self.colours = tuple(CONTENT["colours"])
        self._colour_points = {
            c: sum(about["points"] for about in BLOCKS.values() if about["colour"] == c)
            for c in self.colours
        }
        self._span = {kind: block_span(f"{kind}a", self.angle) for kind in self.kinds}
        self.catalogue = Catalogue(self._entries(waiting))
        self._place = self.catalogue.index(("place_block", self.kinds[0], CENTRES[0]))
        self._lay = self.catalogue.index(("lay_card", OFFSETS[0]))
        # exchange(give, take, k) in that order (none in solo)
        self._exchange = self.catalogue.index(("remove_block", self.blocks[-1], SIDES[-1])) + 1
        # the match's check of a planned position, per card and block length: its red
        # boxes, and that the block covers a box at all (so it lands on the card); filled
        # in as each is first needed (see _box_slots)
        self._slots: dict[tuple[str, float], np.ndarray] = {}
        self._left_edges: dict[float, np.ndarray] = {}
        self._shadows: tuple[Any, Any, str, list[tuple[float, float]]] = (None, None, "", [])
        self._cached: tuple[Any, Any, dict[str, Any]] | None = None
        self._described: tuple[Any, dict[str, Any]] | None = None
        self._floor_kinds = {card: _box_kinds(card) for card in self.cards}
        self._piece_slot = {p: i for i, p in enumerate((*self.blocks, *self.cards))}
        kind_counts = [sum(kind_of(b) == kind for b in self.blocks) for kind in self.kinds]
        self._kind_counts = np.asarray(kind_counts, dtype=np.float32)
        ENGINE.new_game(self._game_options())  # refuses bad options (a ValueError) here
        n = len(self.catalogue)
        self.observation_space = spaces.Dict(
            {
                "floors": unit_box((len(self.cards), FLOOR_FEATURES)),
                "pieces": unit_box((len(self._piece_slot), PIECE_FEATURES)),
                "hands": unit_box((MAX_SEATS, len(self.kinds)), 0.0, 1.0),
                "public": unit_box((self.public_size,)),
                "private": unit_box((MAX_SEATS,), 0.0, 1.0),
                "action_mask": mask_space(n),
            }
        )

    @classmethod
    def solo(
        cls,
        challenge: int,
        hand: str | Dexterity | None,
        physics: PhysicsProfile,
        *,
        colour_count: int | None = None,
    ) -> CrazyTowerAdapter:
        """Solo challenge ``challenge`` (1-20): with ``hand`` None the hand adds no noise
        of its own (the challenge's handicap is the match's), else a dexterity profile
        whose noise comes on top of it, as a bot's does."""
        number = check_count("challenge", challenge, 1, len(CHALLENGES))
        if colour_count is not None:
            allowed = CHALLENGES[str(number)]["colours"]
            if colour_count not in allowed:
                raise ValueError(
                    f"challenge {number} is played with "
                    f"{' or '.join(map(str, allowed))} colours, not {colour_count!r}"
                )
        dexterity = EXACT if hand is None else _hand(hand)
        return cls(
            ("player_0",),
            SOLO,
            [dexterity],
            physics,
            waiting=False,
            challenge=number,
            colour_count=colour_count,
        )

    # -- the catalogue ----------------------------------------------------------------

    def _entries(self, waiting: bool) -> list[Entry]:
        out: list[Entry] = [WAIT] if waiting else []
        out += [("reveal_card",), ("pass",), ("skip_removal",)]
        out += [("place_block", kind, u) for kind in self.kinds for u in CENTRES]
        out += [("lay_card", offset) for offset in OFFSETS]
        out += [("remove_block", b, side) for b in self.blocks for side in SIDES]
        others = range(1, len(self.players))
        kinds = self.kinds
        out += [("exchange", give, take, k) for give in kinds for take in kinds for k in others]
        return out

    @property
    def public_size(self) -> int:
        # seats; phase, mode, challenge; clock 2, deck and turn 2, effects, extra turn and
        # passes 2; the revealed card 1 + its boxes; down 2; the handicap 3
        rest = len(PHASES) + len(MODES) + len(CHALLENGES) + 4 + len(EFFECT_ORDER) + 2
        return MAX_SEATS * SEAT_FEATURES + rest + 1 + BOXES * len(BOX_KINDS) + 2 + 3

    # -- the game ---------------------------------------------------------------------

    def _options(self, seed: int) -> dict[str, Any]:
        return {**self.options, "seed": seed}

    def _game_options(self) -> GameOptions:
        settings = {k: v for k, v in self.options.items() if k not in ("mode", "players")}
        return GameOptions(self.players, self.mode, settings=settings)

    def new_match(self, seed: int) -> CrazyTowerMatch:
        return CrazyTowerMatch(self._options(seed), self.profile)

    def _seen(self, match: CrazyTowerMatch) -> dict[str, Any]:
        """The match's state as the engine describes it, with ``names`` (the players in
        seat order), ``deck`` listed (the engine's inventory) and ``saboteur`` as the
        referee's log names it (describe() hides it while the game runs; a seat that is
        the saboteur still sees it: observe). Once per state: every action replaces the
        state object."""
        state = match.state
        if self._described is None or self._described[0] is not state:
            seen = ENGINE.describe(state)
            seen["names"] = list(seen["players"])
            seen["deck"] = ENGINE.inventory(state)["deck"]
            chosen = (e["player"] for e in ENGINE.events(state) if e["type"] == SABOTEUR_CHOSEN)
            seen["saboteur"] = next(chosen, None)
            self._described = (state, seen)
        return self._described[1]

    def to_act(self, match: CrazyTowerMatch) -> list[int]:
        seen = self._seen(match)
        return [seen["names"].index(name) for name in seen["to_act"]]

    def scores(self, match: CrazyTowerMatch) -> list[float]:
        points = self._colour_points
        return [
            float(sum(points[c] for c in about["colours"]) - about["score"])
            for about in self._seen(match)["players"].values()
        ]

    def legal(self, match: CrazyTowerMatch, seat: int) -> np.ndarray:
        seen = self._seen(match)
        mask = np.zeros(len(self.catalogue), dtype=np.int8)
        names = seen["names"]
        if names[seat] not in seen["to_act"]:
            return mask
        index = self.catalogue.get
        phase = seen["phase"]
        moves = ENGINE.legal_moves(match.state)
        if phase in (TURN, PLACE):
            top = seen["floors"][-1]
            blocks = [m["block"] for m in moves if m["type"] == "place_block"]
            drops = {kind_of(block): (top, block) for block in blocks}
            reveal = any(m["type"] == "reveal_card" for m in moves)
            self._drops(match, mask, drops, alone=not reveal)
            if reveal:
                mask[index(("reveal_card",))] = 1
            if not drops and not reveal:
                mask[index(("pass",))] = 1
        elif phase == LAY_CARD:
            mask[self._lay : self._lay + len(OFFSETS)] = 1
        elif phase == REPLACE:
            self._replacements(match, mask, moves)
        elif phase == DIAMONDS:
            mask[index(("skip_removal",))] = 1
            for block in (m["block"] for m in moves if m["type"] == "remove_block"):
                for side in SIDES:
                    mask[index(("remove_block", block, side))] = 1
        elif phase == EXCHANGE:
            n = len(names)
            kinds = {kind: i for i, kind in enumerate(self.kinds)}
            swaps = [(m["give"], m["take"], m["with"]) for m in moves if m["type"] == "exchange"]
            for give, take, other in swaps:
                k = (names.index(other) - seat) % n
                pair = kinds[kind_of(give)] * len(kinds) + kinds[kind_of(take)]
                mask[self._exchange + pair * (n - 1) + k - 1] = 1
        return mask

    def _replacements(
        self, match: CrazyTowerMatch, mask: np.ndarray, moves: list[dict[str, Any]]
    ) -> None:
        judge = ENGINE.plan_check(match.state)
        floors = self._seen(match)["floors"]
        drops: dict[str, tuple[str, str]] = {}
        seen: set[str] = set()
        cards_down = False
        for move in moves:  # every piece down, in the order it fell, with its floor
            piece = move["piece"]
            if piece not in BLOCKS:
                cards_down = True
                continue
            kind = kind_of(piece)
            if kind in seen:
                continue  # the first that fell of a kind goes back first
            seen.add(kind)
            if judge({"type": "replace_piece", "piece": piece}) is None:
                drops[kind] = (floors[move["floor"]], piece)
        self._drops(match, mask, drops, alone=True)
        if cards_down:  # blocks and cards down at once is a collapse: never both
            mask[self._lay : self._lay + len(OFFSETS)] = 1

    def _drops(
        self,
        match: CrazyTowerMatch,
        mask: np.ndarray,
        drops: dict[str, tuple[str, str]],
        *,
        alone: bool,
    ) -> None:
        """The block drops of ``drops`` (kind -> the card it goes on and the first such
        block, which the rules allow there) the match's check
        before the hand moves accepts, with the block's shadow clear of the blocks on the
        card; if none is clear and the seat may do nothing else (``alone``), every drop
        the check accepts."""
        judge = ENGINE.plan_check(match.state)
        clear = False
        for kind, (card, block) in drops.items():
            clear |= self._set_slots(match, mask, kind, card, block, judge, clear=True)
        if alone and not clear:
            for kind, (card, block) in drops.items():
                self._set_slots(match, mask, kind, card, block, judge, clear=False)

    def _set_slots(
        self,
        match: CrazyTowerMatch,
        mask: np.ndarray,
        kind: str,
        card: str,
        block: str,
        judge: PlanCheck,
        *,
        clear: bool,
    ) -> bool:
        """Set the centres at which a block of ``kind`` (discretely legal) may go on
        ``card``: the match's check before the hand moves and, with ``clear``, the
        block's shadow clear of the blocks already on the card (dropped onto a block,
        it rests on it, which the rules refuse once the physics ran, and the match then
        replays its whole log to undo the motion). Whether any is set."""
        span = self._span[kind]
        free = self._box_slots(match, card, span, block, judge).copy()
        if clear:
            lefts = self._lefts(span)
            for low, high in self._taken(match, card):
                free &= (lefts + span <= low) | (lefts >= high)
        start = self._place + self.kinds.index(kind) * len(CENTRES)
        mask[start : start + len(CENTRES)] = free
        return bool(free.any())

    def _taken(self, match: CrazyTowerMatch, card: str) -> list[tuple[float, float]]:
        """The settled shadows (card coordinates) of the blocks on ``card``, once per
        state."""
        owner, state, where, shadows = self._shadows
        if owner is not match or state is not match.state or where != card:
            world = match.world
            entry = world.entry(card)
            on_card = self._seen(match)["on_card"].items()
            blocks = [b for b, on in on_card if on == card and b in world]
            shadows = [shadow(world.entry(b), entry) for b in blocks]
            self._shadows = (match, match.state, card, shadows)
        return shadows

    def _box_slots(
        self, match: CrazyTowerMatch, card: str, span: float, block: str, judge: PlanCheck
    ) -> np.ndarray:
        """The centres at which a block ``span`` long may go on ``card`` by its boxes,
        judged once per card and length. ``block`` is one the rules allow on ``card``
        now, so the engine's verdict on a plan of it turns on the boxes alone (its red
        boxes, and that the block covers one at all), the same for any such block."""
        slots = self._slots.get((card, span))
        if slots is None:
            kind = "replace_piece" if self._seen(match)["phase"] == REPLACE else "place_block"
            slots = np.zeros(len(CENTRES), dtype=np.int8)
            for i, centre in enumerate(CENTRES):
                at = _left_edge(centre, span)
                plan = {"type": kind, "block": block, "piece": block, "at": at, "span": span}
                slots[i] = judge(plan) is None
            self._slots[(card, span)] = slots
        return slots

    def _lefts(self, span: float) -> np.ndarray:
        lefts = self._left_edges.get(span)
        if lefts is None:
            lefts = np.asarray([_left_edge(c, span) for c in CENTRES])
            self._left_edges[span] = lefts
        return lefts

    def perform(self, match: CrazyTowerMatch, seat: int, index: int, hand: Chance) -> None:
        entry = self.catalogue.entries[index]
        action = self.action_of(match, seat, entry)
        if action["type"] in ("place_block", "lay_card", "replace_piece"):
            own = in_model(self.hands[seat], match.profile.hand_model)
            try:
                reach = match.reach(action)
            except (IllegalMove, KeyError):  # the rules will refuse it anyway
                reach = None
            action = noisy(action, draw(own, hand, reach))
        try:
            match.perform(action)
        except IllegalMove as exc:
            raise InvalidAction(
                f"{self.players[seat]}: {self.catalogue.describe(index)} was refused: {exc}"
            ) from None

    def action_of(self, match: CrazyTowerMatch, seat: int, entry: Entry) -> dict[str, Any]:
        """The match action of catalogue ``entry`` for ``seat``, before the hand's noise;
        KeyError when the entry names a block nobody concerned holds."""
        seen = self._seen(match)
        names, phase, down = seen["names"], seen["phase"], seen["down"]
        player = names[seat]
        kind = entry[0]
        action: dict[str, Any] = {"type": kind, "player": player}
        if kind == "place_block":
            _, block_kind, centre = entry
            if phase == REPLACE:
                block = _first(down, block_kind)
                action = {"type": "replace_piece", "player": player, "piece": block}
            else:
                action["block"] = _first(_hand_of(seen, player), block_kind)
            action["at"] = _left_edge(float(centre), self._span[str(block_kind)])
        elif kind == "lay_card":
            if phase == REPLACE:
                cards = [p for p in down if p not in BLOCKS]
                if not cards:
                    raise KeyError("no floor card to put back")
                action = {"type": "replace_piece", "player": player, "piece": cards[0]}
            action["offset"] = float(entry[1])
        elif kind == "remove_block":
            action.update(block=entry[1], side=entry[2])
        elif kind == "exchange":
            _, give, take, k = entry
            other = names[(seat + int(k)) % len(names)]
            action.update(
                give=_first(_hand_of(seen, player), give), take=_first(_hand_of(seen, other), take)
            )
        return action

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        """The shipped Crazy Tower bot at ``level`` with seat's hand."""
        computers = GAMES.get("crazy-tower").load("computer")  # computer_seat.Computers
        return computers.player(level, seed, self.players[seat], self.hands[seat])

    def bot_entry(self, match: CrazyTowerMatch, action: dict[str, Any]) -> Entry:
        """The catalogue entry of a bot's planned action (positions to the nearest step)."""
        kind = action["type"]
        piece: str | None = action.get("piece")
        if kind == "place_block" or (
            kind == "replace_piece" and piece is not None and piece in BLOCKS
        ):
            block = action.get("block", piece)
            if block is None:
                raise KeyError("a place_block action names its block")
            centre = float(action["at"]) + self._span[kind_of(block)] / 2
            return ("place_block", kind_of(block), _nearest(CENTRES, centre))
        if kind in ("lay_card", "replace_piece"):
            return ("lay_card", _nearest(OFFSETS, float(action.get("offset", 0.0))))
        if kind == "remove_block":
            return (kind, action["block"], action["side"])
        if kind == "exchange":
            seen = self._seen(match)
            names = seen["names"]
            seat = names.index(action["player"])
            holder = next(p for p in names if action["take"] in _hand_of(seen, p))
            k = (names.index(holder) - seat) % len(names)
            return (kind, kind_of(action["give"]), kind_of(action["take"]), k)
        return (kind,)

    # -- what a seat sees ---------------------------------------------------------------

    def observe(self, match: CrazyTowerMatch, seat: int) -> dict[str, np.ndarray]:
        common = self._common(match)
        seen = self._seen(match)
        names = seen["names"]
        n = len(names)
        order = [(seat + k) % n for k in range(n)]
        pieces = common["pieces"].copy()
        holders = common["holder"]
        held = holders >= 0
        relative = (holders[held] - seat) % n
        pieces[np.flatnonzero(held), 6 + relative] = 1.0
        seats = np.zeros((MAX_SEATS, SEAT_FEATURES), dtype=np.float32)
        seats[:n] = common["seats"][order]
        hands = np.zeros((MAX_SEATS, len(self.kinds)), dtype=np.float32)
        hands[:n] = common["hands"][order]
        private = np.zeros(MAX_SEATS, dtype=np.float32)
        saboteur = seen["saboteur"]
        if saboteur is not None and (seen["result"] is not None or names[seat] == saboteur):
            private[(names.index(saboteur) - seat) % n] = 1.0
        return {
            "floors": common["floors"].copy(),
            "pieces": pieces,
            "hands": hands,
            "public": np.concatenate([seats.ravel(), common["rest"]]),
            "private": private,
        }

    def _common(self, match: CrazyTowerMatch) -> dict[str, Any]:
        """The arrays every seat shares, once per state (the world only moves when the
        state changes: every action replaces the state object)."""
        cached = self._cached
        if cached is not None and cached[0] is match and cached[1] is match.state:
            return cached[2]
        common = {
            "floors": self._floors(match),
            **self._pieces(match),
            "seats": self._seats(match),
            "hands": self._hands(match),
            "rest": self._rest(match),
        }
        self._cached = (match, match.state, common)
        return common

    def _pose(self, match: CrazyTowerMatch, piece: str) -> tuple[float, float, float, float]:
        pose = match.world.entry(piece).pose
        return (
            pose.x / POSE_SCALE,
            pose.y / POSE_SCALE,
            float(np.cos(pose.angle)),
            float(np.sin(pose.angle)),
        )

    def _floors(self, match: CrazyTowerMatch) -> np.ndarray:
        seen = self._seen(match)
        out = np.zeros((len(self.cards), FLOOR_FEATURES), dtype=np.float32)
        on: dict[str, list[str]] = {}
        for block, card in seen["on_card"].items():
            on.setdefault(card, []).append(block)
        top = len(seen["floors"]) - 1
        for k, card in enumerate(seen["floors"]):
            row = out[k]
            row[0] = 1.0
            row[1] = float(k == top)
            if card in match.world:
                row[2:6] = self._pose(match, card)
            blocks = on.get(card, [])
            row[6] = len(blocks) / 4
            for block in blocks:
                for box in seen["covers"].get(block, ()):
                    row[7 + box] = 1.0
                row[12 + self.colours.index(BLOCKS[block]["colour"])] = 1.0
            row[16:] = self._floor_kinds[card]
        return clipped(out)

    def _pieces(self, match: CrazyTowerMatch) -> dict[str, np.ndarray]:
        seen = self._seen(match)
        on_card = seen["on_card"]
        out = np.zeros((len(self._piece_slot), PIECE_FEATURES), dtype=np.float32)
        holder = np.full(len(self._piece_slot), -1, dtype=np.int64)
        floor_of = {card: k for k, card in enumerate(seen["floors"])}
        for i, about in enumerate(seen["players"].values()):
            for block in about["hand"]:
                holder[self._piece_slot[block]] = i
        for piece, slot in self._piece_slot.items():
            row = out[slot]
            if piece in match.world and (piece in on_card or piece in floor_of):
                row[0] = 1.0
                row[1:5] = self._pose(match, piece)
            card = on_card.get(piece, piece)
            if card in floor_of:
                row[5] = (floor_of[card] + 1) / len(self.cards)
            if piece in BLOCKS:
                spec = BLOCKS[piece]
                row[13 + self.colours.index(spec["colour"])] = 1.0
                row[17] = int(spec["shape"]) / 4
            else:
                row[12] = 1.0
        for piece in seen["down"]:
            out[self._piece_slot[piece], 10] = 1.0
        for piece in seen["lost"]:
            out[self._piece_slot[piece], 11] = 1.0
        for card in seen["deck"]:
            out[self._piece_slot[card], 18] = 1.0
        if seen["revealed"] is not None:
            out[self._piece_slot[seen["revealed"]], 19] = 1.0
        return {"pieces": clipped(out), "holder": holder}

    def _seats(self, match: CrazyTowerMatch) -> np.ndarray:
        seen = self._seen(match)
        out = np.zeros((len(seen["names"]), SEAT_FEATURES), dtype=np.float32)
        for i, (player, about) in enumerate(seen["players"].items()):
            out[i, 0] = 1.0
            out[i, 1] = float(player in seen["to_act"])
            out[i, 2] = about["score"] / sum(self._colour_points.values())
            out[i, 3] = len(about["hand"]) / len(self.blocks)
            for colour in about["colours"]:
                out[i, 4 + self.colours.index(colour)] = 1.0
        return np.clip(out, 0.0, 1.0)

    def _hands(self, match: CrazyTowerMatch) -> np.ndarray:
        seen = self._seen(match)
        out = np.zeros((len(seen["names"]), len(self.kinds)), dtype=np.float32)
        for i, about in enumerate(seen["players"].values()):
            for block in about["hand"]:
                out[i, self.kinds.index(kind_of(block))] += 1.0
        return out / self._kind_counts

    def _rest(self, match: CrazyTowerMatch) -> np.ndarray:
        seen = self._seen(match)
        values: list[float] = []
        values += one_hot(len(PHASES), PHASES.index(seen["phase"]))
        values += one_hot(len(MODES), MODES.index(seen["mode"]))
        number = seen["challenge"]
        values += one_hot(len(CHALLENGES), None if number is None else number - 1)
        limit = CHALLENGES[str(number)]["time_limit_s"] if number is not None else None
        values += [float(limit is not None), seen["elapsed"] / limit if limit else 0.0]
        values += [len(seen["deck"]) / (len(self.cards) - 1), min(seen["turn"] / 100, 1.0)]
        values += [float(effect in seen["pending"]) for effect in EFFECT_ORDER]
        values += [float(seen["extra_turn"]), seen["passes"] / len(seen["names"])]
        revealed = seen["revealed"]
        values += [float(revealed is not None)]
        values += (
            list(self._floor_kinds[revealed]) if revealed else [0.0] * (BOXES * len(BOX_KINDS))
        )
        down = seen["down"]
        down_blocks = sum(1 for p in down if p in BLOCKS)
        values += [down_blocks / 4, (len(down) - down_blocks) / 4]
        handicap = self.handicap
        values += [
            self.angle / 90,
            (handicap["card_drop_height_cm"] / 5) if handicap else 0.0,
            (handicap["after_new_card_factor"] / 3) if handicap else 1 / 3,
        ]
        return clipped(values)


def _hand_of(seen: dict[str, Any], player: str) -> list[str]:
    return list(seen["players"][player]["hand"])


def _first(pieces: list[str], kind: Any) -> str:
    """The first of ``pieces`` of ``kind``; KeyError if none is."""
    for piece in pieces:
        if piece in BLOCKS and kind_of(piece) == kind:
            return piece
    raise KeyError(f"no {kind} block")


def _hand(hand: str | Dexterity) -> Dexterity:
    """A hand by name (a shared profile or ``challenge-N``); ValueError naming the known
    profiles."""
    if isinstance(hand, Dexterity):
        return hand
    try:
        return hand_profile(hand)
    except KeyError as exc:
        raise ValueError(f"hand: {exc.args[0]}") from None


def _nearest(steps: tuple[float, ...], value: float) -> float:
    return min(steps, key=lambda step: abs(step - value))


def _left_edge(centre: float, span: float) -> float:
    """The match's ``at`` (the shadow's left edge) of a block centred at ``centre``."""
    return round(centre - span / 2, 3)


def _box_kinds(card: str) -> np.ndarray:
    out = np.zeros((BOXES, len(BOX_KINDS)), dtype=np.float32)
    for i, kind in enumerate(PIECES[card]["boxes"]):
        out[i, BOX_KINDS.index(kind)] = 1.0
    return out.ravel()

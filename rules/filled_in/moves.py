"""The moves of LOTS: Filled In: roll, draft, place; and ``apply_move`` for move dicts.

Every move takes a state and returns a new one; the given state is never changed. A
refused move raises ``IllegalMove`` with a reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.chance import Chance
from rules.errors import IllegalMove
from rules.filled_in.choices import can_place, hand_faces
from rules.filled_in.config import rules_config
from rules.filled_in.crafting import cannot_craft, craft_options
from rules.filled_in.crew import (
    CLAIM_TRIANGLE,
    EXTRA_PURPLE,
    FREE_PLACEMENT,
    SWAP_LEFTOVER,
    get_crew_card,
)
from rules.filled_in.dice import Die, Face, get_die, roll_die, too_many_wild
from rules.filled_in.placement import placement_problem
from rules.filled_in.scoring import ranking_winners, score_breakdowns
from rules.filled_in.state import DRAFT, ENDED, PLACE, REMOTE, ROLL, GameState, PlayerState
from rules.filled_in.tower import Block, PurpleSpace, Tower
from rules.pieces import Cell

FaceSpec = int | str  # a face index or label ("?", "red L")


def roller(state: GameState) -> str:
    """Who rolls this round: the start player, or the host in the remote variant."""
    if state.variant == REMOTE and state.host is not None:
        return state.host
    return state.players[state.start].name


def roll(
    state: GameState,
    player: str,
    faces: Sequence[FaceSpec] | None = None,
    reroll: Sequence[FaceSpec] | None = None,
) -> GameState:
    """Roll all dice in play; if more than half show "?", re-roll the "?" dice.

    ``faces`` pins the result (one per die, e.g. from real dice or a scenario) and
    ``reroll`` the re-rolled "?" dice in order; what is not pinned comes from the seed.
    """
    s = state.copy()
    _require_phase(s, ROLL)
    if player != roller(s):
        who = "the host" if s.variant == REMOTE else "this round's start player"
        raise IllegalMove(f"the dice are rolled by {roller(s)} ({who}), not by {player}")
    chance = Chance(s.chance)
    dice = [get_die(d) for d in s.dice]
    if faces is None:
        result = [roll_die(d, chance) for d in dice]
    else:
        if len(faces) != len(dice):
            raise IllegalMove(f"give one face for each of the {len(dice)} dice")
        result = [_face_index(d, f) for d, f in zip(dice, faces, strict=True)]
    s.faces = list(result)
    s.log("roll", player, dice=list(s.dice), faces=_labels(s))
    pinned = list(reroll) if reroll is not None else None
    for _ in range(rules_config().rerolls):
        if not too_many_wild([s.face(i) for i in range(len(dice))]):
            break
        wild = [i for i in range(len(dice)) if s.face(i).wild]
        for i in wild:
            if pinned is None:
                s.faces[i] = roll_die(dice[i], chance)
            elif pinned:
                s.faces[i] = _face_index(dice[i], pinned.pop(0))
            else:
                raise IllegalMove(f"the re-roll needs a face for each of the {len(wild)} '?' dice")
        s.log("reroll", player, positions=wild, faces=_labels(s))
    if pinned:
        raise IllegalMove("re-roll faces were given for a re-roll that did not happen")
    s.chance = chance.state
    seats = s.seat_order()
    s.draft_order = seats + seats[::-1]
    s.draft_pos = 0
    s.phase = DRAFT
    return s


def drafter(state: GameState) -> str | None:
    if state.phase != DRAFT:
        return None
    return state.players[state.draft_order[state.draft_pos]].name


def draft(state: GameState, player: str, die: int) -> GameState:
    """The drafting player takes the die at position ``die`` (0-based in the roll)."""
    s = state.copy()
    _require_phase(s, DRAFT)
    picker = drafter(s)
    if player != picker:
        raise IllegalMove(f"the next pick is for {picker}, not for {player}")
    if type(die) is not int or not 0 <= die < len(s.dice):  # bools are not dice
        raise IllegalMove(f"there is no die at position {die!r}")
    if any(die in p.hand for p in s.players):
        raise IllegalMove(f"die at position {die} has already been drafted")
    s.player(player).hand.append(die)
    extra = {"by": s.host} if s.variant == REMOTE else {}
    s.log(
        "draft",
        player,
        die=die,
        die_id=s.dice[die],
        face=s.face(die).label,
        pick=s.draft_pos + 1,
        **extra,
    )
    s.draft_pos += 1
    if s.draft_pos == len(s.draft_order):
        taken = {pos for p in s.players for pos in p.hand}
        (s.leftover,) = (pos for pos in range(len(s.dice)) if pos not in taken)
        _start_placement(s)
    return s


def place(
    state: GameState,
    player: str,
    shape: str,
    colour: str,
    cells: Sequence[Sequence[int]],
    purples: Sequence[Sequence[int]] = (),
    *,
    crew: bool = False,
    swap: int | None = None,
) -> GameState:
    """Craft a block from the two drafted dice and draw it, with any purple spaces.

    ``cells``: the four (row, col) boxes of the block; ``purples``: this turn's purple
    spaces; ``crew``: play your crew card with it; ``swap`` (Scavenger card): which of
    your two dice (0 or 1) to swap for the leftover die before crafting.
    """
    s = state.copy()
    _require_phase(s, PLACE)
    p = _player(s, player)
    if p.stuck:
        raise IllegalMove(f"{player} cannot place a block this round")
    if p.placed:
        raise IllegalMove(f"{player} already placed a block this round")
    effect = None
    if crew:
        if p.crew_used:
            raise IllegalMove(f"{player} already used the one crew card of the game")
        effect = get_crew_card(p.crew).effect
    if swap is not None:
        if effect != SWAP_LEFTOVER:
            raise IllegalMove("only a crew card that swaps dice lets you swap a die")
        if swap not in (0, 1):
            raise IllegalMove("swap names one of your two dice: 0 or 1")
    faces = hand_faces(s, p, swap)
    first, second = faces
    options = craft_options(first, second, effect)
    if (shape, colour) not in options:
        raise IllegalMove(cannot_craft(faces, colour, shape))
    block_cells = _cells(cells)
    purple_cells = _cells(purples)
    cfg = rules_config()
    per_turn = cfg.purple_per_turn + (1 if effect == EXTRA_PURPLE else 0)
    if len(purple_cells) > per_turn:
        raise IllegalMove(f"at most {per_turn} purple space(s) this turn")
    left = cfg.purple_per_game - p.purples_used
    if len(purple_cells) > left:
        raise IllegalMove(f"the crane of {player} has {left} purple space(s) left")
    spec = p.tower.spec
    problem = placement_problem(
        spec, p.tower.filled(), shape, block_cells, purple_cells, free=effect == FREE_PLACEMENT
    )
    if problem:
        raise IllegalMove(problem)

    _draw(s, p, shape, colour, block_cells, purple_cells, faces, crew, swap)
    return s


def preview_place(
    state: GameState,
    player: str,
    shape: str,
    colour: str,
    cells: Sequence[Sequence[int]],
    *,
    crew: bool = False,
    swap: int | None = None,
) -> GameState:
    """What ``place`` makes of a legal block without purple spaces, for reading scores.

    Nothing is checked and the copy is a scratch one (``_scratch_copy``): the computer
    players weigh hundreds of blocks a turn. Never play on from it.
    """
    s = _scratch_copy(state, player)
    p = s.player(player)
    faces = hand_faces(s, p, swap)
    _draw(s, p, shape, colour, _cells(cells), [], faces, crew, swap)
    return s


def apply_move(state: GameState, move: dict[str, Any]) -> GameState:
    """Apply a move given as a dict: {"type": "roll"|"draft"|"place", "player": ..., ...}."""
    kind = move.get("type")
    args = {k: v for k, v in move.items() if k != "type"}
    try:
        if kind == "roll":
            return roll(state, **args)
        if kind == "draft":
            return draft(state, **args)
        if kind == "place":
            return place(state, **args)
    except TypeError as exc:
        raise IllegalMove(f"malformed {kind} move: {exc}") from None
    raise IllegalMove(f"unknown move type {kind!r} (known: roll, draft, place)")


# --- round structure -----------------------------------------------------------------


def _draw(
    s: GameState,
    p: PlayerState,
    shape: str,
    colour: str,
    block_cells: list[Cell],
    purple_cells: list[Cell],
    faces: list[Face],
    crew: bool,
    swap: int | None,
) -> None:
    """Draw a legal block and its purple spaces, score what they finish, end the round
    if everybody is done."""
    cfg = rules_config()
    effect = get_crew_card(p.crew).effect if crew else None
    if crew:
        p.crew_used = True
        s.log("crew", p.name, card=p.crew, effect=effect)
    if swap is not None:
        assert s.leftover is not None
        p.hand[swap], s.leftover = s.leftover, p.hand[swap]
        s.log("swap", p.name, die=p.hand[swap], leftover=s.leftover)
    block = Block(shape, colour, tuple(sorted(block_cells)), s.round)
    p.tower.blocks.append(block)
    s.log(
        "place",
        p.name,
        shape=shape,
        colour=colour,
        cells=[list(c) for c in block.cells],
        piece=cfg.piece_for(shape),
        dice=[f.label for f in faces],
    )
    spec = p.tower.spec
    for cell in purple_cells:
        p.tower.purples.append(PurpleSpace(cell, s.round))
        box = p.purples_used
        s.log("purple", p.name, cell=list(cell), crane_box=box, penalty=spec.crane[box - 1])
    _check_tools(s, p, list(block.cells) + purple_cells)
    _check_levels(s, p, list(block.cells) + purple_cells)
    if effect == CLAIM_TRIANGLE:
        p.claims_now = True
    p.placed = True
    if all(q.placed or q.stuck for q in s.players):
        _end_round(s)


def _scratch_copy(state: GameState, name: str) -> GameState:
    """A copy in which ``_draw`` by ``name`` changes nothing of ``state``: every list
    and mark it may change is fresh, the other towers and the options are shared, and
    the log starts empty (a preview's log is never read)."""
    players = [
        replace(
            p,
            tower=Tower(p.tower.sheet, list(p.tower.blocks), list(p.tower.purples))
            if p.name == name
            else p.tower,
            hand=list(p.hand),
            level_scores=dict(p.level_scores),
            tools_done=list(p.tools_done),
            triangles=list(p.triangles),
            marked=list(p.marked),
            completed_now=list(p.completed_now),
        )
        for p in state.players
    ]
    return replace(state, players=players, announced=list(state.announced), events=[])


def _start_placement(s: GameState) -> None:
    s.phase = PLACE
    for i in s.seat_order():
        p = s.players[i]
        if not can_place(s, p):
            p.stuck = True
            s.log("cannot_place", p.name, dice=[f.label for f in hand_faces(s, p)])
    if all(p.stuck for p in s.players):
        _end_round(s)


def _end_round(s: GameState) -> None:
    _resolve_triangles(s)
    stuck = [p.name for p in s.players if p.stuck]
    if stuck:
        s.phase = ENDED
        s.end_reason = f"{' and '.join(stuck)} could not place a block in round {s.round}"
        winners = ranking_winners(s)
        s.log(
            "game_end",
            None,
            reason=s.end_reason,
            scores={n: b.to_dict() for n, b in score_breakdowns(s).items()},
            winner=winners[0] if len(winners) == 1 else winners,
        )
        return
    for p in s.players:
        p.hand, p.placed, p.completed_now, p.claims_now = [], False, [], False
    s.faces = [None] * len(s.dice)
    s.draft_order, s.draft_pos, s.leftover = [], 0, None
    s.start = (s.start + 1) % len(s.players)  # the dice pass to the left
    s.round += 1
    s.phase = ROLL
    s.log("round_start", s.players[s.start].name, start_player=s.players[s.start].name)


def _resolve_triangles(s: GameState) -> None:
    """First finishers of a level (all of them, if at once) get its triangle.

    Remote rules: the first finishers announce the level and everybody else marks its
    triangle; a finished level that is not marked scores at the end.
    """
    levels = sorted({lv for p in s.players for lv in p.completed_now})
    for level in levels:
        finishers = [p for p in s.players if level in p.completed_now]
        first = level not in s.announced
        if first:
            s.announced.append(level)
        for p in finishers:
            if s.variant == REMOTE:
                if first:
                    s.log("announce", p.name, level=level)
                elif p.claims_now and level in p.marked:
                    p.marked.remove(level)
                    s.log("unmark", p.name, level=level, crew=True)
            elif first or p.claims_now:
                p.triangles.append(level)
                s.log("triangle", p.name, level=level, shared=len(finishers) > 1, crew=not first)
        if s.variant == REMOTE and first:
            for q in s.players:
                if q not in finishers:
                    q.marked.append(level)
                    s.log("mark", q.name, level=level)


def _check_tools(s: GameState, p: PlayerState, new: list[Cell]) -> None:
    grid = p.tower.grid()
    for cell in new:
        tool = p.tower.spec.tool_at(cell)
        if tool is None:
            continue
        number, wanted = tool
        if grid[cell] == wanted:
            p.tools_done.append(number)
            s.log("tool_complete", p.name, tool=number, colour=wanted, points=number)
        else:
            s.log("tool_missed", p.name, tool=number, colour=grid[cell], wanted=wanted)


def _check_levels(s: GameState, p: PlayerState, new: list[Cell]) -> None:
    spec = p.tower.spec
    for level in sorted({spec.level_of(c) for c in new}):
        if level not in p.level_scores and p.tower.level_complete(level):
            colours = sorted(p.tower.level_colours(level))
            p.level_scores[level] = len(colours)
            p.completed_now.append(level)
            s.log("level_complete", p.name, level=level, score=len(colours), colours=colours)


# --- helpers -----------------------------------------------------------------------------


def _require_phase(s: GameState, phase: str) -> None:
    if s.phase == ENDED:
        raise IllegalMove(f"the game is over: {s.end_reason}")
    if s.phase != phase:
        raise IllegalMove(f"not the {phase} phase (the game is in the {s.phase} phase)")


def _player(s: GameState, name: str) -> PlayerState:
    try:
        return s.player(name)
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None


def _face_index(die: Die, spec: FaceSpec) -> int:
    try:
        return die.face_index(spec)
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None


def _cells(raw: Sequence[Sequence[int]]) -> list[Cell]:
    wrong = IllegalMove("cells are [row, column] pairs of whole numbers")
    try:
        out = [(r, c) for r, c in raw]
    except (TypeError, ValueError):
        raise wrong from None
    if not all(type(v) is int for cell in out for v in cell):  # bools and floats are refused
        raise wrong
    return out


def _labels(s: GameState) -> list[str]:
    return [s.face(i).label for i in range(len(s.dice))]

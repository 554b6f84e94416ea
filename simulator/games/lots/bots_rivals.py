"""Planning a competitive LOTS placement against the players who move next.

The solo planner (bots_plan) values a move by what the next turn can make of the
tower, which solo is the bot's own turn. In the competitive game the next turn is a
rival's: a floor left one piece short is a floor given away. Here a move is worth its
points now, less what the next player is expected to score on the tower it leaves,
plus (looking further) what the bot makes of the tower the rival leaves it; the shape
of the last tower looked at (bots_plan.shape_value: sound for whoever moves next) is
counted once. Every die face is weighed by the rules: the wild face lets the roller
choose, an empty pile lets the player to the roller's left choose. A move that ends
the game is worth WIN to the winner: reaching the target, or the highest score when
the turn is the last (three piles empty). Each rival picks its move greedily, by its
points, the game's end and the shape it leaves (the easy level's own view).

The top-down view is the bot's: a rival's points count against it, its own for it
(with more than two players, every rival's points count against it in full).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from rules.lots import LotsState
from rules.lots.content import game_content
from rules.pieces import Cell
from simulator.games.lots.bots_grid import Board, Drop, drops, points, turn_points
from simulator.games.lots.bots_plan import (
    FALLS,
    WIN,
    Outlook,
    Plan,
    _Move,
    _moves,
    _steadiness,
    shape_value,
)

# The bot's best REPLIES moves on their own (points, end, shape) are valued again by
# the next player's reply on every face; looking further, the best FIRST of those by
# the rival's greedy reply followed by the bot's best next turn.
REPLIES = 16
FIRST = 4


@dataclass(frozen=True)
class Seat:
    """A player as the plan sees them: the blocks in their bank and their score."""

    bank: tuple[str, ...]
    score: int
    mine: bool  # the bot planning


def rivals_plan(
    state: LotsState,
    board: Board,
    blocks: list[str],
    sides: bool,
    allowed: Callable[[Drop], bool] | None = None,
    depth: int = 1,
    blocked: frozenset[frozenset[Cell]] = frozenset(),
) -> list[Plan]:
    """Every placement of the bank's ``blocks`` on ``board``, best first, for the
    competitive game. Each move is first valued on its own (as the easy level does);
    ``depth`` 1 values the REPLIES best again by the next player's turn after them, 2
    the FIRST best of those by the next player's turn and the bot's own after it.
    Arguments as bots_plan.plan."""
    n = len(state.players)
    seat = state.current
    order = [
        Seat(tuple(state.banks[(seat + i) % n]), state.scores[(seat + i) % n], i == 0)
        for i in range(n)
    ]
    me, others = order[0], order[1:]
    outlook = Outlook.of(state, sides, blocked)
    final = outlook.empty() >= game_content().empty_piles_to_end
    # First every move on its own (points, the game's end, the shape it leaves).
    greedy: list[tuple[Plan, bool]] = []  # each plan, and whether the game goes on
    for block in dict.fromkeys(blocks):
        for move in drops(board, block):
            if allowed is not None and not allowed(move):
                continue
            after = board.with_piece(block, move.cells)
            floors, matches = points(board, block, move.cells, sides, after)
            now = turn_points(floors, matches)
            steady = _steadiness(after)
            end = ending(replace(me, score=me.score + now), others, state.target, final)
            if steady <= -FALLS:
                greedy.append((Plan(move, now, now + steady), False))  # it falls now
            elif end is not None:
                greedy.append((Plan(move, now, now + end + steady), False))
            else:
                greedy.append((Plan(move, now, now + shape_value(after, steady)), True))
    greedy.sort(key=lambda g: -g[0].value)

    def turns_after(chosen: Plan, turns: int) -> float:
        """``chosen``'s points and the expected value of the ``turns`` turns after it."""
        move = chosen.drop
        kept = list(me.bank)
        if move.piece in kept:
            kept.remove(move.piece)
        mover = replace(me, bank=tuple(kept), score=me.score + chosen.points)
        after = board.with_piece(move.piece, move.cells)
        return chosen.points + _turn(outlook, after, (*others, mover), turns)

    ranked = _looked_at(greedy, REPLIES, lambda p: turns_after(p, 1))
    if depth >= 2:
        ranked = _looked_at(ranked, FIRST, lambda p: turns_after(p, depth))
    return [p for p, _ in ranked]


def _looked_at(
    ranked: list[tuple[Plan, bool]], first: int, value: Callable[[Plan], float]
) -> list[tuple[Plan, bool]]:
    """The best ``first`` plans valued again by ``value`` where the game goes on, best
    first; the rest keep their order after them, shifted by the smallest change the
    new look made (so that the values stay comparable in rollouts)."""
    head, shifts = [], []
    for chosen, goes_on in ranked[:first]:
        if goes_on:
            again = replace(chosen, value=value(chosen))
            shifts.append(again.value - chosen.value)
            chosen = again
        head.append((chosen, goes_on))
    head.sort(key=lambda g: -g[0].value)
    shift = min(shifts, default=0.0)
    rest = [(replace(p, value=p.value + shift), on) for p, on in ranked[first:]]
    return head + rest


def ending(
    mover: Seat, others: tuple[Seat, ...] | list[Seat], target: int, final: bool
) -> float | None:
    """What the game's end is worth to the bot after ``mover`` scored (its ``score``
    counts this turn): WIN if the bot wins, -WIN if another does, 0 for a shared win
    (a tie for the highest score), None if the game goes on."""
    if mover.score >= target:
        return WIN if mover.mine else -WIN
    if not final:
        return None
    scores = [mover, *others]
    top = max(s.score for s in scores)
    leaders = [s for s in scores if s.score == top]
    if len(leaders) > 1:
        return 0.0
    return WIN if leaders[0].mine else -WIN


def _turn(outlook: Outlook, board: Board, order: tuple[Seat, ...], depth: int) -> float:
    """The expected value to the bot of the turn of ``order[0]`` on ``board`` (roll,
    then the mover's pick), followed by ``depth - 1`` turns more; the shape of the last
    tower looked at counts once."""
    mover, rest = order[0], order[1:]
    ending_at = game_content().empty_piles_to_end
    values: dict[str, float] = {}
    known: dict[str, list[_Move]] = {}
    for colour, pile in outlook.supply.items():
        if not pile:
            continue
        after = outlook.taking(colour)
        final = after.empty() >= ending_at
        bank = (*mover.bank, pile[-1])
        values[colour] = _pick(after, board, mover, rest, bank, final, depth, known)
    if not values:
        return shape_value(board)
    faces = _faces(outlook, values, mover.mine, rest[0].mine if rest else mover.mine)
    return sum(faces) / len(faces)


def _pick(
    outlook: Outlook,
    board: Board,
    mover: Seat,
    rest: tuple[Seat, ...],
    bank: tuple[str, ...],
    final: bool,
    depth: int,
    known: dict[str, list[_Move]],
) -> float:
    """The value to the bot of ``mover`` placing one of ``bank``: the bot takes its best
    move (looking ``depth - 1`` turns further for its best two), a rival its own best
    by points, the game's end and shape."""
    scored = []
    for block in dict.fromkeys(bank):
        if block not in known:
            known[block] = _moves(outlook, board, None, block)
        kept = list(bank)
        kept.remove(block)
        for m in known[block]:
            after = replace(mover, bank=tuple(kept), score=mover.score + m.now)
            end = ending(after, rest, outlook.target, final)
            sign = 1.0 if mover.mine else -1.0
            if m.steady <= -FALLS:
                # a rival whose move tips the tower loses its turn's points, not the game
                mine = sign * m.steady
                own = m.steady
            elif end is not None:
                mine = sign * m.now + end + m.steady
                own = m.now + sign * end + m.steady
            else:
                mine = sign * m.now + m.shape
                own = m.now + m.shape
            scored.append((own, mine, m, after))
    if not scored:
        return shape_value(board)
    scored.sort(key=lambda s: -s[0])
    if depth <= 1 or final:
        return scored[0][1]
    # Further: the bot's two best, or the rival's chosen one, followed one turn on.
    values = []
    for _own, mine, m, after in scored[: 2 if mover.mine else 1]:
        if abs(mine) >= WIN / 2 or m.steady <= -FALLS:
            values.append(mine)
            continue
        sign = 1.0 if mover.mine else -1.0
        values.append(sign * m.now + _turn(outlook, m.after, (*rest, after), depth - 1))
    return max(values) if mover.mine else values[0]


def _faces(outlook: Outlook, values: dict[str, float], mine: bool, left_mine: bool) -> list[float]:
    """The bot's value of each face of the roll: a shape takes its pile; the wild face
    is the roller's choice; a shape whose pile is empty is the choice of the player to
    the roller's left (the bot's choice its best, a rival's the bot's worst)."""
    content = game_content()
    roller = max if mine else min
    left = max if left_mine else min
    out = []
    for face in content.die_faces:
        if face == content.wild_face:
            out.append(roller(values.values()))
            continue
        colour = content.shape_colour[face]
        out.append(values[colour] if colour in values else left(values.values()))
    return out

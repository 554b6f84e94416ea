"""Filled In turns played on the turn controller alone: no window, no pyglet (the
controller and key tests); the window tests aim at the same boxes with ``centre``."""

from __future__ import annotations

from simulator.app.filled_in import session
from simulator.app.filled_in.controller import Events, FilledInTurns
from simulator.app.filled_in.geometry import SheetGeometry
from simulator.app.filled_in.thinking import seat_move
from simulator.app.setup import GameSetup, Seat
from simulator.games.filled_in.match import FilledInMatch

Cells = tuple[tuple[int, int], ...]


def new_turns(*seats: tuple[str, str], seed: int = 1) -> tuple[FilledInTurns, list[Events]]:
    """A controller on a new game, and the events of every person's move it reports."""
    setup = GameSetup("filled-in", tuple(Seat(n, c) for n, c in seats), seed=seed)
    moved: list[Events] = []
    return FilledInTurns(session.new_game(setup), moved.append), moved


def computer_moves(turns: FilledInTurns) -> str:
    """The computer seat to move moves, as the screen makes it (no pause, no worker)."""
    name = turns.computer_to_move()
    assert name is not None
    match = turns.match
    level = turns.game.computers[name]
    turns.perform_computer(name, seat_move(match, name, level))
    turns.sync()  # the screen's _move_done, once the move is shown
    return name


def drafted_match() -> FilledInMatch:
    """Ann and Bo's game (seed 5) once both drafted: both are to place."""
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"), seed=5)
    match = turns.match
    match.perform({"type": "roll", "player": "Ann"})
    for name, die in (("Ann", 0), ("Bo", 1), ("Bo", 2), ("Ann", 3)):
        match.perform({"type": "draft", "player": name, "die": die})
    return match


def until_placing(turns: FilledInTurns) -> None:
    """Roll, draft the first free die and let the computers move until a person crafts."""
    for _ in range(40):
        if turns.placing():
            return
        state = turns.state
        if turns.computer_to_move() is not None:
            computer_moves(turns)
        elif turns.drafting():
            taken = {pos for p in state.players for pos in p.hand}
            turns.draft(min(set(range(len(state.dice))) - taken))
        else:
            turns.roll()
    raise AssertionError("never reached the crafting")


def legal_spot(turns: FilledInTurns, avoid_tools: bool = False) -> Cells:
    """Where the crafted block, as turned now, may be drawn on the floor (off the tool
    boxes if asked)."""
    pending, state = turns.pending, turns.state
    assert pending is not None
    spec = state.player(pending.player).tower.spec
    tools = {box for box, _, _ in spec.tools}
    for col in range(spec.width):
        cells = pending.cells_at(state, 0, col)
        if pending.block_problem(state, cells) is None and not (avoid_tools and tools & set(cells)):
            return cells
    raise AssertionError("no legal spot on the floor")


def centre(geo: SheetGeometry, cells: Cells) -> tuple[float, float]:
    """The logical point that puts a shape's middle over these boxes."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    x = geo.x0 + (min(cols) + (max(cols) - min(cols) + 1) / 2) * geo.cell
    y = geo.y0 + (min(rows) + (max(rows) - min(rows) + 1) / 2) * geo.cell
    return x, y

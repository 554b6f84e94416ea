"""Scoring: levels, triangles, tools, colour areas and the crane.

Level scores and completed tools are read from what the game recorded when they
happened (as a player writes them on the paper); colour areas compare all players'
sheets at the end; the crane sums the penalties under the purple spaces used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from rules.filled_in.config import rules_config
from rules.filled_in.placement import neighbours
from rules.filled_in.state import REMOTE, GameState, PlayerState
from rules.pieces import Cell


@dataclass(frozen=True)
class ScoreBreakdown:
    levels: int
    triangles: int
    tools: int
    colours: int
    crane: int  # zero or negative

    @property
    def total(self) -> int:
        return self.levels + self.triangles + self.tools + self.colours + self.crane

    def to_dict(self) -> dict[str, int]:
        return {**asdict(self), "total": self.total}


def largest_areas(grid: Mapping[Cell, str]) -> dict[str, int]:
    """For each block colour, the size of its largest orthogonally connected area."""
    best = {colour: 0 for colour in rules_config().colours}
    seen: set[Cell] = set()
    for start, colour in grid.items():
        if start in seen or colour not in best:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            cell = stack.pop()
            size += 1
            for n in neighbours(cell):
                if n not in seen and grid.get(n) == colour:
                    seen.add(n)
                    stack.append(n)
        best[colour] = max(best[colour], size)
    return best


def colour_area_winners(areas: Mapping[str, Mapping[str, int]]) -> dict[str, list[str]]:
    """For each colour, the players whose largest area is the biggest (ties all score)."""
    cfg = rules_config()
    out: dict[str, list[str]] = {}
    for colour in cfg.colours:
        top = max(a[colour] for a in areas.values())
        out[colour] = (
            [name for name, a in areas.items() if a[colour] == top]
            if top >= cfg.colour_area_minimum
            else []
        )
    return out


def triangle_points(state: GameState, player: PlayerState) -> int:
    cfg = rules_config()
    if state.variant == REMOTE:
        unmarked = [lv for lv in player.level_scores if lv not in player.marked]
        return len(unmarked) * cfg.remote_unmarked_level_points
    return len(player.triangles) * cfg.triangle_points


def crane_penalty(player: PlayerState) -> int:
    return sum(player.tower.spec.crane[: player.purples_used])


def tool_points(player: PlayerState) -> int:
    return sum(player.tools_done)  # a tool scores its own number


def score_breakdowns(state: GameState) -> dict[str, ScoreBreakdown]:
    """Every player's score now (the final score once the game has ended)."""
    areas = {p.name: largest_areas(p.tower.grid()) for p in state.players}
    winners = colour_area_winners(areas)
    return {p.name: player_breakdown(state, p, winners) for p in state.players}


def player_breakdown(
    state: GameState, player: PlayerState, area_winners: Mapping[str, Sequence[str]]
) -> ScoreBreakdown:
    """One player's score, given who wins each colour area (``colour_area_winners``)."""
    won = sum(1 for names in area_winners.values() if player.name in names)
    return ScoreBreakdown(
        levels=sum(player.level_scores.values()),
        triangles=triangle_points(state, player),
        tools=tool_points(player),
        colours=won * rules_config().colour_area_points,
        crane=-crane_penalty(player),
    )


def totals(state: GameState) -> dict[str, int]:
    return {name: b.total for name, b in score_breakdowns(state).items()}


def lowest_level_colours(player: PlayerState) -> int:
    """The tie-break count: different colours on level 1 (purple counts, as for levels)."""
    return len(player.tower.level_colours(1))


def ranking_winners(state: GameState) -> list[str]:
    """Highest total wins; among tied players, fewest colours on the lowest level."""
    scores = totals(state)
    top = max(scores.values())
    tied = [p for p in state.players if scores[p.name] == top]
    fewest = min(lowest_level_colours(p) for p in tied)
    return [p.name for p in tied if lowest_level_colours(p) == fewest]

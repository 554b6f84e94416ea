"""What one run measures: a scenario file's verdict, a threshold found by bisection,
or a random LOTS game's collapses. Plain frozen data, so runs travel to worker processes
and Dask workers as they are."""

from __future__ import annotations

from dataclasses import dataclass

from simulator.tuning.cases import BLOCK_HEIGHT, Family


@dataclass(frozen=True)
class ScenarioTarget:
    path: str  # absolute, for running
    label: str  # as the experiment names it (relative), for rows and keys


@dataclass(frozen=True)
class ThresholdTarget:
    family: Family
    tolerance: float  # percent (harmonic) or degrees (inclines)

    @property
    def label(self) -> str:
        return f"threshold:{self.family.label}"


@dataclass(frozen=True)
class LotsGameTarget:
    seed: int
    players: int
    decisions: int
    footprint: str = "1A"

    @property
    def label(self) -> str:
        return f"lots-game:{self.players}p:{self.footprint}:seed{self.seed}:{self.decisions}"


Target = ScenarioTarget | ThresholdTarget | LotsGameTarget


def describe(target: Target) -> dict[str, object]:
    """What identifies a target in a run's key (never an absolute path)."""
    if isinstance(target, ScenarioTarget):
        return {"scenario": target.label}
    if isinstance(target, ThresholdTarget):
        f = target.family
        ident: dict[str, object] = {
            "threshold": f.case,
            "n": f.n,
            "mu": f.mu,
            "width": f.width,
            "height": f.height,
            "tolerance": target.tolerance,
        }
        if f.block_height != BLOCK_HEIGHT:  # named only when set: older keys stay valid
            ident["block_height"] = f.block_height
        return ident
    return {
        "lots_game": target.seed,
        "players": target.players,
        "decisions": target.decisions,
        "footprint": target.footprint,
    }

"""LOTS footprints (the lot a tower is built on), read from assets/lots/footprints.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset


@dataclass(frozen=True)
class Footprint:
    id: str
    card: int
    side: str
    difficulty: int
    name: str
    ground: tuple[int, ...]  # per column, cells of raised ground

    @property
    def width(self) -> int:
        return len(self.ground)

    def ground_cells(self) -> frozenset[tuple[int, int]]:
        """The (row, col) cells that the ground itself fills."""
        return frozenset((r, c) for c, h in enumerate(self.ground) for r in range(h))


@cache
def footprints() -> dict[str, Footprint]:
    out = {}
    for entry in load_asset("lots/footprints.toml")["footprint"]:
        fp = Footprint(
            id=entry["id"],
            card=int(entry["card"]),
            side=entry["side"],
            difficulty=int(entry["difficulty"]),
            name=entry["name"],
            ground=tuple(int(h) for h in entry["ground"]),
        )
        out[fp.id] = fp
    return out


def get_footprint(footprint_id: str) -> Footprint:
    try:
        return footprints()[footprint_id]
    except KeyError:
        raise KeyError(
            f"unknown footprint {footprint_id!r} (known: {', '.join(sorted(footprints()))})"
        ) from None

"""Materials (density per area, friction, elasticity) from assets/physics/materials.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset


@dataclass(frozen=True)
class Material:
    name: str
    density: float  # g/cm^2 in 2D
    friction: float  # per shape; Chipmunk multiplies the pair
    elasticity: float


@cache
def materials() -> dict[str, Material]:
    data = load_asset("physics/materials.toml")
    return {
        name: Material(name, float(m["density"]), float(m["friction"]), float(m["elasticity"]))
        for name, m in data["material"].items()
    }


def default_material() -> Material:
    return materials()[load_asset("physics/materials.toml")["default"]]


def get_material(name: str) -> Material:
    try:
        return materials()[name]
    except KeyError:
        raise KeyError(
            f"unknown material {name!r} (known: {', '.join(sorted(materials()))})"
        ) from None

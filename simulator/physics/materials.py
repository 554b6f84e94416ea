"""Materials (density per area, friction, elasticity) from assets/physics/materials.toml.

A world is built with a materials table (``PhysicsProfile.materials``) and bodies take
their material from that world (``World.material``), so two worlds in one process may
run with different materials; ``materials()`` is only the table the assets define.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from rules.assets import load_asset

MATERIALS_FILE = "physics/materials.toml"


@dataclass(frozen=True)
class Material:
    name: str
    density: float  # g/cm^2 in 2D
    friction: float  # per shape; Chipmunk multiplies the pair
    elasticity: float

    def with_values(self, values: Mapping[str, float]) -> Material:
        """This material with some of its density, friction and elasticity replaced."""
        if unknown := set(values) - {"density", "friction", "elasticity"}:
            raise TypeError(f"not a material value: {', '.join(sorted(unknown))}")
        return Material(
            self.name,
            values.get("density", self.density),
            values.get("friction", self.friction),
            values.get("elasticity", self.elasticity),
        )


@dataclass(frozen=True)
class Materials:
    """A materials table: each material by name, and the one a body gets by default.

    Immutable and hashable, so it can be part of a (frozen) profile."""

    entries: tuple[Material, ...]
    default_name: str

    @functools.cached_property
    def _by_name(self) -> dict[str, Material]:
        return {m.name: m for m in self.entries}

    def __getitem__(self, name: str) -> Material:
        try:
            return self._by_name[name]
        except KeyError:
            known = ", ".join(sorted(self._by_name))
            raise KeyError(f"unknown material {name!r} (known: {known})") from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    @property
    def default(self) -> Material:
        return self[self.default_name]

    def with_values(self, name: str, **values: float) -> Materials:
        """The table with some of ``name``'s density, friction and elasticity replaced."""
        changed = self[name].with_values(values)
        entries = tuple(changed if m.name == name else m for m in self.entries)
        return replace(self, entries=entries)


@functools.cache
def materials() -> Materials:
    """The table the assets define (every profile's default)."""
    data = load_asset(MATERIALS_FILE)
    entries = tuple(
        Material(name, float(m["density"]), float(m["friction"]), float(m["elasticity"]))
        for name, m in data["material"].items()
    )
    return Materials(entries, data["default"])


@dataclass(frozen=True)
class MaterialChoice:
    """A material as a scenario file gives it: a table entry (None: the default), plus any
    values the file sets itself. Resolved against the table of the world the body enters,
    so a run with other materials (the tuning lab) changes what the file left to the table
    and keeps what it set."""

    name: str | None = None
    own: tuple[tuple[str, float], ...] = ()  # (field, value): density, friction, elasticity

    def resolve(self, table: Materials) -> Material:
        base = table[self.name] if self.name is not None else table.default
        return base.with_values(dict(self.own)) if self.own else base

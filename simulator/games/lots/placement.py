"""A LOTS placement step, as a move and a scenario action, and where the hand picks its
pieces up. Its own module so that the scripted match (match.py) and the live, mouse-driven
placement (live.py) share it without importing each other."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from rules.errors import IllegalMove

# Where the hand picks pieces up: left of the lot, above the tower.
PICKUP_LEFT = 8.0  # cm left of the lot's left edge
PICKUP_ABOVE = 10.0  # cm above the tallest body


@dataclass(frozen=True)
class Placement:
    """One placement step: the block (None when only a fallen cube is put back) and
    optionally a purple cube, each dropped with its bounding box's left edge at a column.
    ``nudge`` shifts the hand's target (cm), ``lower_speed`` and ``travel_height`` shape
    the hand's path (a careless path flies low). ``angle_error`` (degrees) and
    ``release_vx``/``release_vy`` (cm/s, a jolt on letting go) are a dexterity profile's
    noise, drawn when the player decides and recorded so a replay repeats it; so are
    ``travel_speed`` and ``tremor`` (hand model 2)."""

    block: str | None = None
    col: int = 0
    turns: int = 0
    mirror: bool = False
    cube: str | None = None
    cube_col: int | None = None
    lower_speed: float | None = None
    travel_height: float | None = None
    nudge: float = 0.0
    # A placement driven live (the app's mouse): per piece, hand targets as
    # [steps, x, y, angle degrees, mirrored 0/1] segments; col and turns are then unused.
    path: list[list[float]] | None = None
    cube_path: list[list[float]] | None = None
    angle_error: float = 0.0
    release_vx: float = 0.0
    release_vy: float = 0.0
    # How many times the hand lets a piece caught on a corner down again (a careful hand
    # feels it sit wrong; simulator.physics.seating). 0: it lets go wherever it stopped.
    feel: int = 0
    # Hand model 2 (docs/physics.md, "The hand model"): the hand's speed across (cm/s;
    # it then lowers all the way at lower_speed) and its tremor while it holds the piece,
    # [rms cm, Hz, half-band Hz, seed]. None: the fixed speeds, a steady hand.
    travel_speed: float | None = None
    tremor: list[float] | None = None

    @classmethod
    def from_action(cls, action: dict[str, Any]) -> Placement:
        """The placement a ``place`` action describes (IllegalMove: a key it has not)."""
        fields = {k: v for k, v in action.items() if k not in ("type", "player")}
        if isinstance(fields.get("tremor"), tuple):  # as a bot's draw holds it
            fields["tremor"] = list(fields["tremor"])
        try:
            return cls(**fields)
        except TypeError:
            unknown = sorted(set(fields) - set(cls.__dataclass_fields__))
            raise IllegalMove(f"a placement has no {', '.join(unknown)}") from None

    def as_action(self, player: str) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if v is not None}
        noise = ("nudge", "angle_error", "release_vx", "release_vy")
        defaults = (("turns", 0), ("mirror", False), ("feel", 0), *((k, 0.0) for k in noise))
        for key, default in defaults:
            if data.get(key) == default:
                del data[key]
        return {"type": "place", "player": player, **data}

"""Piece colours and their symbols (assets/colours.toml), and the screen's own tones."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset
from simulator.physics.world import Entry

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
FONT = "DejaVu Sans"  # every label, on screen and in PNGs

BACKGROUND: RGB = (236, 240, 244)
TABLE: RGB = (62, 110, 78)
WOOD: RGB = (196, 160, 110)
CARD: RGB = (238, 230, 210)
OUTLINE: RGB = (40, 36, 32)
BOUNDARY: RGB = (200, 40, 40)
INK: RGB = (28, 30, 36)

# Box kinds on a Crazy Tower floor card: a tone and a symbol each (house design,
# assets/crazy_tower/floor_cards.toml names the symbols; these are their screen forms).
BOX_TONES: dict[str, tuple[RGB, str]] = {
    "white": ((250, 250, 246), "none"),
    "red": ((214, 60, 50), "cross"),
    "diamonds": ((90, 150, 220), "diamonds"),
    "loop": ((120, 190, 110), "circle"),
    "exchange": ((240, 180, 60), "arrows"),
}


@dataclass(frozen=True)
class Colour:
    name: str
    rgb: RGB
    symbol: str


@cache
def colours() -> dict[str, Colour]:
    table = load_asset("colours.toml")["colour"]
    return {
        name: Colour(name, tuple(int(v) for v in spec["rgb"]), str(spec["symbol"]))  # type: ignore[arg-type]
        for name, spec in table.items()
    }


def colour(name: str) -> Colour:
    return colours().get(name, colours()["natural"])


def colour_name_of(entry: Entry) -> str:
    """The colour a body is painted: its piece's colour, else the colour its id starts
    with (Crazy Tower blocks are ``red-3b``), else natural wood."""
    if entry.piece is not None and entry.piece.colour:
        return entry.piece.colour
    prefix = entry.id.split("-", 1)[0]
    return prefix if prefix in colours() else "natural"


def contrast(rgb: RGB) -> RGB:
    """Dark ink on light colours, light ink on dark ones (symbols stay readable)."""
    r, g, b = rgb
    return (30, 30, 30) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 250, 250)

"""LOTS game content read from assets/lots/ and checked once: no game constants in code."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from rules.assets import load_asset
from rules.errors import AssetError
from rules.pieces import PieceSpec, piece_catalogue

TIMINGS = ("before_roll", "before_place", "after_score", "on_win")
EFFECTS = (
    "pick_block", "take_cube", "setback", "steal_card", "reroll", "insurance",
    "points", "floor_bonus", "colour_bonus", "salvage", "steal_win", "stop_work",
)  # fmt: skip
_NEEDS_AMOUNT = ("setback", "points", "floor_bonus", "colour_bonus", "stop_work")


@dataclass(frozen=True)
class GameContent:
    pile_order: tuple[str, ...]  # colours, left to right along the supply line
    blocks_per_pile: int
    solo_blocks_per_pile: int
    purple_cubes: int
    die_faces: tuple[str, ...]
    wild_face: str
    floor_points: int
    match_points: int
    targets: MappingProxyType[int, int]  # players -> winning score
    solo_target: int
    empty_piles_to_end: int
    crew_deal: int
    hand_limit: int
    cards_per_turn: int
    shape_colour: MappingProxyType[str, str]  # die face shape -> pile colour
    cube_colour: str
    max_replacements: int  # house rule: re-placing tries before a falling block is lost
    overhang: float  # cm a piece may reach past the footprint's outline (house)


@dataclass(frozen=True)
class ScoreTrack:
    length: int
    cube_spots: tuple[int, ...]
    crew_spots: tuple[int, ...]

    @property
    def bonus_spots(self) -> tuple[int, ...]:
        return tuple(sorted((*self.cube_spots, *self.crew_spots)))


@dataclass(frozen=True)
class CrewCard:
    id: str
    name: str
    timing: str
    effect: str
    text: str
    amount: int = 0
    margin: int = 0


def _lots_pieces() -> list[PieceSpec]:
    return [p for p in piece_catalogue().values() if p.family == "lots"]


@cache
def game_content() -> GameContent:
    data = load_asset("lots/game.toml")
    try:
        pieces = _lots_pieces()
        shape_colour = {
            p.shape: p.colour for p in pieces if p.shape != "cube" and p.colour is not None
        }
        cubes = [p for p in pieces if p.shape == "cube"]
        content = GameContent(
            pile_order=tuple(data["supply"]["pile_order"]),
            blocks_per_pile=int(data["supply"]["blocks_per_pile"]),
            solo_blocks_per_pile=int(data["supply"]["solo_blocks_per_pile"]),
            purple_cubes=int(data["supply"]["purple_cubes"]),
            die_faces=tuple(data["die"]["faces"]),
            wild_face=data["die"]["wild"],
            floor_points=int(data["scoring"]["floor"]),
            match_points=int(data["scoring"]["colour_match"]),
            targets=MappingProxyType({int(k): int(v) for k, v in data["win"]["targets"].items()}),
            solo_target=int(data["win"]["solo_target"]),
            empty_piles_to_end=int(data["win"]["empty_piles"]),
            crew_deal=int(data["crew"]["deal"]),
            hand_limit=int(data["crew"]["hand_limit"]),
            cards_per_turn=int(data["crew"]["per_turn"]),
            shape_colour=MappingProxyType(shape_colour),
            cube_colour=str(cubes[0].colour) if cubes else "",
            max_replacements=int(data["accidents"]["max_replacements"]),
            overhang=float(data["boundaries"]["overhang"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise AssetError(f"assets/lots/game.toml is malformed: {exc!r}") from None
    _check_game(content)
    return content


def _check_game(c: GameContent) -> None:
    if not c.cube_colour:
        raise AssetError("assets/pieces/lots.toml has no cube piece")
    if sorted(c.pile_order) != sorted(c.shape_colour.values()):
        raise AssetError("game.toml pile_order must name each block colour exactly once")
    shapes = [f for f in c.die_faces if f != c.wild_face]
    if sorted(shapes) != sorted(c.shape_colour) or c.wild_face not in c.die_faces:
        raise AssetError("game.toml die faces must be each block shape once plus the wild face")
    if c.solo_blocks_per_pile > c.blocks_per_pile:
        raise AssetError("game.toml: solo piles cannot hold more blocks than the full piles")
    if not 0.0 <= c.overhang <= 1.0:
        raise AssetError("game.toml: boundaries.overhang must be 0 to 1 cm")


@cache
def score_track() -> ScoreTrack:
    data = load_asset("lots/score_track.toml")
    try:
        track = ScoreTrack(
            length=int(data["length"]),
            cube_spots=tuple(sorted(int(s) for s in data["cube_spots"])),
            crew_spots=tuple(sorted(int(s) for s in data["crew_spots"])),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise AssetError(f"assets/lots/score_track.toml is malformed: {exc!r}") from None
    spots = track.bonus_spots
    if len(set(spots)) != len(spots) or any(s <= 0 for s in spots):
        raise AssetError("score_track.toml: bonus spots must be distinct and above the driveway")
    if len(track.cube_spots) > game_content().purple_cubes:
        raise AssetError("score_track.toml: more cube spots than purple cubes")
    return track


@cache
def crew_cards() -> MappingProxyType[str, CrewCard]:
    data = load_asset("lots/crew_cards.toml")
    cards: dict[str, CrewCard] = {}
    for entry in data.get("card", []):
        card = _card_from(entry)
        if card.id in cards:
            raise AssetError(f"crew_cards.toml: card id {card.id!r} is defined twice")
        cards[card.id] = card
    if not any(c.effect in ("steal_win", "stop_work") for c in cards.values()):
        raise AssetError("crew_cards.toml: at least one card must be able to steal the win")
    return MappingProxyType(cards)


def _card_from(entry: dict[str, Any]) -> CrewCard:
    try:
        card = CrewCard(
            id=entry["id"],
            name=entry["name"],
            timing=entry["timing"],
            effect=entry["effect"],
            text=entry["text"],
            amount=int(entry.get("amount", 0)),
            margin=int(entry.get("margin", 0)),
        )
    except KeyError as exc:
        raise AssetError(f"crew_cards.toml: a card lacks the key {exc}") from None
    if card.timing not in TIMINGS:
        raise AssetError(f"crew card {card.id!r}: unknown timing {card.timing!r}")
    if card.effect not in EFFECTS:
        raise AssetError(f"crew card {card.id!r}: unknown effect {card.effect!r}")
    if card.effect in _NEEDS_AMOUNT and card.amount <= 0:
        raise AssetError(f"crew card {card.id!r}: effect {card.effect} needs a positive amount")
    return card


def get_card(card_id: str) -> CrewCard:
    try:
        return crew_cards()[card_id]
    except KeyError:
        raise KeyError(f"unknown crew card {card_id!r}") from None

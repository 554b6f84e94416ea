"""The dice of LOTS: Filled In (assets/filled_in/dice.toml) and rolling them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset
from rules.chance import Chance
from rules.errors import AssetError
from rules.filled_in.config import rules_config

DICE_FILE = "filled_in/dice.toml"
WILD_LABEL = "?"


@dataclass(frozen=True)
class Face:
    """One face: a coloured shape, or the wild "?" (shape and colour both None)."""

    shape: str | None
    colour: str | None

    @property
    def wild(self) -> bool:
        return self.shape is None

    @property
    def label(self) -> str:
        return WILD_LABEL if self.wild else f"{self.colour} {self.shape}"


@dataclass(frozen=True)
class Die:
    id: int
    faces: tuple[Face, ...]

    def face_index(self, label: str | int) -> int:
        """The index of a face given by index or label ("?", "red L"); ValueError if none."""
        if isinstance(label, int) and not isinstance(label, bool):
            if 0 <= label < len(self.faces):
                return label
        else:
            for i, face in enumerate(self.faces):
                if face.label == label:
                    return i
        labels = ", ".join(repr(f.label) for f in self.faces)
        raise ValueError(f"die {self.id} has no face {label!r} (faces: {labels})")


@cache
def all_dice() -> tuple[Die, ...]:
    data = load_asset(DICE_FILE)
    cfg = rules_config()
    dice = []
    for entry in data.get("die", []):
        faces = []
        for raw in entry["faces"]:
            if raw.get("wild"):
                faces.append(Face(None, None))
                continue
            shape, colour = raw.get("shape"), raw.get("colour")
            if shape not in cfg.shape_letters or colour not in cfg.colours:
                raise AssetError(f"{DICE_FILE}: die {entry.get('id')} has a bad face {raw}")
            faces.append(Face(shape, colour))
        dice.append(Die(int(entry["id"]), tuple(faces)))
    if len({d.id for d in dice}) != len(dice):
        raise AssetError(f"{DICE_FILE}: die ids are not unique")
    return tuple(dice)


@cache
def dice_count(players: int) -> int:
    table = load_asset(DICE_FILE).get("dice_by_players", {})
    count = table.get(str(players))
    if count is None:
        raise ValueError(f"no dice count for {players} players (known: {', '.join(table)})")
    if int(count) > len(all_dice()):
        raise AssetError(f"{DICE_FILE}: {players} players need more dice than exist")
    return int(count)


def dice_for_players(players: int) -> tuple[Die, ...]:
    """The dice a game of ``players`` uses: the first ones of the set."""
    return all_dice()[: dice_count(players)]


def get_die(die_id: int) -> Die:
    for die in all_dice():
        if die.id == die_id:
            return die
    raise KeyError(f"unknown die {die_id}")


def too_many_wild(faces: list[Face]) -> bool:
    """The re-roll trigger: more than half of the dice show "?"."""
    wild = sum(1 for f in faces if f.wild)
    return wild > rules_config().reroll_fraction * len(faces)


def roll_die(die: Die, chance: Chance) -> int:
    return chance.below(len(die.faces))

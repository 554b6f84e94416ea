"""The six crew cards (assets/filled_in/crew.toml): one-time ways to break one rule."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset
from rules.errors import AssetError

CREW_FILE = "filled_in/crew.toml"

# The rule-breaking effects the engine knows; the cards in the data pick among them.
FREE_PLACEMENT = "free_placement"
ANY_COLOUR = "any_colour"
ANY_SHAPE = "any_shape"
SWAP_LEFTOVER = "swap_leftover"
EXTRA_PURPLE = "extra_purple"
CLAIM_TRIANGLE = "claim_triangle"
EFFECTS = frozenset(
    {FREE_PLACEMENT, ANY_COLOUR, ANY_SHAPE, SWAP_LEFTOVER, EXTRA_PURPLE, CLAIM_TRIANGLE}
)


@dataclass(frozen=True)
class CrewCard:
    id: str
    name: str
    effect: str
    text: str


@cache
def crew_cards() -> dict[str, CrewCard]:
    cards: dict[str, CrewCard] = {}
    for entry in load_asset(CREW_FILE).get("card", []):
        try:
            card = CrewCard(entry["id"], entry["name"], entry["effect"], entry["text"])
        except KeyError as exc:
            raise AssetError(f"{CREW_FILE}: a card lacks the key {exc}") from None
        if card.effect not in EFFECTS:
            raise AssetError(f"{CREW_FILE}: card {card.id!r} has unknown effect {card.effect!r}")
        if card.id in cards:
            raise AssetError(f"{CREW_FILE}: card {card.id!r} is defined twice")
        cards[card.id] = card
    return cards


def get_crew_card(card_id: str) -> CrewCard:
    try:
        return crew_cards()[card_id]
    except KeyError:
        raise KeyError(
            f"unknown crew card {card_id!r} (known: {', '.join(crew_cards())})"
        ) from None

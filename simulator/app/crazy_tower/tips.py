"""What Crazy Tower's components say when the mouse rests on them (tooltip.py): a box
of the card in the panel, a kind of box in the legend, a floor card laid on the tower,
the challenge's clock. What a box does is the content's own words (``box_effects``);
floors and boxes are counted as the engine counts them."""

from __future__ import annotations

from simulator.app.crazy_tower.facts import WHITE, boxes_text, content, floor_name, named, piece
from simulator.app.words import sentence, with_article

CLOCK_TIP = (
    "The time left for this challenge: your thinking time counts, and when it runs out "
    "the challenge is lost."
)
COVERS = ("white", "red")  # kinds whose words already say what covering them means


def kind_tip(kind: str) -> str:
    """What a kind of box does: ``A loop box: when a block covers it, the player ...``."""
    effect = content()["box_effects"].get(kind, "")
    if kind in COVERS or not effect:
        return sentence(f"{with_article(kind + ' box')}: {_lower(effect)}")
    return sentence(f"{with_article(kind + ' box')}: when a block covers it, {_lower(effect)}")


def box_tip(card: str, index: int) -> str:
    """Box ``index`` (from 0) of ``card``: its kind and what it does."""
    kind = piece(card)["boxes"][index]
    effect = kind_tip(kind).split(": ", 1)[1]
    return f"{boxes_text([index]).capitalize()} of {named(card)} is {with_article(kind)} box. " + (
        effect[0].upper() + effect[1:]
    )


def card_tip(card: str, floor: int) -> str:
    """A floor card on the tower: which floor, which card, its boxes that are not white."""
    boxes = piece(card)["boxes"]
    kinds: dict[str, list[int]] = {}
    for index, kind in enumerate(boxes):
        if kind != WHITE:
            kinds.setdefault(kind, []).append(index)
    where = f"{floor_name(floor)} is {named(card)}"
    if not kinds:
        return sentence(f"{where}: all its boxes are white")
    said = [
        f"{boxes_text(found)} is {with_article(kind + ' box')}"
        if len(found) == 1
        else f"{boxes_text(found)} are {kind} boxes"
        for kind, found in kinds.items()
    ]
    rest = ", the others are white" if sum(len(v) for v in kinds.values()) < len(boxes) else ""
    return sentence(f"{where}: {', '.join(said)}{rest}")


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]

"""Crafting: two drafted dice make one block, one die for the shape, one for the colour.

A single "?" must be the shape die and is wild (any shape); the other die gives the
colour. Two "?" make any shape in any colour. Crew cards may free the shape or colour.
"""

from __future__ import annotations

from rules.filled_in.config import rules_config
from rules.filled_in.crew import ANY_COLOUR, ANY_SHAPE
from rules.filled_in.dice import Face

Craft = tuple[str, str]  # (shape letter, colour)


def craft_options(first: Face, second: Face, effect: str | None = None) -> list[Craft]:
    """Every (shape, colour) the two faces can make, sorted; ``effect`` is a crew effect."""
    cfg = rules_config()
    options: set[Craft] = set()
    one_wild = first.wild != second.wild
    for shape_die, colour_die in ((first, second), (second, first)):
        if one_wild and not shape_die.wild:
            continue  # a single "?" must be used as the shape die
        wild_shape = shape_die.wild or effect == ANY_SHAPE
        shapes = cfg.shape_letters if wild_shape else (str(shape_die.shape),)
        # colour_die is wild here only when both are: two "?" make any colour too
        wild_colour = effect == ANY_COLOUR or colour_die.wild
        colours = cfg.colours if wild_colour else (str(colour_die.colour),)
        options.update((s, c) for s in shapes for c in colours)
    return sorted(options)


def craft_shapes(first: Face, second: Face, effect: str | None = None) -> list[str]:
    return sorted({shape for shape, _ in craft_options(first, second, effect)})


def cannot_craft(faces: tuple[Face, ...] | list[Face], colour: str, shape: str) -> str:
    """Why these dice cannot make this block, as a refusal says it (rules and app)."""
    dice = " and ".join(f.label for f in faces)
    article = "an" if colour[:1] in "aeiou" else "a"
    return f"the dice {dice} cannot craft {article} {colour} {shape} block"

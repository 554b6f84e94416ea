"""The crafting half of the Filled In turn controller (controller.FilledInTurns): the
choices that make the block (which die gives the shape, a free shape or colour, the
crew card, the Scavenger's swap), turning and flipping it, and purple mode; each says
in the message line what it did or why the rules refuse it. No pyglet here."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from simulator.app.filled_in.content import COLOURS, own_crew_card
from simulator.app.filled_in.turn import PendingTurn
from simulator.app.words import refusal, with_article


class CraftingControls:
    """What the crafting reads and changes of the controller it is part of."""

    pending: PendingTurn | None  # the active human's pencil turn
    purple_mode: bool  # a click on the sheet draws a purple space
    message: str
    dirty: bool

    @property
    @abstractmethod
    def state(self) -> Any:
        """The game's state now."""

    def _craft(self, **choices: Any) -> None:
        if self.pending is None:
            self.message = "Crafting comes once the draft is over."
            return
        problem = self.pending.change(self.state, **choices)
        if problem:
            self.message = refusal(problem)
        else:
            shape, name = self.pending.crafted(self.state)
            self.message = f"Crafted: {with_article(name + ' ' + shape)}. Move it over your sheet."
        self.dirty = True

    def shape_die(self, index: int) -> None:
        self._craft(shape_die=index)

    def swap_roles(self) -> None:
        """The other die gives the shape."""
        if self.pending is not None:
            self.shape_die(1 - self.pending.shape_die)

    def pick_shape(self, shape: str) -> None:
        if self.pending is not None and not self.pending.shape_free(self.state):
            self.message = "The shape comes from your shape die (it is not free)."
            return
        self._craft(shape_pick=shape)

    def pick_colour(self, name: str) -> None:
        if self.pending is not None and not self.pending.colour_free(self.state):
            self.message = "The colour comes from your colour die (it is not free)."
            return
        self._craft(colour_pick=name)

    def pick_colour_number(self, index: int) -> None:
        """The colour numbered ``index`` from 0 in the rulebook's order (none: nothing)."""
        if 0 <= index < len(COLOURS):
            self.pick_colour(COLOURS[index])

    def toggle_crew(self) -> None:
        if self.pending is None:
            self.message = "Your crew card is played with your block, in the place phase."
            return
        self._craft(crew=not self.pending.crew)
        if self.pending.crew:
            card = own_crew_card(self.state, self.pending.player)
            self.message = f"Playing {card['name']}: {card['text']}"

    def set_swap(self, swap: int | None) -> None:
        self._craft(swap=swap)

    def cycle_swap(self) -> None:
        if self.pending is not None:
            options = [None, 0, 1]
            self.set_swap(options[(options.index(self.pending.swap) + 1) % 3])

    def turn(self, quarter_turns: int) -> None:
        if self.pending is not None:
            self.pending.turn(quarter_turns)

    def flip(self) -> None:
        if self.pending is not None:
            self.pending.flip()

    def toggle_purple(self) -> None:
        if self.pending is None:
            self.message = "Purple spaces are drawn with your block, in the place phase."
            return
        self.purple_mode = not self.purple_mode
        self.message = (
            "Purple space: click a box of your sheet to fill it in purple."
            if self.purple_mode
            else "Back to your block."
        )
        self.dirty = True

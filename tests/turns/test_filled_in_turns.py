"""The Filled In turn controller on its own: whole turns played without a window (no
pyglet: a fresh process that imports it proves it), the people's moves, the pencil and
its undo, the computer seats, a load."""

from __future__ import annotations

from pathlib import Path

from rules.filled_in.state import ENDED, PLACE, ROLL
from simulator.app.filled_in import session
from simulator.app.filled_in.controller import NOTHING_TO_UNDO, FilledInTurns
from tests.turns.filled_in_turns import (
    Cells,
    centre,
    computer_moves,
    legal_spot,
    new_turns,
    until_placing,
)
from tests.without_hooks import run_without_hooks

ROOT = Path(__file__).resolve().parents[2]


def _point(turns: FilledInTurns) -> tuple[Cells, tuple[float, float]]:
    """Floor boxes where the crafted block may go, and the point that snaps it there."""
    cells = legal_spot(turns)
    return cells, centre(turns.geometry(), cells)


def test_the_controller_imports_no_pyglet() -> None:
    probe = (
        "import sys; import simulator.app.filled_in.controller; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pyglet'))"
    )
    assert run_without_hooks(probe, ROOT, ROOT) == ["[]"]


def test_the_roll_and_the_draft_say_what_happened_and_what_is_refused() -> None:
    turns, moved = new_turns(("Ann", "human"), ("Bo", "human"))
    turns.draft(0)
    assert turns.message == "Nobody of yours drafts now." and not moved
    roller = turns.active()
    assert roller is not None and turns.movers() == [roller]
    turns.roll()
    assert turns.message.startswith(f"{roller} rolled ") and len(moved) == 1
    assert moved[0][-1]["type"] == "roll" and turns.drafting()
    turns.roll()
    assert turns.message == "It is not your roll." and len(moved) == 1
    dice = len(turns.state.dice)
    turns.draft(dice)
    assert turns.message == f"There is no die {dice + 1}: dice 1 to {dice}."
    drafter = turns.active()
    turns.draft(0)
    assert turns.message.startswith(f"{drafter} drafted die 1, ") and len(moved) == 2
    turns.dirty = False
    turns.draft(0)
    assert turns.message == f"Die 1 is taken: {drafter} drafted it." and turns.dirty
    assert len(turns.match.actions) == 2


def test_a_whole_turn_in_pencil_then_in_ink_without_a_window() -> None:
    turns, moved = new_turns(("Ann", "human"), ("Bo", "human"))
    until_placing(turns)
    pending, state = turns.pending, turns.state
    assert pending is not None and turns.viewed == turns.seat(pending.player)
    first = pending.player
    other = next(p.name for p in state.players if p.name != first)
    turns.confirm()
    assert turns.message.startswith("Draw your block first")
    turns.turn(1)
    turns.flip()
    assert (pending.turns, pending.mirror) == (3, True)  # flipped as seen
    cells, (x, y) = _point(turns)
    turns.mouse = (x, y)
    assert turns.ghost() == (cells, pending.crafted(state)[1], None)
    turns.view(turns.seat(other))
    assert turns.ghost() is None  # only over the player's own sheet
    turns.click_at(x, y)
    assert turns.message == f"This is {other}'s sheet: Tab to yours." and turns.live is None
    turns.view(turns.seat(first))
    turns.click_at(x, y)
    assert pending.block == cells and turns.live is pending
    assert turns.message.startswith("Drawn in pencil") and turns.ghost() is None
    turns.toggle_purple()
    assert turns.purple_mode and "purple" in turns.message
    turns.toggle_purple()
    turns.undo()
    assert turns.message == "Rubbed out the block." and turns.live is None
    turns.undo()
    assert turns.message == NOTHING_TO_UNDO
    turns.click_at(x, y)
    actions = len(turns.match.actions)
    turns.confirm()
    assert len(turns.match.actions) == actions + 1
    assert turns.match.actions[-1]["cells"] == [list(c) for c in cells]
    assert moved[-1][0]["type"] == "place" and moved[-1][0]["player"] == first
    # The other person places now: their own pencil turn, their sheet in view.
    assert turns.pending is not None and turns.pending.player == other
    assert turns.viewed == turns.seat(other)


def test_crafting_refusals_are_read_as_sentences() -> None:
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"))
    until_placing(turns)
    pending, state = turns.pending, turns.state
    assert pending is not None
    if not pending.colour_free(state):
        turns.pick_colour_number(1)
        assert turns.message == "The colour comes from your colour die (it is not free)."
    turns.cycle_swap()  # the Scavenger alone swaps a die
    assert turns.message.startswith("Refused: ") and pending.swap is None
    _, (x, y) = _point(turns)
    turns.click_at(x, y)
    turns.swap_roles()  # drawn already: the crafting is fixed
    assert turns.message == "Refused: undo what you drew first (Backspace) to change the crafting."


def test_a_computer_waits_for_the_people_to_place_and_its_block_stays_in_view() -> None:
    turns, _ = new_turns(("Ann", "human"), ("Cy", "random"), seed=3)
    until_placing(turns)
    assert turns.state.phase == PLACE and turns.computer_to_move() is None
    _, (x, y) = _point(turns)
    turns.click_at(x, y)
    turns.confirm()
    assert turns.pending is None and turns.active() is None
    name = computer_moves(turns)
    assert name == "Cy" and turns.viewed == turns.seat("Cy")  # the block it drew
    words = turns.computer_words()
    assert "Cy drew a" in words and words.endswith(turns.what_now())
    assert turns.hand_over("Cy") is False  # the random player already
    turns.game.computers["Cy"] = "easy"
    assert turns.hand_over("Cy") is True and turns.game.computers["Cy"] == "random"


def test_computer_seats_play_a_whole_game_with_the_moves_they_always_made() -> None:
    """Every seat's move comes from the game's computer players (its registry
    ``computer`` part), the random seat's stream keyed by the seed and the moves made:
    the game they played before they went through the one seat driver, move for move.
    Pinned anew when ``easy`` became the rule of thumb (issue 42, bots_playout.py)."""
    turns, _ = new_turns(("Ann", "easy"), ("Bo", "random"), ("Cy", "easy"), seed=2)
    while turns.computer_to_move() is not None:
        computer_moves(turns)
    assert turns.state.phase == ENDED and len(turns.match.actions) == 139
    digest = "df357f1169bc5456ab00bbfaebe655e6d60c690e6cb5b1f4cc01421e5c49e80d"
    assert turns.match.state_hash() == digest


def test_tabs_name_who_plays_each_seat() -> None:
    turns, _ = new_turns(("Ann", "human"), ("Cy", "easy"))
    assert turns.label("Cy", {}) == "computer, easy"
    assert turns.label("Ann", {}) == "you"  # the one person at this desk
    assert turns.label("Cy", {"Cy": "online"}) == "online"  # another desk's seat
    people, _ = new_turns(("Ann", "human"), ("Bo", "human"))
    assert people.label("Ann", {}) == ""


def test_a_loaded_game_drops_the_pencil_and_shows_its_first_sheet() -> None:
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"), ("Cy", "human"))
    until_placing(turns)
    _, (x, y) = _point(turns)
    turns.click_at(x, y)
    turns.view(2)
    smaller, _ = new_turns(("Di", "human"), ("Ed", "random"))
    game = smaller.game
    turns.adopt(game)
    assert turns.game is game and turns.live is None and turns.viewed == 0
    assert turns.state.phase == ROLL and turns.active() == "Di"


def test_an_ended_game_marks_nobody_to_move_and_says_so() -> None:
    game = session.load(ROOT / "scenarios/filled-in/game-end-tie-break.toml")
    turns = FilledInTurns(game)
    assert turns.state.phase == ENDED and turns.pending is None and turns.active() is None
    assert turns.arrows() == set() and turns.what_now() == "the game is over."
    totals = {name: b.total for name, b in turns.scores().items()}
    assert set(totals) == {p.name for p in turns.state.players} and max(totals.values()) > 0
    turns.confirm()
    assert turns.message == "Nothing to confirm: the game is over."

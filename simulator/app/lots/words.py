"""The LOTS screen's sentences: every event of the rules' log in words a player reads.

Past tense throughout, so "You" and a name take the same verb; floors are counted from
1 as the screen shows them; a piece is named by its colour and shape ("the orange I"),
never by its instance id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.engine import Outcome
from simulator.app.lots.material import card_name, engine, piece_name, players
from simulator.app.table_rules import UNDO_OFFERED
from simulator.app.words import (
    YOU,
    agree,
    counted,
    listed,
    possessive,
    sentence,
    whom,
    wins,
    with_article,
)

ENDINGS = {
    "target": "the target score is reached",
    "piles": "three supply piles are empty, and the highest score wins",
    "stolen": "the win was stolen with Eminent Domain",
    "solo_target": "the solo game is won",
    "solo_piles": "three supply piles ran out before 40 points",
    "solo_fall": "a piece fell, and the solo game is lost",
}
SILENT = ("setup", "turn_start", "deal_crew")
# What the game waits for (LotsState.phase), as the panel's title says it.
PHASES = {
    "roll": "rolling the die",
    "supply": "choosing a pile",
    "place": "placing",
    "replace": "putting back what fell",
    "give_crew": "giving a crew card away",
    "bonus": "crew cards may be played",
    "steal": "a last chance to steal the win",
    "over": "game over",
}


def floors_text(floors: Iterable[int]) -> str:
    """Floors as the screen counts them, from 1: ``floor 1``, ``floors 1 and 2``."""
    numbers = [str(f + 1) for f in floors]
    return ("floor " if len(numbers) == 1 else "floors ") + listed(numbers)


def phase_text(phase: str) -> str:
    """``rolling the die``: what the game waits for, in words."""
    return PHASES.get(phase, phase.replace("_", " "))


def spot_name(spot: Any) -> str:
    """A spot of the score track as the track shows it: ``the driveway`` (0), ``spot 12``."""
    return "the driveway" if spot == 0 else f"spot {spot}"


def event_text(event: Mapping[str, Any]) -> str | None:
    """One event as a sentence, or None for the bookkeeping the screen does not tell."""
    kind = event["type"]
    if kind in SILENT:
        return None
    text = _TELL.get(kind)
    if text is None:  # a new kind of event: still a plain sentence
        return f"{event.get('player') or 'The game'}: {kind.replace('_', ' ')}."
    return text(event.get("player") or "", event)


def said(events: Sequence[Mapping[str, Any]]) -> str:
    """Events as sentences, one after another; a fall the placement's own sentence told
    already ("..., but it fell.") is not told twice."""
    told_fallen: set[str] = set()
    sentences = []
    for event in events:
        if event["type"] == "fall" and set(event.get("pieces") or []) <= told_fallen:
            continue
        if event["type"] == "place":
            told_fallen |= set(event.get("fallen") or [])
        text = event_text(event)
        if text:
            sentences.append(text)
    return " ".join(sentences)


def _roll(who: str, e: Mapping[str, Any]) -> str:
    face = e.get("face")
    if face == "?":
        return f"{who} rolled the wild face: any shape may be taken."
    return f"{who} rolled {with_article(str(face))}."


def _place(who: str, e: Mapping[str, Any]) -> str:
    placed = [piece_name(p) for p in (e.get("block"), e.get("cube")) if p]
    text = f"{who} placed {listed(placed)}" if placed else f"{who} placed nothing"
    fell = [piece_name(p) for p in e.get("fallen") or []]
    if fell and fell == placed:  # what was placed fell itself, and only that
        text += f", but {'it' if len(fell) == 1 else 'both'} fell"
    elif fell:
        text += f", and {listed(fell)} fell"
    return text + "."


def _turn_score(who: str, e: Mapping[str, Any]) -> str:
    if e.get("accident") and not e.get("insured"):
        return f"{possessive(who, start=True)} turn scores 0 points: there was an accident."
    points = int(e.get("points", 0))
    reasons = []
    if e.get("floors"):
        reasons.append(f"{floors_text(e['floors'])} completed")
    matches = len(e.get("matches") or [])
    if matches:
        reasons.append(counted(matches, "colour match", "colour matches"))
    return f"{who} scored {counted(points, 'point')}" + (
        f": {listed(reasons)}." if reasons else "."
    )


def _score(who: str, e: Mapping[str, Any]) -> str | None:
    why = e.get("why")
    bumped = int(e.get("bumped", 0))
    if why == "turn" and not bumped:
        return None  # the turn's score says it already
    text = f"{possessive(who, start=True)} inspector moved to {spot_name(e.get('spot'))}"
    if why != "turn":
        text += f" ({card_name(str(why))})"
    if bumped:
        text += f", past {counted(bumped, 'occupied spot')}"
    return text + "."


def _move_back(who: str, e: Mapping[str, Any]) -> str:
    return (
        f"{possessive(who, start=True)} inspector moved back to {spot_name(e.get('spot'))} "
        f"({card_name(str(e.get('why')))})."
    )


def _would_win(who: str, e: Mapping[str, Any]) -> str:
    winners = listed(e.get("winners") or [])
    if e.get("reason") == "piles":
        return f"Three supply piles are empty: {winners} would win unless a crew card steals it."
    return f"{winners} reached the target score and would win unless a crew card steals it."


def _game_end(who: str, e: Mapping[str, Any]) -> str:
    winners = list(e.get("winners") or [])
    why = ENDINGS.get(str(e.get("reason")), str(e.get("reason")))
    if not winners:
        return f"The game is over: {why}."
    return f"{agree(listed(winners), 'win')}: {why}."


_TELL: dict[str, Any] = {
    "setup_roll": lambda who, e: (
        f"{who} rolled {with_article(str(e.get('face')))} for a starting block."
        if e.get("face") != "?"
        else f"{who} rolled the wild face for a starting block."
    ),
    "roll": _roll,
    "take_block": lambda who, e: f"{who} took {piece_name(e['block'])} from the supply.",
    "marker_move": lambda who, e: f"The marker moved to the {e.get('to')} pile.",
    "place": _place,
    "fall": lambda who, e: sentence(f"{listed(piece_name(p) for p in e.get('pieces') or [])} fell"),
    "accident": lambda who, e: f"Accident: {piece_name(e['piece'])} leaves the game.",
    "lost_block": lambda who, e: sentence(
        f"{piece_name(e['piece'])} fell again after {e.get('tries')} tries and leaves the game"
    ),
    "replace": lambda who, e: (
        f"{who} must put "
        f"{listed(piece_name(p) for p in (e.get('block'), e.get('cube')) if p)} back."
    ),
    "turn_score": _turn_score,
    "score": _score,
    "move_back": _move_back,
    "award_cube": lambda who, e: (
        f"{who} reached {spot_name(e.get('spot'))} and took its purple cube."
        if e.get("cube")
        else f"{who} reached {spot_name(e.get('spot'))}; its purple cube was taken before."
    ),
    "award_crew": lambda who, e: f"{who} reached crew spot {e.get('spot')}.",
    "draw_crew": lambda who, e: (
        f"You drew {card_name(str(e.get('card')))}." if who == YOU else f"{who} drew a crew card."
    ),
    "crew_owed": lambda who, e: f"{who} must give a crew card away before drawing the next.",
    "crew_deck_empty": lambda who, e: "The crew deck is empty: no card to draw.",
    "give_crew": lambda who, e: (
        f"{who} gave {card_name(str(e.get('card')))} to {whom(str(e.get('to')))}."
    ),
    "give_crew_discarded": lambda who, e: (
        f"{who} gave up {card_name(str(e.get('card')))}: {agree(str(e.get('to')), 'hold')} "
        "two crew cards already, so it is discarded."
    ),
    "play_crew": lambda who, e: f"{who} played {card_name(str(e.get('card')))}.",
    "take_cube": lambda who, e: f"{who} took the purple cube from {spot_name(e.get('spot'))}.",
    "steal_card": lambda who, e: f"{who} took a crew card from {whom(str(e.get('victim')))}.",
    "return_block": lambda who, e: f"{who} returned {piece_name(e['block'])} to the supply.",
    "salvage": lambda who, e: f"{who} salvaged {piece_name(e['block'])} for the supply.",
    "pass": lambda who, e: f"{who} passed.",
    "taken_back": lambda who, e: (
        f"{piece_name(e['piece']).capitalize()} came to rest off the lot and is taken back: "
        f"{e.get('reason')}."
    ),
    "would_win": _would_win,
    "game_end": _game_end,
}


def ending_words(state: Any, outcome: Outcome, winners: list[str], scores: dict[str, int]) -> tuple:
    """The results card's words for a finished game: (headline, why it ended, the
    score column's heading)."""
    reason = str(outcome.reason)
    why = ENDINGS.get(reason, reason)
    names = players(state)
    if len(names) == 1:
        name = names[0]
        result = "won the solo game with" if winners else "lost the solo game, with"
        headline = f"{name} {result} {counted(scores[name], 'point')}."
    else:
        headline = wins(winners, scores)
    return headline, sentence(why), "Points"


def told(before: Any, after: Any) -> str:
    """What a placement did (the rules' events from state ``before`` to ``after``)."""
    lots = engine()
    return said(lots.events(after)[len(lots.events(before)) :]) or "The piece is placed."


def verdict(before: Any, after: Any) -> str:
    """The rules' verdict on a settled placement, in words."""
    return f"Verdict: {told(before, after)} {UNDO_OFFERED}"

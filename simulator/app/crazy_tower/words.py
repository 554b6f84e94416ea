"""The Crazy Tower screen's sentences: events, verdicts and what the player must do.

Past tense for what happened, so "You" and a name take the same verb; blocks and floor
cards are named as the rules' refusals name them (the engine's content: ``named``),
floors and boxes as players count them (the starting card is the ground floor, a card's
boxes count from 1 at its left end). Hidden events (who the saboteur is) are never put
in words while the game runs. What a state says is read as the engine describes it
(``facts.Seen``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.engine import Outcome
from simulator.app.crazy_tower.facts import (
    COMPETITIVE,
    DIAMONDS,
    ENGINE,
    EXCHANGE,
    LAY_CARD,
    OVER,
    PLACE,
    REPLACE,
    SABOTEUR,
    SOLO,
    TURN,
    WHITE,
    Seen,
    boxes_text,
    card_title,
    challenge,
    floor_name,
    named,
    seen,
    top_card,
)
from simulator.app.table_rules import UNDO_OFFERED
from simulator.app.words import (
    YOU,
    agree,
    counted,
    listed,
    possessive,
    refusal,
    sentence,
    whom,
    wins,
)

# The results rank the points left in hand: the fewest is the best (rules/crazy_tower).
FEWER_POINTS_BETTER = True
SKIPPED = ("setup", "turn_start", "play_again")  # play_again: the loop event said it
REASONS = {
    "last_block": "the last block is placed",
    "collapse": "the tower collapsed",
    "stalemate": "nobody can place a block",
    "out_of_time": "the time is up",
    "challenge_failed": "the challenge is failed",
}
SKIPPED_BOX = {
    "diamonds_skipped": "The diamonds box does nothing: no block on a lower floor card "
    "may be pulled out.",
    "exchange_skipped": "The exchange box does nothing: nobody has an unplayed block to swap.",
}


def pieces_text(pieces: Iterable[str]) -> str:
    return listed(named(p) for p in pieces)


def winners_text(winner: Any) -> str:
    """``Ann wins``, ``You win``, ``Ann and Bob win``, ``nobody wins``."""
    if not winner:
        return "nobody wins"
    names = winner if isinstance(winner, list) else [winner]
    return agree(listed(names), "win")


def event_text(event: Mapping[str, Any]) -> str | None:
    """One event as a sentence, or None for events the screen does not tell."""
    kind = event["type"]
    who = event.get("player") or ""
    if kind in SKIPPED or event.get("hidden"):
        return None
    tell = _TELL.get(kind)
    if tell is None:  # a new kind of event: still a plain sentence
        return sentence(f"{who or 'the game'}: {kind.replace('_', ' ')}")
    return tell(who, event)


def _placed(who: str, e: Mapping[str, Any]) -> str:
    text = f"{who} placed {named(e['block'])} on {floor_name(e['floor'])}"
    boxes = e.get("boxes") or []
    if boxes:
        text += f" ({named(e['card'])}, {boxes_text(boxes)})"
    special = [k for k in e.get("kinds") or [] if k != WHITE]
    if special:
        text += f", covering the {listed(special)} box{'es' if len(special) > 1 else ''}"
    return text + "."


def _replaced(who: str, e: Mapping[str, Any]) -> str:
    piece = named(e["piece"])
    if e.get("held"):
        return f"{who} put {piece} back on the tower."
    return f"{who} put {piece} back, and it fell again."


def _game_over(who: str, e: Mapping[str, Any]) -> str:
    reason = REASONS.get(e["reason"], e["reason"].replace("_", " "))
    return f"Game over: {reason}, and {winners_text(e.get('winner'))}."


_TELL: dict[str, Any] = {
    "block_placed": _placed,
    "card_revealed": lambda who, e: f"{who} revealed the next floor card: {card_title(e['card'])}.",
    "card_laid": lambda who, e: (
        f"{who} laid {named(e['card'])} on the tower as {floor_name(e['floor'])}."
    ),
    "piece_fell": lambda who, e: sentence(f"{named(e['piece'])} fell"),
    "replacement_needed": lambda who, e: f"{who} must put back {pieces_text(e['pieces'])}.",
    "piece_replaced": _replaced,
    "block_removed": lambda who, e: (
        f"{who} pulled {named(e['block'])} out of {floor_name(e['floor'])} "
        f"and gave it back to {whom(e['to'])}."
    ),
    "removal_declined": lambda who, e: f"{who} chose not to pull a block out (diamonds box).",
    "diamonds_skipped": lambda who, e: SKIPPED_BOX["diamonds_skipped"],
    "exchange_skipped": lambda who, e: SKIPPED_BOX["exchange_skipped"],
    "exchange": lambda who, e: (
        f"{who} gave {named(e['give'])} to {whom(e['other'])} for {named(e['take'])}."
    ),
    "loop": lambda who, e: f"Loop box: {agree(who, 'play')} again.",
    "pass": lambda who, e: f"{who} passed.",
    "collapse": lambda who, e: (
        f"The tower collapsed on {possessive(who)} turn: {pieces_text(e['fallen'])} fell."
    ),
    "game_over": _game_over,
    "refused": lambda who, e: refusal(e["reason"]),
}


def events_text(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """The events' sentences. A card laid and then fallen in the same move never became a
    floor: the rules' event names the floor it was laid on (the tower's top), so it is
    said as laid on that floor, not as that floor."""
    told = []
    for index, event in enumerate(events):
        fell = event["type"] == "card_laid" and _falls_later(event["card"], events[index + 1 :])
        if fell and not event.get("hidden"):
            told.append(
                f"{event.get('player') or ''} laid {named(event['card'])} on "
                f"{floor_name(event['floor'])}."
            )
        else:
            told.append(event_text(event) or "")
    return [t for t in told if t]


def _falls_later(piece: str, events: Sequence[Mapping[str, Any]]) -> bool:
    return any(e["type"] == "piece_fell" and e.get("piece") == piece for e in events)


def said(events: Sequence[Mapping[str, Any]], last: int | None = None) -> str:
    """The events' sentences (the ``last`` few told, if given), one after another."""
    told = events_text(events)
    return " ".join(told[-last:] if last else told)


def verdict(before: Any, after: Any) -> str:
    """The rules' verdict on a settled move from state ``before`` to ``after``, in words."""
    new_events = ENGINE.events(after)[len(ENGINE.events(before)) :]
    text = said(new_events) or "Nothing changed."
    was, now = seen(before)["players"], seen(after)
    changed = [p for p, held in now["players"].items() if held["hand"] != was[p]["hand"]]
    if changed and now["phase"] != OVER:
        text += " " + " ".join(
            f"{agree(p, 'now hold')} {counted(now['scores'][p], 'point')}." for p in changed
        )
    return f"Verdict: {text} {UNDO_OFFERED}"


def ending_text(state: Seen) -> str:
    """Why the game ended and who won, in words (not the rules' own ``detail``, written
    for the log: it says "their" for "You")."""
    result = state["result"] or {}
    reason = result.get("reason")
    winner = result.get("winner")
    who, mode, saboteur = state["current"], state["mode"], state["saboteur"]
    if reason == "last_block" and mode == COMPETITIVE:
        why = f"{who} placed {possessive(who)} last block"
    elif reason == "last_block" and mode == SABOTEUR:
        role = "the saboteur" if who == saboteur else "an architect"
        why = f"{who}, {role}, placed {possessive(who)} last block"
    elif reason == "collapse" and mode == SABOTEUR:
        role = "the saboteur's" if who == saboteur else "an architect's"
        why = f"the tower collapsed on {role} turn"
    elif reason == "collapse" and mode == COMPETITIVE:
        why = f"{who} collapsed the tower, so the lowest score among the others wins"
    elif reason == "stalemate" and mode == COMPETITIVE:
        why = "nobody can place a block, so the lowest score wins"
    elif reason == "challenge_failed":  # the rules' detail: "challenge 4: floor 1 holds ..."
        detail = str(result.get("detail") or "")
        why = f"challenge {state['challenge']} is failed: {detail.split(': ', 1)[-1]}"
    else:
        why = REASONS.get(str(reason), str(reason).replace("_", " "))
    return f"Game over: {why}. {sentence(winners_text(winner))}"


def todo(game: Any) -> str:
    """What the player to act must do now in ``game`` (a state of the engine), for the
    panel and the messages."""
    state = seen(game)
    phase = state["phase"]
    if phase == OVER:
        return ending_text(state)
    turn = f"{possessive(state['current'], start=True)} turn"
    if phase == TURN:
        return f"{turn}: place a block on the top floor card, or reveal a floor card (V)."
    if phase == LAY_CARD and state["revealed"]:
        name = card_title(state["revealed"])
        return f"{turn}: lay the revealed floor card, {name}, on the tower."
    if phase == PLACE:
        return f"{turn}: place a block on the new floor card, {card_title(top_card(state))}."
    if phase == REPLACE:
        return f"{turn}: put back what fell ({pieces_text(state['down'])}) before going on."
    if phase == DIAMONDS:
        return (
            f"{turn}: the diamonds box lets you pull a block out of a lower floor (click it), "
            "or decline (D)."
        )
    if phase == EXCHANGE:
        return f"{turn}: the exchange box makes you give one of your blocks for another player's."
    return f"{turn}."


def challenge_text(state: Seen) -> str | None:
    if state["challenge"] is None:
        return None
    number = state["challenge"]
    return sentence(f"Challenge {number}: {challenge(number)['text']}")


def role_text(player: str, saboteur: bool) -> tuple[str, str]:
    """(headline, explanation) of a saboteur-mode player's secret role."""
    if saboteur:
        return (
            f"{player}, you are the SABOTEUR",
            "Make the tower collapse on an architect's turn, or place all of your blocks. "
            "Collapse it on your own turn and the architects win. Keep it secret.",
        )
    return (
        f"{player}, you are an ARCHITECT",
        "Place your last block without a collapse, or see the tower fall on the "
        "saboteur's turn. One of the other players is the saboteur: watch them.",
    )


def clock_text(seconds: float) -> str:
    seconds = max(0.0, seconds)
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def ending_words(
    state: Any, outcome: Outcome, winners: list[str], scores: Mapping[str, int]
) -> tuple[str, str, str]:
    """The results card's words for a finished game (a state of the engine): (headline,
    why it ended, the score column's heading)."""
    shown = seen(state)
    # The game's own ending, "Game over: why. Who wins.": the card says the rest.
    who = " " + sentence(winners_text((shown["result"] or {}).get("winner")))
    detail = ending_text(shown).removeprefix("Game over: ").removesuffix(who)
    heading = "Points left in hand (fewer is better)"
    if shown["mode"] == SABOTEUR:
        saboteur = shown["saboteur"]
        unmasked = "You were the saboteur." if saboteur == YOU else f"{saboteur} was the saboteur."
        if winners == [saboteur]:
            headline = (
                "You win as the saboteur."
                if saboteur == YOU
                else f"The saboteur, {saboteur}, wins."
            )
        elif winners:
            headline = f"The architects win: {listed(winners)}. {unmasked}"
        else:
            headline = "Nobody wins."
    elif shown["mode"] == SOLO:
        number = shown["challenge"]
        played = f"challenge {number}" if number is not None else "solo tower"
        headline = sentence(f"{played} {'won' if winners else 'lost'}")
    else:
        headline = wins(winners, None)
    return headline, sentence(detail), heading

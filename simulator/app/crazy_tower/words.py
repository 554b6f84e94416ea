"""The Crazy Tower screen's sentences: events, verdicts and what the player must do.

Past tense for what happened, so "You" and a name take the same verb; blocks, floor
cards, floors and boxes are named as players name them (``rules.crazy_tower.names``,
which the rules' refusals use too). Hidden events (who the saboteur is)
are never put in words while the game runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.crazy_tower import get_card, get_challenge, scores
from rules.crazy_tower.names import block_name, boxes_text, card_name, floor_name, piece_name
from rules.crazy_tower.state import (
    COMPETITIVE,
    DIAMONDS,
    EXCHANGE,
    LAY_CARD,
    OVER,
    PLACE,
    REPLACE,
    SABOTEUR,
    TURN,
    CrazyTowerState,
)
from simulator.app.words import agree, counted, listed, possessive, refusal, sentence, whom

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
    return listed(piece_name(p) for p in pieces)


def winners_text(winner: Any) -> str:
    """``Ann wins``, ``You win``, ``Ann and Bob win``, ``nobody wins``."""
    if not winner:
        return "nobody wins"
    names = winner if isinstance(winner, list) else [winner]
    return agree(listed(names), "win")


def event_text(event: dict[str, Any]) -> str | None:
    """One event as a sentence, or None for events the screen does not tell."""
    kind = event["type"]
    who = event.get("player") or ""
    if kind in SKIPPED or event.get("hidden"):
        return None
    tell = _TELL.get(kind)
    if tell is None:  # a new kind of event: still a plain sentence
        return sentence(f"{who or 'the game'}: {kind.replace('_', ' ')}")
    return tell(who, event)


def _placed(who: str, e: dict[str, Any]) -> str:
    text = f"{who} placed {block_name(e['block'])} on {floor_name(e['floor'])}"
    boxes = e.get("boxes") or []
    if boxes:
        text += f" ({card_name(e['card'])}, {boxes_text(boxes)})"
    special = [k for k in e.get("kinds") or [] if k != "white"]
    if special:
        text += f", covering the {listed(special)} box{'es' if len(special) > 1 else ''}"
    return text + "."


def _replaced(who: str, e: dict[str, Any]) -> str:
    piece = piece_name(e["piece"])
    if e.get("held"):
        return f"{who} put {piece} back on the tower."
    return f"{who} put {piece} back, and it fell again."


def _game_over(who: str, e: dict[str, Any]) -> str:
    reason = REASONS.get(e["reason"], e["reason"].replace("_", " "))
    return f"Game over: {reason}, and {winners_text(e.get('winner'))}."


_TELL: dict[str, Any] = {
    "block_placed": _placed,
    "card_revealed": lambda who, e: (
        f"{who} revealed the next floor card: {get_card(e['card']).name}."
    ),
    "card_laid": lambda who, e: (
        f"{who} laid {card_name(e['card'])} on the tower as {floor_name(e['floor'])}."
    ),
    "piece_fell": lambda who, e: sentence(f"{piece_name(e['piece'])} fell"),
    "replacement_needed": lambda who, e: f"{who} must put back {pieces_text(e['pieces'])}.",
    "piece_replaced": _replaced,
    "block_removed": lambda who, e: (
        f"{who} pulled {block_name(e['block'])} out of {floor_name(e['floor'])} "
        f"and gave it back to {whom(e['to'])}."
    ),
    "removal_declined": lambda who, e: f"{who} chose not to pull a block out (diamonds box).",
    "diamonds_skipped": lambda who, e: SKIPPED_BOX["diamonds_skipped"],
    "exchange_skipped": lambda who, e: SKIPPED_BOX["exchange_skipped"],
    "exchange": lambda who, e: (
        f"{who} gave {block_name(e['give'])} to {whom(e['other'])} for {block_name(e['take'])}."
    ),
    "loop": lambda who, e: f"Loop box: {agree(who, 'play')} again.",
    "pass": lambda who, e: f"{who} passed.",
    "collapse": lambda who, e: (
        f"The tower collapsed on {possessive(who)} turn: {pieces_text(e['fallen'])} fell."
    ),
    "game_over": _game_over,
    "refused": lambda who, e: refusal(e["reason"]),
}


def events_text(events: list[dict[str, Any]]) -> list[str]:
    return [t for t in (event_text(e) for e in events) if t]


def said(events: list[dict[str, Any]], last: int | None = None) -> str:
    """The events' sentences (the ``last`` few told, if given), one after another."""
    told = events_text(events)
    return " ".join(told[-last:] if last else told)


def verdict(before: CrazyTowerState, after: CrazyTowerState) -> str:
    """The rules' verdict on a settled move, in words."""
    text = said(after.events[len(before.events) :]) or "Nothing changed."
    changed = [p for p in before.players if before.hands[p] != after.hands[p]]
    if changed and not after.is_over:
        now = scores(after)
        text += " " + " ".join(
            f"{agree(p, 'now hold')} {counted(now[p], 'point')}." for p in changed
        )
    return f"Verdict: {text} Enter confirms it; Backspace takes it back."


def ending_text(state: CrazyTowerState) -> str:
    """Why the game ended and who won, in words (not the rules' own ``detail``, written
    for the log: it says "their" for "You")."""
    result = state.result or {}
    reason = result.get("reason")
    winner = result.get("winner")
    who = state.current_player
    if reason == "last_block" and state.mode == COMPETITIVE:
        why = f"{who} placed {possessive(who)} last block"
    elif reason == "last_block" and state.mode == SABOTEUR:
        role = "the saboteur" if who == state.saboteur else "an architect"
        why = f"{who}, {role}, placed {possessive(who)} last block"
    elif reason == "collapse" and state.mode == SABOTEUR:
        role = "the saboteur's" if who == state.saboteur else "an architect's"
        why = f"the tower collapsed on {role} turn"
    elif reason == "collapse" and state.mode == COMPETITIVE:
        why = f"{who} collapsed the tower, so the lowest score among the others wins"
    elif reason == "stalemate" and state.mode == COMPETITIVE:
        why = "nobody can place a block, so the lowest score wins"
    elif reason == "challenge_failed":  # the rules' detail: "challenge 4: floor 1 holds ..."
        detail = str(result.get("detail") or "")
        why = f"challenge {state.challenge} is failed: {detail.split(': ', 1)[-1]}"
    else:
        why = REASONS.get(str(reason), str(reason).replace("_", " "))
    return f"Game over: {why}. {sentence(winners_text(winner))}"


def todo(state: CrazyTowerState) -> str:
    """What the player to act must do now, for the panel and the messages."""
    if state.phase == OVER:
        return ending_text(state)
    turn = f"{possessive(state.current_player, start=True)} turn"
    if state.phase == TURN:
        return f"{turn}: place a block on the top floor card, or reveal a floor card (V)."
    if state.phase == LAY_CARD and state.revealed:
        name = get_card(state.revealed).name
        return f"{turn}: lay the revealed floor card, {name}, on the tower."
    if state.phase == PLACE:
        return f"{turn}: place a block on the new floor card, {get_card(state.top_card).name}."
    if state.phase == REPLACE:
        return f"{turn}: put back what fell ({pieces_text(state.down)}) before going on."
    if state.phase == DIAMONDS:
        return (
            f"{turn}: the diamonds box lets you pull a block out of a lower floor (click it), "
            "or decline (D)."
        )
    if state.phase == EXCHANGE:
        return f"{turn}: the exchange box makes you give one of your blocks for another player's."
    return f"{turn}."


def challenge_text(state: CrazyTowerState) -> str | None:
    if state.challenge is None:
        return None
    return sentence(f"Challenge {state.challenge}: {get_challenge(state.challenge).text}")


def role_text(state: CrazyTowerState, player: str) -> tuple[str, str]:
    """(headline, explanation) of a saboteur-mode player's secret role."""
    if player == state.saboteur:
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

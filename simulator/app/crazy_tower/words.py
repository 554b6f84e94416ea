"""The Crazy Tower screen's sentences: events, verdicts and what the player must do.

Hidden events (who the saboteur is) are never put in words while the game runs.
"""

from __future__ import annotations

from typing import Any

from rules.crazy_tower import get_card, get_challenge, scores
from rules.crazy_tower.state import (
    DIAMONDS,
    EXCHANGE,
    LAY_CARD,
    OVER,
    PLACE,
    REPLACE,
    TURN,
    CrazyTowerState,
)

SKIPPED = ("setup", "turn_start")
REASONS = {
    "last_block": "last block placed",
    "collapse": "the tower collapsed",
    "stalemate": "nobody can play",
    "out_of_time": "out of time",
    "challenge_failed": "challenge failed",
}


def winners_text(winner: Any) -> str:
    if not winner:
        return "nobody wins"
    if isinstance(winner, list):
        return " and ".join(winner) + (" win" if len(winner) > 1 else " wins")
    return f"{winner} wins"


def event_text(event: dict[str, Any]) -> str | None:
    """One event in words, or None for events the screen does not tell."""
    kind = event["type"]
    who = event.get("player") or ""
    if kind in SKIPPED or event.get("hidden"):
        return None
    if kind == "block_placed":
        boxes = event.get("boxes") or []
        special = [k for k in event.get("kinds") or [] if k != "white"]
        where = f"on {event['card']} (floor {event['floor']})"
        text = f"{who} placed {event['block']} {where}"
        if boxes:
            text += f", boxes {', '.join(str(b) for b in boxes)}"
        if special:
            text += f": covers {' and '.join(special)}"
        return text
    if kind == "card_revealed":
        return f"{who} revealed {event['card']} ({get_card(event['card']).name})"
    if kind == "card_laid":
        return f"{who} laid {event['card']}: the tower has {event['floor'] + 1} floor cards"
    if kind == "piece_fell":
        return f"{event['piece']} fell"
    if kind == "replacement_needed":
        return f"{who} must put back {', '.join(event['pieces'])}"
    if kind == "piece_replaced":
        held = "" if event.get("held") else ", and it fell again"
        return f"{who} put {event['piece']} back{held}"
    if kind == "block_removed":
        return f"{who} pulled {event['block']} out of floor {event['floor']}: back to {event['to']}"
    if kind == "removal_declined":
        return f"{who} declined the diamonds removal"
    if kind in ("diamonds_skipped", "exchange_skipped"):
        return f"{kind.split('_')[0].capitalize()} box: {event.get('why', 'skipped')}"
    if kind == "exchange":
        return f"{who} gave {event['give']} to {event['other']} for {event['take']}"
    if kind == "loop":
        return f"Loop box: {who} {'play' if who == 'You' else 'plays'} again"
    if kind == "play_again":
        return None  # the loop event said it
    if kind == "pass":
        return f"{who} passed"
    if kind == "collapse":
        return f"COLLAPSE: {', '.join(event['fallen'])} fell on {who}'s turn"
    if kind == "game_over":
        reason = REASONS.get(event["reason"], event["reason"])
        return f"Game over ({reason}): {winners_text(event.get('winner'))}"
    if kind == "refused":
        return f"Refused: {event['reason']}"
    return f"{who} {kind.replace('_', ' ')}"


def events_text(events: list[dict[str, Any]]) -> list[str]:
    return [t for t in (event_text(e) for e in events) if t]


def verdict(before: CrazyTowerState, after: CrazyTowerState) -> str:
    """The rules' verdict on a settled move, in words."""
    lines = events_text(after.events[len(before.events) :])
    changed = [p for p in before.players if before.hands[p] != after.hands[p]]
    points = ""
    if changed and not after.is_over:
        now = scores(after)
        points = (
            " "
            + "; ".join(
                f"{p} now {'hold' if p == 'You' else 'holds'} {now[p]} points" for p in changed
            )
            + "."
        )
    text = "; ".join(lines) or "nothing changed"
    return f"Verdict: {text}.{points}  Enter confirms, Backspace undoes."


def todo(state: CrazyTowerState) -> str:
    """What the player to act must do now, for the panel and the messages."""
    if state.phase == OVER:
        result = state.result or {}
        return f"Game over: {winners_text(result.get('winner'))}. {result.get('detail', '')}"
    who = state.current_player
    if state.phase == TURN:
        return f"{who}: place a block on the top floor card, or reveal a floor card (V)"
    if state.phase == LAY_CARD:
        return f"{who}: lay the revealed floor card {state.revealed} on the tower"
    if state.phase == PLACE:
        return f"{who}: place a block on the new floor card {state.top_card}"
    if state.phase == REPLACE:
        return f"{who}: put back what fell ({', '.join(state.down)}) before going on"
    if state.phase == DIAMONDS:
        return f"{who}: diamonds box: pull a block out of a lower floor (click it), or decline (D)"
    if state.phase == EXCHANGE:
        return f"{who}: exchange box: give one of your blocks for another player's"
    return f"{who}: {state.phase}"


def challenge_text(state: CrazyTowerState) -> str | None:
    if state.challenge is None:
        return None
    return f"Challenge {state.challenge}: {get_challenge(state.challenge).text}"


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

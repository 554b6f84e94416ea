"""What the players read about an event from the host of a network game, in sentences
(the lobby's and the game's messages)."""

from __future__ import annotations

from typing import Any

from simulator.net.cli import countdown_words, desync_words


def words(kind: str, fields: dict[str, Any], me: str | None) -> str | None:
    """What the players read about an event from the host (None: nothing to say)."""
    if kind == "wait":
        seat, seconds, why = fields["seat"], int(fields["seconds"]), str(fields.get("why"))
        if seat == me and why == "turn":
            return f"You have {seconds} s left for this move; then the computer makes it."
        return countdown_words(seat, seconds, why)
    if kind == "notice":
        return str(fields.get("text") or "")
    if kind == "chat":
        return f"{fields.get('name')}: {fields.get('text')}"
    if kind == "refused":
        reason = str(fields.get("reason") or "no reason given").rstrip(".")
        if fields.get("move"):
            return f"The host refused your move ({reason}); it was taken back."
        return f"The host refused that: {reason}."
    if kind == "desync":
        return desync_words(int(fields["seq"]))
    if kind == "reconnecting":
        return f"Lost the host; trying to rejoin ({fields['seconds']} s left)."
    if kind in ("closed", "error"):
        return f"The network game ended: {str(fields.get('reason') or 'no reason').rstrip('.')}."
    return None

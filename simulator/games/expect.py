"""``[expect]`` for game kinds: winner, scores, end_reason, events, state_hash."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from simulator.scenario.fields import Table

# No score is further from 0 than this (Filled In scores may be negative).
MAX_SCORE = 10_000


@dataclass(frozen=True)
class GameExpect:
    winner: str | list[str] | None = None
    winner_given: bool = False  # `winner` may expect null (the game did not end)
    scores: dict[str, int] | None = None
    end_reason: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    state_hash: str | None = None

    @property
    def checked(self) -> bool:
        return self.winner_given or any(
            v for v in (self.scores, self.end_reason, self.events, self.state_hash)
        )


def parse_game_expect(table: Table | None, players: list[str]) -> GameExpect:
    if table is None:
        return GameExpect()
    winner: str | list[str] | None = None
    given = table.has("winner")
    if given:
        raw = table.data["winner"]
        if raw is None:  # JSON null: the game must not have ended
            table.string("winner")
        elif isinstance(raw, str):
            winner = table.string("winner")
        else:
            winner = table.strings("winner")
        for name in [winner] if isinstance(winner, str) else winner or []:
            if name not in players:
                table.fail(f"{name!r} is not a player ({', '.join(players)})", "winner")
    scores = None
    if table.has("scores"):
        raw_scores = table.table("scores")
        assert raw_scores is not None
        scores = {}
        for name in list(raw_scores.data):
            if name not in players:
                raw_scores.fail(f"{name!r} is not a player ({', '.join(players)})", name)
            scores[name] = raw_scores.integer(name, minimum=-MAX_SCORE, maximum=MAX_SCORE)
        raw_scores.finish()
    events = []
    for index, raw in enumerate(table.tables("events")):
        event = Table(table.doc, raw, f"[expect] events #{index + 1}")
        if not event.data:
            event.fail("an expected event needs at least one key, such as type")
        event.string("type")  # an event's type and player are names, never tables
        player = event.string("player")
        if player is not None and player not in players:
            event.fail(f"{player!r} is not a player ({', '.join(players)})", "player")
        events.append(dict(event.data))
    expect = GameExpect(
        winner=winner,
        winner_given=given,
        scores=scores,
        end_reason=table.string("end_reason"),
        events=events,
        state_hash=table.string("state_hash"),
    )
    table.finish()
    return expect


def failures(expect: GameExpect, report: dict[str, Any]) -> list[str]:
    out = []
    if expect.winner_given and _norm(expect.winner) != _norm(report["winner"]):
        out.append(f"expected winner {expect.winner!r}, got {report['winner']!r}")
    if expect.scores is not None:
        for name, points in expect.scores.items():
            if report["scores"].get(name) != points:
                out.append(f"expected {name} to score {points}, got {report['scores'].get(name)}")
    if expect.end_reason is not None and expect.end_reason != report["end_reason"]:
        out.append(f"expected end_reason {expect.end_reason!r}, got {report['end_reason']!r}")
    missing = _missing_events(expect.events, report["events"])
    if missing is not None:
        out.append(f"expected event {missing} (in this order) did not occur")
    if expect.state_hash is not None and expect.state_hash != report["state_hash"]:
        out.append(f"expected state_hash {expect.state_hash}, got {report['state_hash']}")
    return out


def _norm(winner: Any) -> Any:
    return sorted(winner) if isinstance(winner, list) else winner


def _missing_events(expected: list[dict[str, Any]], events: list[dict[str, Any]]) -> Any:
    """The first expected event not found after the previous match, or None."""
    position = 0
    for wanted in expected:
        while position < len(events) and not _matches(wanted, events[position]):
            position += 1
        if position == len(events):
            return wanted
        position += 1
    return None


def _matches(wanted: dict[str, Any], event: dict[str, Any]) -> bool:
    return all(event.get(key) == value for key, value in wanted.items())

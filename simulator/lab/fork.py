"""``towersim lab fork``: what if a recorded game had gone on differently from action N?

Replays the recording's first N actions exactly as ``towersim replay`` does, then plays
the rest K times with computer players (the recording's seats, one or every seat
changed to another hand profile, bot level or physics profile), each continuation with
its own seed, and reports how often the winner, the falls and the final scores differ
from the recording's own ending (docs/lab-report.md).

Exit status: 0 the continuations ran; 2 the recording or an option is invalid (one
line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from simulator.bots.cli import Seats
from simulator.bots.dexterity import Dexterity, hand_names
from simulator.bots.levels import LEVEL_NAMES
from simulator.games.computer_seat import play_on
from simulator.games.match import Match, PhysicalMatch
from simulator.games.record import recorded_expect, write_scenario
from simulator.games.registry import GAMES, MissingPart
from simulator.games.runner import GameScenario, perform
from simulator.games.runner import report as game_report
from simulator.lab.fork_play import falls, plays_on
from simulator.lab.stats import wilson
from simulator.physics.profile import load_profile, profile_names
from simulator.physics.world import PlacementRefused
from simulator.replay import load_scenario
from simulator.scenario.budget import OverBudget
from simulator.scenario.errors import ScenarioError
from simulator.seeds import MAX_SEED, seed_option

PROG = "towersim lab fork"
EXIT_OK, EXIT_INVALID = 0, 2
DEFAULT_TIMES = 10
MAX_TIMES = 10_000


class ForkError(ValueError):
    """Bad input to the fork; the message is one line."""


HELP = "replay a recorded game to action N and play the rest again, K times"
DESCRIPTION = (
    "Replay a recording from `towersim play --record` or the app to action N, then play the "
    "rest K times with computer players, under another hand, bot level or physics profile "
    "if asked, and report how often the winner, the falls and the scores change "
    "(docs/lab-report.md)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "recording", metavar="RECORDING", help="a recording (play --record) or an app save"
    )
    parser.add_argument(
        "--at",
        type=int,
        required=True,
        metavar="N",
        help="replay the recording's first N actions, then let the computer play on",
    )
    parser.add_argument(
        "--times",
        type=int,
        default=DEFAULT_TIMES,
        metavar="K",
        help=f"how many continuations to play (default {DEFAULT_TIMES})",
    )
    parser.add_argument(
        "--seats",
        metavar="LEVEL[,LEVEL...]",
        help="the levels the recording's seats played at, in seat order (one level: every "
        "seat); default: the save's [setup.computers], else random",
    )
    parser.add_argument(
        "--seat",
        type=int,
        action="append",
        metavar="N",
        help="the seat (1-based) the change below applies to; may be repeated "
        "(default: every seat)",
    )
    parser.add_argument(
        "--hand", metavar="PROFILE", help=f"give the seat this hand: {', '.join(hand_names())}"
    )
    parser.add_argument(
        "--bot", metavar="LEVEL", help=f"give the seat this bot level: {', '.join(LEVEL_NAMES)}"
    )
    parser.add_argument(
        "--profile",
        metavar="PHYSICS",
        help=f"play the game on this physics profile: {', '.join(profile_names())} (the "
        "first N actions are re-run on it)",
    )
    parser.add_argument(
        "--seed",
        type=seed_option,
        default=None,
        help="continuation k (1-based) seats its players with seed S + k - 1 (default: the "
        "recording's seed, so continuation 1 from action 0 with the recording's seats is "
        "the recorded game)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--record", metavar="DIR", help="write each continuation there as a recording"
    )


@dataclass(frozen=True)
class Ending:
    winners: list[str]
    scores: list[Any]
    falls: list[int] | None
    end_reason: str | None
    turns: int
    stopped: str | None = None

    @staticmethod
    def of(match: Match, stopped: str | None = None) -> Ending:
        summary = match.summary()
        scores = summary["scores"]
        return Ending(
            winners=list(summary.get("winners") or []),
            scores=[scores[name] for name in summary["players"]],
            falls=falls(match),
            end_reason=summary.get("end_reason"),
            turns=int(summary.get("turns") or 0),
            stopped=stopped,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "winners": self.winners,
            "scores": self.scores,
            "falls": self.falls,
            "end_reason": self.end_reason,
            "turns": self.turns,
            "stopped": self.stopped,
        }


def main(args: argparse.Namespace) -> int:
    try:
        result = fork(args)
    except (ForkError, ScenarioError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except MissingPart as exc:
        print(f"{PROG}: {args.recording}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if args.json:
        json.dump(result, sys.stdout, indent=2, allow_nan=False)
        sys.stdout.write("\n")
    else:
        _print(result)
    return EXIT_OK


def fork(args: argparse.Namespace) -> dict[str, Any]:
    """Run the fork the arguments describe; ForkError or ScenarioError for bad input."""
    name = args.recording
    loaded = load_scenario(name)
    if loaded.kind not in GAMES.kinds():
        raise ForkError(f"{name}: a {loaded.kind} scenario is not a game to fork")
    if not plays_on(loaded.kind):
        raise ForkError(f"{name}: lab fork cannot seat computer players in a {loaded.kind} game")
    try:
        loaded.check_budget()
    except OverBudget as exc:
        raise ForkError(f"{name}: {str(exc).split(';')[0]}") from None
    scenario: GameScenario = loaded.scenario
    total = len(scenario.actions)
    if not 0 <= args.at <= total:
        raise ForkError(f"--at {args.at}: {name} has {_actions(total)}; give 0 to {total}")
    if not 1 <= args.times <= MAX_TIMES:
        raise ForkError(f"--times {args.times}: give 1 to {MAX_TIMES:,}")
    seed = scenario.header.seed if args.seed is None else args.seed
    if seed + args.times - 1 > MAX_SEED:
        raise ForkError(f"--seed {seed}: the last continuation's seed would pass {MAX_SEED}")
    recorded = _replayed(scenario, total, name)
    wanted = scenario.expect.state_hash
    if wanted is not None and wanted != recorded.state_hash():
        raise ForkError(f"{name}: its actions do not lead to the state_hash it records")
    players = recorded.summary()["players"]
    physical = isinstance(recorded, PhysicalMatch)
    seating, change = _seating(args, scenario, loaded.kind, players, physical)
    same_prefix = None  # with --profile: did the re-run reach the recording's rules state?
    if args.profile is None:
        prefix = recorded if args.at == total else _replayed(scenario, args.at, name)
    else:
        played = replace(scenario, profile=_physics(args, scenario, loaded.kind, physical))
        prefix = _replayed(played, args.at, name)
        digest = GAMES.get(loaded.kind).load("engine").digest
        same_prefix = digest(prefix.state) == digest(_replayed(scenario, args.at, name).state)
    ending = Ending.of(recorded)
    folder = Path(args.record) if args.record else None
    continuations = [
        _continuation(prefix, seating, seed + k - 1, k, ending, scenario, folder)
        for k in range(1, args.times + 1)
    ]
    return {
        "recording": name,
        "kind": loaded.kind,
        "at": args.at,
        "actions": total,
        "times": args.times,
        "seed": seed,
        "players": players,
        "seats": [
            {"level": seating.levels[i], "hand": h.name if (h := seating.hands[i]) else None}
            for i in range(len(players))
        ],
        "change": change,
        "profile": args.profile,
        "same_prefix": same_prefix,
        "recorded": ending.as_json(),
        "continuations": continuations,
        "changed": {
            what: sum(c[f"{what}_changed"] for c in continuations)
            for what in ("winner", "falls", "scores")
        },
    }


def _continuation(
    prefix: Match,
    seating: Seats,
    seed: int,
    k: int,
    ending: Ending,
    scenario: GameScenario,
    folder: Path | None,
) -> dict[str, Any]:
    """Play continuation ``k`` from an exact copy of ``prefix``; its entry of the result."""
    match = prefix.copy()
    outcome = Ending.of(match, play_on(match, seating, seed))
    entry = {"k": k, "seed": seed, **outcome.as_json()}
    entry["winner_changed"] = sorted(outcome.winners) != sorted(ending.winners)
    entry["falls_changed"] = outcome.falls != ending.falls
    entry["scores_changed"] = outcome.scores != ending.scores
    if folder is not None:
        entry["recording"] = str(_record(folder, match, scenario, k, seed))
    return entry


def _actions(n: int) -> str:
    return "1 action" if n == 1 else f"{n:,} actions"


def _replayed(scenario: GameScenario, count: int, name: str) -> Match:
    """The match after the scenario's first ``count`` actions, as replay runs them."""
    match = scenario.new_match()
    try:
        for index, action in enumerate(scenario.actions[:count]):
            perform(match, action, index, seed=scenario.header.seed)
    except PlacementRefused as exc:
        raise ForkError(f"{name}: {exc.reason}") from None
    return match


def _seating(
    args: argparse.Namespace,
    scenario: GameScenario,
    kind: str,
    players: list[str],
    physical: bool,
) -> tuple[Seats, str]:
    """The continuations' seats (the recording's, with the change), and the change said."""
    count = len(players)
    if args.seats:
        given = [part.strip() for part in args.seats.split(",")]
        if len(given) == 1:
            given *= count
        if len(given) != count:
            raise ForkError(f"--seats {args.seats!r}: the game has {count} seats")
        base = dict(enumerate(given))
    elif scenario.computers:
        base = {i: scenario.computers.get(name, "random") for i, name in enumerate(players)}
    else:
        base = dict.fromkeys(range(count), "random")
    for level in (*base.values(), args.bot):
        if level is not None and level not in LEVEL_NAMES:
            raise ForkError(f"unknown bot level {level!r} (choose from {', '.join(LEVEL_NAMES)})")
    chosen = sorted(set(args.seat or range(1, count + 1)))
    for seat in chosen:
        if not 1 <= seat <= count:
            raise ForkError(f"--seat {seat}: seats are 1 to {count}")
    hand: Dexterity | None = None
    if args.hand is not None:
        if not physical:
            raise ForkError(f"--hand: a {GAMES.get(kind).title} game is played without a hand")
        try:
            hand = GAMES.get(kind).hand(args.hand)
        except KeyError as exc:
            raise ForkError(f"--hand: {exc.args[0]}") from None
    levels, hands = dict(base), dict.fromkeys(base, None)
    for seat in chosen:
        if args.bot is not None:
            levels[seat - 1] = args.bot
        if hand is not None:
            if levels[seat - 1] == "random":  # the random player lowers pieces exactly
                raise ForkError(
                    f"--hand: seat {seat} is the random player, which has no hand; give it "
                    "a level with --bot or --seats"
                )
            hands[seat - 1] = hand
    return Seats(levels, hands), _change_text(args, chosen, count)


def _change_text(args: argparse.Namespace, chosen: list[int], count: int) -> str:
    changes = []
    if args.bot is not None:
        changes.append(f"bot level {args.bot}")
    if args.hand is not None:
        changes.append(f"the {args.hand} hand")
    who = (
        "every seat"
        if len(chosen) == count and not args.seat
        else "seat " + ", ".join(str(s) for s in chosen)
    )
    said = f"{' and '.join(changes)} for {who}" if changes else "the recording's seats"
    if args.profile is not None:
        said += f", on the {args.profile} physics"
    return said


def _physics(args: argparse.Namespace, scenario: GameScenario, kind: str, physical: bool) -> Any:
    if args.profile is None:
        return scenario.profile
    if not physical:
        raise ForkError(f"--profile: a {GAMES.get(kind).title} game has no physics")
    try:
        profile = load_profile(args.profile, grip=scenario.profile.grip, rest=scenario.profile.rest)
    except KeyError as exc:
        raise ForkError(f"--profile: {exc.args[0]}") from None
    game = GAMES.get(kind)  # the game's own changes (Crazy Tower: a longer sleep)
    return profile if game.profile is None else game.load("profile")(profile)


def _record(folder: Path, match: Match, scenario: GameScenario, k: int, seed: int) -> Path:
    """Write continuation ``k`` as a recording that replays to its end."""
    header = replace(scenario.header, name=f"{scenario.header.name}, continuation {k}")
    result = game_report(match, header, scenario.profile, scenario.expect, 0.0)
    document = GAMES.get(match.kind).load("document")(
        match,
        name=header.name,
        description=f"Forked by towersim lab fork; the players' seed was {seed}.",
        expect=recorded_expect(result),
    )
    path = folder / f"continuation-{k}.toml"
    try:
        write_scenario(path, document)
    except OSError as exc:
        raise ForkError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def _rate(count: int, total: int) -> str:
    low, high = wilson(count, total)
    return (
        f"{count} of {total} continuation{'s' if total != 1 else ''} "
        f"({100 * count / total:.0f} %, 95 % interval "
        f"{100 * low:.0f} to {100 * high:.0f} %)"
    )


def _ending_text(ending: dict[str, Any], players: list[str]) -> str:
    winners = ending["winners"]
    who = " and ".join(winners) + (" won" if winners else "") if winners else "nobody won"
    scores = ", ".join(str(s) for s in ending["scores"])
    text = f"{who}; scores {scores}"
    if ending["falls"] is not None:
        fallen = sum(ending["falls"])
        text += f"; {fallen} {'piece' if fallen == 1 else 'pieces'} fell"
    reason = ending["end_reason"] or "not finished"
    return f"{text}; {reason} after {ending['turns']} turns"


def _print(result: dict[str, Any]) -> None:
    players = result["players"]
    times, at = result["times"], result["at"]
    first, last = result["seed"], result["seed"] + times - 1
    seeds = f"seed {first}" if times == 1 else f"seeds {first} to {last}"
    print(
        f"{result['recording']}: replayed {at} of {_actions(result['actions'])}, then played "
        f"on {times} time{'s' if times != 1 else ''} with {result['change']} ({seeds})."
    )
    print(f"The recording: {_ending_text(result['recorded'], players)}.")
    if result["same_prefix"] is not None:
        reached = "the same" if result["same_prefix"] else "a different"
        print(
            f"Its first {at} actions, run again on the {result['profile']} physics, reached "
            f"{reached} rules state as the recording."
        )
    header = ["#", "seed", "winner", "scores", "falls", "end", "turns", "changed"]
    rows = []
    for c in result["continuations"]:
        changed = [w for w in ("winner", "falls", "scores") if c[f"{w}_changed"]]
        rows.append(
            [
                str(c["k"]),
                str(c["seed"]),
                " and ".join(c["winners"]) or "nobody",
                ", ".join(str(s) for s in c["scores"]),
                "-" if c["falls"] is None else ", ".join(str(f) for f in c["falls"]),
                "stopped" if c["stopped"] else c["end_reason"] or "not finished",
                str(c["turns"]),
                ", ".join(changed) or "nothing",
            ]
        )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    changed = result["changed"]
    print(f"The winner changed in {_rate(changed['winner'], times)}.")
    if result["recorded"]["falls"] is not None:
        print(f"The falls changed in {_rate(changed['falls'], times)}.")
    print(f"The final scores changed in {_rate(changed['scores'], times)}.")
    for c in result["continuations"]:
        if c["stopped"]:
            print(f"Continuation {c['k']} stopped early: {c['stopped']}.")

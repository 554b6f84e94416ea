"""``towersim hand fitts``: the hand model shown by the test people take, a simulated
ISO 9241-9 multi-directional pointing task (docs/hand.md, "The ISO task")."""

from __future__ import annotations

import argparse
import json
import sys

from rules.errors import AssetError
from simulator.motor import fitts_task
from simulator.motor.iso import FittsFit
from simulator.motor.model import EFFECTIVE_WIDTH_SDS, check_hurry
from simulator.motor.population import aliases, hand
from simulator.seeds import seed_option

HELP = "the hand model: a simulated ISO 9241-9 pointing task with a named hand"
DESCRIPTION = (
    "The simulated hand of issue 41 (docs/hand.md). `fitts` runs the ISO 9241-9 "
    "multi-directional pointing task with one hand of the population and prints movement "
    "time, effective width and effective index per condition, the fitted intercept and "
    "slope with R^2, and the throughput in bits/s."
)
FITTS_DESCRIPTION = (
    "Run a simulated ISO 9241-9 multi-directional tapping task (7 conditions of 1 to 6 "
    "bits, 25 trials each) with a hand of the population, and read it as a person's test "
    "is read: per condition the movement time, effective width We = 4.133 SD and "
    "effective index IDe; MT = a + b IDe with R^2; throughput as the mean of IDe / MT. "
    "--hurry F moves F times faster than the hand's own pace and reports the spread."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="hand_command", metavar="COMMAND", required=True)
    fitts = commands.add_parser(
        "fitts", help="a simulated ISO 9241-9 pointing task", description=FITTS_DESCRIPTION
    )
    fitts.add_argument(
        "--profile",
        default="p50",
        metavar="NAME",
        help="a hand of the population (p10, p50, p90, braced, non-dominant, older) or an "
        "old name (surgeon, steady, average, clumsy, shaky); default p50",
    )
    fitts.add_argument("--json", action="store_true", help="print the result as JSON")
    fitts.add_argument(
        "--hurry",
        default="1",
        metavar="F",
        help="move F times faster than the hand's own pace, 0.1 to 10 (default 1)",
    )
    fitts.add_argument("--seed", type=seed_option, default=0, help="seed of the task (default 0)")


def run(args: argparse.Namespace) -> int:
    """``towersim hand COMMAND``: 0, or 2 with one line on stderr for bad input."""
    try:
        return _fitts(args)
    except (ValueError, KeyError, AssetError) as exc:
        said = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"towersim hand {args.hand_command}: {said}", file=sys.stderr)
        return 2


def _hurry(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    try:
        return check_hurry(value)
    except ValueError:
        raise ValueError(f"--hurry must be a number from 0.1 to 10, not {text[:40]!r}") from None


def _fitts(args: argparse.Namespace) -> int:
    hurry = _hurry(args.hurry)
    chosen = hand(args.profile)
    fit = fitts_task.run(chosen, hurry, args.seed)
    if args.json:
        print(json.dumps(fitts_task.report(chosen.name, fit), indent=2))
        return 0
    called = aliases().get(args.profile)
    name = f"{args.profile} (now {called})" if called else chosen.name
    pace = "its own pace" if hurry == 1 else f"{hurry:g} times its own pace"
    print(f"hand {name}: {chosen.text}")
    print(f"ISO 9241-9 multi-directional task at {pace}, seed {args.seed}")
    _table(fit)
    if hurry != 1:
        _spread(fitts_task.run(chosen, 1.0, args.seed), fit, hurry)
    return 0


def _table(fit: FittsFit) -> None:
    print("   A cm    W cm  ID bits    MT s    We cm  IDe bits  TP bits/s  errors")
    for c in fit.conditions:
        print(
            f"{c.amplitude_cm:7.2f} {c.width_cm:7.3f} {c.id_bits:8.2f} {c.mt_s:7.3f} "
            f"{c.we_cm:8.3f} {c.ide_bits:9.2f} {c.throughput_bits_s:10.2f} {c.errors:6.0%}"
        )
    print(f"fit: MT = {fit.a_s:.3f} s + {fit.b_s_per_bit:.3f} s/bit x IDe, R^2 = {fit.r2:.3f}")
    width = EFFECTIVE_WIDTH_SDS * fit.endpoint_sd_cm
    print(
        f"effective width: endpoint SD {fit.endpoint_sd_cm:.3f} cm along the task axis "
        f"(pooled), We = {EFFECTIVE_WIDTH_SDS} SD = {width:.2f} cm"
    )
    print(
        f"throughput: {fit.throughput_bits_s:.2f} bits/s (mean of IDe / MT; "
        f"1/b = {1 / fit.b_s_per_bit:.2f} bits/s)"
    )


def _spread(own: FittsFit, hurried: FittsFit, hurry: float) -> None:
    """How much wider the endpoints land at ``hurry`` than at the hand's own pace."""
    ratios = [h.sd_cm / o.sd_cm for o, h in zip(own.conditions, hurried.conditions, strict=True)]
    pooled = hurried.endpoint_sd_cm / own.endpoint_sd_cm
    print(
        f"spread at {hurry:g} times the pace: endpoint SD {own.endpoint_sd_cm:.3f} -> "
        f"{hurried.endpoint_sd_cm:.3f} cm (x{pooled:.2f} pooled; x{min(ratios):.2f} to "
        f"x{max(ratios):.2f} by condition)"
    )

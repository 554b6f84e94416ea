"""``towersim replay``: run scenario files headless and report (SCENARIO_FORMAT.md).

Exit status: 0 every file ran and met its expectations, 1 an expectation was not met,
2 a file is unreadable or invalid (one line on stderr per bad file, never a traceback).
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any, TextIO

from simulator.physics.world import PlacementRefused
from simulator.scenario.errors import ScenarioError
from simulator.scenario.load import load_scenario

EXIT_OK, EXIT_UNMET, EXIT_INVALID = 0, 1, 2


def replay_file(path: str) -> dict[str, Any]:
    """Load, validate and run one file; raise ScenarioError if it is bad."""
    loaded = load_scenario(path)
    try:
        report = loaded.run()
    except PlacementRefused as exc:
        raise ScenarioError(path, exc.reason) from None
    where = _non_finite(report, "")
    if where is not None:
        raise ScenarioError(
            path, f"the simulation diverged ({where} is not finite); check the [physics] values"
        )
    return report


def _non_finite(value: Any, path: str) -> str | None:
    """The key path of the first inf or nan in a report, or None."""
    if isinstance(value, float):
        return None if math.isfinite(value) else path or "a value"
    if isinstance(value, dict):
        items: Any = ((f"{path}.{k}" if path else str(k), v) for k, v in value.items())
    elif isinstance(value, list | tuple):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(value))
    else:
        return None
    for sub_path, item in items:
        found = _non_finite(item, sub_path)
        if found is not None:
            return found
    return None


def replay(
    paths: list[str],
    *,
    as_json: bool,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    # Looked up per call, not bound at import: the streams may be replaced after that
    # (pytest's capsys, contextlib.redirect_stdout).
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    reports: list[dict[str, Any]] = []
    invalid = unmet = False
    for path in paths:
        try:
            report = replay_file(path)
        except ScenarioError as exc:
            print(f"towersim replay: {exc}", file=err)
            invalid = True
            continue
        report["file"] = path
        reports.append(report)
        unmet |= not report["ok"]
        if not as_json:
            print(_summary(report), file=out)
    if as_json:
        payload: Any = reports[0] if len(paths) == 1 and reports else reports
        if reports or len(paths) > 1:
            json.dump(payload, out, indent=2, allow_nan=False)
            out.write("\n")
    if invalid:
        return EXIT_INVALID
    return EXIT_UNMET if unmet else EXIT_OK


def _summary(report: dict[str, Any]) -> str:
    verdict = "PASS" if report["ok"] else "FAIL"
    if not report["expect"]["checked"]:
        verdict = "RAN "
    what = _outcome(report)
    line = (
        f"{verdict} {report['file']}: {report['name'] or '(unnamed)'}: {what} "
        f"({report['steps']} steps, {report['sim_seconds']:.2f} s simulated, "
        f"{report['wall_ms']:.0f} ms)"
    )
    for failure in report["expect"]["failures"]:
        line += f"\n     - {failure}"
    return line


def _outcome(report: dict[str, Any]) -> str:
    if report["kind"] == "sandbox":
        moved = [b["id"] for b in report["bodies"] if b["moved"]]
        return f"moved: {', '.join(moved)}" if moved else "nothing moved"
    scores = ", ".join(f"{name} {points}" for name, points in report["scores"].items())
    winner = report["winner"]
    if isinstance(winner, list):
        winner = " and ".join(winner)
    end = (
        f"{report['end_reason']}, won by {winner or 'nobody'}"
        if report["over"]
        else ("game not finished")
    )
    return f"{end}; scores {scores}"

"""``towersim replay``: run scenario files headless and report (docs/scenario-format.md).

Exit status: 0 every file ran and met its expectations, 1 an expectation was not met,
2 a file is unreadable, invalid or over the budget (one line on stderr per bad file, never
a traceback).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from simulator.games.actions import COMPUTER
from simulator.games.loaded import SANDBOX, Loaded, load_scenario
from simulator.games.loaded import load_document as load_document  # replay's, re-exported
from simulator.games.match import PhysicalMatch
from simulator.games.registry import GAMES, MissingPart
from simulator.games.runner import perform, report
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import PlacementRefused, new_worlds
from simulator.render.film import Film
from simulator.render.offscreen import write_world_png
from simulator.scenario import budget as budgets
from simulator.scenario.budget import OverBudget
from simulator.scenario.errors import ScenarioError

EXIT_OK, EXIT_UNMET, EXIT_INVALID = 0, 1, 2
# Opens the replay viewer on a filmed run (FilmedMoves, err) and says whether it could:
# the app's watch_film, handed in by the CLI, so that replay never imports the app above it.
Watcher = Callable[["FilmedMoves", TextIO], bool]


def replay_file(path: str, film: Filming | None = None, budget: float = 1.0) -> dict[str, Any]:
    """Load, validate and run one file; raise ScenarioError if it is bad or would cost
    more than ``budget`` times the limits of simulator.scenario.budget.

    ``film`` films the worlds the run hands it (its main worlds), for --png.
    """
    loaded = _load_within(path, budget)
    if film is None:
        return _checked(path, loaded.run)

    def filmed() -> dict[str, Any]:
        try:
            return loaded.run(on_world=film.film.attach)
        finally:
            film.film.close()

    return _checked(path, filmed)


def _load_within(path: str, budget: float) -> Loaded:
    """The scenario of ``path``, refused (ScenarioError) if it is bad or over ``budget``."""
    loaded = load_scenario(path)
    try:
        loaded.check_budget(budget)
    except OverBudget as exc:
        raise ScenarioError(path, str(exc)) from None
    return loaded


def _checked(path: str, run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The report of ``run``; ScenarioError for a refused placement or a diverged run."""
    try:
        report = run()
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
    png: str | None = None,
    watch: Watcher | None = None,
    budget: float = 1.0,
) -> int:
    """Replay ``paths``; ``budget`` multiplies the limits on each run's work."""
    # Looked up per call, not bound at import: the streams may be replaced after that
    # (pytest's capsys, contextlib.redirect_stdout).
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    reports: list[dict[str, Any]] = []
    invalid = unmet = False
    if png is not None and len(paths) > 1 and not Path(png).is_dir():
        print("towersim replay: with several files, --png needs an existing folder", file=err)
        return EXIT_INVALID
    for path in paths:
        film: Filming | FilmedMoves | None
        try:
            if watch is not None:  # the viewer's film knows where each move starts
                moves = film_moves(path, budget)
                film, report = moves, moves.report
            else:
                filming = _film(png, watch=False)
                film, report = filming, replay_file(path, filming, budget)
        except ScenarioError as exc:
            print(f"towersim replay: {exc}", file=err)
            invalid = True
            continue
        except MissingPart as exc:  # a registered game that is not whole
            print(f"towersim replay: {path}: {exc}", file=err)
            invalid = True
            continue
        report["file"] = path
        if film is not None:
            invalid |= not _show(film, report, path, png, watch, err)
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


class Filming:
    """A film made only when asked for, so plain replays never import the renderer."""

    def __init__(self, every: int | None) -> None:
        self.film = Film(every)


def _film(png: str | None, watch: bool) -> Filming | None:
    """The film --png draws (its last world only); --watch films with film_moves."""
    return Filming(None) if png is not None and not watch else None


# The replay viewer's film: frames at a modest rate, and never many more than MAX_FRAMES
# of them (past that, every other frame goes and the rest of the run is filmed at half
# the rate), so that a game of any length stays within about MAX_FRAMES x 210 bytes a
# body in memory (docs/app.md, "The replay viewer").
VIEWER_FPS = 30.0
MAX_FRAMES = 6000


@dataclass(frozen=True)
class FilmedMove:
    """One move of a filmed run: the index of its first frame in the film (its boundary
    on the timeline; a move without physics shares it with the next), the action as
    performed, and the events it added (a refusal among them)."""

    frame: int
    action: dict[str, Any]
    events: tuple[dict[str, Any], ...]


@dataclass
class FilmedMoves:
    """A run filmed for the replay viewer: the report, the film (``film.world`` None for
    a game without a physics world), the moves in order, and for such a game the rules'
    state after each move (what the viewer shows instead of a world)."""

    kind: str
    report: dict[str, Any]
    film: Any  # simulator.render.film.Film
    moves: list[FilmedMove]
    states: list[Any]


def film_moves(path: str, budget: float = 1.0) -> FilmedMoves:
    """Run ``path`` as replay does, filming it with a marker at the start of each move:
    the scenario's actions, or, when computers decide in it, the match's log (the
    computers decide once unfilmed, then the log is played filmed, bit for bit the same).
    ScenarioError (one line) for a bad file."""
    loaded = _load_within(path, budget)
    if loaded.kind == SANDBOX:  # one run, no moves: the whole film is its one move
        sandbox = loaded.scenario
        seconds = sandbox.run.seconds + budgets.HAND_SECONDS * len(sandbox.places)
        film = Film(_frame_every(sandbox.profile, seconds / sandbox.profile.dt))
        report = _checked(path, lambda: _run_filmed(loaded, film))
        return FilmedMoves(SANDBOX, report, film, [FilmedMove(0, {"type": "run"}, ())], [])
    scenario = loaded.scenario
    actions = scenario.actions
    if any(action["type"] == COMPUTER for action in actions):
        actions = _checked_log(path, scenario)
    film = Film(_frame_every(scenario.profile))
    filmed = FilmedMoves(loaded.kind, {}, film, [], [])
    filmed.report = _checked(path, lambda: _play_filmed(scenario, actions, filmed))
    return filmed


def _frame_every(profile: PhysicsProfile, steps: float = 0.0) -> int:
    """Steps between two frames: VIEWER_FPS, fewer for a run known to last more than
    MAX_FRAMES frames (``steps``: a sandbox's, known before it runs)."""
    every = max(1, round(1 / (VIEWER_FPS * profile.dt)))
    return max(every, math.ceil(steps / MAX_FRAMES))


def _run_filmed(loaded: Loaded, film: Any) -> dict[str, Any]:
    try:
        return loaded.run(on_world=film.attach)
    finally:
        film.close()


def _checked_log(path: str, scenario: Any) -> list[dict[str, Any]]:
    """The match's log after the scenario's actions, its computers' decisions included."""
    match = scenario.new_match()
    try:
        for index, action in enumerate(scenario.actions):
            perform(match, action, index, seed=scenario.header.seed)
    except PlacementRefused as exc:
        raise ScenarioError(path, exc.reason) from None
    return match.actions


def _play_filmed(
    scenario: Any, actions: list[dict[str, Any]], filmed: FilmedMoves
) -> dict[str, Any]:
    """Perform ``actions`` on a new match, filming it and marking each move (the
    runner's loop, with a marker before each action and its events after it)."""
    import time

    started = time.perf_counter()
    match = scenario.new_match()
    film = filmed.film
    hand_over = new_worlds(film.attach)
    physical = isinstance(match, PhysicalMatch)
    engine = GAMES.get(match.kind).load("engine")
    try:
        for index, action in enumerate(actions):
            if physical:
                hand_over(match.world)  # a world rebuilt from the log is filmed from now on
            frame, before = len(film.frames), len(match.events())
            perform(match, action, index, seed=scenario.header.seed)
            filmed.moves.append(FilmedMove(frame, action, tuple(match.events()[before:])))
            while len(film.frames) > MAX_FRAMES:
                _thin(filmed)
            if not physical:
                filmed.states.append(engine.clone(match.state))
    finally:
        film.close()
    wall_ms = (time.perf_counter() - started) * 1000
    return report(match, scenario.header, scenario.profile, scenario.expect, wall_ms)


def _thin(filmed: FilmedMoves) -> None:
    """Keep every other frame and film on at half the rate; each move's boundary moves
    to the first frame kept at or after it."""
    film = filmed.film
    film.frames[:] = film.frames[::2]
    film.every *= 2
    filmed.moves[:] = [replace(m, frame=(m.frame + 1) // 2) for m in filmed.moves]


def _show(
    film: Filming | FilmedMoves,
    report: dict[str, Any],
    path: str,
    png: str | None,
    watch: Watcher | None,
    err: TextIO,
) -> bool:
    """Write the PNG and/or open the viewer; False (with a line on err) if that failed.
    A game without a physics world draws its own picture (the registry's ``picture``)."""
    caption = film_caption(report, path)
    world = film.film.world
    if png is not None:
        if world is None:
            kind = report["kind"]
            picture = GAMES.get(kind).picture if kind in GAMES.kinds() else None
            if picture is None:
                print(f"towersim replay: {path}: this scenario has nothing to draw", file=err)
                return False
            draw = GAMES.get(kind).load("picture")
        else:

            def draw(_: str, target: Path) -> None:
                write_world_png(world, target, caption=caption)

        target = Path(png)
        if target.is_dir():
            target = target / (Path(path).stem + ".png")
        try:
            draw(path, target)
        except OSError as exc:
            print(f"towersim replay: cannot write {target}: {exc.strerror or exc}", file=err)
            return False
    if watch is not None:
        assert isinstance(film, FilmedMoves)
        return watch(film, err)
    return True


def film_caption(report: dict[str, Any], path: str) -> list[str]:
    """Two lines under a drawn run: its name, and its outcome with the state reached."""
    outcome = _outcome(report)
    if report.get("state_hash"):
        outcome += f"  (state {report['state_hash'][:12]})"
    return [f"{report['name'] or Path(path).name}", outcome]


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

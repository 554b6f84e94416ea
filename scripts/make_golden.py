"""Write the golden state hashes that guard every change meant to keep behaviour.

``python scripts/make_golden.py`` replays every shipped scenario and plays a fixed set
of headless games (random and thinking bots, every kind and mode), records each game as
a scenario in ``tests/golden/games/`` and writes every final state hash to
``tests/golden/hashes.json``. ``tests/test_golden.py`` checks them all again.

Run it only when a change is meant to change behaviour, and say so in the commit.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.cli import main  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
# (name, `towersim play` arguments): every kind and mode, random and thinking bots.
GAMES: list[tuple[str, list[str]]] = [
    ("lots-competitive-random", ["lots", "--seed", "3"]),
    ("lots-four-random", ["lots", "--players", "4", "--seed", "7"]),
    ("lots-solo-random", ["lots", "--mode", "solo", "--seed", "2"]),
    ("lots-solo-easy", ["lots", "--mode", "solo", "--seed", "1", "--bot", "easy"]),
    ("crazy-tower-competitive-random", ["crazy-tower", "--seed", "1"]),
    ("crazy-tower-saboteur-random", ["crazy-tower", "--mode", "saboteur", "--seed", "2"]),
    (
        "crazy-tower-solo-random",
        ["crazy-tower", "--mode", "solo", "--challenge", "5", "--seed", "1"],
    ),
    (
        "crazy-tower-solo-easy",
        ["crazy-tower", "--mode", "solo", "--challenge", "2", "--seed", "1", "--bot", "easy"],
    ),
    ("filled-in-random", ["filled-in", "--seed", "1"]),
    (
        "filled-in-remote-random",
        ["filled-in", "--players", "3", "--variant", "remote", "--seed", "2"],
    ),
    ("filled-in-normal", ["filled-in", "--seed", "3", "--bot", "normal"]),
]


def shipped_scenarios() -> list[Path]:
    """Every scenario file under scenarios/ (tuning experiments and sheets are not)."""
    found = sorted((ROOT / "scenarios").rglob("*.toml")) + sorted(
        (ROOT / "scenarios").rglob("*.json")
    )
    return [p for p in found if p.parent.name not in ("experiments", "sheets")]


def run_json(argv: list[str]) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    if code not in (0, 1):
        raise SystemExit(f"towersim {' '.join(argv)} exited {code}")
    return json.loads(out.getvalue())


def live_lots() -> dict:
    """A LOTS game whose first two placements are driven live (as the app's mouse does),
    one lowered onto the lot and one swept low, then finished by the computer."""
    from rules.lots import LotsOptions, legal_moves, placement_choices
    from simulator.games.lots.live import LivePlacement
    from simulator.games.lots.match import LotsMatch

    # The first grip, as the file (which names none) replays it.
    match = LotsMatch(LotsOptions(players=("Ann", "Bob"), footprint="1A", seed=5), first_grip())
    for lowest in (0.6, -3.0):
        while match.state.phase not in ("place", "replace"):
            match.perform(legal_moves(match.state)[0])
        block, cube = placement_choices(match.state)[0]
        live = LivePlacement(match, block, cube)
        x0, y0 = match.hand.body.position
        live.drive(x0 + 12.0, y0, 0.0, 200)
        y = y0
        while y > lowest and not live.drive(x0 + 14.0, y, 90.0, 8):
            y -= 0.25
        live.release()
        while not live.settle_chunk():
            pass
        match.place(live.placement())  # the recorded path, replayed by the match
    return {
        "format": "towersim/1",
        "kind": "lots",
        "name": "live placements, then the computer",
        "seed": 5,
        "setup": {"players": ["Ann", "Bob"], "footprint": "1A"},
        "action": [*match.actions, {"type": "computer"}],
    }


def live_crazy_tower() -> dict:
    """A Crazy Tower game whose first two blocks are placed live, then the computer."""
    from rules.crazy_tower import legal_moves
    from simulator.games.crazy_tower.live import LiveMove
    from simulator.games.crazy_tower.match import CrazyTowerMatch

    options = {"mode": "competitive", "players": ["Ann", "Bob"], "seed": 4}
    match = CrazyTowerMatch(options, first_grip())  # as the file (no grip named) replays it
    for dx in (-3.0, 4.0):
        action = next(m for m in legal_moves(match.state) if m["type"] == "place_block")
        live = LiveMove(
            match, {"type": "place_block", "player": action["player"], "block": action["block"]}
        )
        y0 = match.hand.body.position.y
        live.drive(dx, y0, 0.0, 300)
        y = y0
        while not live.drive(dx, y, 0.0, 8) and y > -5:
            y -= 0.25
        assert live.release() is None
        while not live.settle_chunk():
            pass
        assert live.after is not None and live.verdict is not None, live.problem
        match.commit_live(live.action(), live.after, live.verdict.fallen)
    return {
        "format": "towersim/1",
        "kind": "crazy-tower",
        "name": "live placements, then the computer",
        "seed": 4,
        "setup": {"mode": "competitive", "players": ["Ann", "Bob"]},
        "action": [*match.actions, {"type": "computer"}],
    }


LIVE = {"lots-live": live_lots, "crazy-tower-live": live_crazy_tower}
# Games recorded before the yielding grip (grip1), before resting as a group (rest1),
# before hand model 2 (hand1), before a placed piece was judged by its real extent
# (rest2) and before a LOTS solo block taken back was placed again (rest3): kept as
# they are, replayed for their hashes.
KEPT = ("*-grip1.toml", "*-rest1.toml", "*-hand1.toml", "*-rest2.toml", "*-rest3.toml")


def first_grip() -> Any:
    """The physics profile the files that name no grip (nor rest) replay with."""
    from simulator.physics.profile import load_profile

    return load_profile(grip=1, rest=1)


def main_golden() -> None:
    hashes: dict[str, dict[str, str]] = {"scenarios": {}, "games": {}}
    for path in shipped_scenarios():
        name = path.relative_to(ROOT).as_posix()
        hashes["scenarios"][name] = run_json(["replay", "--json", name])["state_hash"]
        print(name, hashes["scenarios"][name][:16])
    (GOLDEN / "games").mkdir(parents=True, exist_ok=True)
    for name, args in GAMES:
        record = GOLDEN / "games" / f"{name}.toml"
        report = run_json(["play", *args, "--headless", "--json", "--record", str(record)])
        hashes["games"][name] = report["state_hash"]
        print(name, report["state_hash"][:16])
    from simulator.games.record import scenario_text

    for name, build in LIVE.items():
        record = GOLDEN / "games" / f"{name}.toml"
        record.write_text(scenario_text(build(), record))
        report = run_json(["replay", "--json", str(record)])
        hashes["games"][name] = report["state_hash"]
        print(name, report["state_hash"][:16], report["end_reason"], report["turns"])
    kept = sorted(record for pattern in KEPT for record in (GOLDEN / "games").glob(pattern))
    for record in kept:
        hashes["games"][record.stem] = run_json(["replay", "--json", str(record)])["state_hash"]
    text = json.dumps({"games_args": dict(GAMES), **hashes}, indent=2) + "\n"
    (GOLDEN / "hashes.json").write_text(text)


if __name__ == "__main__":
    main_golden()

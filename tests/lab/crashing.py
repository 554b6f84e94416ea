"""A test-only game for the lab: Filled In, except that seed 1 raises, seed 2 kills its
process and seed 3 hangs. Spawned workers find it through TOWERSIM_GAMES."""

from __future__ import annotations

import argparse
import os
import time

from simulator.games.filled_in import play as filled_in_play
from simulator.games.registry import GameKind

RAISES, DIES, HANGS = 1, 2, 3

GAME = GameKind.from_package(
    "crashing",
    "Crashing Filled In",
    "simulator.games.filled_in",
    "rules.filled_in.engine:ENGINE",
    command="tests.lab.crashing",
    picture="simulator.games.filled_in.picture:write_picture",
    mode_key="variant",  # Filled In's facts: the lab reads them from the registry
    hands=False,
)

add_arguments = filled_in_play.add_arguments


def run(args: argparse.Namespace) -> int:
    if args.seed == RAISES:
        raise RuntimeError("the rules broke on purpose")
    if args.seed == DIES:
        os._exit(3)
    if args.seed == HANGS:
        time.sleep(600)
    return filled_in_play.run(args)

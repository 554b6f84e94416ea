"""LOTS rules engine: competitive (2-4 players) and solo "Jack of All Trades".

The front door is ``rules.lots.engine.ENGINE`` (the engine contract of rules/engine.py).
The older entry points stay for the callers not yet moved: ``new_game(LotsOptions(...))``
-> LotsState; ``legal_moves``, ``placement_choices`` and ``apply_move`` (or the
wrappers) to play; the simulator feeds placements as ``PlacementOutcome``s and may
pre-check candidates with ``check_candidate``. See docs/rules-lots.md.
"""

from rules.lots.grid import complete_floors, edge_touch, touching_pairs
from rules.lots.instances import colour_of, is_cube, spec_of
from rules.lots.moves import (
    apply_move,
    give_crew,
    legal_moves,
    pass_window,
    pick_supply,
    place,
    placement_choices,
    play_crew,
    replay,
    roll,
)
from rules.lots.outcome import PlacementOutcome
from rules.lots.placement import (
    check_candidate,
    check_outcome,
    check_placement,
    check_solo_contact,
    placement_problem,
)
from rules.lots.setup import LotsOptions, new_game
from rules.lots.state import LotsState

__all__ = [
    "LotsOptions",
    "LotsState",
    "PlacementOutcome",
    "apply_move",
    "check_candidate",
    "check_outcome",
    "check_placement",
    "check_solo_contact",
    "colour_of",
    "complete_floors",
    "edge_touch",
    "give_crew",
    "is_cube",
    "legal_moves",
    "new_game",
    "pass_window",
    "pick_supply",
    "place",
    "placement_choices",
    "placement_problem",
    "play_crew",
    "replay",
    "roll",
    "spec_of",
    "touching_pairs",
]

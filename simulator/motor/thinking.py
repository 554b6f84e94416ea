"""How long a person thinks before a move, from the literature (docs/hand.md,
"Thinking"): the keystroke-level model's mental preparation plus the Hick-Hyman law
for choosing among equally likely options."""

from __future__ import annotations

import math

from simulator.motor.population import law


def think_seconds(choices: int) -> float:
    """Seconds to prepare a move chosen among ``choices`` options (at least 1):
    M + b * log2(choices + 1) (Hick 1952's form, counting the option of not moving)."""
    if choices < 1:
        raise ValueError(f"a move is chosen among at least 1 option, not {choices!r}")
    table = law()
    return table["mental_s"] + table["hick_s_per_bit"] * math.log2(choices + 1)

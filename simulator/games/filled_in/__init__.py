"""LOTS: Filled In in the simulator: the match, computer players, scenarios, `play filled-in`
and `sheet` (would a drawn tower stand; printable sheets)."""

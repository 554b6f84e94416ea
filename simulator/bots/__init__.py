"""Computer players that think physically: dexterity profiles (how steady a hand is),
rollout evaluation of candidate placements in copies of the world, budgets counted in
simulated work, and the levels registry shared by the three games (docs/bots.md)."""

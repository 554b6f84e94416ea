"""LOTS bound to the physics: the match, computer players, scenarios and `play lots`."""

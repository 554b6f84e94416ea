"""The hand model from human motor control (docs/hand.md): Fitts' law movement times,
speed-dependent endpoint spread, physiological tremor, a thinking time, and the
population of named hands derived from them. Pure Python: no pymunk, no pyglet."""

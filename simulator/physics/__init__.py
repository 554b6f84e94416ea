"""The 2D rigid-body world (pymunk). Never imports pyglet: rendering reads the world."""

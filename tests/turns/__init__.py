"""The game screens' turn controllers, played without a window: none of them, nor these
tests, imports pyglet (tests/test_turns_without_pyglet.py runs them with pyglet barred)."""

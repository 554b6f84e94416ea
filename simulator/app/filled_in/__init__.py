"""LOTS: Filled In in the app: its screen (a turn controller without pyglet, a view that
draws it, one key table), panel, words and session (saves)."""

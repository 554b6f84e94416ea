"""LOTS: Filled In in the app: its screen, panel, words and session (saves)."""

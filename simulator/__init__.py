"""towersim's engine and program: physics, hand, replay, CLI (and later match, app, bots)."""

from rules import __version__

__all__ = ["__version__"]

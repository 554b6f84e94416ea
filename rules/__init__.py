"""The rules of the three games: pure Python, fed plain data by the simulator.

Nothing in this package imports pymunk or pyglet (docs/architecture.md, "The layers"), nor the
simulator. The front door to each game is its engine, ``rules.<game>.engine.ENGINE``,
implementing ``rules.engine.Engine`` (docs/architecture.md, "The engine contract").
"""

from rules.version import package_version

__version__ = package_version()

__all__ = ["__version__"]

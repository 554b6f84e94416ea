"""Registers towersim's Gymnasium ids the moment gymnasium is imported.

Gymnasium 1.0 dropped its entry-point plug-ins, so the wheel installs this file as the
top-level module ``_towersim_gymnasium`` and ``towersim-gymnasium.pth`` (one line:
``import _towersim_gymnasium``), which Python runs at start-up. It imports nothing of
towersim and only puts a finder on ``sys.meta_path``; when gymnasium is imported, it
registers the ids: a few ``gymnasium.register`` calls with string entry points.
Whatever goes wrong here is swallowed: a start-up hook must never break Python or
gymnasium.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from typing import Any


class _AfterGymnasium(importlib.abc.MetaPathFinder):
    """Finds nothing itself; when gymnasium is being imported, it lets the other finders
    find it and registers towersim's ids after gymnasium's own module has run."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)  # once, and never while finding it ourselves
        spec = importlib.util.find_spec(name)
        loader = getattr(spec, "loader", None)
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            try:
                from simulator.rl.registration import register_envs

                register_envs()
            except Exception:
                pass

        loader.exec_module = exec_module
        return spec


def install() -> None:
    if "gymnasium" in sys.modules:  # already imported: register now
        try:
            from simulator.rl.registration import register_envs

            register_envs()
        except Exception:
            pass
        return
    if not any(isinstance(f, _AfterGymnasium) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterGymnasium())


install()

"""A copy of the game assets the motor tests may spoil, and the caches that read them."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import assets
from simulator.motor import population


def _clear() -> None:
    assets.assets_dir.cache_clear()
    assets.load_asset.cache_clear()
    population.hands.cache_clear()


@pytest.fixture
def spoilt_assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The path of a copy of assets/hand/population.toml that TOWERSIM_ASSETS points at;
    the test rewrites it, and the caches are cleared before and after."""
    root = tmp_path / "assets"
    shutil.copytree(assets.assets_dir(), root)
    monkeypatch.setenv("TOWERSIM_ASSETS", str(root))
    _clear()
    try:
        yield root / population.POPULATION_FILE
    finally:
        monkeypatch.delenv("TOWERSIM_ASSETS")
        _clear()

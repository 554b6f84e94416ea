"""The pictures in docs/app.md are drawn by scripts/make_screenshots.py from the real
screens: the script must keep running, and every picture must show something."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def test_every_screen_of_the_docs_is_drawn(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "make_screenshots", ROOT / "scripts/make_screenshots.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path / "home"))
    assert script.main([str(tmp_path)]) == 0
    for name in script.SHOTS:
        for file, size in ((f"{name}.png", (1280, 800)), (f"{name}-1920x1080.png", (1920, 1080))):
            picture = Image.open(tmp_path / file).convert("RGB")
            assert picture.size == size, file
            colours = picture.resize((64, 40)).getcolors(64 * 40)
            assert colours is not None and len(colours) > 8, f"{file} is blank"
    documented = (ROOT / "docs/app.md").read_text() + (ROOT / "docs/app-crazy-tower.md").read_text()
    for name in script.SHOTS:
        if name not in ("start-screen", "help", "filled-in-game", "crazy-tower-game"):
            assert f"images/{name}.png" in documented, f"docs do not show {name}"

"""Draw the title screen's picture of each game the app offers (assets/title/<game>.png)
from the scenario assets/title/pictures.toml names for it: its last state, as `towersim
replay --png` draws a world, without the caption; or, for a game given a ``region``, the
app's own screen on that scenario cut to the part its first-game guide calls so (Filled
In's "sheet").

Usage: ``python scripts/make_title_pictures.py`` (headless: pyglet draws through EGL).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this source tree's code and assets, not an installed copy

from rules.assets import assets_dir, load_asset  # noqa: E402
from simulator.app.setup import app_games  # noqa: E402
from simulator.files import write_atomically  # noqa: E402
from simulator.render.offscreen import use_headless, write_world_png  # noqa: E402
from simulator.replay import Filming, replay_file  # noqa: E402

SIZE = (720, 480)  # pixels: the card shows it at 3:2


def picture_path(game: str) -> Path:
    return assets_dir() / "title" / f"{game}.png"


def draw(game: str, scenario: str, region: str | None) -> None:
    """One game's picture from ``scenario``'s last state."""
    target = picture_path(game)
    if region is not None:
        _screen_region(scenario, region, target)
        return
    filming = Filming(None)
    report = replay_file(scenario, filming, 1.0)
    if not report["ok"]:
        raise SystemExit(f"{scenario} does not replay as its expectations say")
    world = filming.film.world
    if world is not None:
        write_world_png(world, target, size=SIZE, wood=True)  # the app's look
        return
    raise SystemExit(f"{scenario} has no world to draw: give {game} a region")


def _screen_region(scenario: str, region: str, target: Path) -> None:
    """The app's screen on ``scenario`` (loaded as a saved game), cut to ``region``."""
    import pyglet  # lazy: headless, set by main

    from simulator.app import screens
    from simulator.app.window import AppWindow

    window = AppWindow(screens.load_game(Path(scenario)), visible=False, schedule=False)
    try:
        for _ in range(3):
            window.tick(1 / 60)
            window.switch_to()
            window.dispatch_event("on_draw")
            window.dispatch_events()
        window.switch_to()
        window.dispatch_event("on_draw")  # read before the buffers swap
        x, y, w, h = window.page.guide_anchors()[region]
        left, bottom = window.box.to_window(x, y)
        right, top = window.box.to_window(x + w, y + h)
        buffer = pyglet.image.get_buffer_manager().get_color_buffer()
        part = buffer.get_region(
            round(left), round(bottom), round(right - left), round(top - bottom)
        )
        with tempfile.TemporaryDirectory() as folder:
            drawn = Path(folder) / "picture.png"
            part.save(str(drawn))
            write_atomically(target, drawn.read_bytes())
    finally:
        window.close()


def main() -> int:
    os.environ["TOWERSIM_HOME"] = tempfile.mkdtemp(prefix="towersim-title-")  # not yours
    use_headless()
    sources = load_asset("title/pictures.toml")
    missing = [game for game in app_games() if game not in sources]
    if missing:
        print(f"assets/title/pictures.toml names no scenario for {', '.join(missing)}")
        return 1
    for game in app_games():
        source = sources[game]
        draw(game, str(ROOT / source["scenario"]), source.get("region"))
        print(f"{picture_path(game)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

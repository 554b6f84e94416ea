"""replay --watch plays a filmed headless run back: bodies move frame by frame."""

from __future__ import annotations

from simulator.app.watch import FilmScreen
from simulator.app.window import AppWindow
from simulator.render.film import Film
from simulator.replay import load_scenario
from tests.app.helpers import pixel


def test_the_film_plays_back_in_a_window():
    film = Film(8)
    report = load_scenario("scenarios/sandbox/careless-hand.toml").run(on_world=film.attach)
    film.close()
    assert film.world is not None and len(film.frames) > 50
    # The last frame is the final state the report describes.
    last = {entry.id: pose for entry, pose in film.frames[-1].bodies}
    for body in report["bodies"]:
        x, y, _ = last[body["id"]]
        assert abs(x - body["end"][0]) < 1e-9 and abs(y - body["end"][1]) < 1e-9
    screen = FilmScreen(film, ["careless hand"])
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        window.switch_to()
        window.on_draw()
        first = pixel(window, 640, 300)
        for _ in range(240):
            window.tick(1 / 60)
        assert screen.index > 0
        window.on_draw()
        assert window.frames == 2 and isinstance(first, tuple)
    finally:
        window.close()

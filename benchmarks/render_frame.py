"""Frame time with 60 bodies on screen, headless on the software renderer (llvmpipe).

Two measurements, each over FRAMES frames after a warm-up:
- world: WorldScene.sync (every body's pose written) + batch draw + glFinish;
- screen: a game screen's whole frame (world, ghost, panel, score track, message) for
  LOTS and Crazy Tower with the 60 bodies as the match's world, and the Filled In
  screen (no physics world: its sheet, panel and tabs); LOTS and Crazy Tower are drawn
  with the flat bodies too, right before, as the baseline the wooden look's cost is a
  ratio to (the machine's load moves both alike).
The physics steps between frames so every body moves, but stepping is not timed. Then
the ghost's geometry: a held piece dropped onto the crowded world, as each frame does
while the hand moves; and a LOTS frame while your hand carries a piece over a real
game's tower (ghost, hand, spread).
Target: <= 8 ms a frame. Run: python benchmarks/render_frame.py
"""

from __future__ import annotations

import statistics
import time

import pyglet

pyglet.options["headless"] = True

from pyglet import gl  # noqa: E402

from rules.lots import spec_of  # noqa: E402
from simulator.app.screens import open_game  # noqa: E402
from simulator.app.setup import GameSetup, Seat  # noqa: E402
from simulator.app.window import AppWindow  # noqa: E402
from simulator.physics.materials import materials  # noqa: E402
from simulator.physics.profile import load_profile  # noqa: E402
from simulator.physics.world import Pose, World  # noqa: E402
from simulator.render.camera import Camera, fit_region  # noqa: E402
from simulator.render.scene import WorldScene, world_bounds  # noqa: E402

FRAMES = 300
BODIES = 60


def _stats(samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[int(len(samples) * 0.95)]
    return f"median {statistics.median(samples):.2f} ms, p95 {p95:.2f} ms, max {samples[-1]:.2f} ms"


def crowded_world() -> World:
    """BODIES LOTS pieces dropped in a 10 x 6 grid onto a wide table: all stay on screen."""
    world = World(load_profile())
    world.add_static(
        "table",
        [[(-80.0, -5.0), (80.0, -5.0), (80.0, 0.0), (-80.0, 0.0)]],
        materials()["felt"],
        is_table=True,
    )
    shapes = ("red-1", "orange-1", "yellow-1", "green-1", "blue-1")
    for index in range(BODIES):
        spec = spec_of(shapes[index % len(shapes)])
        col, row = index % 10, index // 10
        pose = Pose(-54.0 + 12.0 * col, 4.0 + 9.0 * row, 0.0)
        world.add_piece(f"p{index:02d}", spec, pose, materials()[spec.material])
    return world


def world_frames(window: pyglet.window.Window) -> list[float]:
    world = crowded_world()
    lot = None
    # Wake every body so each frame writes every pose (the worst case).
    for entry in world.dynamic_entries:
        entry.body.activate()
    scene = WorldScene(world, lot=lot)
    camera = Camera(fit_region(world_bounds(world), 1280 / 800), (0, 0, 1280, 800))
    times = []
    for frame in range(FRAMES + 30):
        world.step(8)
        for entry in world.dynamic_entries:  # keep them moving a hair
            entry.body.angle += 1e-6
        window.switch_to()
        started = time.perf_counter()
        window.clear()
        window.view = camera.matrix()
        scene.sync()
        scene.batch.draw()
        gl.glFinish()
        if frame >= 30:
            times.append((time.perf_counter() - started) * 1000)
    print(f"world frames, {len(world.dynamic_entries)} bodies: {_stats(times)}")
    return times


def ghost_drops() -> list[float]:
    """The honest ghost's geometry (simulator/physics/drop.py): a piece held above the
    crowded world dropped straight down onto it, once a frame while the hand moves."""
    from simulator.physics.drop import landing_shape

    world = crowded_world()
    world.step(60)
    spec = spec_of("green-1")
    held = world.add_piece("held", spec, Pose(-6.0, 70.0, 0.0), materials()[spec.material])
    times = []
    for frame in range(FRAMES + 30):
        held.body.position = (-54.0 + (frame % 100) * 1.08, 70.0)  # sweep across the world
        started = time.perf_counter()
        landing_shape(world.entries, held)
        if frame >= 30:
            times.append((time.perf_counter() - started) * 1000)
    print(f"ghost drop over {len(world.dynamic_entries) - 1} bodies: {_stats(times)}")
    return times


def screen_frames(game: str, *, wood: bool = True) -> list[float]:
    """A game screen's whole frame with the crowded world as the match's world (LOTS and
    Crazy Tower), or the Filled In screen (no physics: its sheet, panel and tabs);
    ``wood`` False: the bodies drawn flat (the research frames' look)."""
    seats = (Seat("Computer A", "random"), Seat("Computer B", "random"))
    settings = {"footprint": "3A"} if game == "lots" else {}  # the crowded world's lot
    screen = open_game(GameSetup(game, seats, seed=1, settings=settings))
    screen.autosave = False
    screen.wood = wood
    world = crowded_world()
    if game != "filled-in":
        screen.match.world = world  # the screen draws whatever world the match holds
    window = AppWindow(screen, visible=False, schedule=False)
    times, cpu = [], 0.0
    for frame in range(FRAMES + 30):
        world.step(8)
        for entry in world.dynamic_entries:
            entry.body.angle += 1e-6
        window.switch_to()
        started, used = time.perf_counter(), time.process_time()
        window.on_draw()
        gl.glFinish()
        if frame >= 30:
            times.append((time.perf_counter() - started) * 1000)
            cpu += time.process_time() - used  # llvmpipe's threads included
    bodies = len(world.dynamic_entries) if game != "filled-in" else 0
    look = "" if wood else ", flat"
    print(
        f"{game} screen frames, {bodies} bodies{look}: {_stats(times)}, "
        f"cpu {cpu * 1000 / FRAMES:.2f} ms a frame"
    )
    window.close()
    return times


def holding_frames() -> list[float]:
    """A LOTS frame while your hand (the older hand) sweeps a piece back and forth over
    the tower of a real game (seed 3): the ghost worked out every frame, the hand, the
    spread. Drawing only: each frame's physics steps run before its clock starts."""
    from pyglet.window import key

    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen

    match = session.new_match(["You", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3, dexterity="older", autosave=False)
    window = AppWindow(screen, visible=False, schedule=False)
    for _ in range(3600):  # the computer moves first: skip its playback to your pick
        state = match.state
        if state.to_act == 0 and screen.playback is None:
            if state.phase == "place":
                break
            window.dispatch_event("on_key_press", key.R if state.phase == "roll" else key.P, 0)
        elif screen.playback is not None:
            window.dispatch_event("on_key_press", key.SPACE, 0)
        window.tick(1 / 60)
        window.dispatch_events()
        time.sleep(0.002)  # the computer decides on a worker thread
    window.dispatch_event("on_key_press", key._1, 0)
    window.dispatch_events()
    times = []
    for frame in range(FRAMES + 30):
        x, y = screen.camera().to_screen(-4.0 + 8.0 * abs((frame % 120) / 60 - 1), 12.0)
        wx, wy = window.box.to_window(x, y)
        window.dispatch_event("on_mouse_motion", round(wx), round(wy), 0, 0)
        window.tick(1 / 60)
        window.switch_to()
        started = time.perf_counter()
        window.on_draw()
        gl.glFinish()
        if frame >= 30:
            times.append((time.perf_counter() - started) * 1000)
    print(f"lots screen holding a piece (older hand): {_stats(times)}")
    window.close()
    return times


def main() -> None:
    window = pyglet.window.Window(1280, 800, visible=False)
    print(f"renderer: {gl.gl_info.get_renderer()}")
    world_frames(window)
    window.close()
    ghost_drops()
    for game in ("lots", "crazy-tower"):
        flat = statistics.median(screen_frames(game, wood=False))
        wood = statistics.median(screen_frames(game))
        print(f"{game}: the wooden look / the flat one, medians: {wood / flat:.2f}")
    screen_frames("filled-in")
    holding_frames()


if __name__ == "__main__":
    main()

"""Draw every screen of the app headless and write the pictures docs/app.md shows.

    PYGLET_HEADLESS=1 python scripts/make_screenshots.py [OUT] [--only NAME,...]

(OUT defaults to docs/images.) Each picture is the real screen code drawn through EGL at
1280 x 800, and again at 1920 x 1080 as NAME-1920x1080.png, from a fixed seed
or a shipped scenario, so running it again after a change shows what players now see.
Settings and autosaves go to a temporary TOWERSIM_HOME, never the user's own.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FRAME = 1 / 60
SIZES = ((1280, 800), (1920, 1080))  # the first is the default window's: no suffix
_size = SIZES[0]


def _window(screen: Any) -> Any:
    from simulator.app.window import AppWindow

    width, height = _size
    return AppWindow(screen, visible=False, schedule=False, width=width, height=height)


def _frames(window: Any, count: int) -> None:
    for _ in range(count):
        window.tick(FRAME)
        window.switch_to()
        window.dispatch_event("on_draw")
        window.dispatch_events()


def _key(window: Any, symbol: int) -> None:
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_events()


def _mouse(window: Any, x: float, y: float) -> None:
    """Move the mouse to logical (x, y)."""
    wx, wy = window.box.to_window(x, y)
    window.dispatch_event("on_mouse_motion", round(wx), round(wy), 0, 0)
    window.dispatch_events()


def _save(window: Any, path: Path) -> None:
    import pyglet

    _frames(window, 2)
    window.switch_to()
    window.dispatch_event("on_draw")
    pyglet.image.get_buffer_manager().get_color_buffer().save(str(path))


def title_screen(window_for: Callable[[Any], Any]) -> Any:
    from simulator.app.title_screen import TitleScreen

    return window_for(TitleScreen())


def start_screen(window_for: Callable[[Any], Any]) -> Any:
    from simulator.app.start_screen import StartScreen

    return window_for(StartScreen())


def lots_holding(window_for: Callable[[Any], Any]) -> Any:
    """A LOTS game part-way, the next piece in the hand over the tower."""
    from pyglet.window import key

    from simulator.app import screens

    game = screens.load_game(ROOT / "scenarios/lots/colour-match.toml")
    window = window_for(game)
    _frames(window, 5)
    for _ in range(6):  # pass the crew cards, roll: up to the placement
        phase = game.match.state.phase
        if phase == "place":
            break
        _key(window, key.R if phase == "roll" else key.P)
        _frames(window, 5)
    _key(window, key._1)
    _frames(window, 5)
    x, y = game.camera().to_screen(3.0, 14.0)
    _mouse(window, x, y)
    _frames(window, 90)
    return window


def lots_off_the_lot(window_for: Callable[[Any], Any]) -> Any:
    """A new LOTS game: the piece held beside the lot, its ghost red with the reason."""
    window, game = _lots_first_pick(window_for)
    _mouse(window, *game.camera().to_screen(16.0, 6.0))
    _frames(window, 120)
    return window


def lots_hand_turned(window_for: Callable[[Any], Any]) -> Any:
    """A new LOTS game with the older hand: the block turned a quarter turn over the
    lot, the arm still straight down from above, the ghost and the hand's spread."""
    from pyglet.window import key

    window, game = _lots_first_pick(window_for, hand="older")
    _key(window, key.E)
    _mouse(window, *game.camera().to_screen(1.0, 9.0))
    _frames(window, 120)
    return window


def _lots_first_pick(window_for: Callable[[Any], Any], hand: str | None = None) -> Any:
    """A new LOTS game against a computer, at your first pick (the first block in hand)."""
    import time

    from pyglet.window import key

    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen

    match = session.new_match(["You", "Computer 2"], "1A", 3)
    game = LotsScreen(match, seed=3, dexterity=hand)
    window = window_for(game)
    for _ in range(60 * 60):  # the computer moves first: skip its move to your turn
        state = game.match.state
        if state.to_act == 0 and game.playback is None:
            if state.phase == "place":
                break
            _key(window, key.R if state.phase == "roll" else key.P)
        elif game.playback is not None:
            _key(window, key.SPACE)
        _frames(window, 1)
        time.sleep(0.002)  # the bot decides on a worker thread
    _key(window, key._1)
    _frames(window, 5)
    return window, game


def computer_playback(window_for: Callable[[Any], Any]) -> Any:
    """Two computers at LOTS: a placement being played back, the hand carrying it."""
    import time

    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen

    match = session.new_match(["Computer 1", "Computer 2"], "1A", 8)
    game = LotsScreen(match, seed=8, humans=set(), autosave=False)
    window = window_for(game)
    shown = 0
    for _ in range(60 * 60):
        _frames(window, 1)
        if game.playback is not None and match.action_count >= 4:
            shown += 1
            if shown == 70:  # part-way through the carry
                break
        time.sleep(0.002)  # the bots decide on a worker thread
    return window


def lots_floors_flash(window_for: Callable[[Any], Any]) -> Any:
    """The last move of floor-completed.toml made by a computer: its floors flash and
    its score counts up once its playback is skipped."""
    import time

    from pyglet.window import key

    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen
    from simulator.games.lots.match import Placement

    text = (ROOT / "scenarios/lots/floor-completed.toml").read_text()
    shortened = Path(tempfile.mkdtemp()) / "floor-completed.toml"
    shortened.write_text(text[: text.rindex("[[action]]")])  # all but the last move
    saved = session.load_saved(shortened)

    class LastMove:  # the scenario's own last placement, as a computer's decision
        def decide(self, match: Any) -> Any:
            return (
                "place",
                Placement(block="green-2", col=4, turns=1, cube="purple-1", cube_col=3),
            )

    game = LotsScreen(saved.match, seed=saved.seed, humans={"Ann"}, levels={"Ben": "random"})
    game.turns.seats.seats["Ben"].player = LastMove()
    window = window_for(game)
    for _ in range(60 * 20):
        _frames(window, 1)
        if game.playback is not None:
            break
        time.sleep(0.002)  # the decision comes from a worker thread
    _key(window, key.SPACE)
    _frames(window, 8)
    return window


def crazy_tower(window_for: Callable[[Any], Any]) -> Any:
    from simulator.app import screens

    game = screens.load_game(ROOT / "scenarios/crazy-tower/loop-box.toml")
    window = window_for(game)
    _frames(window, 60)
    return window


def crazy_tower_card_in_hand(window_for: Callable[[Any], Any]) -> Any:
    """A revealed floor card held over the tower."""
    from pyglet.window import key

    window = crazy_tower(window_for)
    game = window.page
    _key(window, key.V)
    _frames(window, 5)
    _mouse(window, *game.camera().to_screen(2.0, 14.0))
    _frames(window, 90)
    return window


def crazy_tower_over_nothing(window_for: Callable[[Any], Any]) -> Any:
    """A block held beside the tower: its ghost red on the table, with the reason."""
    from pyglet.window import key

    window = crazy_tower(window_for)
    game = window.page
    _key(window, key._3)
    _frames(window, 5)
    _mouse(window, *game.camera().to_screen(-14.0, 8.0))
    _frames(window, 120)
    return window


def filled_in(window_for: Callable[[Any], Any]) -> Any:
    from simulator.app import screens

    game = screens.load_game(ROOT / "scenarios/filled-in/draft-order.toml")
    window = window_for(game)
    _frames(window, 20)
    return window


def help_overlay(window_for: Callable[[Any], Any]) -> Any:
    from pyglet.window import key

    window = crazy_tower(window_for)
    _key(window, key.H)
    _frames(window, 2)
    return window


def settings_page(window_for: Callable[[Any], Any]) -> Any:
    from simulator.app.settings_screen import SettingsScreen
    from simulator.app.start_screen import StartScreen

    return window_for(SettingsScreen(StartScreen))


def rules_page(window_for: Callable[[Any], Any]) -> Any:
    from simulator.app.rules_page import RulesPage

    window = start_screen(window_for)
    window.open_overlay(RulesPage("lots"))
    return window


def guide(game: str, scenario: str) -> Callable[[Callable[[Any], Any]], Any]:
    def shown(window_for: Callable[[Any], Any]) -> Any:
        from simulator.app import guide as guides
        from simulator.app import screens

        screen = screens.load_game(ROOT / "scenarios" / scenario)
        window = window_for(screen)
        _frames(window, 3)
        guides.show(screen)
        return window

    shown.__name__ = f"guide_{game}"
    return shown


def results(scenario: str) -> Callable[[Callable[[Any], Any]], Any]:
    def shown(window_for: Callable[[Any], Any]) -> Any:
        from simulator.app import screens
        from simulator.app.results import RESULTS_PAUSE, ResultsScreen

        window = window_for(screens.load_game(ROOT / "scenarios" / scenario))
        for _ in range(round(RESULTS_PAUSE * 60) + 30):
            _frames(window, 1)
            if isinstance(window.page, ResultsScreen):
                break
        _frames(window, 2)
        return window

    return shown


def back_to_the_table(scenario: str) -> Callable[[Callable[[Any], Any]], Any]:
    def shown(window_for: Callable[[Any], Any]) -> Any:
        from pyglet.window import key

        window = results(scenario)(window_for)
        _key(window, key.B)
        _frames(window, 2)
        return window

    return shown


def viewer(scenario: str, moves: int) -> Callable[[Callable[[Any], Any]], Any]:
    def shown(window_for: Callable[[Any], Any]) -> Any:
        from pyglet.window import key

        from simulator.app import screens

        window = window_for(screens.watch_file(ROOT / "scenarios" / scenario))
        for _ in range(moves):
            _key(window, key.RIGHT)
        _frames(window, 40)
        return window

    return shown


SABOTEUR_END = "crazy-tower/saboteur-collapse-architect-turn.toml"
SHOTS: dict[str, Callable[[Callable[[Any], Any]], Any]] = {
    "title-screen": title_screen,
    "start-screen": start_screen,
    "lots-game": lots_holding,
    "lots-ghost-off-lot": lots_off_the_lot,
    "lots-hand-turned": lots_hand_turned,
    "computer-playback-lots": computer_playback,
    "feel-lots-floors": lots_floors_flash,
    "crazy-tower-game": crazy_tower,
    "crazy-tower-tall-tower": back_to_the_table(SABOTEUR_END),
    "hand-crazy-tower-floor-card": crazy_tower_card_in_hand,
    "crazy-tower-ghost-over-nothing": crazy_tower_over_nothing,
    "lots-tall-tower": back_to_the_table("lots/win-target.toml"),
    "filled-in-game": filled_in,
    "help": help_overlay,
    "settings": settings_page,
    "rules-page": rules_page,
    "guide-lots": guide("lots", "lots/award-cube.toml"),
    "guide-crazy-tower": guide("crazy-tower", "crazy-tower/loop-box.toml"),
    "guide-filled-in": guide("filled-in", "filled-in/draft-order.toml"),
    "results-lots": results("lots/win-target.toml"),
    "results-crazy-tower": results(SABOTEUR_END),
    "results-filled-in": results("filled-in/game-end-tie-break.toml"),
    "replay-viewer": viewer("lots/accident.toml", 3),
    "replay-viewer-filled-in": viewer("filled-in/draft-order.toml", 4),
}


def main(argv: list[str]) -> int:
    global _size
    only: set[str] = set()
    if "--only" in argv:
        at = argv.index("--only")
        only = set(argv[at + 1].split(","))
        argv = argv[:at] + argv[at + 2 :]
    unknown = only - set(SHOTS)
    if unknown:
        print(f"make_screenshots: no picture named {', '.join(sorted(unknown))}.")
        return 2
    out = Path(argv[0]) if argv else ROOT / "docs/images"
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TOWERSIM_HOME"] = tempfile.mkdtemp(prefix="towersim-shots-")
    import pyglet

    pyglet.options["headless"] = True
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    for _size in SIZES:
        suffix = "" if _size == SIZES[0] else f"-{_size[0]}x{_size[1]}"
        for name, make in SHOTS.items():
            if only and name not in only:
                continue
            window = make(_window)
            try:
                _save(window, out / f"{name}{suffix}.png")
            finally:
                window.close()
            print(out / f"{name}{suffix}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

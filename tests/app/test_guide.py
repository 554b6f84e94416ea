"""The first-game guide: it shows on a player's first game, its arrow points at the real
thing on screen, it goes on when the player does what it says, Skip / Esc end it, it
does not show by itself again, and the help (G) brings it back."""

from __future__ import annotations

import pytest
from pyglet.window import key, mouse

from rules.lots import legal_moves
from simulator.app import guide, settings
from simulator.app.guide import ACCENT, GuideOverlay, load_guide
from simulator.app.lots.screen import LotsScreen
from simulator.app.rules_page import RulesPage
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from simulator.games.lots.live import SETTLED
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    pixel,
    send,
    world_to_window,
)

HUMANS = ("You", "Ann")  # two people at one screen: every turn is a person's


def _to_placement(window, screen):
    """Roll and take the discrete moves (both seats are people) until a block is placed."""
    for _ in range(40):
        state = screen.match.state
        if state.phase == "place":
            return
        if state.phase == "roll":
            send(window, "on_key_press", key.R, 0)
        else:
            screen.turns.move(legal_moves(state)[0])
        frames(window)
    raise AssertionError("no placement came")


def _click_at(window, x, y):
    send(window, "on_mouse_press", *window.box.to_window(x, y), mouse.LEFT, 0)
    frames(window)


def _click_label(window, hud, label):
    button = next(b for b in hud.buttons if b.label == label)
    _click_at(window, button.x + button.w / 2, button.y + button.h / 2)


def _points_at(window, shown: GuideOverlay, rect) -> None:
    """The guide frames ``rect``, its box stays clear of it, and its arrow ends on the
    rectangle's edge, drawn in the accent colour."""
    x, y, w, h = rect
    bx, by, bw, bh = shown.box
    assert not (bx < x + w and x < bx + bw and by < y + h and y < by + bh)  # not covering it
    tx, ty = shown.tip
    assert x - 7 <= tx <= x + w + 7 and y - 7 <= ty <= y + h + 7
    on_edge = min(
        abs(tx - (x - 6)), abs(tx - (x + w + 6)), abs(ty - (y - 6)), abs(ty - (y + h + 6))
    )
    assert on_edge < 0.5
    # a little back from the tip, along the arrow: the arrow's own pixels
    cx, cy = bx + bw / 2, by + bh / 2
    length = ((cx - tx) ** 2 + (cy - ty) ** 2) ** 0.5
    px, py = tx + (cx - tx) / length * 8, ty + (cy - ty) / length * 8
    assert _near(pixel(window, *window.box.to_window(px, py)), ACCENT)
    # the frame around the anchor (4 px wide, 5 px outside it), left edge at mid-height
    assert _near(pixel(window, *window.box.to_window(x - 3, y + h / 2)), ACCENT)


def _near(got, wanted) -> bool:
    return max(abs(a - b) for a, b in zip(got, wanted, strict=True)) <= 12


def test_every_game_has_a_guide_whose_steps_name_what_its_screen_offers():
    anchors = {
        "lots": {"tower", "roll", "bank", "confirm"},
        "crazy-tower": {"tower", "bank", "reveal", "confirm"},
        "filled-in": {"sheet", "roll", "dice", "craft", "confirm"},
    }
    for game, names in anchors.items():
        content = load_guide(game)
        assert content.steps[-1].until == "next"
        for step in content.steps:
            assert step.anchor is None or step.anchor in names
            if step.until.startswith("shows:"):
                assert step.until[6:] in names
            assert step.text[0].isupper() and step.text.endswith(".")


def test_a_whole_lots_turn_through_the_guide():
    window, screen, match = open_lots(players=HUMANS)
    try:
        shown = guide.show_if_first(screen)
        assert isinstance(shown, GuideOverlay) and window.overlay is shown
        frames(window)
        lot, camera = match.lot, screen.camera()
        left, bottom = camera.to_screen(lot.left, lot.grid.origin[1])
        assert shown.step.anchor == "tower"
        tower = screen.guide_anchors()["tower"]
        assert tower[:2] == pytest.approx((left, bottom))
        _points_at(window, shown, tower)

        _click_label(window, shown.hud, "Next")
        assert shown.index == 1 and shown.step.anchor == "roll"
        roll = screen.guide_anchors()["roll"]
        _points_at(window, shown, roll)
        button = next(b for b in screen.view.hud.buttons if b.label.startswith("Roll"))
        assert roll == (button.x, button.y, button.w, button.h)

        send(window, "on_key_press", key.R, 0)  # rolling by key goes on too
        frames(window)
        assert shown.index == 2 and shown.step.anchor == "bank"
        _to_placement(window, screen)  # a question mark: a pile to choose first
        frames(window)
        _points_at(window, shown, screen.guide_anchors()["bank"])

        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert shown.index == 3 and screen.live is not None
        x, y = world_to_window(window, screen, (lot.left + lot.right) / 2, 14.0)
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 40)
        send(window, "on_key_press", key.DOWN, 0)
        for _ in range(300):
            frames(window)
            if not screen.turns.lowering:
                break
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
        for _ in range(600):
            frames(window)
            if screen.live.stage == SETTLED:
                break
        frames(window)
        assert shown.index == 4 and shown.step.anchor == "confirm"
        _points_at(window, shown, screen.guide_anchors()["confirm"])

        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        assert match.actions[-1]["type"] == "place" and shown.index == 5
        assert "G to see this guide again" in shown.step.text
        assert "lots" not in settings.current().guides_seen  # not before it is done
        _click_label(window, shown.hud, "Done")
        assert shown.closed and window.overlay is None
        assert settings.current().guides_seen == ("lots",)
    finally:
        close(window)


def test_the_guide_shows_on_a_first_game_only_and_esc_skips_it():
    start = StartScreen()
    window = AppWindow(start, visible=False, schedule=False, home=StartScreen)
    try:
        frames(window)
        _click_label(window, start.hud, "Start  (Enter)")
        assert isinstance(window.page, LotsScreen) and isinstance(window.overlay, GuideOverlay)
        shown = window.overlay
        send(window, "on_key_press", key.ESCAPE, 0)  # Esc skips the guide
        frames(window)
        assert shown.closed and window.overlay is None
        assert settings.current().guides_seen == ("lots",)
        send(window, "on_key_press", key.N, key.MOD_CTRL)
        home = window.page
        frames(window)
        _click_label(window, home.hud, "Start  (Enter)")
        assert isinstance(window.page, LotsScreen) and window.overlay is None  # seen
    finally:
        close(window)


def test_skip_is_a_button_and_esc_undoes_a_move_in_progress_first():
    window, screen, _ = open_lots(players=HUMANS)
    try:
        shown = guide.show(screen)
        frames(window)
        _to_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert screen.live is not None
        send(window, "on_key_press", key.ESCAPE, 0)  # the game's: the piece is put back
        frames(window)
        assert screen.live is None and not shown.closed
        _click_label(window, shown.hud, "Skip guide (Esc)")
        assert shown.closed and settings.current().guides_seen == ("lots",)
    finally:
        close(window)


def test_the_help_brings_the_guide_and_the_rules_back():
    settings.save(settings.Settings(guides_seen=("lots",)))
    window, screen, _ = open_lots(players=HUMANS)
    try:
        assert guide.show_if_first(screen) is None  # seen already
        listed = [a.keys for a in window.help_actions]
        assert listed == ["G", "F2"]
        send(window, "on_key_press", key.H, 0)
        assert window.help_visible
        send(window, "on_key_press", key.G, 0)
        frames(window)
        assert not window.help_visible and isinstance(window.overlay, GuideOverlay)
        assert window.overlay.index == 0
        send(window, "on_key_press", key.H, 0)
        send(window, "on_key_press", key.F2, 0)
        frames(window)
        page = window.overlay
        assert isinstance(page, RulesPage) and page.game == "lots"
        send(window, "on_key_press", key.ESCAPE, 0)
        frames(window)
        assert window.overlay is None
    finally:
        close(window)


def _first_two_steps(window, screen, first: str, second: str) -> GuideOverlay:
    """The guide shown on ``screen``: its first step points at the anchor ``first``;
    after Next, the second at ``second``."""
    shown = guide.show(screen)
    frames(window)
    _points_at(window, shown, screen.guide_anchors()[first])
    _click_label(window, shown.hud, "Next")
    assert shown.step.anchor == second
    _points_at(window, shown, screen.guide_anchors()[second])
    return shown


def test_the_crazy_tower_guide_points_at_your_blocks():
    from tests.app.crazy_tower_helpers import open_ct

    window, screen = open_ct()
    try:
        shown = _first_two_steps(window, screen, "tower", "bank")
        bank = screen.guide_anchors()["bank"]
        state = screen.match.state
        hand = state.hands[state.current_player]
        blocks = [b for b in screen.view.hud.buttons if b.label in hand]
        assert bank[0] == min(b.x for b in blocks) and bank[1] == min(b.y for b in blocks)
        send(window, "on_key_press", key._1, 0)  # pick up a block: the next step
        frames(window)
        assert screen.live is not None and shown.step.anchor == "tower"
    finally:
        close(window)


def test_the_filled_in_guide_points_at_the_sheet_then_the_roll():
    from tests.app.filled_in_helpers import open_filled_in

    window, screen = open_filled_in()
    try:
        shown = _first_two_steps(window, screen, "sheet", "roll")
        send(window, "on_key_press", key.R, 0)
        frames(window)
        assert shown.step.anchor == "dice"
    finally:
        close(window)


def test_a_guide_file_that_does_not_fit_is_one_line(tmp_path, monkeypatch):
    from rules import assets
    from rules.errors import AssetError

    window, screen, _ = open_lots()  # with the real assets
    root = tmp_path / "assets"
    (root / "physics").mkdir(parents=True)
    (root / "guides").mkdir()
    (root / "guides" / "lots.toml").write_text(
        'title = "T"\n[[step]]\ntext = "Roll."\nuntil = "gone"\n', encoding="utf-8"
    )
    monkeypatch.setenv("TOWERSIM_ASSETS", str(root))
    assets.assets_dir.cache_clear()
    assets.load_asset.cache_clear()
    try:
        with pytest.raises(AssetError, match=r"step 1: until = 'gone' needs an anchor"):
            load_guide("lots")
        assert guide.show(screen) is None and window.overlay is None
        assert screen.message.startswith("The guide cannot be shown: assets/guides/lots.toml")
    finally:
        monkeypatch.delenv("TOWERSIM_ASSETS")
        assets.assets_dir.cache_clear()
        assets.load_asset.cache_clear()
        close(window)


def _in_sight(shown: GuideOverlay, screen) -> None:
    """Every step's whole text is shown, and the box covers nothing the player uses."""
    texts = [t.label.text for t in shown.hud.texts]
    assert shown.step.text in texts  # not cut short with an ellipsis
    bx, by, bw, bh = shown.box
    for x, y, w, h in screen.guide_keep_clear():
        assert not (bx < x + w and x < bx + bw and by < y + h and y < by + bh), (x, y, w, h)


@pytest.mark.parametrize("game", ["lots", "crazy-tower"])
def test_every_step_of_the_guide_is_read_whole_and_hides_nothing_the_player_uses(game):
    if game == "lots":
        window, screen, _ = open_lots(players=HUMANS)
    else:
        from tests.app.crazy_tower_helpers import open_ct

        window, screen = open_ct()
    try:
        shown = guide.show(screen)
        for _ in range(len(shown.content.steps)):
            frames(window)
            _in_sight(shown, screen)
            shown.next()
        assert shown.closed
    finally:
        close(window)


def test_the_guide_moves_off_the_fall_risk_label_while_a_piece_is_held():
    window, screen, _ = open_lots(players=HUMANS)
    try:
        shown = guide.show(screen)
        frames(window)
        _to_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert screen.live is not None
        # hold the piece where the label beside its ghost would fall under the box
        bx, by, _, bh = shown.box
        for _ in range(3):
            send(window, "on_mouse_motion", *window.box.to_window(bx - 60, by + bh / 2), 0, 0)
            frames(window, 4)
        label = screen.view.ghost_label.box
        assert label is not None  # the risk or a refusal is said beside the ghost
        _in_sight(shown, screen)
    finally:
        close(window)


def _done_and_seen(window, shown: GuideOverlay, game: str) -> None:
    """The last step: Done closes the guide for good."""
    assert shown.index == len(shown.content.steps) - 1 and shown.step.anchor is None
    _click_label(window, shown.hud, "Done")
    assert shown.closed and game in settings.current().guides_seen


def test_a_whole_crazy_tower_turn_through_the_guide_to_its_last_step():
    from tests.app.crazy_tower_helpers import hover, lower_and_release, open_ct, over_card

    window, screen = open_ct()
    try:
        shown = guide.show(screen)
        frames(window)
        _in_sight(shown, screen)
        _click_label(window, shown.hud, "Next")
        assert shown.step.anchor == "bank"
        _in_sight(shown, screen)
        send(window, "on_key_press", key._1, 0)  # a block in the hand
        frames(window)
        assert shown.step.anchor == "tower" and shown.step.until == "shows:confirm"
        _in_sight(shown, screen)
        hover(window, screen, *over_card(screen, "fc-00", 10.0, 4.0))
        lower_and_release(window, screen)  # let go; the tower settles: Confirm shows
        frames(window)
        assert shown.step.anchor == "confirm"
        _in_sight(shown, screen)
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        _done_and_seen(window, shown, "crazy-tower")
    finally:
        close(window)


def test_a_whole_filled_in_round_through_the_guide_to_its_last_step():
    from tests.app.filled_in_helpers import (
        centre_of,
        click,
        draft_until_placing,
        move_to,
        open_filled_in,
        press,
    )
    from tests.turns.filled_in_turns import legal_spot

    window, screen = open_filled_in(seed=1)
    try:
        shown = guide.show(screen)
        frames(window)
        _click_label(window, shown.hud, "Next")
        assert shown.step.anchor == "roll"
        draft_until_placing(window, screen)  # roll, draft: the crafting step shows
        frames(window)
        assert shown.step.anchor == "craft"
        _click_label(window, shown.hud, "Next")
        assert shown.step.anchor == "sheet" and shown.step.until == "live"
        cells = legal_spot(screen.turns, avoid_tools=True)
        move_to(window, *centre_of(screen, cells))
        click(window, *centre_of(screen, cells))  # drawn in pencil
        frames(window)
        assert shown.step.anchor == "confirm"
        press(window, key.RETURN)  # inked: a move entered the log
        frames(window)
        _done_and_seen(window, shown, "filled-in")
    finally:
        close(window)

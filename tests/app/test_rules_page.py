"""The rules page: every game has one, it opens from the start screen and a game's
help, its text stays inside its box (wrapped to the width, clipped to the height), it
scrolls, and it takes the input while it is open."""

from __future__ import annotations

from pyglet import gl
from pyglet.window import key, mouse

from simulator.app.rules_page import BOX, PAGE_TONE, TEXT, RulesPage, parse, read_page, rules_games
from simulator.app.setup import app_games
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from tests.app.helpers import close, frames, send


def _region(window, rect):
    """The pixels of logical ``rect`` (x, y, w, h) as rows of RGB, bottom row first."""
    x, y, w, h = rect
    left, bottom = window.box.to_window(x, y)
    right, top = window.box.to_window(x + w, y + h)
    px, py, pw, ph = round(left), round(bottom), round(right - left), round(top - bottom)
    window.switch_to()
    data = (gl.GLubyte * (pw * ph * 4))()
    gl.glReadPixels(px, py, pw, ph, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, data)
    raw = bytes(data)
    return [
        [tuple(raw[(r * pw + c) * 4 : (r * pw + c) * 4 + 3]) for c in range(pw)] for r in range(ph)
    ]


def _inked(rows) -> int:
    """How many pixels are dark (text)."""
    return sum(1 for row in rows for rgb in row if sum(rgb) < 300)


def _open():
    start = StartScreen()
    window = AppWindow(start, visible=False, schedule=False, home=StartScreen)
    frames(window)
    button = next(b for b in start.hud.buttons if b.label == "Rules (F2)")
    send(window, "on_mouse_press", *window.box.to_window(button.x + 5, button.y + 5), 1, 0)
    frames(window)
    return window, start, window.overlay


def test_every_game_has_a_rules_page_for_players():
    # Tiny Tower, the tests' fourth game, has none: the page opens on the first game's
    assert rules_games() == [game for game in app_games() if game != "tiny"]
    for game in rules_games():
        blocks = read_page(game)
        assert blocks[0].kind == "title"
        assert sum(b.kind == "heading" for b in blocks) >= 4
        for block in blocks[1:]:
            assert not block.text[0].islower() and "`" not in block.text  # words, not code
            if block.kind != "heading":
                assert block.text.endswith((".", ":")), block.text


def test_the_markdown_it_reads():
    blocks = parse("# T\n\nOne\ntwo.\n\n## H\n- a\n  b.\n- c.\n")
    assert [(b.kind, b.text) for b in blocks] == [
        ("title", "T"),
        ("paragraph", "One two."),
        ("heading", "H"),
        ("bullet", "a b."),
        ("bullet", "c."),
    ]


def test_the_page_opens_from_the_start_screen_and_keeps_its_text_inside_its_box():
    window, start, page = _open()
    try:
        assert isinstance(page, RulesPage) and page.game == start.choices.game == "lots"
        tx, ty, tw, th = TEXT
        assert page.layout.content_width <= tw  # wrapped to the box's width
        assert page.layout.content_height > th  # longer than the box: it scrolls
        assert _inked(_region(window, TEXT)) > 2000  # words in the box
        # the bands of the page just below and above the text stay bare: the text that
        # does not fit is clipped, not drawn over the rest of the page
        bare = _region(window, (BOX[0] + 4, 300, 1, 1))[0][0]  # the page's own margin
        assert max(abs(a - b) for a, b in zip(bare, PAGE_TONE, strict=True)) < 8
        for band in ((tx - 4, ty - 7, tw, 6), (tx - 4, ty + th + 2, tw, 8)):
            assert all(rgb == bare for row in _region(window, band) for rgb in row)
        # outside the page: the screen behind, dimmed
        assert _region(window, (BOX[0] - 30, 300, 10, 10))[0][0] != bare
    finally:
        close(window)


def test_it_scrolls_by_wheel_and_keys_and_stops_at_the_ends():
    window, _, page = _open()
    try:
        before = _region(window, TEXT)
        send(window, "on_mouse_scroll", 600, 400, 0, -3)  # the wheel down: read on
        frames(window)
        assert page.offset == 120.0
        after = _region(window, TEXT)
        assert after != before and _inked(after) > 2000
        send(window, "on_key_press", key.END, 0)
        frames(window)
        assert page.offset == page.most > 0
        send(window, "on_key_press", key.PAGEDOWN, 0)
        assert page.offset == page.most  # no further than the end
        send(window, "on_key_press", key.HOME, 0)
        frames(window)
        assert page.offset == 0 and _region(window, TEXT) == before
    finally:
        close(window)


def test_tabs_switch_games_and_the_page_takes_the_input_while_open():
    window, start, page = _open()
    try:
        tab = next(b for b in page.hud.buttons if b.label == "Crazy Tower")
        send(window, "on_mouse_press", *window.box.to_window(tab.x + 5, tab.y + 5), 1, 0)
        frames(window)
        assert page.game == "crazy-tower" and page.offset == 0
        send(window, "on_key_press", key.TAB, 0)
        assert page.game == "filled-in"
        # the start screen behind gets neither clicks nor typing
        start.focus = "path"
        send(window, "on_text", "abc")
        game_button = next(b for b in start.hud.buttons if b.label == "Crazy Tower")
        x, y = window.box.to_window(game_button.x + 5, game_button.y + 5)
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
        assert start.path_text == "" and start.choices.game == "lots"
        close_button = next(b for b in page.hud.buttons if b.label == "Close (Esc)")
        x, y = window.box.to_window(close_button.x + 5, close_button.y + 5)
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
        frames(window)
        assert page.closed and window.overlay is None
    finally:
        close(window)


def test_the_text_size_follows_the_players_setting():
    from simulator.app import settings

    settings.save(settings.Settings(ui_scale=1.5))
    large = RulesPage("lots")
    plain = RulesPage("lots", scale=1.0)
    try:
        assert large.layout.content_height > 1.3 * plain.layout.content_height
    finally:
        large.close()
        plain.close()

"""The rules reference page: each game's rules in plain sentences, a scrollable page
drawn over any screen (the start screen, a game), with a tab for each game.

The words are data: ``assets/rules_pages/<game>.md``, a small part of Markdown: a
``# title``, ``## headings``, paragraphs (lines joined until a blank line) and ``- ``
bullets. Text sizes follow the player's UI scale (simulator/app/settings.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyglet
from pyglet.window import key, mouse

from rules.assets import assets_dir
from simulator.app import crisp, settings
from simulator.app.layout import DESIGN_H, DESIGN_W, clipped
from simulator.app.overlay import Overlay
from simulator.app.setup import REGISTRY, app_games
from simulator.app.widgets import Hud
from simulator.render.palette import FONT, INK

BOX = (150.0, 50.0, 980.0, 700.0)  # x, y, w, h: the page
PAD = 28.0
TAB_H = 34.0
TEXT = (BOX[0] + PAD, BOX[1] + PAD, BOX[2] - 2 * PAD - 14, BOX[3] - 2 * PAD - TAB_H - 40)
LINE_STEP = 40.0  # logical pixels a wheel notch or an arrow key scrolls
PAGE_TONE = (252, 250, 244)
HEADING = (120, 60, 20)
TAB_ON, TAB_OFF = (40, 140, 90), (110, 125, 150)


@dataclass(frozen=True)
class Block:
    kind: str  # "title", "heading", "paragraph" or "bullet"
    text: str


def rules_games() -> list[str]:
    """The offered games that have a rules page, in the registry's order."""
    return [g for g in app_games() if (assets_dir() / "rules_pages" / f"{g}.md").is_file()]


def read_page(game: str) -> list[Block]:
    """The blocks of ``game``'s rules page."""
    text = (assets_dir() / "rules_pages" / f"{game}.md").read_text(encoding="utf-8")
    return parse(text)


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    lines: list[str] = []
    kind = "paragraph"

    def flush() -> None:
        if lines:
            blocks.append(Block(kind, " ".join(lines)))
            lines.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## ") or line.startswith("# "):
            flush()
            level = "title" if line.startswith("# ") else "heading"
            blocks.append(Block(level, line.lstrip("#").strip()))
        elif line.startswith("- "):
            flush()
            kind = "bullet"
            lines.append(line[2:].strip())
        else:
            if not lines:
                kind = "paragraph"
            lines.append(line)
    flush()
    return blocks


def document(blocks: list[Block], scale: float) -> Any:
    """A pyglet document of the blocks, each block a paragraph of its own style."""
    doc = pyglet.text.document.FormattedDocument()
    for block in blocks:
        start = len(doc.text)
        shown = f"•  {block.text}" if block.kind == "bullet" else block.text
        doc.insert_text(start, shown + "\n", _style(block.kind, scale))
        bullet = block.kind == "bullet"  # its wrapped lines start under the text
        doc.set_paragraph_style(
            start,
            len(doc.text),
            {"margin_left": round(27 * scale) if bullet else 0, "indent": -19 * scale * bullet},
        )
    return doc


def _style(kind: str, scale: float) -> dict[str, Any]:
    size = {"title": 22, "heading": 16, "paragraph": 13, "bullet": 13}[kind]
    return {
        "font_name": FONT,
        "font_size": size * scale,
        "bold": kind in ("title", "heading"),
        "color": (*(HEADING if kind == "heading" else INK), 255),
        "margin_top": round((14 if kind == "heading" else 0) * scale),
        "margin_bottom": round((10 if kind in ("title", "paragraph") else 5) * scale),
    }


class RulesPage(Overlay):
    modal = True

    def __init__(self, game: str, scale: float | None = None) -> None:
        self.games = rules_games()
        self.scale = settings.current().ui_scale if scale is None else scale
        self.hud = Hud(scale=1.0)  # the page scales its own text
        self.text_batch = pyglet.graphics.Batch()
        self.layout: Any = None
        self.offset = 0.0  # how far the page is scrolled down, logical pixels
        self.device = crisp.current()  # the text is laid out in its pixels (crisp.py)
        self.dirty = True
        self.game = game if game in self.games else self.games[0]
        self.show_game(self.game)

    # -- what it shows --------------------------------------------------------------------

    def show_game(self, game: str) -> None:
        self.game = game
        self.offset = 0.0
        self._lay_out()

    def _lay_out(self) -> None:
        """The page's text in the device's pixels, type set for them."""
        if self.layout is not None:
            self.layout.delete()
        x, y, w, h = TEXT
        k = self.device.k
        left, top = self.device.point(x, y + h + self.offset)
        self.layout = pyglet.text.layout.TextLayout(
            document(read_page(self.game), self.scale * k),
            x=left,
            y=top,
            width=round(w * k),
            multiline=True,
            anchor_y="top",
            batch=self.text_batch,
            group=crisp.DeviceGroup(),
        )
        self.offset = min(self.offset, self.most)
        self.dirty = True

    @property
    def height(self) -> float:
        """The page's text height, design units."""
        return float(self.layout.content_height) / self.device.k

    @property
    def most(self) -> float:
        """The furthest the page scrolls: its text's height beyond the view."""
        return max(0.0, self.height - TEXT[3])

    def scroll(self, by: float) -> None:
        offset = min(max(self.offset + by, 0.0), self.most)
        if offset != self.offset:
            self.offset = offset
            self.layout.y = self.device.point(TEXT[0], TEXT[1] + TEXT[3] + offset)[1]
            self.dirty = True

    # -- input ----------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        if button == mouse.LEFT:
            self.hud.press(x, y)
        return True

    def on_mouse_scroll(self, scroll_y: float) -> bool:
        self.scroll(-scroll_y * LINE_STEP)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        page = TEXT[3] - LINE_STEP
        moves = {
            key.DOWN: LINE_STEP,
            key.UP: -LINE_STEP,
            key.PAGEDOWN: page,
            key.SPACE: page,
            key.PAGEUP: -page,
            key.HOME: -self.most,
            key.END: self.most,
        }
        if symbol in moves:
            self.scroll(moves[symbol])
        elif symbol in (key.ESCAPE, key.F2):
            self.close()
        elif symbol == key.TAB and len(self.games) > 1:
            self.show_game(self.games[(self.games.index(self.game) + 1) % len(self.games)])
        return True

    def close(self) -> None:
        super().close()
        self.hud.clear()
        if self.layout is not None:
            self.layout.delete()
            self.layout = None

    # -- drawing --------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        if self.layout is None:
            return
        if self.device != crisp.current():  # a resized window: type set for its pixels
            self.device = crisp.current()
            self._lay_out()
        if self.dirty:
            self.dirty = False
            self._rebuild()
        self.hud.draw()
        with clipped(window, window.box, TEXT):
            self.text_batch.draw()

    def _rebuild(self) -> None:
        hud = self.hud
        hud.clear()
        x, y, w, h = BOX
        hud.rect(0, 0, DESIGN_W, DESIGN_H, (20, 24, 32), 160, layer=0)
        hud.rect(x, y, w, h, PAGE_TONE, layer=0)
        hud.border(x, y, w, h, (90, 96, 110), layer=1)
        top = y + h - PAD - TAB_H
        hud.text("Rules", x + PAD, top + 9, 15, bold=True)
        tab_x = x + PAD + 80
        for game in self.games:
            title = REGISTRY.get(game).title
            tone = TAB_ON if game == self.game else TAB_OFF
            width = 24 + 9 * len(title)
            choose = lambda g=game: self.show_game(g)  # noqa: E731 (one per tab)
            hud.button(tab_x, top, width, TAB_H - 4, title, choose, tone=tone)
            tab_x += width + 8
        hud.button(x + w - PAD - 130, top, 130, TAB_H - 4, "Close (Esc)", self.close)
        tx, ty, tw, th = TEXT
        hud.rect(tx - 8, ty - 4, 1, th + 8, (210, 204, 190), layer=1)
        self._scrollbar(tx + tw + 8, ty, th)
        hud.text(
            "Wheel, arrows or Page Up / Down scroll; Tab: the next game's rules.",
            x + PAD,
            y + 9,
            11,
            (90, 90, 90),
        )

    def _scrollbar(self, x: float, y: float, h: float) -> None:
        total = self.height
        if total <= h:
            return
        self.hud.rect(x, y, 6, h, (225, 222, 214), layer=1)
        thumb = max(30.0, h * h / total)
        top = y + h - (h - thumb) * (self.offset / self.most)
        self.hud.rect(x, top - thumb, 6, thumb, (130, 130, 140), layer=2)

"""`towersim sheet stand` and `towersim sheet print`: physics of drawn towers, pictures."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from rules.filled_in.sheets import get_sheet
from simulator.cli import main
from simulator.games.filled_in.draw import colour_rgb, tint
from simulator.games.filled_in.notation import shape_cells
from simulator.games.filled_in.picture import draw_stand
from simulator.games.filled_in.printable import TOOL_TINT
from simulator.games.filled_in.sheetfile import load_towers
from simulator.games.filled_in.stand import stand_tower
from simulator.scenario.errors import ScenarioError

ROOT = Path(__file__).parents[3]
SHEETS = ROOT / "scenarios" / "filled-in" / "sheets"


def png_pixels(path: Path) -> tuple[int, int, set[tuple[int, int, int]]]:
    """Width, height and the set of colours of an 8-bit RGB(A) PNG (no Pillow needed)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, b"", b""
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + length
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour_type = header[8], header[9]
    assert depth == 8 and colour_type in (2, 6)
    bpp = 3 if colour_type == 2 else 4
    raw = zlib.decompress(chunks)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        previous = line
    colours = {tuple(row[x : x + 3]) for row in rows for x in range(0, stride, bpp)}
    return width, height, colours  # type: ignore[return-value]


# -- sheet stand -------------------------------------------------------------------------


def test_a_solid_tower_stands() -> None:
    (tower,) = load_towers(SHEETS / "stable.toml")
    result = stand_tower(tower)
    assert result.stands and result.settled and result.fallen == []
    assert len(result.pieces) == 5
    for piece in result.pieces:  # nothing moved: settled where drawn
        assert abs(piece.end.x - piece.start.x) < 0.1 and abs(piece.end.y - piece.start.y) < 0.1


def test_an_overhang_falls_and_says_when() -> None:
    (tower,) = load_towers(SHEETS / "overhang.toml")
    result = stand_tower(tower)
    assert not result.stands
    assert result.fallen == ["02-L-orange"]
    (fell,) = [p for p in result.pieces if p.fell_at is not None]
    assert 0.0 < fell.fell_at < 1.0
    assert fell.end.y < fell.start.y - 1.0  # it came down
    assert "falls: the orange L at " in result.summary()
    assert "1 of 2 pieces fell" in result.summary()


def test_pieces_are_built_exactly_on_their_boxes() -> None:
    (tower,) = load_towers(SHEETS / "stable.toml")
    result = stand_tower(tower)
    left, _, top = result.foundation
    origin_x = -get_sheet(1).width * result.cell / 2
    for piece in result.pieces:
        xs = [x for poly in piece.start_polygons for x, _ in poly]
        ys = [y for poly in piece.start_polygons for _, y in poly]
        cols = [c for _, c in piece.cells]
        rows = [r for r, _ in piece.cells]
        assert min(xs) == pytest.approx(origin_x + min(cols) * result.cell)
        assert max(xs) == pytest.approx(origin_x + (max(cols) + 1) * result.cell)
        assert min(ys) == pytest.approx(top + min(rows) * result.cell)
        assert max(ys) == pytest.approx(top + (max(rows) + 1) * result.cell)
    assert left == pytest.approx(origin_x)


def test_stand_is_deterministic() -> None:
    (tower,) = load_towers(SHEETS / "overhang.toml")
    a, b = stand_tower(tower), stand_tower(tower)
    assert a.as_dict() == b.as_dict()


def test_stand_cli_exit_codes_json_and_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "over.png"
    assert main(["sheet", "stand", str(SHEETS / "overhang.toml"), "--json",
                 "--out", str(picture)]) == 1  # fmt: skip
    report = json.loads(capsys.readouterr().out)
    assert report["stands"] is False and report["picture"] == str(picture)
    assert report["towers"][0]["fallen"] == ["02-L-orange"]
    width, height, colours = png_pixels(picture)
    assert width > 200 and height > 200
    assert colour_rgb("orange") in colours and colour_rgb("red") in colours
    assert main(["sheet", "stand", str(SHEETS / "stable.toml"), "--no-picture"]) == 0
    assert "stands: all 5 pieces stay where drawn" in capsys.readouterr().out


def test_stand_on_a_scenario_builds_every_players_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = ROOT / "scenarios" / "filled-in" / "tools-and-colours.toml"
    towers = load_towers(scenario)
    assert [t.label for t in towers] == ["Ann", "Bob"]
    assert [len(t.pieces) for t in towers] == [2, 2]
    (bob,) = load_towers(scenario, player="Bob")
    assert bob.pieces[0].cells == ((0, 1), (1, 1), (2, 1), (3, 1))
    assert main(["sheet", "stand", str(scenario), "--no-picture", "--player", "Zed"]) == 2
    assert "no player named 'Zed'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sheet = 9\n", "no tower sheet 9"),
        ("name = 'x'\n", "missing required key 'sheet'"),
        ("sheet = 1\nwidth = 3\n", "unknown key 'width'"),
        (
            "sheet = 1\n[[block]]\nshape = 'I'\ncolour = 'red'\nrow = 0\ncol = 4\n",
            "the box at row 1, column 7 is outside the tower",
        ),
        (
            "sheet = 1\n[[block]]\nshape = 'O'\ncolour = 'red'\n"
            "cells = [[0, 0], [0, 1], [0, 2], [0, 3]]\n",
            "do not draw the O shape",
        ),
        (
            "sheet = 1\n[[block]]\nshape = 'I'\ncolour = 'red'\nrow = 0\ncol = 0\n"
            "[[purple]]\ncell = [0, 0]\n",
            "the box at row 1, column 1 is already filled",
        ),
        ("sheet = 1\n[[purple]]\ncell = [0]\n", "[row, col] pairs"),
    ],
)
def test_bad_sheet_files_give_one_line(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=r"bad\.toml"):
        load_towers(path)
    assert main(["sheet", "stand", str(path), "--no-picture"]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_row_col_notation_matches_cells() -> None:
    assert shape_cells("I", 0, 1, turns=1) == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert shape_cells("L", 2, 0) == [(2, 0), (2, 1), (2, 2), (3, 2)]
    assert shape_cells("L", 2, 0, mirror=True) == [(2, 0), (2, 1), (2, 2), (3, 0)]
    assert shape_cells("T", 0, 0, turns=2) == [(0, 1), (1, 0), (1, 1), (1, 2)]


# -- sheet print -------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 5])
def test_print_draws_the_tool_colours_and_the_crane(
    number: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"sheet{number}.png"
    assert main(["sheet", "print", str(number), "--out", str(out)]) == 0
    assert f"sheet {number} written to" in capsys.readouterr().out
    width, height, colours = png_pixels(out)
    assert (width, height) == (1240, 1754)  # A4 at 150 dpi
    for _, _, colour in get_sheet(number).tools:
        assert tint(colour_rgb(colour), TOOL_TINT) in colours, colour  # tinted tool boxes
        assert colour_rgb(colour) in colours  # the colour-area swatches
    assert tint(colour_rgb("purple"), 0.7) in colours  # the crane's purple spaces


def test_print_refuses_an_unknown_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["sheet", "print", "6", "--out", "x.png"])
    assert exit_info.value.code == 2


TWINS = """sheet = 1
name = "twins"

[[block]]
shape = "I"
colour = "red"
row = 0
col = 0

[[block]]
shape = "I"
colour = "red"
row = 1
col = 0

[[block]]
shape = "T"
colour = "blue"
cells = [[2, 0], [2, 1], [2, 2], [3, 1]]
"""


def test_stand_names_pieces_as_players_do_and_its_picture_keeps_them_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two red I's, one on the other, are two pieces in the picture (an outline of each
    between them), a T is one piece (no line along the seam of its two rectangles), and
    the words name pieces as players do, numbered only where two share a name."""
    sheet = tmp_path / "twins.toml"
    sheet.write_text(TWINS, encoding="utf-8")
    (tower,) = load_towers(sheet)
    result = stand_tower(tower)
    assert result.names() == {
        "01-I-red": "the red I (piece 1)",
        "02-I-red": "the red I (piece 2)",
        "03-T-blue": "the blue T",
    }
    assert result.as_dict()["pieces"][2]["name"] == "the blue T"
    canvas = draw_stand([result])
    lines = [args for _, op, args, style in canvas.ops if op == "line" and style["thickness"] >= 2]
    assert len(lines) == 4 + 4 + 8  # two I outlines and the T's, no seam inside the T
    # Between the I's, the top edge of one and the bottom edge of the other, each drawn.
    flat = [(round(x0), round(y0), round(x1)) for x0, y0, x1, y1 in lines if round(y0) == round(y1)]
    spans = {(min(a, b), y, max(a, b)) for a, y, b in flat}
    assert any(
        [(x0, y, x1) for x0, yy, x1 in flat if yy == y].__len__() == 2 for x0, y, x1 in spans
    )
    assert main(["sheet", "stand", str(sheet), "--no-picture"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("twins (sheet 1, ")
    assert "stands: all 3 pieces stay where drawn" in said

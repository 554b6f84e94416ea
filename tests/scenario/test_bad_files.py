"""Every bad scenario file gets exactly one clear line on stderr, exit status 2, and never
a traceback (docs/scenario-format.md, `towersim replay`)."""

from __future__ import annotations

import json
import os
import random
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from scenario_helpers import GOOD_TOML, LINE, Replay, edit

from simulator.games.registry import GAMES

# The kinds a header may name: the sandbox and every registered game (Tiny Tower too).
KINDS = ", ".join(repr(kind) for kind in ("sandbox", *GAMES.kinds()))

PREFIX = "towersim replay: "


@dataclass(frozen=True)
class Bad:
    id: str
    content: str | bytes
    says: str  # a fragment the error line must contain
    line: int | None = None  # the line number it must name (TOML)
    suffix: str = ".toml"


def good_json() -> dict:
    return tomllib.loads(GOOD_TOML)


def as_json(data: dict) -> str:
    return json.dumps(data, indent=2)


def toml_plus(section: str) -> str:
    return GOOD_TOML + "\n" + section


def json_body(**changes: object) -> str:
    data = good_json()
    data["body"][0].update(changes)
    return as_json(data)


PHYSICS_LINE = GOOD_TOML.count("\n") + 3  # the first key of a [physics] added by toml_plus

BAD_FILES = [
    # -- syntax ---------------------------------------------------------------------------
    Bad(
        "toml-unclosed-string",
        edit(GOOD_TOML, 'name = "block on a table"', 'name = "block'),
        "invalid TOML",
        LINE["name"],
    ),
    Bad(
        "toml-bad-array-header",
        edit(GOOD_TOML, "[[body]]", "[[body]"),
        "invalid TOML",
        LINE["body"],
    ),
    Bad(
        "toml-missing-value",
        edit(GOOD_TOML, "seconds = 0.5", "seconds ="),
        "invalid TOML",
        LINE["seconds"],
    ),
    Bad(
        "toml-duplicate-key",
        edit(GOOD_TOML, "at = [0.0, 1.0]", "at = [0.0, 1.0]\nat = [1, 1]"),
        "invalid TOML",
        LINE["at"] + 1,
    ),
    Bad(
        "json-syntax",
        '{"format": "towersim/1",\n  "kind": "sandbox",\n  ]',
        "invalid JSON",
        3,
        ".json",
    ),
    Bad("json-trailing-comma", '{"format": "towersim/1",}', "invalid JSON", 1, ".json"),
    Bad("json-top-level-array", "[1, 2]", "JSON object at the top level", suffix=".json"),
    Bad(
        "json-duplicate-key",
        '{"format": "towersim/1", "format": "towersim/1"}',
        "duplicate key 'format'",
        suffix=".json",
    ),
    Bad(
        "json-nan",
        json_body(density="NAN").replace('"NAN"', "NaN"),
        "NaN is not a finite",
        suffix=".json",
    ),
    Bad(
        "json-infinity",
        json_body(at="INF").replace('"INF"', "[0, Infinity]"),
        "Infinity is not a finite",
        suffix=".json",
    ),
    Bad(
        "json-minus-infinity",
        json_body(at="INF").replace('"INF"', "[-Infinity, 1]"),
        "-Infinity is not a finite",
        suffix=".json",
    ),
    Bad(
        "json-overflow-to-inf",
        json_body(density="BIG").replace('"BIG"', "1e999"),
        "body[0].density: not a finite number",
        suffix=".json",
    ),
    Bad(
        "toml-inf",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [10.0, inf]"),
        'body "top": box: must be a finite number, not inf',
        LINE["box"],
    ),
    Bad(
        "toml-minus-inf",
        edit(GOOD_TOML, "seconds = 0.5", "seconds = -inf"),
        "[run]: seconds: must be a finite number",
        LINE["seconds"],
    ),
    Bad(
        "toml-nan",
        edit(GOOD_TOML, "at = [0.0, 1.0]", "at = [nan, 1.0]"),
        'body "top": at: must be a finite number, not nan',
        LINE["at"],
    ),
    Bad(
        "toml-nan-friction",
        edit(GOOD_TOML, "friction = 0.8", "friction = nan"),
        'static "table": friction: must be a finite number',
        LINE["friction"],
    ),
    Bad(
        "toml-float-overflow",
        edit(GOOD_TOML, "density = 0.6", "density = 1e400"),
        'body "top": density: must be a finite number',
        LINE["density"],
    ),
    Bad(
        "toml-huge-integer",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [10, 1" + "0" * 400 + "]"),
        'body "top": box: must be a finite number',
        LINE["box"],
    ),
    Bad(
        "toml-integer-past-str-limit",
        edit(GOOD_TOML, "density = 0.6", "density = " + "9" * 5000),
        "invalid TOML",
    ),
    Bad("toml-nested-too-deeply", "x = " + "[" * 50_000, "invalid TOML: values nested too deeply"),
    # -- unknown keys -------------------------------------------------------------------------
    Bad(
        "unknown-top-level",
        edit(GOOD_TOML, 'kind = "sandbox"', 'kind = "sandbox"\ncolour = 1'),
        "colour: unknown key 'colour'",
        3,
    ),
    Bad(
        "unknown-in-body",
        edit(GOOD_TOML, "density = 0.6", "density = 0.6\ncolour = 1"),
        "body \"top\": colour: unknown key 'colour'",
        LINE["density"] + 1,
    ),
    Bad(
        "unknown-in-static",
        edit(GOOD_TOML, "friction = 0.8", "friction = 0.8\nheight = 1"),
        "static \"table\": height: unknown key 'height'",
        LINE["friction"] + 1,
    ),
    Bad(
        "unknown-in-run",
        edit(GOOD_TOML, "seconds = 0.5", "seconds = 0.5\nspeed = 2"),
        "[run]: speed: unknown key 'speed'",
        LINE["seconds"] + 1,
    ),
    Bad(
        "unknown-in-expect",
        edit(GOOD_TOML, "stands = true", "stands = true\nfalls = 1"),
        "[expect]: falls: unknown key 'falls'",
        LINE["stands"] + 1,
    ),
    Bad(
        "unknown-in-physics",
        toml_plus("[physics]\nwarp = 9\n"),
        "[physics]: warp: unknown key 'warp'",
        PHYSICS_LINE,
    ),
    Bad(
        "unknown-key-json",
        json_body(colour="red"),
        "body \"top\": colour: unknown key 'colour'",
        suffix=".json",
    ),
    Bad("unknown-table", toml_plus("[setup]\nplayers = 2\n"), "unknown key 'setup'"),
    # -- wrong types -----------------------------------------------------------------------
    Bad(
        "string-for-number",
        edit(GOOD_TOML, "seconds = 0.5", 'seconds = "0.5"'),
        "[run]: seconds: must be a number, not a string",
        LINE["seconds"],
    ),
    Bad(
        "bool-for-number",
        edit(GOOD_TOML, "density = 0.6", "density = true"),
        'body "top": density: must be a number, not a boolean',
        LINE["density"],
    ),
    Bad(
        "string-in-box",
        edit(GOOD_TOML, "box = [10.0, 2.0]", 'box = ["10", 2.0]'),
        'body "top": box: needs two positive numbers',
        LINE["box"],
    ),
    Bad(
        "bool-in-at",
        edit(GOOD_TOML, "at = [0.0, 1.0]", "at = [true, 1.0]"),
        'body "top": at: needs two numbers',
        LINE["at"],
    ),
    Bad(
        "number-for-bool",
        edit(GOOD_TOML, "stands = true", "stands = 1"),
        "[expect]: stands: must be true or false, not an integer",
        LINE["stands"],
    ),
    Bad(
        "table-for-list",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = {w = 1, h = 2}"),
        'body "top": box: needs two positive numbers',
        LINE["box"],
    ),
    Bad(
        "body-not-a-table",
        'format = "towersim/1"\nkind = "sandbox"\nbody = [1, 2]\n',
        "body #1: must be a table, not an integer",
    ),
    Bad(
        "physics-not-a-table",
        edit(GOOD_TOML, 'kind = "sandbox"', 'kind = "sandbox"\nphysics = 3'),
        "[physics]: must be a table, not an integer",
    ),
    Bad(
        "seed-float",
        edit(GOOD_TOML, 'kind = "sandbox"', 'kind = "sandbox"\nseed = 1.5'),
        "seed: must be an integer, not a number",
        3,
    ),
    Bad(
        "seed-negative",
        edit(GOOD_TOML, 'kind = "sandbox"', 'kind = "sandbox"\nseed = -1'),
        "seed: must be from 0 to 18446744073709551615, not -1",
        3,
    ),
    # -- shapes ----------------------------------------------------------------------------
    Bad(
        "box-zero",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [0, 1]"),
        'body "top": box: needs two positive numbers, not [0, 1]',
        LINE["box"],
    ),
    Bad(
        "box-negative",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [-1, 2]"),
        'body "top": box: needs two positive numbers, not [-1, 2]',
        LINE["box"],
    ),
    Bad(
        "box-three-numbers",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [1, 2, 3]"),
        'body "top": box: needs two positive numbers',
        LINE["box"],
    ),
    Bad(
        "box-one-number",
        edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [1]"),
        'body "top": box: needs two positive numbers',
        LINE["box"],
    ),
    Bad(
        "box-json",
        json_body(box=[0, 1]),
        'body "top": box: needs two positive numbers',
        suffix=".json",
    ),
    Bad(
        "concave-polygon",
        edit(
            GOOD_TOML,
            "polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]",
            "polygon = [[-50, -5], [50, -5], [0, -3], [50, 0], [-50, 0]]",
        ),
        'static "table": polygon: polygon is concave',
        LINE["polygon"],
    ),
    Bad(
        "collinear-polygon",
        edit(
            GOOD_TOML,
            "polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]",
            "polygon = [[0, -5], [10, -5], [20, -5]]",
        ),
        'static "table": polygon: polygon is degenerate',
        LINE["polygon"],
    ),
    Bad(
        "repeated-vertex",
        edit(
            GOOD_TOML,
            "polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]",
            "polygon = [[-50, -5], [50, -5], [50, -5], [50, 0], [-50, 0]]",
        ),
        'static "table": polygon: polygon has collinear or repeated vertices',
        LINE["polygon"],
    ),
    Bad(
        "collinear-middle-vertex",
        edit(
            GOOD_TOML,
            "polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]",
            "polygon = [[-50, -5], [0, -5], [50, -5], [50, 0], [-50, 0]]",
        ),
        'static "table": polygon: polygon has collinear or repeated vertices',
        LINE["polygon"],
    ),
    Bad(
        "two-point-polygon",
        edit(
            GOOD_TOML,
            "polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]",
            "polygon = [[-50, -5], [50, -5]]",
        ),
        'static "table": polygon: a polygon needs at least three vertices',
        LINE["polygon"],
    ),
    Bad(
        "polygon-bad-point",
        edit(
            GOOD_TOML,
            "polygon = [[-50.0, -5.0], [50.0, -5.0], [50.0, 0.0], [-50.0, 0.0]]",
            "polygon = [[-50, -5], [50, -5, 1], [50, 0]]",
        ),
        'static "table": polygon: must be a list of [x, y] points',
        LINE["polygon"],
    ),
    Bad(
        "polygon-with-at",
        edit(GOOD_TOML, "friction = 0.8", "friction = 0.8\nat = [0, 0]"),
        'static "table": at: a polygon is given in world coordinates',
        LINE["friction"] + 1,
    ),
    Bad(
        "two-shapes",
        edit(
            GOOD_TOML, "box = [10.0, 2.0]", "box = [10.0, 2.0]\npolygon = [[0, 0], [1, 0], [0, 1]]"
        ),
        'body "top": give the shape in exactly one way: box, polygon or piece (found box, polygon)',
        LINE["body"],
    ),
    Bad(
        "no-shape",
        edit(GOOD_TOML, "box = [10.0, 2.0]\n", ""),
        'body "top": give the shape in exactly one way',
        LINE["body"],
    ),
    Bad(
        "box-without-at",
        edit(GOOD_TOML, "at = [0.0, 1.0]\n", ""),
        "body \"top\": missing required key 'at'",
        LINE["body"],
    ),
    Bad(
        "mirror-on-box",
        edit(GOOD_TOML, "density = 0.6", "density = 0.6\nmirror = true"),
        'body "top": mirror: only a piece can be mirrored',
        LINE["density"] + 1,
    ),
    Bad(
        "unknown-piece",
        edit(GOOD_TOML, "box = [10.0, 2.0]", 'piece = "lots-Q"'),
        "body \"top\": piece: unknown piece 'lots-Q' (known: ",
        LINE["box"],
    ),
    # -- materials ---------------------------------------------------------------------------
    Bad(
        "unknown-material",
        edit(GOOD_TOML, "density = 0.6", 'material = "steel"'),
        "body \"top\": material: unknown material 'steel'",
        LINE["density"],
    ),
    Bad(
        "density-on-static",
        edit(GOOD_TOML, "friction = 0.8", "density = 1.0"),
        'static "table": density: a static body has no density',
        LINE["friction"],
    ),
    Bad(
        "zero-density",
        edit(GOOD_TOML, "density = 0.6", "density = 0"),
        'body "top": density: must be from 0.001 to 1000 g/cm², not 0',
        LINE["density"],
    ),
    Bad(
        "elasticity-above-one",
        edit(GOOD_TOML, "density = 0.6", "elasticity = 1.5"),
        'body "top": elasticity: must be from 0 to 1, not 1.5',
        LINE["density"],
    ),
    # -- ids ---------------------------------------------------------------------------------
    Bad(
        "duplicate-id-static-and-body",
        edit(GOOD_TOML, 'id = "top"', 'id = "table"'),
        "body \"table\": id: duplicate id 'table'",
        LINE["body_id"],
    ),
    Bad(
        "duplicate-id-two-bodies",
        GOOD_TOML.replace("[run]", '[[body]]\nid = "top"\nbox = [1, 1]\nat = [20, 0.5]\n\n[run]'),
        "body \"top\": id: duplicate id 'top'",
        LINE["seconds"],
    ),
    Bad(
        "missing-id",
        edit(GOOD_TOML, 'id = "top"\n', ""),
        "body #1: missing required key 'id'",
        LINE["body"],
    ),
    Bad(
        "empty-id",
        edit(GOOD_TOML, 'id = "top"', 'id = ""'),
        "id must not be empty",
        LINE["body_id"],
    ),
    Bad(
        "id-not-a-string",
        edit(GOOD_TOML, 'id = "top"', "id = 7"),
        "body #1: id: must be a string, not an integer",
        LINE["body_id"],
    ),
    # -- header ------------------------------------------------------------------------------
    Bad(
        "wrong-format",
        edit(GOOD_TOML, '"towersim/1"', '"towersim/2"'),
        "format: format must be 'towersim/1', not 'towersim/2'",
        1,
    ),
    Bad(
        "missing-format",
        edit(GOOD_TOML, 'format = "towersim/1"\n', ""),
        "missing required key 'format'",
    ),
    Bad(
        "unknown-kind",
        edit(GOOD_TOML, 'kind = "sandbox"', 'kind = "jenga"'),
        f"kind: must be one of {KINDS}, not 'jenga'",
        2,
    ),
    Bad(
        "kind-not-a-string",
        edit(GOOD_TOML, 'kind = "sandbox"', "kind = 1"),
        "kind: must be a string, not an integer",
        2,
    ),
    Bad(
        "nothing-in-the-sandbox",
        'format = "towersim/1"\nkind = "sandbox"\n',
        "a sandbox needs at least one [[static]], [[body]] or [[place]]",
    ),
    # -- not text ------------------------------------------------------------------------
    Bad(
        "binary-with-nul",
        bytes(random.Random(7).randrange(256) for _ in range(512)) + b"\0",
        "binary data, not a text scenario",
    ),
    Bad("invalid-utf8", b'format = "towersim/1"\nname = "\xff\xfe"\n', "not UTF-8 text", 2),
    Bad("invalid-utf8-json", b'{"name": "\xc3\x28"}', "not UTF-8 text", 1, ".json"),
    Bad("empty-toml", b"", "missing required key 'format'"),
    Bad("empty-json", b"", "invalid JSON", 1, ".json"),
    Bad("whitespace-only", "\n\n   \n", "missing required key 'format'"),
    # -- refused by the world -------------------------------------------------------------
    Bad(
        "overlapping-bodies",
        edit(GOOD_TOML, "at = [0.0, 1.0]", "at = [0.0, 0.0]"),
        "'top' cannot enter the world: it would overlap 'table' by 1.00 cm",
    ),
    Bad(
        "out-of-play-area",
        edit(GOOD_TOML, "at = [0.0, 1.0]", "at = [198.0, 1.0]"),
        "'top' cannot enter the world: point (203, 0) is outside the play area",
    ),
    Bad(
        "at-beyond-its-range",
        edit(GOOD_TOML, "at = [0.0, 1.0]", "at = [1000.0, 1.0]"),
        'body "top": at: x must be from -200 to 200 cm, not 1000',
        LINE["at"],
    ),
    # -- expectations and run ------------------------------------------------------------
    Bad(
        "expect-moved-unknown-id",
        edit(GOOD_TOML, "stands = true", 'moved = ["ghost"]'),
        "[expect]: moved: no dynamic body has the id 'ghost'",
        LINE["stands"],
    ),
    Bad(
        "expect-moved-static-id",
        edit(GOOD_TOML, "stands = true", 'moved = ["table"]'),
        "[expect]: moved: no dynamic body has the id 'table'",
        LINE["stands"],
    ),
    Bad(
        "expect-moved-not-strings",
        edit(GOOD_TOML, "stands = true", "moved = [1]"),
        "[expect]: moved: must be a list of strings",
        LINE["stands"],
    ),
    Bad(
        "run-seconds-zero",
        edit(GOOD_TOML, "seconds = 0.5", "seconds = 0"),
        "[run]: seconds: must be from 0.01 to 600 s, not 0",
        LINE["seconds"],
    ),
    Bad(
        "run-seconds-too-long",
        edit(GOOD_TOML, "seconds = 0.5", "seconds = 1e9"),
        "[run]: seconds: must be from 0.01 to 600 s, not 1e+09",
        LINE["seconds"],
    ),
    # -- physics ---------------------------------------------------------------------------
    Bad(
        "physics-dt-zero",
        toml_plus("[physics]\ndt = 0\n"),
        "[physics]: dt: must be from 0.0001 to 0.1 s, not 0",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-dt-negative",
        toml_plus("[physics]\ndt = -0.01\n"),
        "[physics]: dt: must be from 0.0001 to 0.1 s, not -0.01",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-dt-tiny",
        toml_plus("[physics]\ndt = 1e-300\n"),
        "[physics]: dt: must be from 0.0001 to 0.1 s, not 1e-300",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-dt-huge",
        toml_plus("[physics]\ndt = 1e200\n"),
        "[physics]: dt: must be from 0.0001 to 0.1 s, not 1e+200",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-unknown-profile",
        toml_plus('[physics]\nprofile = "fast"\n'),
        "[physics]: profile: must be one of 'classic', 'default', 'default-2026-11', "
        "'pymunk-defaults', not 'fast'",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-iterations-zero",
        toml_plus("[physics]\niterations = 0\n"),
        "[physics]: iterations: must be from 1 to 1000, not 0",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-iterations-float",
        toml_plus("[physics]\niterations = 2.5\n"),
        "[physics]: iterations: must be an integer",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-iterations-huge",
        toml_plus("[physics]\niterations = 1000000000\n"),
        "[physics]: iterations: must be from 1 to 1000, not 1000000000",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-damping-above-one",
        toml_plus("[physics]\ndamping = 2\n"),
        "[physics]: damping: must be from 0 to 1, not 2",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-gravity-negative",
        toml_plus("[physics]\ngravity = -981\n"),
        "[physics]: gravity: must be from 1 to 10000 cm/s², not -981",
        PHYSICS_LINE,
    ),
    Bad(
        "physics-gravity-huge",  # it once reached the solver and diverged to -inf
        toml_plus("[physics]\ngravity = 1e308\n"),
        "[physics]: gravity: must be from 1 to 10000 cm/s², not 1e+308",
        PHYSICS_LINE,
    ),
    # -- placements by the hand ------------------------------------------------------------
    Bad(
        "place-unknown-piece",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-Z"\nx = 0\n'),
        "place \"p\": piece: unknown piece 'lots-Z'",
        PHYSICS_LINE + 1,
    ),
    Bad(
        "place-missing-x",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-O"\n'),
        "place \"p\": missing required key 'x'",
        PHYSICS_LINE - 1,
    ),
    Bad(
        "place-x-outside",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-O"\nx = 1e9\n'),
        'place "p": x: must be from -200 to 200 cm, not 1e+09',
        PHYSICS_LINE + 2,
    ),
    Bad(
        "place-lower-speed-crawl",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-O"\nx = 0\nlower_speed = 1e-9\n'),
        'place "p": lower_speed: must be from 0.5 to 200 cm/s, not 1e-09',
        PHYSICS_LINE + 3,
    ),
    Bad(
        "place-travel-height-sky",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-O"\nx = 0\ntravel_height = 1e300\n'),
        'place "p": travel_height: must be from -50 to 400 cm, not 1e+300',
        PHYSICS_LINE + 3,
    ),
    Bad(
        "place-angle-many-turns",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-O"\nx = 0\nangle = 1e300\n'),
        'place "p": angle: must be from -360 to 360 degrees, not 1e+300',
        PHYSICS_LINE + 3,
    ),
    Bad(
        "place-duplicate-id",
        toml_plus('[[place]]\nid = "top"\npiece = "lots-O"\nx = 0\n'),
        "place \"top\": id: duplicate id 'top'",
        PHYSICS_LINE,
    ),
    Bad(
        "place-start-outside",
        toml_plus('[[place]]\nid = "p"\npiece = "lots-O"\nx = 0\nstart = [0, 5000]\n'),
        'place "p": start: y must be from -50 to 400 cm, not 5000',
        PHYSICS_LINE + 3,
    ),
]


def write(tmp_path: Path, bad: Bad) -> Path:
    path = tmp_path / f"scen{bad.suffix}"
    if isinstance(bad.content, bytes):
        path.write_bytes(bad.content)
    else:
        path.write_text(bad.content, encoding="utf-8")
    return path


def assert_one_clear_line(err: str, path: Path, says: str, line: int | None = None) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    message = lines[0]
    assert message.startswith(f"{PREFIX}{path}"), message
    assert says in message, message
    if line is not None:
        assert message.startswith(f"{PREFIX}{path}:{line}: "), message
    return message


def test_the_base_scenario_is_good(replay: Replay, tmp_path: Path) -> None:
    path = tmp_path / "scen.toml"
    path.write_text(GOOD_TOML)
    result = replay(path)
    assert (result.code, result.err) == (0, "")
    assert result.out.startswith(f"PASS {path}")
    for key, number in LINE.items():  # the line table matches the text
        needle = {"static": "[[static]]", "body": "[[body]]", "body_id": 'id = "top"'}.get(
            key, f"{key} ="
        )
        assert GOOD_TOML.splitlines()[number - 1].startswith(needle), key


def test_the_base_scenario_is_good_as_json(replay: Replay, tmp_path: Path) -> None:
    path = tmp_path / "scen.json"
    path.write_text(as_json(good_json()))
    assert replay(path).code == 0


@pytest.mark.parametrize("bad", BAD_FILES, ids=[b.id for b in BAD_FILES])
def test_bad_file_gets_one_line_and_status_2(replay: Replay, tmp_path: Path, bad: Bad) -> None:
    path = write(tmp_path, bad)
    result = replay(path)
    assert result.code == 2
    assert_one_clear_line(result.err, path, bad.says, bad.line)
    assert result.out == ""


def test_json_errors_name_the_key_path(replay: Replay, tmp_path: Path) -> None:
    data = good_json()
    data["static"][0]["polygon"] = [[0, 0], [1, 1], [2, 2]]
    path = tmp_path / "scen.json"
    path.write_text(as_json(data))
    result = replay(path)
    assert result.code == 2
    message = assert_one_clear_line(result.err, path, 'static "table": polygon: ')
    assert message.startswith(f"{PREFIX}{path}: ")  # JSON has no line to give


def test_a_directory(replay: Replay, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios.toml"
    folder.mkdir()
    result = replay(folder)
    assert result.code == 2
    assert_one_clear_line(result.err, folder, "is a directory")


def test_a_device_is_refused_before_reading(replay: Replay) -> None:
    result = replay(Path("/dev/zero"))  # reading it would never end
    assert result.code == 2
    assert_one_clear_line(result.err, Path("/dev/zero"), "not a file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(replay: Replay, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result = replay(fifo)
    assert result.code == 2
    assert_one_clear_line(result.err, fifo, "not a file")


def test_a_huge_file_is_refused_by_its_size(replay: Replay, tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(3 * 1024**3)  # sparse: 3 GB that take no disk
    result = replay(path)
    assert result.code == 2
    assert_one_clear_line(result.err, path, "scenarios are small")


def test_a_missing_file(replay: Replay, tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    result = replay(path)
    assert result.code == 2
    assert_one_clear_line(result.err, path, "no such file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file(replay: Replay, tmp_path: Path) -> None:
    path = tmp_path / "scen.toml"
    path.write_text(GOOD_TOML)
    path.chmod(0)
    result = replay(path)
    assert result.code == 2
    assert_one_clear_line(result.err, path, "cannot read")


def test_line_numbers_point_at_the_faulty_entry(replay: Replay, tmp_path: Path) -> None:
    """With several [[body]] entries, the line is that of the bad one, not the first."""
    text = GOOD_TOML.replace(
        "[run]", '[[body]]\nid = "b2"\nat = [20.0, 0.5]\nbox = [0, 1]\n\n[run]'
    )
    path = tmp_path / "scen.toml"
    path.write_text(text)
    result = replay(path)
    bad_line = text.splitlines().index("box = [0, 1]") + 1
    assert bad_line == 19
    assert_one_clear_line(
        result.err, path, 'scen.toml:19: body "b2": box: needs two positive numbers', bad_line
    )


@pytest.mark.parametrize("as_json_output", [False, True])
def test_one_bad_one_good(replay: Replay, tmp_path: Path, as_json_output: bool) -> None:
    good = tmp_path / "good.toml"
    good.write_text(GOOD_TOML)
    bad = tmp_path / "bad.toml"
    bad.write_text(edit(GOOD_TOML, "box = [10.0, 2.0]", "box = [0, 1]"))
    args = [bad, good, "--json"] if as_json_output else [bad, good]
    result = replay(*args)
    assert result.code == 2
    assert_one_clear_line(result.err, bad, "box: needs two positive numbers", LINE["box"])
    if as_json_output:
        reports = json.loads(result.out)
        assert isinstance(reports, list)
        assert [r["file"] for r in reports] == [str(good)]
        assert reports[0]["ok"] is True
    else:
        assert result.out.startswith(f"PASS {good}: ")
        assert str(bad) not in result.out


def test_every_bad_file_of_a_batch_gets_its_own_line(replay: Replay, tmp_path: Path) -> None:
    picks = [b for b in BAD_FILES if b.id in ("toml-inf", "binary-with-nul", "json-nan")]
    paths = []
    for index, bad in enumerate(picks):
        folder = tmp_path / str(index)
        folder.mkdir()
        paths.append(write(folder, bad))
    good = tmp_path / "good.toml"
    good.write_text(GOOD_TOML)
    result = replay(paths[0], good, *paths[1:], "--json")
    assert result.code == 2
    assert "Traceback" not in result.err
    lines = result.err.splitlines()
    assert len(lines) == len(picks)
    for line, path, bad in zip(lines, paths, picks, strict=True):
        assert line.startswith(f"{PREFIX}{path}") and bad.says in line
    assert [r["file"] for r in json.loads(result.out)] == [str(good)]


def test_a_failed_expectation_does_not_hide_a_bad_file(replay: Replay, tmp_path: Path) -> None:
    unmet = tmp_path / "unmet.toml"
    unmet.write_text(edit(GOOD_TOML, "stands = true", "stands = false"))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    result = replay(unmet, bad)
    assert result.code == 2  # invalid wins over unmet
    assert_one_clear_line(result.err, bad, "invalid JSON")
    assert result.out.startswith(f"FAIL {unmet}")

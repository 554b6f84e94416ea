"""``towersim sheet``: LOTS: Filled In tower sheets beyond the paper.

``sheet stand FILE``: build the tower(s) drawn in FILE (a filled-in scenario, replayed
to its end, or a sheet file, docs/scenarios-filled-in.md) in the physics world, let
them settle, say whether each would stand and which pieces fall when, and write a
picture of the settled towers. Exit 0: every tower stands; 1: some tower falls; 2: bad
file or arguments.

``sheet print N --out FILE.png``: draw tower sheet N for printing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rules.filled_in.sheets import tower_sheets
from simulator.scenario.errors import ScenarioError

EXIT_STANDS, EXIT_FALLS, EXIT_INVALID = 0, 1, 2
PRINT_DPI = 150  # A4 portrait at 150 dots per inch: 1240 x 1754 pixels
HELP = "LOTS: Filled In tower sheets: would a tower stand, printable sheets"
DESCRIPTION = "Work with LOTS: Filled In tower sheets."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="sheet_command", metavar="SUBCOMMAND", required=True)
    stand = commands.add_parser(
        "stand",
        help="would the tower drawn on a sheet stand? build it in the physics and see",
        description="Build each drawn tetromino of a sheet as a wooden piece at its boxes, "
        "let the tower settle, report whether it stands and which pieces fall (and when), "
        "and write a picture of the settled tower. FILE is a filled-in scenario (replayed "
        "to its end; every player's sheet) or a sheet file. Exit 0: it stands; 1: "
        "something falls; 2: bad file.",
    )
    stand.add_argument("file", metavar="FILE", help="a filled-in scenario or a sheet file")
    stand.add_argument("--player", help="only this player's sheet (scenario files)")
    stand.add_argument(
        "--out",
        metavar="FILE.png",
        help="where to write the picture (default: FILE's name with -stand.png, here)",
    )
    stand.add_argument("--no-picture", action="store_true", help="write no picture")
    stand.add_argument("--json", action="store_true", help="print the report as JSON")
    printing = commands.add_parser(
        "print",
        help="draw a blank tower sheet for printing (PNG)",
        description="Draw tower sheet N (levels, tool boxes, the crane's purple spaces "
        "and penalties, level triangles, score area) as an A4 PNG at "
        f"{PRINT_DPI} dpi.",
    )
    printing.add_argument(
        "number",
        type=int,
        metavar="N",
        choices=sorted(tower_sheets()),
        help="the sheet: " + ", ".join(map(str, sorted(tower_sheets()))),
    )
    printing.add_argument("--out", required=True, metavar="FILE.png", help="the PNG to write")


def run(args: argparse.Namespace) -> int:
    if args.sheet_command == "print":
        return _print_sheet(args)
    return _stand(args)


def _stand(args: argparse.Namespace) -> int:
    from simulator.games.filled_in.sheetfile import load_towers  # lazy: command
    from simulator.games.filled_in.stand import stand_tower  # lazy: command

    try:
        towers = load_towers(args.file, player=args.player)
    except ScenarioError as exc:
        print(f"towersim sheet stand: {exc}", file=sys.stderr)
        return EXIT_INVALID
    results = [stand_tower(tower) for tower in towers]
    report: dict[str, Any] = {
        "file": args.file,
        "stands": all(r.stands for r in results),
        "towers": [r.as_dict() for r in results],
    }
    if not args.no_picture:
        from simulator.games.filled_in.draw import write_png  # lazy: command
        from simulator.games.filled_in.picture import draw_stand  # lazy: command

        out = Path(args.out) if args.out else Path(Path(args.file).stem + "-stand.png")
        try:
            write_png(draw_stand(results), out)
        except OSError as exc:
            print(
                f"towersim sheet stand: cannot write {out}: {exc.strerror or exc}", file=sys.stderr
            )
            return EXIT_INVALID
        report["picture"] = str(out)
    if args.json:
        json.dump(report, sys.stdout, indent=2, allow_nan=False)
        sys.stdout.write("\n")
    else:
        for result in results:
            print(result.summary())
        if "picture" in report:
            print(f"picture: {report['picture']}")
    return EXIT_STANDS if report["stands"] else EXIT_FALLS


def _print_sheet(args: argparse.Namespace) -> int:
    from simulator.games.filled_in.draw import write_png  # lazy: command
    from simulator.games.filled_in.printable import draw_sheet  # lazy: command

    out = Path(args.out)
    try:
        write_png(draw_sheet(args.number, dpi=PRINT_DPI), out)
    except OSError as exc:
        print(f"towersim sheet print: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INVALID
    print(f"sheet {args.number} written to {out}")
    return EXIT_STANDS

"""Write the analytic calibration scenarios in scenarios/calibration/.

Run ``python scripts/make_calibration.py`` after changing a case; the TOML files
are committed so that ``towersim replay scenarios/calibration/*.toml`` needs no build step.
Each case states its analytic source in its description. They are issue 25's accuracy
cases, each just inside and just outside its analytic threshold: the harmonic stacks of
4 to 20 blocks 1, 2 and 4 cm thick at 99 % and 101 % of the critical overhang, Paterson
and Zwick's 4-block stack at 99 % and 101 %, the slide at mu 0.3, 0.5 and 0.8 at
atan(mu) -+ 0.05 degrees, the 1 x 3 block's topple at -+ 0.1 degrees, and the 15- and
20-box columns. The floor-card cases are written by hand and left alone.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.tuning.cases import (  # noqa: E402
    HARMONIC_HEIGHTS,
    HARMONIC_SIZES,
    PATERSON_ZWICK,
    SLIDE_FRICTIONS,
    TOPPLE_BLOCK,
)

HERE = ROOT / "scenarios" / "calibration"
# The files this script writes start so; any other file here (the floor cards) is not its.
GENERATED = ("harmonic-", "paterson-zwick-", "incline-", "column-")

BLOCK_LENGTH = 10.0  # cm, harmonic stack blocks
BLOCK_HEIGHT = 1.0
OVERHANG_FRACTIONS = (0.99, 1.01)  # stands, falls
SLIDE_DELTA = 0.05  # degrees either side of atan(mu)
TOPPLE_DELTA = 0.1  # degrees either side of atan(w/h)
TABLE = """[[static]]
id = "table"
polygon = [[-60.0, -5.0], [0.0, -5.0], [0.0, 0.0], [-60.0, 0.0]]
material = "felt"
"""


def _f(value: float) -> str:
    return repr(round(value, 9))


def _block(index: int, x: float, y: float, height: float) -> list[str]:
    return [
        "[[body]]",
        f'id = "b{index + 1:02d}"',
        f"box = [{_f(BLOCK_LENGTH)}, {_f(height)}]",
        f"at = [{_f(x)}, {_f(y)}]",
        'material = "wood"',
        "",
    ]


def _overhang_run(stands: bool) -> list[str]:
    lines = ["[run]", "seconds = 4.0", "tolerance = 0.5", "rotation_tolerance = 5.0", ""]
    return [*lines, "[expect]", f"stands = {'true' if stands else 'false'}", ""]


def harmonic(n: int, fraction: float, height: float = BLOCK_HEIGHT) -> str:
    """n blocks; the k-th from the top overhangs the one below by fraction * L / (2k)."""
    edges = []
    right = 0.0
    for k in range(n, 0, -1):  # bottom block first
        right += fraction * BLOCK_LENGTH / (2 * k)
        edges.append(right)
    verdict = "stands" if fraction < 1 else "falls"
    thick = "" if height == BLOCK_HEIGHT else f" blocks {height:g} cm thick"
    lines = [
        'format = "towersim/1"',
        'kind = "sandbox"',
        f'name = "harmonic stack of {n}{thick} at {fraction:.0%} of the critical overhang'
        f' ({verdict})"',
        'description = """',
        "The harmonic block stack (Johnson 1955; Paterson & Zwick, 'Overhang', Amer. Math.",
        f"Monthly 116, 2009): {n} equal blocks of length L = {BLOCK_LENGTH} cm, the k-th from the",
        "top reaching L/(2k) past the one below, the bottom block L/(2n) past the table edge.",
        "At exactly those overhangs every sub-stack's centre of mass sits over its support",
        f"edge. Scaled to {fraction:.0%} the stack {verdict}.",
    ]
    if height != BLOCK_HEIGHT:
        lines.append(f"The blocks are {height:g} cm thick; statics does not depend on it.")
    lines += ['"""', "", TABLE]
    for i, edge in enumerate(edges):
        lines += _block(i, edge - BLOCK_LENGTH / 2, height * (i + 0.5), height)
    return "\n".join(lines + _overhang_run(fraction < 1))


def paterson_zwick(fraction: float) -> str:
    """Paterson and Zwick's optimal 4-block stack, every right edge scaled by fraction."""
    verdict = "stands" if fraction < 1 else "falls"
    optimum = max(right for right, _ in PATERSON_ZWICK)
    offset = abs(1.0 - fraction) * BLOCK_LENGTH / 2  # the centroid of the right edges is L/2
    side = "inside" if fraction < 1 else "beyond"
    lines = [
        'format = "towersim/1"',
        'kind = "sandbox"',
        f'name = "Paterson-Zwick stack of 4 at {fraction:.0%} of its optimal overhang ({verdict})"',
        'description = """',
        "The optimal stack of 4 blocks (Paterson & Zwick, 'Overhang', Amer. Math. Monthly",
        f"116, 2009): overhang (15 - 4 sqrt 2)/8 = {optimum:.5f} block lengths, beyond the",
        "harmonic stack's 25/24. One block on the table; on it a counterweight and, a gap",
        "to its right, the block that reaches out; on top one block bridging the two that",
        "pins the reaching block's inner end down. Every right edge is scaled about the table",
        f"edge to {fraction:.0%}: the centre of mass of all four then sits {offset:.3f} cm {side}",
        f"the edge, and the stack {verdict}. Blocks {BLOCK_LENGTH} x {BLOCK_HEIGHT} cm"
        " (docs/physics.md derives the configuration).",
        '"""',
        "",
        TABLE,
    ]
    for i, (right, layer) in enumerate(PATERSON_ZWICK):
        x = fraction * BLOCK_LENGTH * right - BLOCK_LENGTH / 2
        lines += _block(i, x, BLOCK_HEIGHT * (layer - 0.5), BLOCK_HEIGHT)
    return "\n".join(lines + _overhang_run(fraction < 1))


def incline(
    case: str,
    theta: float,
    size: tuple[float, float],
    friction: float,
    analytic: str,
    expect_stand: bool,
    seconds: float,
    tolerance: float,
) -> str:
    """A block resting on a plane tilted by theta degrees (counter-clockwise)."""
    t = math.radians(theta)
    c, s = math.cos(t), math.sin(t)
    plane = [(-40.0, -2.0), (40.0, -2.0), (40.0, 0.0), (-40.0, 0.0)]
    plane = [(c * x - s * y, s * x + c * y) for x, y in plane]
    w, h = size
    centre = (-s * h / 2, c * h / 2)
    polygon = ", ".join(f"[{_f(x)}, {_f(y)}]" for x, y in plane)
    return "\n".join(
        [
            'format = "towersim/1"',
            'kind = "sandbox"',
            f'name = "{case} at {theta:.3f} degrees ({"stands" if expect_stand else "moves"})"',
            'description = """',
            analytic,
            '"""',
            "",
            "[[static]]",
            'id = "incline"',
            f"polygon = [{polygon}]",
            f"friction = {_f(friction)}",
            "elasticity = 0.0",
            "",
            "[[body]]",
            'id = "block"',
            f"box = [{_f(w)}, {_f(h)}]",
            f"at = [{_f(centre[0])}, {_f(centre[1])}]",
            f"angle = {_f(theta)}",
            "density = 1.5",
            f"friction = {_f(friction)}",
            "elasticity = 0.0",
            "",
            "[run]",
            f"seconds = {seconds}",
            f"tolerance = {tolerance}",
            "rotation_tolerance = 2.0",
            "",
            "[expect]",
            f"stands = {'true' if expect_stand else 'false'}",
            "",
        ]
    )


def column(boxes: int, tolerance: float) -> str:
    """A centred column of 2.5 cm boxes that may drift less than ``tolerance`` cm in 10 s."""
    drift = f"{tolerance * 10:g} mm"
    lines = [
        'format = "towersim/1"',
        'kind = "sandbox"',
        f'name = "column of {boxes} boxes drifts less than {drift} in 10 s"',
        'description = """',
        "Statics: a centred column of equal boxes on a level table is in equilibrium",
        "(every contact force vertical, equal to the weight above). The real column does not",
        f"move, so the simulated one may drift by less than {drift} (tolerance {tolerance:g} cm)"
        " in 10 s:",
        "this checks that the solver neither jitters nor lets the stack sink or lean.",
        '"""',
        "",
        "[[static]]",
        'id = "table"',
        "polygon = [[-30.0, -5.0], [30.0, -5.0], [30.0, 0.0], [-30.0, 0.0]]",
        'material = "felt"',
        "",
    ]
    for i in range(boxes):
        lines += [
            "[[body]]",
            f'id = "box{i + 1:02d}"',
            "box = [2.5, 2.5]",
            f"at = [0.0, {_f(1.25 + 2.5 * i)}]",
            'material = "wood"',
            "",
        ]
    lines += ["[run]", "seconds = 10.0", f"tolerance = {tolerance}", "rotation_tolerance = 1.0"]
    lines += ["", "[expect]", "stands = true", ""]
    return "\n".join(lines)


def _verdict(fraction: float) -> str:
    return "stands" if fraction < 1 else "falls"


def cases() -> dict[str, str]:
    """Every generated file, by name."""
    out: dict[str, str] = {}
    for height in HARMONIC_HEIGHTS:
        thick = "" if height == BLOCK_HEIGHT else f"-h{height:g}"
        for n in HARMONIC_SIZES:
            for fraction in OVERHANG_FRACTIONS:
                name = f"harmonic-{n:02d}{thick}-{_verdict(fraction)}.toml"
                out[name] = harmonic(n, fraction, height)
    for fraction in OVERHANG_FRACTIONS:
        out[f"paterson-zwick-4-{_verdict(fraction)}.toml"] = paterson_zwick(fraction)
    for mu in SLIDE_FRICTIONS:  # Chipmunk multiplies the two shapes' coefficients
        slide_at = math.degrees(math.atan(mu))
        slide_text = (
            "Coulomb friction on an inclined plane: a block at rest slides exactly when\n"
            f"tan(theta) > mu. Both shapes have friction sqrt({mu}), so the pair friction is"
            f" {mu}\n"
            f"and the critical angle is atan({mu}) = {slide_at:.3f} degrees. The block is flat\n"
            "(4 x 1 cm) so that it cannot topple first."
        )
        for delta, stands in ((-SLIDE_DELTA, True), (SLIDE_DELTA, False)):
            verdict = "stands" if stands else "slides"
            name = f"incline-slide-mu{round(mu * 10):02d}-{verdict}.toml"
            out[name] = incline(
                "block on an incline",
                slide_at + delta,
                (4.0, 1.0),
                math.sqrt(mu),
                slide_text,
                stands,
                3.0,
                0.1,
            )
    w, h = TOPPLE_BLOCK
    topple_at = math.degrees(math.atan(w / h))
    topple_text = (
        "Tipping on an incline: a rigid block of width w and height h on a plane rough\n"
        "enough that it cannot slide topples exactly when tan(theta) > w/h, when its centre\n"
        f"of mass passes over the lower corner. Here w/h = {w:g}/{h:g}, the critical angle is\n"
        f"{topple_at:.3f} degrees, and the pair friction 1.44 exceeds tan(theta) so no slip."
    )
    for delta, stands in ((-TOPPLE_DELTA, True), (TOPPLE_DELTA, False)):
        verdict = "stands" if stands else "topples"
        out[f"incline-topple-{w:g}x{h:g}-{verdict}.toml"] = incline(
            "tall block on a rough incline",
            topple_at + delta,
            TOPPLE_BLOCK,
            1.2,
            topple_text,
            stands,
            3.0,
            0.5,
        )
    out["column-15.toml"] = column(15, 0.1)
    out["column-20.toml"] = column(20, 0.01)
    return out


def main() -> None:
    written = cases()
    for path in sorted(HERE.glob("*.toml")):
        if path.name.startswith(GENERATED) and path.name not in written:
            path.unlink()  # a case this script no longer writes
    for name, text in written.items():
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(written)} calibration cases to {HERE}")


if __name__ == "__main__":
    main()

"""Write the analytic calibration scenarios in scenarios/calibration/.

Run ``python scripts/make_calibration.py`` after changing a case; the TOML files
are committed so that ``towersim replay scenarios/calibration/*.toml`` needs no build step.
Each case states its analytic source in its description.
"""

from __future__ import annotations

import math
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "calibration"

BLOCK_LENGTH = 10.0  # cm, harmonic stack blocks
BLOCK_HEIGHT = 1.0
TABLE = """[[static]]
id = "table"
polygon = [[-60.0, -5.0], [0.0, -5.0], [0.0, 0.0], [-60.0, 0.0]]
material = "felt"
"""


def _f(value: float) -> str:
    return repr(round(value, 9))


def harmonic(n: int, fraction: float) -> str:
    """n blocks; the k-th from the top overhangs the one below by fraction * L / (2k)."""
    edges = []
    right = 0.0
    for k in range(n, 0, -1):  # bottom block first
        right += fraction * BLOCK_LENGTH / (2 * k)
        edges.append(right)
    verdict = "stands" if fraction < 1 else "falls"
    lines = [
        'format = "towersim/1"',
        'kind = "sandbox"',
        f'name = "harmonic stack of {n} at {fraction:.0%} of the critical overhang ({verdict})"',
        'description = """',
        "The harmonic block stack (Johnson 1955; Paterson & Zwick, 'Overhang', Amer. Math.",
        f"Monthly 116, 2009): {n} equal blocks of length L = {BLOCK_LENGTH} cm, the k-th from the",
        "top reaching L/(2k) past the one below, the bottom block L/(2n) past the table edge.",
        "At exactly those overhangs every sub-stack's centre of mass sits over its support",
        f"edge. Scaled to {fraction:.0%} the stack {verdict}.",
        '"""',
        "",
        TABLE,
    ]
    for i, edge in enumerate(edges):
        lines += [
            "[[body]]",
            f'id = "b{i + 1:02d}"',
            f"box = [{_f(BLOCK_LENGTH)}, {_f(BLOCK_HEIGHT)}]",
            f"at = [{_f(edge - BLOCK_LENGTH / 2)}, {_f(BLOCK_HEIGHT * (i + 0.5))}]",
            'material = "wood"',
            "",
        ]
    lines += ["[run]", "seconds = 4.0", "tolerance = 0.5", "rotation_tolerance = 5.0", ""]
    lines += ["[expect]", f"stands = {'true' if fraction < 1 else 'false'}", ""]
    return "\n".join(lines)


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


def column() -> str:
    lines = [
        'format = "towersim/1"',
        'kind = "sandbox"',
        'name = "column of 15 boxes drifts less than 1 mm in 10 s"',
        'description = """',
        "Statics: a centred column of equal boxes on a level table is in equilibrium",
        "(every contact force vertical, equal to the weight above). The real column does not",
        "move, so the simulated one may drift by less than 1 mm (tolerance 0.1 cm) in 10 s:",
        "this checks that the solver neither jitters nor lets the stack sink or lean.",
        '"""',
        "",
        "[[static]]",
        'id = "table"',
        "polygon = [[-30.0, -5.0], [30.0, -5.0], [30.0, 0.0], [-30.0, 0.0]]",
        'material = "felt"',
        "",
    ]
    for i in range(15):
        lines += [
            "[[body]]",
            f'id = "box{i + 1:02d}"',
            "box = [2.5, 2.5]",
            f"at = [0.0, {_f(1.25 + 2.5 * i)}]",
            'material = "wood"',
            "",
        ]
    lines += ["[run]", "seconds = 10.0", "tolerance = 0.1", "rotation_tolerance = 1.0", ""]
    lines += ["[expect]", "stands = true", ""]
    return "\n".join(lines)


def main() -> None:
    cases: dict[str, str] = {}
    for n in (4, 8, 12):
        cases[f"harmonic-{n:02d}-stands.toml"] = harmonic(n, 0.95)
        cases[f"harmonic-{n:02d}-falls.toml"] = harmonic(n, 1.05)
    mu = 0.5  # pair friction; Chipmunk multiplies the two shapes' coefficients
    slide_at = math.degrees(math.atan(mu))
    slide_text = (
        "Coulomb friction on an inclined plane: a block at rest slides exactly when\n"
        f"tan(theta) > mu. Both shapes have friction sqrt({mu}), so the pair friction is {mu}\n"
        f"and the critical angle is atan({mu}) = {slide_at:.3f} degrees. The block is flat\n"
        "(4 x 1 cm) so that it cannot topple first."
    )
    for delta, stands in ((-2.0, True), (2.0, False)):
        name = "incline-slide-" + ("stands" if stands else "slides") + ".toml"
        cases[name] = incline(
            "block on an incline",
            slide_at + delta,
            (4.0, 1.0),
            math.sqrt(mu),
            slide_text,
            stands,
            3.0,
            0.1,
        )
    topple_at = math.degrees(math.atan(2.0 / 6.0))
    topple_text = (
        "Tipping on an incline: a rigid block of width w and height h on a plane rough\n"
        "enough that it cannot slide topples exactly when tan(theta) > w/h, when its centre\n"
        f"of mass passes over the lower corner. Here w/h = 2/6, the critical angle is\n"
        f"{topple_at:.3f} degrees, and the pair friction 1.44 exceeds tan(theta) so no slip."
    )
    for delta, stands in ((-1.5, True), (1.5, False)):
        name = "incline-topple-" + ("stands" if stands else "topples") + ".toml"
        cases[name] = incline(
            "tall block on a rough incline",
            topple_at + delta,
            (2.0, 6.0),
            1.2,
            topple_text,
            stands,
            3.0,
            0.5,
        )
    cases["column-15.toml"] = column()
    for name, text in cases.items():
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(cases)} calibration cases to {HERE}")


if __name__ == "__main__":
    main()

"""Towers drawn on a Filled In tower sheet outside a game, for the sheet stand's
question "would this stand?" (the research environment ``simulator/rl/stand.py``): one
drawn at random from a seed, and the rules' check of a given one.

A random tower (``random_tower``) comes from its seed's own stream. ``source`` says how
it is drawn:
- ``"sheet"``: as a Filled In player draws: a random shape each turn at a legal place
  (touching a drawn box or the floor, so a block may hang on a side) in a random colour,
  now and then a purple space after it;
- ``"sandbox"``: tetrominoes dropped into the sheet from above, each coming to rest on
  what is below it (overhangs, but nothing hanging on a side).
With probability ``care`` a piece goes where its centre lies over the boxes it stands on
(when there is such a place); otherwise anywhere its source allows.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.chance import Chance
from rules.filled_in.config import rules_config
from rules.filled_in.placement import block_problem, box_problem, legal_placements, touches
from rules.filled_in.shapes import orientations
from rules.filled_in.sheets import SheetSpec, get_sheet, tower_sheets
from rules.filled_in.tower import PURPLE_PIECE
from rules.pieces import Cell
from simulator.games.filled_in.sheetfile import DrawnPiece, DrawnTower

SOURCES = ("sheet", "sandbox")
DEFAULT_PIECES = (4, 12)
DEFAULT_CARE = 0.8  # with DEFAULT_PIECES: about half the towers stand (49 %, 52 %)
PURPLE_RATE = 0.2  # "sheet": chance of a purple space after each block


def random_tower(
    seed: int,
    *,
    source: str = "sheet",
    sheets: Sequence[int] | None = None,
    pieces: tuple[int, int] = DEFAULT_PIECES,
    care: float = DEFAULT_CARE,
) -> DrawnTower:
    """The tower of game ``seed`` (see the module's doc); its own stream, nothing else."""
    rng = Chance.from_seed(seed)
    cfg = rules_config()
    spec = get_sheet(rng.choice(sorted(sheets or tower_sheets())))
    count = pieces[0] + rng.below(pieces[1] - pieces[0] + 1)
    filled: set[Cell] = set()
    drawn: list[DrawnPiece] = []
    purples = 0
    while len(drawn) < count:
        placed = None
        for shape in rng.shuffled(cfg.shape_letters):  # the first that fits somewhere
            if source == "sheet":
                spots = legal_placements(spec, frozenset(filled), shape)
            else:
                spots = _drops(spec, frozenset(filled), shape)
            if spots:
                placed = (shape, _pick(rng, spots, filled, care))
                break
        if placed is None:
            break  # the sheet is full
        shape, cells = placed
        filled.update(cells)
        drawn.append(DrawnPiece(cfg.piece_for(shape), rng.choice(cfg.colours), cells))
        if (
            source == "sheet"
            and len(drawn) < count
            and purples < cfg.purple_per_game
            and rng.uniform() < PURPLE_RATE
        ):
            free = [(c,) for c in sorted(spec.boxes - filled) if touches((c,), filled)]
            if free:
                (cell,) = _pick(rng, free, filled, care)
                filled.add(cell)
                drawn.append(DrawnPiece(PURPLE_PIECE, cfg.purple, (cell,)))
                purples += 1
    return DrawnTower(f"seed {seed}", spec.id, tuple(drawn))


def _pick(
    rng: Chance, spots: Sequence[tuple[Cell, ...]], filled: set[Cell], care: float
) -> tuple[Cell, ...]:
    if rng.uniform() < care:
        spots = [s for s in spots if _balanced(s, filled)] or spots
    return rng.choice(spots)


def _balanced(cells: tuple[Cell, ...], filled: set[Cell]) -> bool:
    """Whether the piece's centre lies strictly over the columns it stands on (on the
    floor or on a drawn box): it would not tip over on its own."""
    standing = [c for r, c in cells if r == 0 or (r - 1, c) in filled]
    if not standing:
        return False
    centre = sum(c for _, c in cells) / len(cells) + 0.5
    return min(standing) < centre < max(standing) + 1


def _drops(spec: SheetSpec, filled: frozenset[Cell], shape: str) -> list[tuple[Cell, ...]]:
    """Where ``shape`` comes to rest dropped into each column span, in every orientation:
    from the highest place it fits, down while the boxes below are free."""

    def fits(base: frozenset[Cell], dr: int, dc: int) -> bool:
        return all(
            (r + dr, c + dc) in spec.boxes and (r + dr, c + dc) not in filled for r, c in base
        )

    out: set[tuple[Cell, ...]] = set()
    for base in orientations(shape):
        height = max(r for r, _ in base) + 1
        width = max(c for _, c in base) + 1
        for dc in range(spec.width - width + 1):
            dr = next((d for d in range(spec.height - height, -1, -1) if fits(base, d, dc)), None)
            if dr is None:
                continue
            while dr > 0 and fits(base, dr - 1, dc):
                dr -= 1
            out.add(tuple(sorted((r + dr, c + dc) for r, c in base)))
    return sorted(out)


def tower_problem(tower: DrawnTower) -> str | None:
    """Why ``tower`` is not whole shapes and purple spaces on free boxes of its sheet, in
    drawing order ("piece 2 (lots-L, orange): ..."), or None. Touching is not asked:
    the physics decides whether it stands."""
    known_sheets = tower_sheets()
    if tower.sheet not in known_sheets:
        known = ", ".join(map(str, sorted(known_sheets)))
        return f"there is no tower sheet {tower.sheet} (sheets: {known})"
    cfg = rules_config()
    letters = {piece: letter for letter, piece in cfg.shapes}
    spec = known_sheets[tower.sheet]
    filled: frozenset[Cell] = frozenset()
    for index, drawn in enumerate(tower.pieces):
        if drawn.piece == PURPLE_PIECE:
            problem = (
                f"a purple space is one box in {cfg.purple}"
                if len(drawn.cells) != 1 or drawn.colour != cfg.purple
                else box_problem(spec, filled, drawn.cells[0])
            )
        elif drawn.piece in letters:
            problem = (
                f"its colour must be one of {', '.join(cfg.colours)}"
                if drawn.colour not in cfg.colours
                else block_problem(spec, filled, letters[drawn.piece], drawn.cells, free=True)
            )
        else:
            known = ", ".join([*letters, PURPLE_PIECE])
            problem = f"the piece must be one of {known}"
        if problem:
            return f"piece {index + 1} ({drawn.piece}, {drawn.colour}): {problem}"
        filled |= frozenset(drawn.cells)
    return None

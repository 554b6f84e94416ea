"""The content as data: dice, sheets, crew cards, all loaded and validated."""

from rules.assets import load_asset
from rules.filled_in.config import rules_config
from rules.filled_in.crew import crew_cards
from rules.filled_in.dice import all_dice, dice_for_players
from rules.filled_in.shapes import orientations
from rules.filled_in.sheets import tower_sheets


def test_nine_dice_each_with_five_shapes_and_one_wild_face():
    dice = all_dice()
    assert [d.id for d in dice] == list(range(1, 10))
    for die in dice:
        assert len(die.faces) == 6
        assert sum(f.wild for f in die.faces) == 1
        assert sorted(f.shape for f in die.faces if not f.wild) == ["I", "L", "O", "S", "T"]


def test_dice_by_player_count_follow_the_rulebook():
    assert [len(dice_for_players(n)) for n in (2, 3, 4)] == [5, 7, 9]


def test_the_two_player_dice_show_every_coloured_shape_once():
    pairs = [(f.shape, f.colour) for d in dice_for_players(2) for f in d.faces if not f.wild]
    assert len(set(pairs)) == 25


def test_five_sheets_with_tools_one_to_five_and_a_five_space_crane():
    sheets = tower_sheets()
    assert sorted(sheets) == [1, 2, 3, 4, 5]
    for sheet in sheets.values():
        assert [n for _, n, _ in sheet.tools] == [1, 2, 3, 4, 5]
        assert {c for *_, c in sheet.tools} <= set(rules_config().colours)
        assert len(sheet.crane) == 5 and list(sheet.crane) == sorted(sheet.crane)
        assert frozenset().union(*sheet.levels) == sheet.boxes
        assert all(level for level in sheet.levels)
        assert any(r == 0 for r, _ in sheet.boxes)


def test_six_crew_cards_each_breaking_a_different_rule():
    cards = crew_cards()
    assert len(cards) == 6
    assert len({c.effect for c in cards.values()}) == 6


def test_house_designs_are_marked_in_the_data():
    for name in ("dice", "sheets", "crew"):
        assert load_asset(f"filled_in/{name}.toml")["house_design"] is True


def test_shapes_have_the_tetromino_orientation_counts():
    counts = {s: len(orientations(s)) for s in rules_config().shape_letters}
    assert counts == {"I": 2, "O": 1, "T": 4, "L": 8, "S": 4}


def test_the_rules_import_no_physics_or_window_library():
    import subprocess
    import sys

    code = (
        "import sys, rules.filled_in, rules.filled_in.playout;"
        "print(any(m.split('.')[0] in ('pymunk', 'pyglet') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

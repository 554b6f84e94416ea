"""The game content in assets/ is complete and consistent."""

from collections import Counter

import pytest

from rules.footprints import footprints
from rules.pieces import piece_catalogue, transform_cells
from simulator.physics.materials import materials
from simulator.physics.profile import load_profile, profile_names


def test_lots_tetrominoes_each_in_its_pile_colour() -> None:
    lots = {p.shape: p for p in piece_catalogue().values() if p.family == "lots"}
    assert set(lots) == {"I", "O", "T", "L", "S", "cube"}
    tetrominoes = [lots[s] for s in "IOTLS"]
    assert all(len(p.cells) == 4 for p in tetrominoes)
    assert {p.colour for p in tetrominoes} == {"red", "orange", "yellow", "green", "blue"}
    assert lots["cube"].colour == "purple" and len(lots["cube"].cells) == 1
    assert lots["I"].cell_size == pytest.approx(2.5)


def test_mirror_images_come_from_flipping() -> None:
    l_piece = piece_catalogue()["lots-L"]
    mirrored = transform_cells(l_piece.cells, 0, True)
    assert mirrored != l_piece.cells
    assert all(transform_cells(l_piece.cells, t, False) != mirrored for t in range(4))


def test_crazy_tower_has_seven_blocks_per_colour_and_a_floor_card() -> None:
    ct = [p for p in piece_catalogue().values() if p.family == "crazy-tower"]
    blocks = [p for p in ct if not p.is_plank]
    assert sorted(len(p.cells) for p in blocks) == [1, 2, 3, 4]
    assert {len(p.cells): p.points for p in blocks} == {1: 1, 2: 3, 3: 4, 4: 5}
    assert sum(p.per_colour for p in blocks) == 7
    (card,) = [p for p in ct if p.is_plank]
    assert card.box is not None and card.box[1] < 0.5 < card.box[0]


def test_six_footprints_on_three_double_sided_cards() -> None:
    fps = footprints().values()
    assert len(fps) == 6
    assert Counter(f.card for f in fps) == {1: 2, 2: 2, 3: 2}
    assert all({f.side for f in fps if f.card == c} == {"A", "B"} for c in (1, 2, 3))
    assert all(f.difficulty == f.card for f in fps)
    easy = min(f.width for f in fps if f.difficulty == 1)
    assert all(f.width < easy or any(f.ground) for f in fps if f.difficulty == 3)


def test_materials_give_realistic_pair_friction() -> None:
    wood, felt = materials()["wood"], materials()["felt"]
    assert 0.3 <= wood.friction * wood.friction <= 0.5  # Chipmunk multiplies the pair
    assert wood.friction * felt.friction > wood.friction * wood.friction
    assert {"wood", "card", "felt"} <= set(materials())
    # 0.5 to 0.7 g/cm^3 times the 2.5 cm depth of a LOTS piece
    assert 1.25 <= wood.density <= 1.75


def test_every_profile_loads_and_validates() -> None:
    assert "default" in profile_names()
    for name in profile_names():
        profile = load_profile(name)
        assert profile.dt > 0 and profile.iterations >= 1

"""Crazy Tower content: floor cards, the box-overlap rule, the solo challenges."""

from __future__ import annotations

import pytest

from rules.crazy_tower import (
    blocks_of_colour,
    box_width,
    card_length,
    challenges,
    cover_fraction,
    covered_boxes,
    floor_cards,
    get_block,
    get_challenge,
    handicap_for,
)
from rules.crazy_tower.cards import RED, WHITE, starting_card


def test_twenty_one_cards_one_plain_start():
    cards = floor_cards()
    assert len(cards) == 21
    assert starting_card().id == "fc-00"
    assert set(starting_card().boxes) == {WHITE}
    assert all(len(card.boxes) == 5 for card in cards.values())


def test_every_card_fits_the_long_block():
    # two neighbouring non-red boxes: the 4-cube block (8 cm = two boxes) fits
    for card in floor_cards().values():
        pairs = zip(card.boxes, card.boxes[1:], strict=False)
        assert any(RED not in pair for pair in pairs), card.id


def test_every_special_kind_is_in_the_deck():
    kinds = {kind for card in floor_cards().values() for kind in card.boxes}
    assert kinds == {"white", "red", "diamonds", "loop", "exchange"}


def test_special_boxes_in_the_deck_as_documented():
    counts = {kind: 0 for kind in ("red", "diamonds", "loop", "exchange")}
    for card in floor_cards().values():
        for kind in counts:
            counts[kind] += card.boxes.count(kind)
        for kind in ("diamonds", "loop", "exchange"):
            assert card.boxes.count(kind) <= 1, card.id
    assert counts == {"red": 14, "diamonds": 7, "loop": 6, "exchange": 6}


def test_card_geometry_from_the_catalogue():
    assert card_length() == 20.0
    assert box_width() == 4.0
    assert cover_fraction() == 0.25


@pytest.mark.parametrize(
    ("left", "right", "boxes"),
    [
        (0.0, 2.0, {0}),  # a 1-cube block inside box 0
        (3.0, 5.0, {0, 1}),  # straddling evenly: 1 cm in each, the threshold
        (3.5, 5.5, {1}),  # 0.5 cm in box 0 is under 1 cm
        (4.0, 12.0, {1, 2}),  # the 4-cube block exactly on boxes 1 and 2
        (3.0, 11.0, {0, 1, 2}),  # shifted 1 cm left: touches box 0 by exactly 1 cm
        (18.5, 24.5, {4}),  # overhanging the right end: only box 4, 1.5 cm
        (-3.0, 0.9, set()),  # nearly all overhang: covers nothing
        (9.0, 3.0, {0, 1, 2}),  # ends given the wrong way round: 1 + 4 + 1 cm
    ],
)
def test_covered_boxes_by_overlap(left, right, boxes):
    assert covered_boxes(left, right) == frozenset(boxes)


def test_blocks_seven_per_colour_worth_21():
    red = blocks_of_colour("red")
    assert red == ("red-1a", "red-1b", "red-2a", "red-2b", "red-3a", "red-3b", "red-4a")
    assert sum(get_block(b).points for b in red) == 2 * 1 + 2 * 3 + 2 * 4 + 5 == 21


def test_challenge_table():
    table = challenges()
    assert sorted(table) == list(range(1, 21))
    assert table[2].colours == (2, 3)  # one block per floor: 28 blocks > 21 floors
    assert table[3].colours == (3, 4)  # three colours at least for 3 per floor
    assert all(table[n].colours == (2, 3, 4) for n in (1, 4, 5, 6, *range(7, 21)))
    assert [table[n].check for n in range(1, 21)] == ["rules"] * 6 + ["timed"] * 3 + [
        "handicap"
    ] * 11
    assert [table[n].time_limit_s for n in (7, 8, 9)] == [180.0, 120.0, 60.0]


def test_handicaps_are_data():
    assert handicap_for(1) is None
    side = handicap_for(13)
    assert side is not None and side.block_angle_deg == 90.0
    drop = handicap_for(20)
    assert drop is not None and drop.card_drop_height_cm == 5.0 and drop.applies_to == ("card",)
    dizzy = handicap_for(17)
    assert dizzy is not None and dizzy.after_new_card_factor == 3.0
    for n in range(10, 21):
        h = get_challenge(n).handicap
        assert h is not None
        assert h.position_noise_cm > 0 and h.angle_noise_deg > 0 and h.release_noise_cm_s > 0

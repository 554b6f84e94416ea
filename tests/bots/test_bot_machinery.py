"""Shared bot machinery: dexterity profiles, seat levels, rollout evaluation."""

from __future__ import annotations

import argparse
import itertools

import pytest

from rules.chance import Chance
from rules.crazy_tower import handicap_for
from rules.errors import AssetError
from simulator.bots.budget import COPY_COST, Budget
from simulator.bots.cli import add_bot_arguments, bot_seats
from simulator.bots.dexterity import draw, get_profile, profiles
from simulator.bots.levels import LEVEL_NAMES, seat_levels
from simulator.bots.rollout import Sample, best, evaluate
from simulator.games.crazy_tower.handicap import hand_profile
from simulator.games.registry import GAMES


def test_profiles_run_from_surgeon_to_shaky_each_noisier() -> None:
    names = list(profiles())
    assert names[0] == "surgeon" and names[-1] == "shaky"
    hands = list(profiles().values())
    for steadier, shakier in itertools.pairwise(hands):
        assert steadier.position_noise_cm < shakier.position_noise_cm
        assert steadier.angle_noise_deg < shakier.angle_noise_deg
        assert steadier.release_noise_cm_s < shakier.release_noise_cm_s


def test_challenge_profiles_read_the_rules_handicaps() -> None:
    handicap = handicap_for(12)
    assert handicap is not None
    hand = hand_profile("challenge-12")
    assert hand.name == "challenge-12" and hand.tremor_cm == 0.0
    assert hand.position_noise_cm == handicap.position_noise_cm
    assert hand.angle_noise_deg == handicap.angle_noise_deg
    assert hand.release_noise_cm_s == handicap.release_noise_cm_s
    assert hand_profile("challenge-1").position_noise_cm == 0.0
    assert hand_profile("steady") == get_profile("steady")
    with pytest.raises(KeyError, match="unknown dexterity profile"):
        get_profile("challenge-12")  # the shared profiles know no game's challenges
    for name in ("challenge-99", "wobbly"):
        with pytest.raises(KeyError, match="unknown dexterity profile"):
            hand_profile(name)


def test_a_games_own_hands_are_found_through_its_registry_entry() -> None:
    """Crazy Tower's ``challenge-N`` hands work wherever a Crazy Tower hand is named (the
    play flags, lab fork, the environments); another game knows only the shared ones."""
    crazy_tower, lots = GAMES.get("crazy-tower"), GAMES.get("lots")
    assert crazy_tower.hand("challenge-12") == hand_profile("challenge-12")
    assert crazy_tower.hand("steady") == lots.hand("steady") == get_profile("steady")
    with pytest.raises(KeyError, match="unknown dexterity profile"):
        lots.hand("challenge-12")
    parser = argparse.ArgumentParser()
    add_bot_arguments(parser)
    args = parser.parse_args(["--hand", "challenge-12", "--seat", "2=hard:challenge-3"])
    seats = bot_seats(args, 2, crazy_tower.hand)
    assert not isinstance(seats, str)
    assert seats.hands == {0: hand_profile("challenge-12"), 1: hand_profile("challenge-3")}
    refused = bot_seats(args, 2)  # the shared profiles alone
    assert isinstance(refused, str) and refused.startswith("--hand: unknown dexterity profile")


def test_noise_is_drawn_from_the_seed_and_scales_with_the_profile() -> None:
    first = draw(get_profile("shaky"), Chance.from_seed(5))
    again = draw(get_profile("shaky"), Chance.from_seed(5))
    steady = draw(get_profile("surgeon"), Chance.from_seed(5))
    assert first == again
    assert abs(steady.dx) < abs(first.dx) and abs(steady.angle) < abs(first.angle)


@pytest.mark.parametrize(
    ("bot", "seats", "players", "expected"),
    [
        (None, None, 2, {0: "random", 1: "random"}),
        ("hard", None, 3, {0: "hard", 1: "hard", 2: "hard"}),
        ("easy", ["2=normal"], 2, {0: "easy", 1: "normal"}),
        (None, ["1=normal", "2=random", "1=hard"], 2, {0: "hard", 1: "random"}),
    ],
)
def test_seat_levels(
    bot: str | None, seats: list[str] | None, players: int, expected: dict[int, str]
) -> None:
    assert seat_levels(bot, seats, players) == expected


@pytest.mark.parametrize(
    ("bot", "seats", "message"),
    [
        ("genius", None, "--bot 'genius': unknown level"),
        (None, ["3=easy"], "seat must be 1 to 2"),
        (None, ["0=easy"], "seat must be 1 to 2"),
        (None, ["1:easy"], "expected N=LEVEL"),
        (None, ["one=easy"], "expected N=LEVEL"),
        (None, ["1=master"], "unknown level 'master'"),
    ],
)
def test_seat_level_errors_are_one_line(bot: str | None, seats: list[str], message: str) -> None:
    error = seat_levels(bot, seats, 2)
    assert isinstance(error, str) and message in error and "\n" not in error
    assert all(name in error for name in LEVEL_NAMES) or "N=LEVEL" in error or "seat" in error


def test_evaluate_halves_the_field_and_keeps_to_the_budget() -> None:
    values = {"a": 1.0, "b": 5.0, "c": 3.0, "d": 0.0}
    calls: list[tuple[str, int]] = []

    def simulate(candidate: str, k: int) -> Sample:
        calls.append((candidate, k))
        return Sample(values[candidate], candidate == "b" and k == 0, 100)

    def score(e):  # type: ignore[no-untyped-def]
        return e.mean - 10.0 * e.risk

    estimates = evaluate([(c, 0.0) for c in "abcd"], simulate, Budget(10_000), 3, score, 2)
    assert [c for c, k in calls if k == 0] == list("abcd")
    assert len([c for c, k in calls if k == 1]) == 2  # the better half
    assert len([c for c, k in calls if k == 2]) == 2  # never fewer than two finalists
    assert best(estimates, score).candidate == "c"  # b is worth more but fell once
    small = Budget(2 * (100 + COPY_COST))
    evaluate([(c, 0.0) for c in "abcd"], simulate, small, 3, score)
    assert small.spent == 2 * (100 + COPY_COST)


@pytest.mark.parametrize("feel", [-1, 10, 1.5, True])
def test_a_profile_with_a_bad_feel_is_named_in_one_message(
    monkeypatch: pytest.MonkeyPatch, feel: object
) -> None:
    import simulator.bots.dexterity as dexterity

    bad = {"profile": [{"name": "surgeon", "position_noise_cm": 0.02, "feel": feel}]}
    monkeypatch.setattr(dexterity, "load_asset", lambda _path: bad)
    with pytest.raises(AssetError, match="profile 'surgeon': feel must be a whole number"):
        dexterity.profiles.__wrapped__()


def test_a_seat_may_name_its_own_hand() -> None:
    import argparse

    from simulator.bots.cli import add_bot_arguments, bot_seats

    parser = argparse.ArgumentParser()
    add_bot_arguments(parser)
    args = parser.parse_args(["--bot", "normal", "--hand", "average", "--seat", "2=hard:surgeon"])
    seats = bot_seats(args, 3)
    assert not isinstance(seats, str)
    assert seats.levels == {0: "normal", 1: "hard", 2: "normal"}
    assert [h.name if h else None for h in seats.hands.values()] == [
        "average", "surgeon", "average"
    ]  # fmt: skip
    for bad, message in (
        ("2=hard:", "expected a hand after the colon"),
        ("2=hard:wobbly", "--seat '2=hard:wobbly'"),
        ("4=hard:steady", "seat must be 1 to 3"),
    ):
        error = bot_seats(parser.parse_args(["--seat", bad]), 3)
        assert isinstance(error, str) and message in error and "\n" not in error


def test_a_seat_of_a_game_without_hands_cannot_name_one() -> None:
    import argparse

    from simulator.bots.cli import add_bot_arguments, bot_seats

    parser = argparse.ArgumentParser()
    add_bot_arguments(parser, hands=False)
    error = bot_seats(parser.parse_args(["--seat", "1=hard:steady"]), 2)
    assert isinstance(error, str) and "played without a hand" in error

"""The hand "me" (the app's Measure my hand, saved in the user's folder) is a hand like
any other once saved: named on the command line, in a tournament file, at the start
screen; before it is saved, naming it says what to do, in one sentence."""

from __future__ import annotations

import pytest

from simulator.bots.dexterity import hand_choices, hand_named, hand_names
from simulator.lab.tournament_file import load_tournament
from simulator.motor import personal
from tests.app.test_aim_personal import _fit


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    return tmp_path


def test_an_unmeasured_me_says_how_to_measure_it(home):
    assert "me" not in hand_names() and "me" not in hand_choices()
    with pytest.raises(KeyError, match="Measure my hand"):
        hand_named("me")


def test_a_saved_me_is_offered_and_plays_as_its_own_fit(home):
    personal.save(personal.from_fit(_fit(spread=2.0), "2026-12-07T16:00:00+00:00"))
    assert hand_choices()[-1] == "me" and "me" in hand_names()
    mine = hand_named("me")
    measured = personal.my_hand()
    assert mine.motor == measured and mine.name == "me"
    # twice as wide as the targets asked: twice the median hand's aim, so a wider spread
    assert mine.position_noise_cm > hand_named("p50").position_noise_cm
    # a hand measured again is read again, not remembered
    personal.save(personal.from_fit(_fit(spread=1.0), "2026-12-07T16:05:00+00:00"))
    assert hand_named("me").position_noise_cm < mine.position_noise_cm


def test_a_tournament_file_may_seat_me_once_saved(home, tmp_path):
    text = (
        'format = "towersim-lab/1"\nname = "mine"\ngame = "lots"\nmode = "solo"\n'
        'games = 2\nseed = 1\n\n[[seat]]\nlevel = "normal"\nhand = "me"\n'
    )
    spec = tmp_path / "mine.toml"
    spec.write_text(text)
    with pytest.raises(Exception, match="hand"):
        load_tournament(spec)
    personal.save(personal.from_fit(_fit(), "2026-12-07T16:00:00+00:00"))
    assert load_tournament(spec).seats[0].hand == "me"

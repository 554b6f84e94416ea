"""The aiming test ("Measure my hand") headless: the task's geometry, a synthetic hand
clicked through the window's own mouse events (so the pixel-to-cm mapping is the one
a player's clicks go through) recovered by the fit, the result page and its Save, the
start screen's way in and its hand choice offering "me"."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import pytest
from pyglet.window import key, mouse

from rules.chance import Chance
from simulator.app import save_folder, screens
from simulator.app.aim.compare import percentile, population_at, precision, sentences
from simulator.app.aim.results import AimResults
from simulator.app.aim.screen import TOP, AimScreen
from simulator.app.aim.task import PX_PER_CM, AimTask, Design, crossing_order, positions
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from simulator.bots.dexterity import hand_names
from simulator.motor import personal
from simulator.motor.model import EFFECTIVE_WIDTH_SDS
from simulator.motor.population import hands
from tests.app.helpers import click_button, frames, open_lots, send

HAND = replace(hands()["p50"], name="synthetic", a_s=0.2, b_s_per_bit=0.15)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _click_cm(window, screen, x: float, y: float) -> None:
    lx, ly = screen.camera.to_screen(x, y)
    send(window, "on_mouse_press", *window.box.to_window(lx, ly), mouse.LEFT, 0)


def _play(window, screen, clock: Clock, seed: int = 7, hand=HAND) -> None:
    """The synthetic hand does the whole test: the modelled time between clicks, the
    target's centre plus a Gaussian offset of the modelled SD."""
    chance = Chance.from_seed(seed)
    task = screen.task
    while not task.done:
        amplitude, width = task.condition
        x, y = task.targets()[task.target()]
        if task.clicks:
            seconds = hand.movement_time(amplitude, width)
            sd = hand.endpoint_sd(amplitude, seconds)
            clock.now += seconds
            x, y = x + sd * chance.gauss(), y + sd * chance.gauss()
        else:
            clock.now += 1.5  # a pause before a circle's start click is not timed
        _click_cm(window, screen, x, y)


def _open(design: Design | None = None, size: tuple[int, int] = (1280, 800)):
    clock = Clock()
    screen = AimScreen(back=StartScreen, design=design, clock=clock)
    window = AppWindow(screen, visible=False, schedule=False, width=size[0], height=size[1])
    frames(window)
    return window, screen, clock


# -- the task -------------------------------------------------------------------------


def test_the_order_crosses_the_circle_and_visits_every_target_once():
    order = crossing_order(13)
    assert order[0] == order[-1] == 0 and sorted(order[:-1]) == list(range(13))
    centres = positions(28.0, 13)
    for a, b in itertools.pairwise(order):  # each move nearly the diameter
        assert math.dist(centres[a], centres[b]) > 0.99 * 28.0
    assert all(math.isclose(math.hypot(x, y), 14.0) for x, y in centres)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"targets": 12}, "odd number"),
        ({"widths_cm": (0.75, 5.0)}, "overlap"),
        ({"amplitudes_cm": (12.0,), "widths_cm": (1.0,)}, "two conditions"),
        ({"repeats": 0}, "at least one sequence"),
    ],
)
def test_a_design_that_is_not_a_fair_test_is_refused(changes, words):
    with pytest.raises(ValueError, match=words):
        replace(Design(), **changes)


def test_a_circle_starts_only_on_its_start_target_and_each_later_click_is_a_trial():
    task = AimTask(Design())
    x, y = task.targets()[task.target()]
    assert not task.click(x + 3.0, y, 1.0)  # beside the start target: nothing starts
    assert task.click(x, y, 2.0) and task.trials == []
    aimed = task.targets()[task.target()]
    assert task.click(aimed[0] + 5.0, aimed[1], 2.8)  # a miss still ends its trial
    assert len(task.trials) == 1 and task.trials[0].seconds == pytest.approx(0.8)
    assert not task.trials[0].hit and task.kept() == []  # 5 cm off: not an aimed movement


def test_the_tests_centimetres_are_the_tables():
    """A LOTS table opens at about the test's pixels per cm, so a hand measured in the
    test's cm is a hand in the game's cm."""
    window, screen, _ = open_lots()
    assert screen.camera().scale == pytest.approx(PX_PER_CM, rel=0.1)
    window.close()


# -- the test in a window, and its fit ------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_synthetic_hand_clicked_through_the_window_is_recovered(size):
    design = replace(Design(), repeats=8)
    window, screen, clock = _open(design, size)
    task = screen.task
    _play(window, screen, clock)
    assert task.done and len(task.kept()) == len(task.trials) == 4 * 8 * 13
    fit = task.fit()
    conditions = list(dict.fromkeys(design.conditions()))
    bits = [math.log2(a / w + 1) for a, w in conditions]
    throughput = sum(b / (HAND.a_s + HAND.b_s_per_bit * b) for b in bits) / len(bits)
    sd = math.sqrt(sum((w / EFFECTIVE_WIDTH_SDS) ** 2 for _, w in conditions) / len(conditions))
    assert fit.b_s_per_bit == pytest.approx(HAND.b_s_per_bit, rel=0.15)
    assert fit.throughput_bits_s == pytest.approx(throughput, rel=0.15)
    assert fit.endpoint_sd_cm == pytest.approx(sd, rel=0.15)
    assert abs(fit.a_s - HAND.a_s) < 0.1
    assert task.seconds == pytest.approx(sum(t.seconds for t in task.trials) + 1.5 * 31)
    assert isinstance(window.page, AimResults)  # the last click opened the result page
    window.close()


def test_the_result_page_says_it_in_sentences_and_saves_me(tmp_path):
    window, screen, clock = _open()
    _play(window, screen, clock)
    page = window.page
    frames(window)
    said = " ".join(t.label.text for t in page.hud.texts)
    assert "You made 52 movements" in said and "bits/s" in said and "tremor" in said
    assert f"you: {page.fit.a_s:.2f} + {page.fit.b_s_per_bit:.2f} ID s" in said  # the legend
    shortened = [t.label.text for t in page.hud.texts if t.label.text.endswith("…")]
    assert shortened == []  # every sentence whole in its box
    assert personal.my_hand() is None
    click_button(window, page, 'Save as my hand "me" (S)')
    hand = personal.my_hand()
    assert hand is not None and hand.name == "me"
    assert hand.b_s_per_bit == pytest.approx(page.fit.b_s_per_bit, abs=1e-6)
    assert "Saved to" in page.message and personal.profile_path().is_file()
    assert screens.recent_files(save_folder.save_dir()) == []  # a hand is not a game to open
    assert "Saved as your hand" in [b.label for b in page.hud.buttons]
    click_button(window, page, "Measure again")
    assert isinstance(window.page, AimScreen) and window.page.task.trials == []
    window.close()


def test_a_test_with_no_spread_cannot_be_read_and_cannot_be_saved():
    window, screen, clock = _open()
    task = screen.task
    while not task.done:  # every click dead centre: no spread to measure
        clock.now += 0.5
        _click_cm(window, screen, *task.targets()[task.target()])
    page = window.page
    frames(window)
    assert page.fit is None and "could not be read" in page.message
    send(window, "on_key_press", key.S, 0)
    assert personal.load().profile is None
    window.close()


def test_clicks_on_the_strip_do_not_count_r_starts_again_and_back_leaves():
    window, screen, _clock = _open()
    x, y = window.box.to_window(640, TOP + 20)
    send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    assert screen.task.clicks == 0
    _click_cm(window, screen, *screen.task.targets()[0])
    assert screen.task.clicks == 1
    send(window, "on_key_press", key.R, 0)
    assert screen.task.clicks == 0
    frames(window)
    click_button(window, screen, "Back")
    assert isinstance(window.page, StartScreen)
    window.close()


# -- against the population -------------------------------------------------------------


def test_the_population_is_read_at_the_same_task():
    bits = [2.5, 3.6, 4.1, 5.3]
    lines = population_at(bits)
    assert [line.throughput_bits_s for line in lines] == sorted(
        (line.throughput_bits_s for line in lines), reverse=True
    )
    median = next(line for line in lines if "p50" in line.names)
    p50 = hands()["p50"]
    assert median.throughput_bits_s == pytest.approx(
        sum(b / (p50.a_s + p50.b_s_per_bit * b) for b in bits) / 4
    )
    assert any(set(line.names) == {"p90", "braced"} for line in lines)  # tremor alone differs
    assert percentile(4.0, 4.0) == pytest.approx(50.0)
    assert percentile(8.0, 4.0) == 99.0 and percentile(0.5, 4.0) == 1.0


def _done(repeats: int) -> AimTask:
    """A test the synthetic hand has done, without a window."""
    task = AimTask(replace(Design(), repeats=repeats))
    chance, now = Chance.from_seed(3), 0.0
    while not task.done:
        amplitude, width = task.condition
        x, y = task.targets()[task.target()]
        if task.clicks:
            seconds = HAND.movement_time(amplitude, width)
            now += seconds
            sd = HAND.endpoint_sd(amplitude, seconds)
            x, y = x + sd * chance.gauss(), y + sd * chance.gauss()
        task.click(x, y, now)
    return task


def test_sentences_name_the_players_numbers_and_the_populations():
    task = _done(2)
    fit = task.fit()
    text = " ".join(sentences(task, fit))
    assert f"{fit.throughput_bits_s:.1f} bits/s" in text
    assert f"{fit.a_s:.2f} s plus {fit.b_s_per_bit:.2f} s" in text
    assert "median hand's is" in text and "% of adults" in text
    assert "resampling your own movements" in text


def test_how_sure_is_seeded_and_narrows_with_more_trials():
    short, long = _done(1), _done(8)
    assert precision(short) == precision(short)  # its own seeded stream: the same reading
    (slope_short, throughput_short), (slope_long, throughput_long) = (
        precision(short),
        precision(long),
    )
    assert 0 < slope_long < slope_short and 0 < throughput_long < throughput_short


# -- the start screen -------------------------------------------------------------------


def _hands_offered(window, start) -> list[str | None]:
    """Click the hand choice round until it is back where it began: every hand offered."""
    names = {"exact", "me", *hand_names()}
    seen = [start.choices.dexterity]
    for _ in range(len(names) + 1):
        button = next(b for b in start.hud.buttons if b.label in names)
        click_button(window, start, button.label)
        if start.choices.dexterity == seen[0]:
            break
        seen.append(start.choices.dexterity)
    return seen


def test_the_start_screen_opens_the_test_and_offers_me_once_saved():
    start = StartScreen()
    window = AppWindow(start, visible=False, schedule=False)
    frames(window)
    assert "me" not in _hands_offered(window, start)
    click_button(window, start, "Measure my hand (F5)")
    screen, clock = window.page, Clock()
    assert isinstance(screen, AimScreen)
    screen.clock = clock
    _play(window, screen, clock)
    window.page.save()
    frames(window)
    click_button(window, window.page, "Back")
    start = window.page
    assert isinstance(start, StartScreen)
    offered = _hands_offered(window, start)
    assert offered.count("me") == 1 and offered[-1] == "me"  # offered last, once
    start.choices.dexterity = "me"
    start.dirty = True
    frames(window)
    said = " ".join(t.label.text for t in start.hud.texts)
    assert "Your own hand, measured" in said
    window.close()


def test_a_bad_hand_file_is_one_sentence_on_the_start_screen():
    path = personal.profile_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("version = 1\nmeasured = '2026-12-07'\na_s = 'fast'\n")
    start = StartScreen()
    assert start.message.startswith("Your measured hand") and "has a problem" in start.message
    assert "a_s must be a number" in start.message

"""Issue 43's small faults of the screens' words: the score track's markers tell the
seats apart, a computer seat reads one way in every game, and the start screen's
recent files are games, never the settings."""

from __future__ import annotations

from pathlib import Path

from simulator.app import save_folder, screens, settings
from tests.app.helpers import close, frames, open_lots


def _texts(hud) -> list[str]:
    return [t.label.text for t in hud.texts]


def test_the_score_track_markers_read_each_seat_not_all_p() -> None:
    window, screen, _ = open_lots(players=("Player 1", "Player 2", "Player 3"))
    try:
        frames(window)
        shown = _texts(screen.view.track_hud)
        assert [t for t in shown if t in ("1", "2", "3", "P")].count("P") == 0
        for number in ("1", "2", "3"):
            assert number in shown
    finally:
        close(window)


def test_a_lots_computer_seat_names_its_level_as_the_other_games_do() -> None:
    window, screen, _ = open_lots(players=("You", "Computer 2"))
    try:
        frames(window)
        rows = [t for t in _texts(screen.view.hud) if "Computer 2 (" in t]
        assert rows and "(computer, random)" in rows[0], rows
    finally:
        close(window)


def test_settings_toml_is_never_a_recent_file(tmp_path: Path) -> None:
    settings.save(settings.current())  # in the one folder $TOWERSIM_HOME gives both
    save = save_folder.autosave_path("lots")
    save.write_text("# a save\n", encoding="utf-8")
    assert settings.settings_path().parent == save.parent
    assert screens.recent_files(save_folder.save_dir()) == [save]

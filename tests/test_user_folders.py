"""Where towersim writes for a user: $TOWERSIM_HOME, else the platform's folders from
platformdirs, else (while only it holds files) an older version's ~/.towersim. Every test
here runs in a home of its own under tmp_path, never the real one."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from simulator import user_folders
from simulator.app import save_folder, settings
from simulator.net import tokens


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user home, with no TOWERSIM_HOME and the XDG folders inside it."""
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.delenv(user_folders.HOME_VARIABLE, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("APPDATA", str(home / "AppData" / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(home / "AppData" / "Local"))
    return home


def test_towersim_home_holds_everything(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(user_folders.HOME_VARIABLE, str(tmp_path))
    assert user_folders.config_dir() == user_folders.data_dir() == tmp_path
    assert settings.settings_path() == tmp_path / "settings.toml"
    assert save_folder.save_dir() == tmp_path
    assert tokens.network_folder() == tmp_path / "network"


def test_a_new_user_gets_the_platforms_folders(home: Path) -> None:
    config = platformdirs.user_config_path("towersim", appauthor=False)
    data = platformdirs.user_data_path("towersim", appauthor=False)
    assert config.is_relative_to(home) and data.is_relative_to(home)
    assert user_folders.config_dir() == config
    assert user_folders.data_dir() == data
    assert settings.settings_path() == config / "settings.toml"
    assert tokens.network_folder() == data / "network"
    settings.save(settings.Settings(volume=0.5))
    assert settings.current().volume == 0.5
    assert not user_folders.legacy_home().exists()


def test_an_older_versions_files_are_still_read_and_written(home: Path) -> None:
    legacy = home / ".towersim"
    legacy.mkdir()
    settings.save(settings.Settings(volume=0.3), legacy / "settings.toml")
    (legacy / "autosave-lots.toml").write_text("kept")
    assert user_folders.config_dir() == user_folders.data_dir() == legacy
    assert settings.current().volume == 0.3
    assert save_folder.autosave_path("lots").read_text() == "kept"
    settings.save(settings.Settings(volume=0.4))  # written where it was read
    assert settings.load(legacy / "settings.toml").settings.volume == 0.4
    assert not platformdirs.user_config_path("towersim", appauthor=False).exists()


@pytest.mark.parametrize("made", ["config", "data"])
def test_the_new_folders_win_once_one_exists(home: Path, made: str) -> None:
    legacy = home / ".towersim"
    legacy.mkdir()
    (legacy / "settings.toml").write_text("volume = 0.3\n")
    new = getattr(platformdirs, f"user_{made}_path")("towersim", appauthor=False)
    new.mkdir(parents=True)
    assert user_folders.config_dir() != legacy and user_folders.data_dir() != legacy


def test_an_empty_old_folder_is_not_used(home: Path) -> None:
    (home / ".towersim").mkdir()
    assert user_folders.data_dir() == platformdirs.user_data_path("towersim", appauthor=False)

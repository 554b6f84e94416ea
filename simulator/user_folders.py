"""Where towersim keeps what it writes for a user: the one home of these folder paths.

``$TOWERSIM_HOME``, when set, holds everything (the tests set it, so they never write to
the real home). Otherwise the platform's own folders, from platformdirs: the settings in
the user config folder, saves, autosaves and network play in the user data folder.

Before these, everything lived in ``~/.towersim``. While that folder holds files and
neither new folder exists, towersim keeps reading and writing there: nothing is moved
behind the user's back, so nothing can be lost or split between two places.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "towersim"
HOME_VARIABLE = "TOWERSIM_HOME"


def legacy_home() -> Path:
    """The one folder older versions wrote everything to."""
    return Path.home() / ".towersim"


def config_dir() -> Path:
    """Where the settings go (Linux: ``~/.config/towersim``)."""
    return _override() or platformdirs.user_config_path(APP, appauthor=False)


def data_dir() -> Path:
    """Where saves, autosaves and network play go (Linux: ``~/.local/share/towersim``)."""
    return _override() or platformdirs.user_data_path(APP, appauthor=False)


def _override() -> Path | None:
    """``$TOWERSIM_HOME``, else ``~/.towersim`` while only it holds an older version's
    files, else None (the platform's folders)."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home)
    legacy = legacy_home()
    try:
        if not legacy.is_dir() or not any(legacy.iterdir()):
            return None
    except OSError:
        return None
    new = (
        platformdirs.user_config_path(APP, appauthor=False),
        platformdirs.user_data_path(APP, appauthor=False),
    )
    return None if any(folder.exists() for folder in new) else legacy

"""Where the game content lives, and reading it.

Content is TOML under ``assets/``. In a source checkout (or an editable install) that is
the repository's ``assets/`` folder; an installed wheel carries a copy as ``rules/_assets``
(see pyproject.toml). ``TOWERSIM_ASSETS`` overrides both, for designers trying content.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from rules.errors import AssetError

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def assets_dir() -> Path:
    override = os.environ.get("TOWERSIM_ASSETS")
    candidates = [Path(override)] if override else []
    candidates += [_PACKAGE_DIR.parent / "assets", _PACKAGE_DIR / "_assets"]
    for candidate in candidates:
        if (candidate / "physics").is_dir():
            return candidate
    raise AssetError("game assets not found; looked in " + ", ".join(str(c) for c in candidates))


@cache
def load_asset(relative: str) -> dict[str, Any]:
    """Parse one TOML asset file, e.g. ``load_asset("physics/materials.toml")``.

    Cached: assets are read once per process and must be treated as read-only.
    """
    path = assets_dir() / relative
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise AssetError(f"asset file missing: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise AssetError(f"asset file {path} is not valid TOML: {exc}") from None

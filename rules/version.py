"""towersim's version, one home for both packages (``rules.__version__``,
``simulator.__version__``, ``towersim --version``)."""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

DISTRIBUTION = "towersim"
# A source tree that is not installed has no metadata: its pyproject.toml says the version;
# without that either, the version is unknown (PEP 440's local label says so).
UNKNOWN = "0+unknown"


def package_version() -> str:
    """The installed distribution's version, else the source tree's pyproject.toml's."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return source_tree_version(Path(__file__).parents[1] / "pyproject.toml")


def source_tree_version(pyproject: Path) -> str:
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        return UNKNOWN
    return str(project.get("version", UNKNOWN))

"""One version, read from the package metadata: ``__version__``, ``towersim --version``."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest

import rules
import rules.version
import simulator
from simulator.cli import main

ROOT = Path(__file__).parents[1]
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_both_packages_carry_the_installed_distributions_version() -> None:
    assert simulator.__version__ == rules.__version__ == importlib.metadata.version("towersim")


def test_an_uninstalled_source_tree_reads_its_pyproject(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(rules.version, "version", not_installed)
    assert rules.version.package_version() == PYPROJECT_VERSION


def test_without_metadata_or_pyproject_the_version_says_unknown(tmp_path: Path) -> None:
    assert rules.version.source_tree_version(tmp_path / "pyproject.toml") == "0+unknown"
    (tmp_path / "pyproject.toml").write_text("[tool.other]\n")
    assert rules.version.source_tree_version(tmp_path / "pyproject.toml") == "0+unknown"


def test_the_command_line_prints_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"towersim {simulator.__version__}\n"


@pytest.mark.parametrize("package", ["rules", "simulator"])
def test_both_packages_are_marked_typed(package: str) -> None:
    assert (ROOT / package / "py.typed").is_file()  # PEP 561; the wheel test checks it ships

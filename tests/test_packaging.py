"""`pip install .` (not only an editable install) must find the assets."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this tree, installed into a folder of its own (--target)."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip"]
    subprocess.run(
        [*pip, "wheel", str(ROOT), "--no-deps", "--quiet", "-w", str(wheels)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("towersim-*.whl")
    site = tmp_path / "site"
    subprocess.run(
        [*pip, "install", "--no-deps", "--quiet", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
    )
    return site


def _printed(site: Path, probe: str, cwd: Path) -> list[str]:
    """The words ``probe`` prints in a fresh Python that sees only ``site``."""
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        check=True,
    )
    return out.stdout.split()


@pytest.mark.slow
def test_an_installed_wheel_finds_its_assets(installed: Path, tmp_path: Path) -> None:
    site = installed
    probe = (
        "import rules.assets as a, rules.pieces as p, simulator.physics.profile as f;"
        "print(a.assets_dir()); print(len(p.piece_catalogue())); print(f.load_profile().dt)"
    )
    assets, pieces, dt = _printed(site, probe, tmp_path)
    assert Path(assets) == site / "rules" / "_assets"
    assert int(pieces) >= 11
    assert float(dt) > 0


@pytest.mark.slow
def test_an_installed_wheel_is_typed_and_knows_its_version(installed: Path, tmp_path: Path) -> None:
    site = installed
    assert (site / "rules" / "py.typed").is_file()
    assert (site / "simulator" / "py.typed").is_file()
    probe = "import simulator, rules; print(simulator.__version__, rules.__version__)"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert _printed(site, probe, tmp_path) == [pyproject["project"]["version"]] * 2


@pytest.mark.slow
def test_an_installed_wheel_registers_its_gymnasium_ids_without_an_import(
    installed: Path, tmp_path: Path
) -> None:
    """Gymnasium 1.x reads no entry points: the wheel's start-up hook registers the ids
    when gymnasium is imported, and Python's start-up itself imports no towersim package."""
    site = installed
    probe = (
        f"import site, sys; sys.path.insert(0, {str(site)!r}); site.addsitedir({str(site)!r});"
        "print('simulator' in sys.modules);"
        "import gymnasium;"
        "env = gymnasium.make('towersim/LotsSolo-v0', footprint='3B', hand='steady');"
        "obs, info = env.reset(seed=1); print(obs['grid'].shape, int(info['action_mask'].sum()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert out.stdout.split("\n")[:2] == ["False", "(24, 3) 1"], out.stdout + out.stderr

"""`pip install .` (not only an editable install) must find the assets and register its
Gymnasium ids through Gymnasium's own "module:EnvId" form, with no start-up hook."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.without_hooks import run_without_hooks

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
def test_an_installed_wheel_has_no_start_up_hook_and_registers_through_gymnasium(
    installed: Path, tmp_path: Path
) -> None:
    """The wheel installs no .pth file and nothing at the top level but its two packages
    (and bin/, the script); Gymnasium's "module:EnvId" form registers the ids from the
    installed copy (``-S``: no .pth of this environment runs either)."""
    site = installed
    top = {p.name for p in site.iterdir() if p.suffix != ".dist-info"} - {"bin"}
    assert top == {"simulator", "rules"}, top
    assert not list(site.rglob("*.pth"))
    probe = (
        "import gymnasium, simulator;"
        "env = gymnasium.make('simulator.rl.registration:towersim/LotsSolo-v0',"
        " footprint='3B', hand='steady');"
        "obs, info = env.reset(seed=1); print(obs['grid'].shape, int(info['action_mask'].sum()));"
        "print(simulator.__file__)"
    )
    shape, where = run_without_hooks(probe, site, tmp_path)
    assert shape == "(24, 3) 1", shape
    assert Path(where).is_relative_to(site)

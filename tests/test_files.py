"""simulator.files.write_atomically: atomic, tidy after kills, honest about modes."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simulator.files import current_umask, write_atomically


def _temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def test_writes_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.toml"
    write_atomically(target, "one")
    write_atomically(target, b"two")
    assert target.read_text() == "two"
    assert _temps(target.parent) == []


def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        assert current_umask() == 0o027
        write_atomically(tmp_path / "a.toml", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.toml").stat().st_mode) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "a.toml"
    target.write_text("old")
    target.chmod(0o604)
    write_atomically(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o604 and target.read_text() == "new"


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "kept.toml"
    target.write_text("precious")
    target.chmod(0o444)
    with pytest.raises(PermissionError, match="read-only"):
        write_atomically(target, "overwritten")
    assert target.read_text() == "precious"
    assert _temps(tmp_path) == []


def test_temp_files_of_killed_writers_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "autosave-lots.toml"
    # A writer killed between creating its temp file and renaming it leaves the file.
    child = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], stdin=subprocess.DEVNULL
    )
    dead = tmp_path / f".{target.name}.{child.pid}.0badf00d.tmp"
    dead.write_text("half")
    child.send_signal(signal.SIGKILL)
    child.wait()
    alive = tmp_path / f".{target.name}.{os.getppid()}.12345678.tmp"  # a live writer's
    alive.write_text("in progress")
    old_style = tmp_path / f".{target.name}.k3j4h5x9.tmp"  # named without a pid, long ago
    old_style.write_text("old")
    hour_ago = time.time() - 7200
    os.utime(old_style, (hour_ago, hour_ago))
    write_atomically(target, "whole")
    assert _temps(tmp_path) == [alive]
    assert target.read_text() == "whole"


def test_another_files_temp_file_is_left_alone(tmp_path: Path) -> None:
    # ".save.2026.toml.PID.TAG.tmp" is save.2026.toml's, not a dead writer's of "save".
    other = tmp_path / f".save.2026.toml.{os.getpid()}.abcd1234.tmp"
    other.write_text("being written")
    write_atomically(tmp_path / "save", "x")
    assert other.exists()


def test_a_link_stays_a_link_and_its_file_is_replaced(tmp_path: Path) -> None:
    real = tmp_path / "real.toml"
    real.write_text("old")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_atomically(link, "new")
    assert link.is_symlink() and real.read_text() == "new"

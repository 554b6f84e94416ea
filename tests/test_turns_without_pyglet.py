"""The turn controllers' tests (tests/turns/) pass in a process where pyglet cannot be
imported at all: the turn logic of every game screen needs no window, no GL and no
pyglet (the issue's "thin screens"). In the whole suite pyglet is loaded by the app's
tests first, so this runs them again, alone, with pyglet barred."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# ``sys.modules[name] = None`` makes every later ``import name`` raise ImportError.
BARRED = (
    "import sys; sys.modules['pyglet'] = None; import pytest; "
    "raise SystemExit(pytest.main(['-q', '-p', 'no:cacheprovider', 'tests/turns']))"
)


def test_the_turn_controllers_tests_pass_with_pyglet_barred() -> None:
    run = subprocess.run(
        [sys.executable, "-c", BARRED], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "error" not in run.stdout.lower()


def test_barring_pyglet_makes_an_import_of_it_fail() -> None:
    probe = (
        "import sys; sys.modules['pyglet'] = None\n"
        "try:\n import pyglet\nexcept ImportError:\n print('barred')"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.stdout.strip() == "barred"

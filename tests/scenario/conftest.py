"""The ``replay`` fixture: `towersim replay` run in-process (see scenario_helpers)."""

from __future__ import annotations

from functools import partial

import pytest
from scenario_helpers import Replay, run_replay


@pytest.fixture
def replay(capsys: pytest.CaptureFixture[str]) -> Replay:
    return partial(run_replay, capsys)

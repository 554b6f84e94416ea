"""The lab's test helpers: run ``towersim lab run`` in this process and read its store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from simulator.cli import main


def lab_run(*argv: str) -> int:
    return main(["lab", "run", *argv])


def records(out: Path) -> dict[str, dict[str, Any]]:
    """The store's records by key, in file order."""
    lines = (out / "results.jsonl").read_text().splitlines()
    return {r["key"]: r for r in map(json.loads, lines)}


def without_cpu(found: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Records as they must repeat: all but the CPU time a game took."""
    return {key: {k: v for k, v in r.items() if k != "cpu_s"} for key, r in found.items()}

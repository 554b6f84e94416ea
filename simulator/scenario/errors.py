"""The one error a bad scenario file produces: a single line naming file, place and fault."""

from __future__ import annotations


class ScenarioError(ValueError):
    def __init__(self, file: str, message: str, *, line: int | None = None) -> None:
        self.file = file
        self.line = line
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")

"""The one error a bad scenario file produces: a single line naming file, place and fault."""

from __future__ import annotations

import re

# A message echoes what the file said; a value pasted a megabyte long must not flood the
# terminal. Runs of text longer than this are cut in the middle.
MAX_ECHO = 80
_LONG_RUN = re.compile(r"[^\s,;:()\[\]]{" + str(MAX_ECHO + 1) + ",}")


def shortened(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to about ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]}...({len(text) - 2 * keep} characters)...{text[-keep:]}"


class ScenarioError(ValueError):
    def __init__(self, file: str, message: str, *, line: int | None = None) -> None:
        self.file = file
        self.line = line
        self.message = _LONG_RUN.sub(lambda m: shortened(m.group()), message)
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {self.message}")

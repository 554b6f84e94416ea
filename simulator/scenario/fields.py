"""Typed, located access to a scenario's tables: every value is checked as it is read.

A ``Table`` knows its key path (``body "b2"``) and can find its line in a TOML file, so
a fault becomes one line such as ``scen.toml:12: body "b2": box needs two positive
numbers``. ``finish()`` rejects the keys nobody read: unknown keys are errors.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, NoReturn

from simulator.scenario.document import Document
from simulator.scenario.errors import ScenarioError

if TYPE_CHECKING:
    from simulator.scenario.ranges import Range

ECHO = 40  # characters of a refused value a message repeats


class Table:
    def __init__(
        self, doc: Document, data: Any, label: str, header: tuple[str, int] | None = None
    ) -> None:
        """``label`` names the table in messages; ``header`` is its TOML section
        (name and occurrence index for arrays of tables), used to find line numbers."""
        self.doc = doc
        self.label = label
        self.header = header
        if not isinstance(data, dict):
            self.fail(f"must be a table, not {_kind(data)}")
        self.data: dict[str, Any] = data
        self._read: set[str] = set()

    # -- failing ------------------------------------------------------------------------

    def fail(self, message: str, key: str | None = None) -> NoReturn:
        where = f"{self.label}: " if self.label else ""
        if key is not None:
            where += f"{key}: "
        raise ScenarioError(self.doc.name, where + message, line=self._line(key))

    def _line(self, key: str | None) -> int | None:
        if self.doc.syntax != "toml":
            return None
        lines = self.doc.text.splitlines()
        start = 0
        if self.header is not None:
            name, index = self.header
            pattern = re.compile(r"^\s*\[\[?\s*" + re.escape(name) + r"\s*\]\]?\s*(#.*)?$")
            hits = [i for i, text in enumerate(lines) if pattern.match(text)]
            if index >= len(hits):
                return None
            start = hits[index]
            if key is None:
                return start + 1
            start += 1
        if key is None:
            return None
        key_pattern = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
        for i in range(start, len(lines)):
            if lines[i].lstrip().startswith("["):
                break
            if key_pattern.match(lines[i]):
                return i + 1
        return None

    # -- reading --------------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, required: bool) -> Any:
        """The value of ``key``. JSON ``null`` stands for an optional key left out (the
        project's own JSON recordings write it so), never for a required one."""
        self._read.add(key)
        if key not in self.data:
            if required:
                self.fail(f"missing required key {key!r}")
            return None
        value = self.data[key]
        if value is None and required:
            self.fail("is required and may not be null", key)
        return value

    def string(
        self,
        key: str,
        *,
        required: bool = False,
        default: str | None = None,
        choices: tuple[str, ...] | None = None,
        max_length: int | None = None,
    ) -> str | None:
        value = self._get(key, required)
        if value is None:
            return default
        if not isinstance(value, str):
            self.fail(f"must be a string, not {_kind(value)}", key)
        if max_length is not None and len(value) > max_length:
            self.fail(f"must be at most {max_length} characters, not {len(value)}", key)
        if choices is not None and value not in choices:
            self.fail(f"must be one of {', '.join(map(repr, choices))}, not {value!r}", key)
        return value

    def boolean(self, key: str, *, default: bool | None = None) -> bool | None:
        value = self._get(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.fail(f"must be true or false, not {_kind(value)}", key)
        return value

    def integer(
        self,
        key: str,
        *,
        default: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int:
        value = self._get(key, default is None)
        if value is None:
            return default  # type: ignore[return-value]
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"must be an integer, not {_kind(value)}", key)
        self._bounded(value, value, key, minimum, maximum)
        return value

    def number(
        self,
        key: str,
        *,
        default: float | None = None,
        positive: bool = False,
        minimum: float | None = None,
        maximum: float | None = None,
        required: bool = False,
    ) -> float | None:
        value = self._get(key, required)
        if value is None:
            return default
        number = self._as_number(value, key)
        if positive and not number > 0:
            self.fail(f"must be a positive number, not {value}", key)
        self._bounded(number, value, key, minimum, maximum)
        return number

    def _bounded(
        self, number: float, value: Any, key: str, minimum: float | None, maximum: float | None
    ) -> None:
        """Refuse ``number`` (read from ``key`` as ``value``) outside the optional bounds."""
        if minimum is not None and number < minimum:
            self.fail(f"must be at least {minimum}, not {value}", key)
        if maximum is not None and number > maximum:
            self.fail(f"must be at most {maximum}, not {value}", key)

    def ranged(
        self, key: str, bounds: Range, *, default: float | None = None, required: bool = False
    ) -> Any:
        """``key`` read as a number (or an integer) within ``bounds``; ``default`` if absent."""
        value = self._get(key, required)
        if value is None:
            return default
        return self.within(value, key, bounds)

    def within(self, value: Any, key: str, bounds: Range, what: str = "") -> Any:
        """``value`` (read from ``key``) checked against ``bounds``; ``what`` names the
        part of the value it is (``x of each point``)."""
        subject = f"{what} must be" if what else "must be"
        if bounds.integer:
            if isinstance(value, bool) or not isinstance(value, int):
                self.fail(f"{subject} an integer, not {_kind(value)}", key)
            number: float = value
        else:
            number = self._as_number(value, key)
        if not bounds.minimum <= number <= bounds.maximum:
            self.fail(f"{subject} {bounds.describe()}, not {echo(value)}", key)
        return value if bounds.integer else number

    def ranged_pair(self, key: str, xs: Range, ys: Range, *, what: str) -> tuple[float, float]:
        """A required [x, y] pair whose parts lie within ``xs`` and ``ys``."""
        x, y = self.pair(key, required=True, what=what) or (0.0, 0.0)
        return self.within(x, key, xs, "x"), self.within(y, key, ys, "y")

    def pair(
        self, key: str, *, positive: bool = False, required: bool = False, what: str = "numbers"
    ) -> tuple[float, float] | None:
        value = self._get(key, required)
        if value is None:
            return None
        adjective = "two positive" if positive else "two"
        if not isinstance(value, list) or len(value) != 2:
            self.fail(f"needs {adjective} {what}, like [1.0, 2.0]", key)
        x, y = (self._as_number(v, key, f"needs {adjective} {what}") for v in value)
        if positive and not (x > 0 and y > 0):
            self.fail(f"needs {adjective} {what}, not {value}", key)
        return x, y

    def points(self, key: str) -> list[tuple[float, float]] | None:
        value = self._get(key, False)
        if value is None:
            return None
        message = "must be a list of [x, y] points"
        if not isinstance(value, list):
            self.fail(message, key)
        points = []
        for item in value:
            if not isinstance(item, list) or len(item) != 2:
                self.fail(message, key)
            points.append(tuple(self._as_number(v, key, message) for v in item))
        return points  # type: ignore[return-value]

    def strings(self, key: str) -> list[str] | None:
        value = self._get(key, False)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail("must be a list of strings", key)
        return value

    def table(self, key: str) -> Table | None:
        value = self._get(key, False)
        if value is None:
            return None
        name = f"{self.header[0]}.{key}" if self.header is not None else key
        return Table(self.doc, value, f"[{name}]", header=(name, 0))

    def tables(self, key: str) -> list[Any]:
        """The raw entries of an array of tables (each wrapped by the caller, once its
        id is known for messages)."""
        value = self._get(key, False)
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(f"must be an array of tables ([[{key}]]), not {_kind(value)}", key)
        return value

    def _as_number(self, value: Any, key: str, message: str | None = None) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(message or f"must be a number, not {_kind(value)}", key)
        try:
            number = float(value)
        except OverflowError:  # an integer beyond the float range
            self.fail("must be a finite number, not an integer that large", key)
        if not math.isfinite(number):
            self.fail(f"must be a finite number, not {value}", key)
        return number

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self._read)
        if unknown:
            self.fail(f"unknown key {unknown[0]!r}", unknown[0])


def echo(value: Any) -> str:
    """A refused value as a message repeats it: cut to a readable length."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if len(text) <= ECHO else text[: ECHO - 3] + "..."


def _kind(value: Any) -> str:
    names = {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
    }
    return names.get(type(value), type(value).__name__)

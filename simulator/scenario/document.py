"""Reading a scenario file's bytes into plain data, refusing what is not TOML or JSON.

Every failure becomes one ScenarioError line, with the line number where the parser
knows it; nothing here lets a traceback through.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

from simulator.files import NotRegularFile, TooLarge, read_limited
from simulator.scenario.errors import ScenarioError

# Scenario files are small; a huge file is a mistake, not a scenario.
MAX_BYTES = 8 * 1024 * 1024
# Arrays and objects inside each other: a scenario needs six, a path row seven; far
# deeper is an attack on the parser's recursion, refused before it parses.
MAX_DEPTH = 64

_TOML_POSITION = re.compile(r"\(at line (\d+), column \d+\)")


@dataclass(frozen=True)
class Document:
    name: str  # the path as the user gave it, for messages
    text: str
    data: dict[str, Any]
    syntax: str  # "toml" or "json"


def read_document(path: str | Path) -> Document:
    name = str(path)
    try:
        raw = read_limited(path, MAX_BYTES)
    except FileNotFoundError:
        raise ScenarioError(name, "no such file") from None
    except IsADirectoryError:
        raise ScenarioError(name, "is a directory, not a scenario file") from None
    except NotRegularFile as exc:
        raise ScenarioError(name, str(exc.strerror)) from None
    except TooLarge as exc:
        raise ScenarioError(name, f"file {exc.strerror}: scenarios are small") from None
    except OSError as exc:
        raise ScenarioError(name, f"cannot read: {exc.strerror or exc}") from None
    text = _decode(name, raw)
    if name.lower().endswith(".json"):
        return Document(name, text, _parse_json(name, text), "json")
    return Document(name, text, _parse_toml(name, text), "toml")


def json_document(name: str, text: str) -> Document:
    """A scenario (or any JSON object) received as text rather than read from a file
    (a network message): the same checks as a .json file's; ScenarioError if bad."""
    return Document(name, text, _parse_json(name, text), "json")


def _decode(name: str, raw: bytes) -> str:
    if b"\x00" in raw:
        raise ScenarioError(name, f"binary data, not a text scenario (NUL byte at {raw.index(0)})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ScenarioError(name, "not UTF-8 text (binary data?)", line=line) from None
    return text.removeprefix("\ufeff")


def _parse_toml(name: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_POSITION.search(message)
        line = int(match.group(1)) if match else None
        detail = _TOML_POSITION.sub("", message).strip()
        raise ScenarioError(name, f"invalid TOML: {detail}", line=line) from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise ScenarioError(name, "invalid TOML: values nested too deeply") from None
    except ValueError as exc:  # an integer past Python's int/str conversion limit
        raise ScenarioError(name, f"invalid TOML: {exc}") from None


def _parse_json(name: str, text: str) -> dict[str, Any]:
    data = strict_json(name, text)
    if not isinstance(data, dict):
        raise ScenarioError(name, "must hold a JSON object at the top level")
    return data


def strict_json(name: str, text: str) -> Any:
    """The JSON value ``text`` holds, read strictly: no NaN or Infinity (nor numbers
    too large for a float), no duplicate keys, at most MAX_DEPTH levels of nesting;
    ScenarioError (one line naming ``name``) otherwise. Every JSON the program reads
    from a file or the network comes through here."""
    _check_depth(name, text)

    def no_constants(token: str) -> float:
        raise ValueError(f"{token} is not a finite number")

    def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise ValueError(f"duplicate key {key!r}")
            out[key] = value
        return out

    try:
        data = json.loads(text, parse_constant=no_constants, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as exc:
        raise ScenarioError(name, f"invalid JSON: {exc.msg}", line=exc.lineno) from None
    except (ValueError, RecursionError) as exc:
        raise ScenarioError(name, f"invalid JSON: {exc}") from None
    _reject_non_finite(name, data, "")
    return data


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _check_depth(name: str, text: str) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH before the parser recurses into it:
    the strings taken out, the depth is the most brackets open at once."""
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    depth = max(accumulate(1 if ch in "[{" else -1 for ch in brackets), default=0)
    if depth > MAX_DEPTH:
        raise ScenarioError(name, f"invalid JSON: nested more than {MAX_DEPTH} levels deep")


def _reject_non_finite(name: str, value: Any, path: str) -> None:
    # JSON numbers too large for a float (1e999) parse as inf.
    if isinstance(value, float) and not math.isfinite(value):
        raise ScenarioError(name, f"{path or 'value'}: not a finite number")
    if isinstance(value, dict):
        for key, item in value.items():
            _reject_non_finite(name, item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _reject_non_finite(name, item, f"{path}[{index}]")

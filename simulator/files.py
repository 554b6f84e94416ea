"""File helpers for every layer: nothing here knows a game, a world or a window."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import Any

_TEMP_SUFFIX = ".tmp"
_OLD_STYLE_AGE = 3600.0  # seconds
# What follows ".NAME." in a temp file of NAME (another file's, ".NAME.2026.toml...",
# must not match): this writer's pid and tag, or mkstemp's 8 characters of old.
_OURS = re.compile(r"(\d+)\.[0-9a-f]{8}" + re.escape(_TEMP_SUFFIX))
_OLD_STYLE = re.compile(r"[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX))


def write_atomically(path: str | Path, text: str | bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place: a crash leaves
    either the old file or the new one, never a torn one.

    The new file gets the mode an ordinary write would give it (the old file's, or 0666
    less the umask); a read-only file is not replaced (PermissionError, "the file is
    read-only"). Temporary files that killed writers left beside ``path`` are removed.
    """
    # Through a link to the file it names: the link stays a link, the file is replaced.
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(target)
    _remove_orphans(target)
    temp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}{_TEMP_SUFFIX}"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as exc:  # named as the caller named it, not as the temporary file
        temp.unlink(missing_ok=True)
        raise type(exc)(exc.errno, exc.strerror, str(path)) from exc
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    try:
        old = target.stat()
    except FileNotFoundError:
        return 0o666 & ~current_umask()
    if not stat.S_ISREG(old.st_mode):
        raise IsADirectoryError(errno.EISDIR, "not a regular file", str(target))
    # Checked on the mode bits, not with os.access: root may write anything, and a user
    # who made a save read-only still means it not to be replaced.
    if not old.st_mode & 0o222:
        raise PermissionError(errno.EACCES, "the file is read-only", str(target))
    return stat.S_IMODE(old.st_mode)


def current_umask() -> int:
    """The process's umask, read without changing it where the system allows."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # elsewhere the only way to read it is to set it back
    os.umask(mask)
    return mask


def _remove_orphans(target: Path) -> None:
    """Remove ``.NAME.PID.*.tmp`` files beside ``target`` whose writer is gone."""
    prefix = f".{target.name}."
    try:
        found = list(target.parent.glob(f"{glob_escape(prefix)}*{_TEMP_SUFFIX}"))
    except OSError:
        return
    for temp in found:
        rest = temp.name[len(prefix) :]
        ours = _OURS.fullmatch(rest)
        if ours is not None:  # exactly this file's: .NAME.PID.HEX8.tmp
            if not _running(int(ours.group(1))):
                temp.unlink(missing_ok=True)
        elif _OLD_STYLE.fullmatch(rest) and _older_than(temp, _OLD_STYLE_AGE):
            temp.unlink(missing_ok=True)  # named before the pid was: gone after an hour


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except OSError:
        return False


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True  # another thread of this process may be writing it now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: leave its file alone
    return True


def glob_escape(text: str) -> str:
    """``text`` with glob's special characters taken literally."""
    return "".join(f"[{ch}]" if ch in "*?[" else ch for ch in text)


class NotRegularFile(OSError):
    """The path names a device, a pipe, a socket or a folder, not a file to read."""


class TooLarge(OSError):
    """The file is larger than the reader accepts."""


def read_limited(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, refused before reading when it is not a
    regular file (``/dev/zero``, a FIFO that would block, a folder) or is larger than
    ``max_bytes`` (TooLarge, also when it grows while being read)."""
    # O_NONBLOCK: opening a FIFO with no writer would otherwise wait for ever.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device, pipe or socket"
            raise NotRegularFile(errno.EINVAL, f"is {kind}, not a file", str(path))
        if info.st_size > max_bytes:
            raise TooLarge(errno.EFBIG, f"is {info.st_size} bytes; at most {max_bytes}", str(path))
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TooLarge(errno.EFBIG, f"is over {max_bytes} bytes", str(path))
    return data


def append_synced(path: str | Path, data: bytes, *, cut_to: int | None = None) -> None:
    """Append ``data`` (whole lines) to ``path`` and sync it to disk before returning;
    ``cut_to``: first drop whatever follows that many bytes (a line a killed writer cut
    short). When the disk refuses (full, over quota, EFBIG) the file is cut back to what
    it held, so it never keeps part of a line, and the OSError is raised."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o666)
    try:
        if cut_to is not None:
            os.ftruncate(fd, cut_to)
        before = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError as exc:
            with contextlib.suppress(OSError):  # shrinking a file needs no space
                os.ftruncate(fd, before)
            raise type(exc)(exc.errno, exc.strerror, str(path)) from exc
    finally:
        os.close(fd)


def whole_lines(raw: bytes) -> tuple[list[bytes], bytes]:
    """The newline-ended lines of an append-only file, and what follows the last of
    them: a line its writer was killed in the middle of (b"" when there is none)."""
    body, newline, tail = raw.rpartition(b"\n")
    return (body.split(b"\n") if newline else []), tail


def write_figure(figure: Any, path: str | Path, dpi: int) -> None:
    """A matplotlib figure written to ``path`` as PNG, atomically as every file here."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    write_atomically(path, buffer.getvalue())

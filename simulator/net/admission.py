"""Who the host lets in (docs/network.md, "Security"): the bookkeeping of connections
still saying hello, of admitted ones, and of refused hellos, all bounded by
simulator/net/limits.py. The host (server.py) asks; nothing here touches a socket."""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from dataclasses import dataclass, field

from simulator.net import limits


def address_key(host: str) -> str:
    """What counts as one address: an IPv4 address, or an IPv6 address's /64 network
    (the block one machine or household is usually given; rotating within it buys
    nothing). Anything unreadable counts as itself."""
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass
class Places:
    """Connections holding places, all together and by address, under two bounds."""

    total: int
    per_address: int
    open: dict[str, int] = field(default_factory=dict)

    def full(self) -> bool:
        return self.count() >= self.total

    def crowded(self, address: str) -> bool:
        return self.open.get(address, 0) >= self.per_address

    def enter(self, address: str) -> None:
        self.open[address] = self.open.get(address, 0) + 1

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]

    def count(self) -> int:
        return sum(self.open.values())


class FailedJoins:
    """Refused hellos of the last FAILED_JOINS_WINDOW seconds, by address and in all.
    Memory stays bounded: once the host is locked everywhere, nothing more is noted."""

    def __init__(self) -> None:
        self.by_address: dict[str, deque[float]] = {}
        self.everywhere: deque[float] = deque()

    def note(self, address: str) -> None:
        now = time.monotonic()
        self.by_address.setdefault(address, deque()).append(now)
        self.everywhere.append(now)
        self.forget()

    def forget(self) -> None:
        """Drop what is older than the window."""
        since = time.monotonic() - limits.FAILED_JOINS_WINDOW
        while self.everywhere and self.everywhere[0] < since:
            self.everywhere.popleft()
        for address in list(self.by_address):
            times = self.by_address[address]
            while times and times[0] < since:
                times.popleft()
            if not times:
                del self.by_address[address]

    def locked(self, address: str) -> str | None:
        """Why hellos from ``address`` are not read now (None: they are), a seat's
        token aside."""
        self.forget()
        if len(self.by_address.get(address, ())) >= limits.FAILED_JOINS:
            return LOCKED_OUT
        if len(self.everywhere) >= limits.FAILED_JOINS_EVERYWHERE:
            return LOCKED_EVERYWHERE
        return None

    def count(self, address: str) -> int:
        return len(self.by_address.get(address, ()))


LOCKED_OUT = "too many refused joins from your address; wait a minute"
LOCKED_EVERYWHERE = (
    "too many wrong room codes were tried lately; the host takes new joins again in a minute"
)
FULL = "the room is full; try again later"
CROWDED = "too many connections from your address"
BUSY = "the host is busy with other joins; try again in a moment"

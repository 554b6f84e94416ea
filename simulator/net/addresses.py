"""Where others reach a host: the address to share and, in a sentence, who can use it.

A host listens on loopback unless told otherwise (this computer only), on every network
of this computer (``--bind 0.0.0.0``), or on one address. What it shares must be an
address a friend on the local network can type: never 0.0.0.0, and 127.0.0.1 only with
the sentence that says nobody else can use it and how to open the room to them. This
machine's address on its network is found without any traffic: a UDP socket "connected"
to a private address sends nothing, yet the system picks the interface, and so the
address, that traffic there would leave from.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

ANY_ADDRESS = ("0.0.0.0", "::", "")  # listen on every network of this computer
# A private address to route towards: only the interface the system would choose
# matters, and connecting a UDP socket sends no packet.
PROBE = ("10.254.254.254", 1)
FIND_IT = (
    "If they cannot reach it, find this computer's address on your network in its "
    "network settings (or with ip addr on Linux, ipconfig on Windows, ifconfig on macOS)."
)


def network_address() -> str:
    """This machine's address on the network its default route leaves by; its host
    name when it has no such address (no network, or loopback only)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        found = str(probe.getsockname()[0])
        if not _loopback(found) and found != "0.0.0.0":
            return found
    return socket.gethostname()


def joinable(host: str, port: int) -> str:
    """``HOST:PORT`` as ``towersim join`` takes it (an IPv6 address in brackets)."""
    return f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"


def listening_on(bind: str, port: int) -> str:
    """Where a host listens, in words: ``127.0.0.1:47474``, ``every network of this
    computer, port 47474``."""
    if bind in ANY_ADDRESS:
        return f"every network of this computer, port {port}"
    return joinable(bind, port)


def shared_address(bind: str, port: int) -> str:
    """The address others type to join a host listening on ``bind``: this machine's
    network address when it listens on every network, else ``bind`` itself."""
    return joinable(network_address() if bind in ANY_ADDRESS else bind, port)


def reach_words(bind: str, port: int) -> str:
    """Who can join a host listening on ``bind`` and at which address, in sentences."""
    if _loopback(bind):
        return (
            f"Only this computer can join: the room listens on {bind}. To let a friend on "
            "your network join, host it for every network of this computer (--bind "
            '0.0.0.0, or "Others can reach it from" on the Network game page); they then '
            f"join at {joinable(network_address(), port)}."
        )
    return f"Others on your network join at {shared_address(bind, port)}. {FIND_IT}"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

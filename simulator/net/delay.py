"""A TCP relay that holds every chunk back a fixed time in each direction: the test
transport that gives loopback a real network's latency (tests/net, benchmarks/
net_latency.py). Order is kept; nothing is dropped or changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import time


class DelayProxy:
    """Listens on 127.0.0.1:``port`` and relays to ``target``, each chunk ``delay``
    seconds late in each direction."""

    def __init__(self, target: tuple[str, int], delay: float) -> None:
        self.target, self.delay = target, delay
        self.port = 0
        self._server: asyncio.Server | None = None

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy ``reader`` to ``writer``, each chunk ``delay`` after it arrived."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def late() -> None:
            while True:
                due, chunk = await queue.get()
                if not chunk:
                    break
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                writer.write(chunk)
                await writer.drain()
            writer.close()

        sender = asyncio.create_task(late())
        try:
            while True:
                chunk = await reader.read(65536)
                await queue.put((time.monotonic() + self.delay, chunk))
                if not chunk:
                    break
            await sender
        except (ConnectionError, asyncio.CancelledError):
            sender.cancel()
            writer.close()

"""A TCP proxy in front of the test PostgreSQL that loses a COMMIT's answer on request:
the bot's connections go through it, and a test makes the next COMMIT reach the server
with its answer dropped (``lose_commit_answer``), or never reach it (``lose_commit``),
or takes the database out of reach altogether (``down``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit


class CommitCutter:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.plan: str | None = None
        """What the next COMMIT meets: ``"answer"`` lost, ``"commit"`` lost, or None."""
        self.down = False
        self.commits_cut = 0
        self._links: set[asyncio.StreamWriter] = set()

    def lose_commit_answer(self, *, then_down: bool = False) -> None:
        """The next COMMIT is committed, and its connection drops before the answer
        (``then_down``: and the database is out of reach from then on)."""
        self.plan = "answer-down" if then_down else "answer"

    def lose_commit(self) -> None:
        """The next COMMIT never reaches the server: its connection drops before it."""
        self.plan = "commit"

    def set_down(self, down: bool) -> None:
        """Out of reach: every connection dropped, and new ones refused, until back up."""
        self.down = down
        if down:
            for writer in list(self._links):
                writer.close()

    async def _link(self, client: asyncio.StreamReader, to_client: asyncio.StreamWriter) -> None:
        if self.down:
            to_client.close()
            return
        server, to_server = await asyncio.open_connection(*self.target)
        self._links |= {to_client, to_server}
        swallow = asyncio.Event()
        down_after = False

        def cut() -> None:
            for writer in (to_client, to_server):
                writer.close()
                self._links.discard(writer)

        async def upstream() -> None:
            nonlocal down_after
            while data := await client.read(65536):
                if self.plan and b"COMMIT" in data:
                    plan, self.plan = self.plan, None
                    self.commits_cut += 1
                    if plan == "commit":
                        cut()
                        return
                    swallow.set()
                    down_after = plan == "answer-down"
                to_server.write(data)
                await to_server.drain()

        async def downstream() -> None:
            while data := await server.read(65536):
                if swallow.is_set():  # the COMMIT's answer: dropped with the connection
                    cut()
                    self.set_down(down_after)
                    return
                to_client.write(data)
                await to_client.drain()

        with contextlib.suppress(OSError, ConnectionError):
            await asyncio.gather(upstream(), downstream())
        cut()


@contextlib.asynccontextmanager
async def commit_cutter(url: str) -> AsyncIterator[tuple[CommitCutter, str]]:
    """A cutter in front of ``url``'s server, and the URL that goes through it."""
    parts = urlsplit(url)
    cutter = CommitCutter(parts.hostname or "127.0.0.1", parts.port or 5432)
    server = await asyncio.start_server(cutter._link, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{port}"
    proxied = urlunsplit(parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host))
    try:
        yield cutter, proxied
    finally:
        cutter.set_down(True)
        server.close()

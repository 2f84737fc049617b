"""Metrics for Prometheus (prometheus-client): counted always, served only when
``METRICS_PORT`` is set (``http://host:PORT/metrics``).

- ``escoba_live_tables``: tables in a lobby or playing in this process;
- ``escoba_moves_total{game}``: moves applied (members', bots' and timeouts');
- ``escoba_click_to_commit_seconds``: from a member's move reaching the table service
  to its commit;
- ``escoba_discord_calls_total{method,route}``: REST calls to Discord, by route
  template (``/channels/{channel_id}/messages``);
- ``escoba_discord_rate_limited_total{scope}``: 429 answers (``route`` or ``global``);
- ``escoba_ai_decision_seconds{level}``: a bot seat's decision, wall clock.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class MetricsError(Exception):
    """The metrics cannot be served (the port is taken, say)."""


class Metrics:
    """One process's metrics, in a registry of their own."""

    def __init__(self) -> None:
        self._runner: web.AppRunner | None = None
        self.registry = registry = CollectorRegistry()
        self.live_tables = Gauge(
            "escoba_live_tables", "Tables in a lobby or playing", registry=registry
        )
        self.moves = Counter("escoba_moves", "Moves applied", ["game"], registry=registry)
        self.click_to_commit = Histogram(
            "escoba_click_to_commit_seconds",
            "From a member's move reaching the table service to its commit",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.discord_calls = Counter(
            "escoba_discord_calls", "REST calls to Discord", ["method", "route"], registry=registry
        )
        self.rate_limited = Counter(
            "escoba_discord_rate_limited", "429 answers from Discord", ["scope"], registry=registry
        )
        self.ai_decision = Histogram(
            "escoba_ai_decision_seconds",
            "A bot seat's decision, wall clock",
            ["level"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )

    def count_live_tables(self, count: Callable[[], int]) -> None:
        """Read the live tables from ``count`` at each scrape."""
        self.live_tables.set_function(count)

    def count_discord_calls(self, http: Any) -> None:
        """Count every REST call ``http`` (discord.py's ``HTTPClient``) makes, and the
        429s discord.py reports in its log."""
        request = http.request

        async def counted(route: Any, **kwargs: Any) -> Any:
            self.discord_calls.labels(route.method, route.path).inc()
            return await request(route, **kwargs)

        http.request = counted
        logging.getLogger("discord.http").addHandler(_RateLimits(self.rate_limited))

    async def serve(self, port: int) -> None:
        """Serve ``/metrics`` on ``port``, on the bot's own event loop (aiohttp)."""
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, port=port).start()
        except OSError as exc:
            await runner.cleanup()
            raise MetricsError(f"cannot serve metrics on port {port}: {exc.strerror}") from exc
        self._runner = runner

    @property
    def serving(self) -> bool:
        return self._runner is not None

    async def close(self) -> None:
        """Stop serving."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _scrape(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(self.registry), content_type="text/plain")


class _RateLimits(logging.Handler):
    """Counts discord.py's log lines about 429 answers."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(logging.DEBUG)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        message = str(record.msg)
        if message.startswith("Global rate limit has been hit"):
            self.counter.labels("global").inc()
        elif "responded with 429" in message or "received a 429" in message:
            self.counter.labels("route").inc()

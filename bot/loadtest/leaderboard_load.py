"""``python -m bot.loadtest leaderboard``: the boards and /stats on a big history.

The history is written straight into the result tables (a million matches through
the table service would take hours): ``--matches`` matches between members of
``--servers`` servers (each with its own pool of members drawn from ``--members``),
spread over ``--seasons`` monthly seasons ending last month, each match adding to
both members' all-time, season and global lines and their rating changes. Ratings
are drawn, not played out (a rating's value does not change a query's cost). Every
season but the last is closed (final standings written as the bot writes them).

Then, on random servers, games, seasons and members, it times the storage calls each
answer makes: a season's board (``season_board_ms_*``), the all-time board
(``alltime_board_ms_*``), the global board (``global_board_ms_*``) and ``/stats``
(``stats_ms_*``: the member's lines, rating trail per game and season finishes); and
closing the last season for every server (``season_close_s``). The database is
analysed after the build, as autovacuum would a live one.

On this machine (p95, ms; close in s): SQLite 0.66 / 0.90 / 0.66 / 1.54, 0.94;
PostgreSQL 1.18 / 1.56 / 2.57 / 2.78, 1.15.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from ..games import GAMES
from ..seasons import RANKED_AFTER, previous, season_of
from ..storage import Storage
from ..storage.databases import Transaction
from ..storage.seasons import standing_rows
from .scratch import benchmark_database, described

GAME_WEIGHTS = {"escoba": 5, "scopa": 3, "scopone": 1, "cirulla": 1, "rubamazzo": 1}
POOL = 100
"""Members in each server's pool."""
CHUNK = 20_000
"""Rows a write inserts at once."""
BOARD_PAGE = 10
_RATED_AT = "2026-01-01T00:00:00+00:00"
LINE = ("played", "won", "points", "escobas", "hands", "mu", "sigma")
CHANGE = (
    "table_id",
    "guild_id",
    "game",
    "user_id",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "rated_at",
)
CLOSE = ("guild_id", "season", "closed_at", "posted_at")
TABLE = (
    "id",
    "guild_id",
    "channel_id",
    "host_id",
    "game",
    "options",
    "status",
    "locale",
    "seats",
    "version",
    "ui",
    "created_at",
    "updated_at",
)
"""A finished match's row, as little of it as the rating changes need."""
STANDING = ("guild_id", "game", "season", "user_id", "place", "rating", "won", "played")
TREND = 10


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)


async def run_leaderboard_benchmark(
    *,
    matches: int,
    members: int,
    servers: int,
    seasons: int,
    database: str | None,
    seed: int = 1,
    queries: int = 300,
) -> dict[str, Any]:
    """Build the history, time the queries, close the last season; the report."""
    rng = random.Random(seed)
    keys = _season_keys(seasons)
    async with benchmark_database(database) as url:
        storage = await Storage.open(url)
        try:
            start = time.perf_counter()
            history = _History(rng, members, servers, keys)
            history.play(matches)
            await history.write(storage)
            built = time.perf_counter() - start
            timings = await _time_queries(storage, history, rng, queries)
            start = time.perf_counter()
            for guild_id in range(1, servers + 1):
                await storage.close_season(guild_id, keys[-1])
            closed = time.perf_counter() - start
        finally:
            await storage.close()
    return {
        "benchmark": "leaderboard",
        "database": described(database),
        "matches": matches,
        "members": members,
        "servers": servers,
        "seasons": seasons,
        "queries": queries,
        "seed": seed,
        "build_s": round(built, 1),
        **timings,
        "season_close_s": round(closed, 2),
    }


def _season_keys(count: int) -> list[str]:
    """``count`` monthly seasons, oldest first, the last one ending last month."""
    key = previous(season_of(datetime.now(UTC), "monthly"))
    keys = [key]
    while len(keys) < count:
        keys.append(key := previous(key))
    return keys[::-1]


class _History:
    """Results lines built in memory, then written in chunks."""

    def __init__(self, rng: random.Random, members: int, servers: int, keys: list[str]) -> None:
        self.rng, self.keys = rng, keys
        self.pools = {
            g: rng.sample(range(1, members + 1), min(POOL, members)) for g in range(1, servers + 1)
        }
        self.lines: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.seasonal: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.worldwide: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.changes: list[tuple] = []
        self.games = [game for game in GAMES for _ in range(GAME_WEIGHTS.get(game, 1))]

    def play(self, matches: int) -> None:
        rng = self.rng
        for table_id in range(1, matches + 1):
            guild_id = rng.randrange(1, len(self.pools) + 1)
            game, season = (
                rng.choice(self.games),
                self.keys[table_id * len(self.keys) // (matches + 1)],
            )
            for user_id, won in zip(rng.sample(self.pools[guild_id], 2), (1, 0), strict=True):
                for line in (
                    self.lines[(guild_id, game, user_id)],
                    self.seasonal[(guild_id, game, season, user_id)],
                    self.worldwide[(game, user_id)],
                ):
                    line[0] += 1
                    line[1] += won
                    line[2] += rng.randint(0, 21)
                mu, sigma = (
                    rng.gauss(25, 3),
                    max(1.0, 8.3 - self.lines[(guild_id, game, user_id)][0] * 0.2),
                )
                after = mu + (1 if won else -1)
                self.changes.append(
                    (table_id, guild_id, game, user_id, mu, sigma, after, sigma, _RATED_AT)
                )

    async def write(self, storage: Storage) -> None:
        rng = self.rng

        def rated(row: tuple, counts: list[int]) -> tuple:
            played, won, points = counts
            sigma = max(1.0, 8.3 - played * 0.2)
            return (*row, played, won, points, played // 2, played * 3, rng.gauss(25, 3), sigma)

        lines = [rated(key, counts) for key, counts in self.lines.items()]
        seasonal = [rated(key, counts) for key, counts in self.seasonal.items()]
        worldwide = [rated(key, counts) for key, counts in self.worldwide.items()]
        await _insert(storage, "player_results", ("guild_id", "game", "user_id", *LINE), lines)
        columns = ("guild_id", "game", "season", "user_id", *LINE)
        await _insert(storage, "season_results", columns, seasonal)
        await _insert(storage, "global_results", ("game", "user_id", *LINE), worldwide)
        tables = [
            (
                table_id,
                guild_id,
                1,
                1,
                game,
                "{}",
                "finished",
                "en",
                "[]",
                1,
                "{}",
                _RATED_AT,
                _RATED_AT,
            )
            for table_id, guild_id, game, *_ in self.changes[::2]
        ]
        await _insert(storage, "game_tables", TABLE, tables)
        await _insert(storage, "rating_changes", CHANGE, self.changes)
        await self._close_past_seasons(storage, seasonal)

        async def analyze(tx: Transaction) -> None:  # as autovacuum would, on a live server
            await tx.execute("ANALYZE")

        await storage.db.write(analyze)

    async def _close_past_seasons(self, storage: Storage, seasonal: list[tuple]) -> None:
        """Every season but the last, closed as ``Storage.close_season`` closes one."""
        ranked: dict[tuple[int, str], list[dict]] = defaultdict(list)
        for guild_id, game, season, user_id, played, won, _, _, _, mu, sigma in seasonal:
            if season != self.keys[-1] and played >= RANKED_AFTER:
                row = {"game": game, "user_id": user_id, "won": won, "played": played}
                ranked[(guild_id, season)].append({**row, "mu": mu, "sigma": sigma})
        standings, closes = [], []
        for (guild_id, season), rows in ranked.items():
            rows.sort(key=lambda r: (r["game"], 3 * r["sigma"] - r["mu"], -r["won"], r["user_id"]))
            standings += standing_rows(guild_id, season, rows)
            closes.append((guild_id, season, _RATED_AT, _RATED_AT))
        await _insert(storage, "season_closes", CLOSE, closes)
        await _insert(storage, "season_standings", STANDING, standings)


async def _insert(storage: Storage, table: str, columns: tuple[str, ...], rows: list) -> None:
    marks = ", ".join("?" for _ in columns)
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
    for start in range(0, len(rows), CHUNK):
        chunk = rows[start : start + CHUNK]

        async def work(tx: Transaction, chunk: list[tuple] = chunk) -> None:
            await tx.execute_many(sql, chunk)

        await storage.db.write(work)


async def _time_queries(
    storage: Storage, history: _History, rng: random.Random, queries: int
) -> dict[str, float]:
    timings: dict[str, list[float]] = defaultdict(list)
    servers = list(history.pools)
    for _ in range(queries):
        guild_id, game = rng.choice(servers), rng.choice(history.games)
        season = rng.choice(history.keys)
        user_id = rng.choice(history.pools[guild_id])
        calls = {
            "season_board": storage.leaderboard(
                guild_id, game, limit=BOARD_PAGE, offset=0, season=season, ranked_after=RANKED_AFTER
            ),
            "alltime_board": storage.leaderboard(guild_id, game, limit=BOARD_PAGE, offset=0),
            "global_board": storage.global_leaderboard(game, limit=BOARD_PAGE, offset=0),
            "stats": _stats(storage, guild_id, user_id),
        }
        for name, call in calls.items():
            start = time.perf_counter()
            await call
            timings[name].append((time.perf_counter() - start) * 1000)
    report = {}
    for name, values in timings.items():
        report[f"{name}_ms_p50"] = percentile(values, 0.5)
        report[f"{name}_ms_p95"] = percentile(values, 0.95)
    return report


async def _stats(storage: Storage, guild_id: int, user_id: int) -> None:
    """What /stats reads: the member's lines, a rating trail per game, season finishes."""
    records = await storage.player_stats(guild_id, user_id)
    for record in records:
        await storage.rating_trail(guild_id, user_id, record.game, matches=TREND)
    await storage.finishes(guild_id, user_id)

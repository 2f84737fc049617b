"""``python -m bot.verify``: check finished matches' deals against their commitments.

Every match is dealt from a secret seed whose SHA-256 (the commitment) its board shows
from the first card; the seed is revealed when the match ends (``games.fairness``).
This rebuilds each finished match from its revealed seed and its move log and checks
the commitment, every move's cards and the final position. ``/verify`` answers the
same check in Discord.

    python -m bot.verify [--database URL] [--match N]   one match, or every finished one
    python -m bot.verify --bench [--matches N]           plays N matches into a scratch
                                                         database, then verifies them

Prints one JSON line: ``matches``, ``hands``, ``mismatches`` (and which), the time per
match. Exit status 1 when a match does not check out, 2 when the database cannot be used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass

from .games.fairness import SavedMove, Verdict, verify
from .loadtest.metering import percentile
from .loadtest.scratch import benchmark_database
from .settings import Settings
from .storage import Storage
from .storage.databases import DatabaseError, database_url
from .tables import Seat, Table, TableError, TableService, places_seen_from

BENCH_GAMES = ("escoba", "scopa", "cirulla", "rubamazzo")
"""What the benchmark deals, in turn (two players, each game's defaults)."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A saved match and what checking it found."""

    table: Table
    verdict: Verdict


async def check_saved(storage: Storage, table_id: int, guild_id: int | None = None) -> Checked:
    """Check finished match ``table_id`` (of ``guild_id``'s server, when given).
    ``TableError``: no such match here (``fair.unknown``), never dealt
    (``fair.not_dealt``), or still played (``fair.live``: its seed stays secret, the
    commitment is told)."""
    row = await storage.table_row(table_id)
    if row is None or (guild_id is not None and row["guild_id"] not in places_seen_from(guild_id)):
        raise TableError("fair.unknown", table=table_id)
    table = Table.from_row(row)
    if table.state is None:
        raise TableError("fair.not_dealt", table=table_id)
    if table.is_live:
        raise TableError("fair.live", table=table_id, commitment=table.log.commitment)
    log = await storage.move_log(table_id)
    moves = [SavedMove(row["move"], row["events"]) for row in log]
    match = table.match
    return Checked(table, verify(match.game, match.seed, table.log.commitment, moves, match))


async def check_all(storage: Storage, table_ids: list[int]) -> dict:
    """Check each match; the report of ``python -m bot.verify``."""
    hands, failed, times = 0, [], []
    for table_id in table_ids:
        started = time.perf_counter()
        verdict = (await check_saved(storage, table_id)).verdict
        times.append((time.perf_counter() - started) * 1000)
        hands += verdict.hands
        if not verdict.fair:
            failed.append({"match": table_id, "problem": verdict.problem, "move": verdict.at})
    return {
        "matches": len(table_ids),
        "hands": hands,
        "mismatches": len(failed),
        "failed": failed[:20],
        "ms_per_match_p95": percentile(times, 0.95) or 0.0,
    }


async def play_matches(storage: Storage, count: int, seed: int) -> None:
    """``count`` two-player matches played to the end by random legal moves, through
    the real table service (secret seeds, every move saved)."""
    service = TableService(storage)
    rng = random.Random(seed)
    for number in range(count):
        game = BENCH_GAMES[number % len(BENCH_GAMES)]
        table = await service.create(
            guild_id=1,
            channel_id=1000 + number,
            host=Seat(user_id=1, name="ana"),
            game=game,
            options={"players": 2},
            locale="en",
        )
        await service.join(table.id, Seat(user_id=2, name="bob"))
        await service.start(table.id, 1)
        while (table := service.get(table.id)).is_live:
            await _random_move(service, table, rng)


async def _random_move(service: TableService, table: Table, rng: random.Random) -> None:
    user = table.seats[table.match.turn].user_id
    await service.choose(table.id, user, table.version, rng.choice(table.match.legal_moves()))


async def bench(matches: int, seed: int, database: str | None) -> dict:
    async with benchmark_database(database) as url:
        storage = await Storage.open(url)
        try:
            await play_matches(storage, matches, seed)
            ids = await storage.finished_table_ids(limit=matches)
            return {"bench": "verify", **await check_all(storage, ids)}
        finally:
            await storage.close()


async def check_database(database: str, match: int | None) -> dict:
    storage = await Storage.open(database)
    try:
        ids = [match] if match else await storage.finished_table_ids(limit=10**9)
        return await check_all(storage, ids)
    finally:
        await storage.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.verify", description=__doc__)
    parser.add_argument("--database", help="sqlite:///path, a file or postgresql://…")
    parser.add_argument("--match", type=int, help="check this match only")
    parser.add_argument("--bench", action="store_true", help="play matches, then verify them")
    parser.add_argument("--matches", type=int, default=100, help="--bench: how many")
    parser.add_argument("--seed", type=int, default=1, help="--bench: the random moves' seed")
    args = parser.parse_args(argv)
    try:
        if args.bench:
            report = asyncio.run(bench(args.matches, args.seed, args.database))
        else:
            database = database_url(args.database) if args.database else Settings().database
            report = asyncio.run(check_database(database, args.match))
    except DatabaseError as exc:
        print(f"database: {exc}", file=sys.stderr)
        return 2
    except TableError as exc:
        print(f"match {args.match}: {exc.key}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 1 if report["mismatches"] else 0


if __name__ == "__main__":
    raise SystemExit(main())

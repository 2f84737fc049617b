"""``python -m bot.verify``: check finished matches' deals against their commitments.

Every match is dealt from a secret seed whose SHA-256 (the commitment) its board shows
from the first card; the seed is revealed when the match ends (``games.fairness``).
This rebuilds each finished match from its revealed seed and its move log and checks
the commitment, every move's cards, the final position and, for a match played to its
end, that the log reaches its recorded result (``tables.checks``, which ``/verify``
answers in Discord too).

    python -m bot.verify [--database URL] [--match N]   one match, or every finished one

Prints one JSON line: ``matches``, ``hands``, ``mismatches`` (and which),
``uncommitted`` (matches dealt before commitments existed: their cards checked, but
never called fair), the time per match. Exit status 1 when a match does not check out,
2 when the database cannot be used. ``python -m bot.loadtest verify`` plays matches
into a scratch database and checks them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time

from .settings import Settings
from .storage import Storage
from .storage.databases import DatabaseError, database_url
from .tables import TableError
from .tables.checks import check_saved


async def check_all(storage: Storage, table_ids: list[int]) -> dict:
    """Check each match; the report of ``python -m bot.verify``."""
    hands, failed, uncommitted, times = 0, [], [], []
    for table_id in table_ids:
        started = time.perf_counter()
        verdict = (await check_saved(storage, table_id)).verdict
        times.append((time.perf_counter() - started) * 1000)
        hands += verdict.hands
        if verdict.problem is not None:
            failed.append({"match": table_id, "problem": verdict.problem, "move": verdict.at})
        elif not verdict.committed:
            uncommitted.append(table_id)
    return {
        "matches": len(table_ids),
        "hands": hands,
        "mismatches": len(failed),
        "failed": failed[:20],
        "uncommitted": len(uncommitted),
        "uncommitted_matches": uncommitted[:20],
        "ms_per_match_p95": _p95(times),
    }


def _p95(times: list[float]) -> float:
    if len(times) < 2:
        return round(times[0], 2) if times else 0.0
    return round(statistics.quantiles(times, n=20)[-1], 2)


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
    args = parser.parse_args(argv)
    try:
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

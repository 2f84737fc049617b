"""``python -m bot.transfer --from SOURCE --to TARGET``: copy the bot's database to
another, e.g. from the SQLite file to PostgreSQL before running shard clusters.

Stop the bot first. Both databases are brought to the current schema; the target must
be empty (a fresh PostgreSQL database, say); every row is copied in one transaction,
so a failure leaves the target empty. Prints one JSON line: the rows copied by table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

from .storage import Storage
from .storage.databases import DatabaseError, database_path, database_url, is_postgres


async def transfer(source_url: str, target_url: str) -> dict:
    if not is_postgres(database_url(source_url)):
        path = database_path(database_url(source_url))
        if not path.is_file():
            raise DatabaseError(f"no SQLite database at {path}")
    source = await Storage.open(source_url)
    try:
        target = await Storage.open(target_url)
        try:
            if not await target.is_empty():
                raise DatabaseError(f"{target.dialect} target already holds data: refusing to mix")
            started = time.perf_counter()
            copied = await target.copy_from(source)
        finally:
            await target.close()
    finally:
        await source.close()
    return {"copied": copied, "seconds": round(time.perf_counter() - started, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.transfer", description=__doc__)
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path or a file")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://…")
    args = parser.parse_args(argv)
    if args.source == args.target:
        parser.error("--from and --to are the same database")
    try:
        report = asyncio.run(transfer(args.source, args.target))
    except DatabaseError as exc:
        print(f"database: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

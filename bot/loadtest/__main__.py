"""``python -m bot.loadtest SUBCOMMAND ...``: run one benchmark, print one JSON line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence


def _discord(args: argparse.Namespace) -> dict:
    from .discord_load import run_discord_benchmark

    return asyncio.run(
        run_discord_benchmark(
            tables=args.tables, moves=args.moves, seed=args.seed, pictures=args.pictures
        )
    )


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m bot.loadtest", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")
    discord = commands.add_parser(
        "discord",
        help="whole matches through SimCord: REST calls, DB commits, stale panels per move",
    )
    discord.add_argument("--tables", type=int, default=10, help="tables played at once")
    discord.add_argument("--moves", type=int, default=2000, help="stop after this many moves")
    discord.add_argument("--seed", type=int, default=1, help="seeds the deals and the choices")
    discord.add_argument(
        "--no-pictures",
        dest="pictures",
        action="store_false",
        help="turn card pictures off (the server's /settings images)",
    )
    discord.set_defaults(run=_discord)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if getattr(args, "tables", 1) < 1 or getattr(args, "moves", 1) < 1:
        print("--tables and --moves must be at least 1", file=sys.stderr)
        return 2
    report = args.run(args)
    print(json.dumps(report, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m bot.loadtest SUBCOMMAND ...``: run one benchmark, print one JSON line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence

from ..storage.databases import DatabaseError


def _discord(args: argparse.Namespace) -> dict:
    """One run per think time; the last run's report, with each run's calls per move."""
    reports = [asyncio.run(_discord_run(args, think)) for think in args.think]
    by_think = {
        f"{report['think_seconds']:g}s": {
            "rate_limited_calls_per_move": report["rate_limited_calls_per_move"],
            "stale_panels": report["stale_panels"],
        }
        for report in reports
    }
    return {**reports[-1], "by_think": by_think}


def _discord_run(args: argparse.Namespace, think: float):
    """One run of the Discord benchmark at one think time."""
    if args.mix == "pool":
        from .pool_discord import run_pool_mix

        return run_pool_mix(tables=args.tables, moves=args.moves, seed=args.seed, think=think)
    if args.mix == "groupdm":
        from .groupdm_discord import run_groupdm_mix

        return run_groupdm_mix(tables=args.tables, moves=args.moves, seed=args.seed, think=think)
    if args.watchers is not None:
        from .watchers import run_watched_benchmark

        return run_watched_benchmark(
            watchers=args.watchers,
            tables=args.tables,
            moves=args.moves,
            seed=args.seed,
            pictures=args.pictures,
            think=think,
            humans_only=args.mix == "humans",
        )
    from .discord_load import run_discord_benchmark

    return run_discord_benchmark(
        tables=args.tables,
        moves=args.moves,
        seed=args.seed,
        pictures=args.pictures,
        think=think,
        humans_only=args.mix == "humans",
    )


def _think_times(text: str) -> list[float]:
    """``3`` or ``3,10``: seconds a member thinks before each action."""
    try:
        times = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of seconds: {text!r}") from None
    if not times or any(t <= 0 for t in times):
        raise argparse.ArgumentTypeError("think times must be positive")
    return times


def _steady_load(args: argparse.Namespace) -> dict:
    """The arguments of a benchmark that offers moves at a steady rate."""
    return {
        "tables": args.tables,
        "rate": args.rate,
        "seconds": args.seconds,
        "database": args.database,
        "seed": args.seed,
    }


def _service(args: argparse.Namespace) -> dict:
    from .service_load import run_service_benchmark

    return asyncio.run(run_service_benchmark(**_steady_load(args)))


def _takeover(args: argparse.Namespace) -> dict:
    from .takeover_load import run_takeover_benchmark

    return asyncio.run(run_takeover_benchmark(**_steady_load(args)))


def _restore(args: argparse.Namespace) -> dict:
    from .restore_load import run_restore_benchmark

    return asyncio.run(
        run_restore_benchmark(tables=args.tables, database=args.database, seed=args.seed)
    )


def _leaderboard(args: argparse.Namespace) -> dict:
    from .leaderboard_load import run_leaderboard_benchmark

    return asyncio.run(
        run_leaderboard_benchmark(
            matches=args.matches,
            members=args.members,
            servers=args.servers,
            seasons=args.seasons,
            database=args.database,
            seed=args.seed,
            queries=args.queries,
        )
    )


def _tournament(args: argparse.Namespace) -> dict:
    from .tournament_load import run_tournament_benchmark

    return asyncio.run(
        run_tournament_benchmark(
            entrants=args.entrants,
            format=args.format,
            database=args.database,
            seed=args.seed,
            target=args.target,
        )
    )


def _pool(args: argparse.Namespace) -> dict:
    from .pool_load import run_pool_benchmark

    return asyncio.run(
        run_pool_benchmark(
            minutes=args.minutes,
            arrivals=args.arrivals_per_minute,
            games=args.games,
            database=args.database,
            processes=args.processes,
            seed=args.seed,
        )
    )


def _slow(args: argparse.Namespace) -> dict:
    from .slow_load import run_slow_benchmark

    return asyncio.run(
        run_slow_benchmark(
            matches=args.matches,
            days=args.days,
            database=args.database,
            processes=args.processes,
            pending=args.pending,
            seed=args.seed,
        )
    )


def _slow_kill(args: argparse.Namespace) -> dict:
    from .slow_kill import run_slow_kill

    return asyncio.run(run_slow_kill(matches=args.matches, database=args.database, seed=args.seed))


def _verify(args: argparse.Namespace) -> dict:
    from .verify_load import run_verify_benchmark

    return asyncio.run(run_verify_benchmark(args.matches, args.seed, args.database))


def _sandbox(args: argparse.Namespace) -> dict:
    from .sandbox_load import run_daily_benchmark, run_sandbox_benchmark

    if args.daily:
        return asyncio.run(run_daily_benchmark(args.matches, kept=args.kept, seed=args.seed))
    return asyncio.run(
        run_sandbox_benchmark(
            matches=args.matches, every=args.every, kept=args.kept, seed=args.seed
        )
    )


def _games(text: str) -> tuple[str, ...]:
    """``scopa,escoba,scopone``: the pools to simulate."""
    from ..pool.service import QUICK_GAMES

    games = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [game for game in games if game not in QUICK_GAMES]
    if not games or unknown:
        raise argparse.ArgumentTypeError(f"games of the pool: {', '.join(QUICK_GAMES)}")
    return games


DATABASE_HELP = (
    "sqlite:///path, a file or postgresql://… (a scratch schema, dropped afterwards); "
    "default: a temporary SQLite file"
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
    discord.add_argument(
        "--think",
        type=_think_times,
        default=[3.0],
        help="seconds each member thinks before acting; a list (3,10) runs once for each",
    )
    discord.add_argument(
        "--mix",
        choices=("mixed", "humans", "pool", "groupdm"),
        default="mixed",
        help="mixed: every fourth table has a bot seat; humans: members only; "
        "pool: quick-play matches between members of two servers, played in DMs; "
        "groupdm: friends' tables in group DMs, driven by clicks alone",
    )
    discord.add_argument(
        "--watchers",
        type=int,
        default=None,
        help="watchers refreshing their views after each move at their table, with the "
        "server's broadcast post on (mixed and humans mixes)",
    )
    discord.set_defaults(run=_discord)
    service = commands.add_parser(
        "service",
        help="moves at a steady rate through the TableService and storage: commit latency",
    )
    service.add_argument("--tables", type=int, default=100, help="live tables")
    service.add_argument("--rate", type=float, default=200, help="moves offered per second")
    service.add_argument("--seconds", type=float, default=10, help="how long to offer them")
    service.add_argument("--database", help=DATABASE_HELP)
    service.add_argument("--seed", type=int, default=1, help="seeds the deals and the choices")
    service.set_defaults(run=_service)
    takeover = commands.add_parser(
        "takeover",
        help="a rolling deploy under load: the old process's writes after the new one claims",
    )
    takeover.add_argument("--tables", type=int, default=50, help="live tables")
    takeover.add_argument("--rate", type=float, default=50, help="moves offered per second")
    takeover.add_argument(
        "--seconds", type=float, default=12, help="the new process claims halfway"
    )
    takeover.add_argument("--database", required=True, help="postgresql://… (a scratch schema)")
    takeover.add_argument("--seed", type=int, default=1, help="seeds the deals and the choices")
    takeover.set_defaults(run=_takeover)
    restore = commands.add_parser("restore", help="start-up: live tables brought back to memory")
    restore.add_argument("--tables", type=int, default=10_000, help="live tables to restore")
    restore.add_argument("--database", help=DATABASE_HELP)
    restore.add_argument("--seed", type=int, default=1, help="seeds the matches")
    restore.set_defaults(run=_restore)
    boards = commands.add_parser(
        "leaderboard", help="the season, all-time and global boards and /stats on a big history"
    )
    boards.add_argument("--matches", type=int, default=1_000_000, help="matches in the history")
    boards.add_argument("--members", type=int, default=100_000, help="members over all servers")
    boards.add_argument("--servers", type=int, default=1000, help="servers")
    boards.add_argument("--seasons", type=int, default=24, help="monthly seasons")
    boards.add_argument("--queries", type=int, default=300, help="answers timed, of each kind")
    boards.add_argument("--database", help=DATABASE_HELP)
    boards.add_argument("--seed", type=int, default=1, help="seeds the history and the queries")
    boards.set_defaults(run=_leaderboard)
    tournament = commands.add_parser(
        "tournament", help="a whole tournament through the tournament and table services"
    )
    tournament.add_argument("--entrants", type=int, default=256, help="entrants (4 to 256)")
    tournament.add_argument("--format", choices=("swiss", "knockout"), default="swiss")
    tournament.add_argument("--target", type=int, default=1, help="each match's target score")
    tournament.add_argument("--database", help=DATABASE_HELP)
    tournament.add_argument("--seed", type=int, default=1, help="seeds the deals and the play")
    tournament.set_defaults(run=_tournament)
    pool = commands.add_parser(
        "pool", help="hours of quick-play arrivals through the real pool, in simulated time"
    )
    pool.add_argument("--minutes", type=float, default=120, help="simulated minutes")
    pool.add_argument(
        "--arrivals-per-minute", type=float, default=6, help="arrivals a minute in each game"
    )
    pool.add_argument("--games", type=_games, default=("scopa", "escoba", "scopone"))
    pool.add_argument("--processes", type=int, choices=(1, 2), default=1)
    pool.add_argument("--database", help=DATABASE_HELP)
    pool.add_argument("--seed", type=int, default=1, help="seeds the arrivals")
    pool.set_defaults(run=_pool)
    slow = commands.add_parser(
        "slow", help="slow matches on a simulated clock: reminders, time outs, deadlines"
    )
    slow.add_argument("--matches", type=int, default=1000, help="slow matches played")
    slow.add_argument("--days", type=float, default=30, help="simulated days at most")
    slow.add_argument("--database", help=DATABASE_HELP)
    slow.add_argument("--processes", type=int, choices=(1, 2), default=1, help="services")
    slow.add_argument("--pending", type=int, default=100_000, help="deadlines for sweep_ms")
    slow.add_argument("--seed", type=int, default=1, help="seeds the deals and the members")
    slow.set_defaults(run=_slow)
    kill = commands.add_parser(
        "slow-kill", help="two OS processes sweep slow deadlines; the first is killed mid-sweep"
    )
    kill.add_argument("--matches", type=int, default=200, help="slow matches swept")
    kill.add_argument("--database", required=True, help="postgresql://… (two processes share it)")
    kill.add_argument("--seed", type=int, default=1, help="seeds the deals")
    kill.set_defaults(run=_slow_kill)
    checks = commands.add_parser(
        "verify", help="matches played into a scratch database, then checked as /verify does"
    )
    checks.add_argument("--matches", type=int, default=100, help="matches played and checked")
    checks.add_argument("--database", help=DATABASE_HELP)
    checks.add_argument("--seed", type=int, default=1, help="seeds the random moves")
    checks.set_defaults(run=_verify)
    page = commands.add_parser(
        "sandbox",
        help="the sandbox's page as the channel's history grows: a card click's time",
    )
    page.add_argument("--matches", type=int, default=60, help="matches played in all")
    page.add_argument("--every", type=int, default=10, help="one match in this many on the page")
    page.add_argument(
        "--kept", type=int, default=150, help="messages a channel keeps (0: all, as before)"
    )
    page.add_argument("--seed", type=int, default=1, help="seeds the deals and the choices")
    page.add_argument(
        "--daily",
        action="store_true",
        help="then the day's deals on the page: the daily click's p50/p95",
    )
    page.set_defaults(run=_sandbox)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if getattr(args, "tables", 1) < 1 or getattr(args, "moves", 1) < 1:
        print("--tables and --moves must be at least 1", file=sys.stderr)
        return 2
    if getattr(args, "rate", 1) <= 0 or getattr(args, "seconds", 1) <= 0:
        print("--rate and --seconds must be positive", file=sys.stderr)
        return 2
    try:
        report = args.run(args)
    except (ValueError, DatabaseError) as exc:
        print(exc, file=sys.stderr)
        return 2
    print(json.dumps(report, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

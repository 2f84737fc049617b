"""``python -m bot``: load the settings and run the bot; ``--sandbox`` runs it against
a simulated Discord in the browser instead (``bot.sandbox``), with no token."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine
from pathlib import Path

import aiohttp
import discord
from pydantic import ValidationError

from .client import create_bot
from .metrics import MetricsError
from .settings import Settings
from .storage.databases import DatabaseError

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env "
    "(see .env.example) or in the environment."
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument(
        "--sandbox", action="store_true", help="play in the browser against a simulated Discord"
    )
    parser.add_argument(
        "--database", type=Path, help="sandbox: keep the database in this file (default: temporary)"
    )
    parser.add_argument("--port", type=int, help="sandbox: serve on this loopback port")
    parser.add_argument(
        "--dms",
        action="store_true",
        help="sandbox: show Alex's DMs with the bot (quick play's seat) instead of #cartas",
    )
    parser.add_argument(
        "--shards", help="run only these shards, e.g. 0-3 (one cluster; needs PostgreSQL)"
    )
    parser.add_argument("--shard-count", type=int, help="the number of shards of all clusters")
    return parser.parse_args(argv)


def run_sandbox(database: Path | None, port: int | None, *, dms: bool = False) -> int:
    from .sandbox import SandboxError, serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)
    try:
        run_until_stopped(serve(database, port, dms=dms))
    except SandboxError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


def load_settings(args: argparse.Namespace) -> Settings:
    """The settings, with the command line's cluster flags over the environment's."""
    given = {"shard_ids": args.shards, "shard_count": args.shard_count}
    return Settings(**{name: value for name, value in given.items() if value is not None})


def setting_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    message = error["msg"].removeprefix("Value error, ")
    if not error["loc"]:
        return message
    return f"bad setting {'.'.join(map(str, error['loc'])).upper()}: {message}"


async def run_bot(settings: Settings) -> None:
    """Open the database and serve the metrics first (their faults are found before
    Discord is called), then connect to Discord and run until stopped."""
    bot = create_bot(settings)
    async with bot:
        await bot.open_storage()
        await bot.serve_metrics()
        await bot.start(settings.discord_token)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.sandbox:
        return run_sandbox(args.database, args.port, dms=args.dms)
    try:
        settings = load_settings(args)
    except ValidationError as exc:
        print(setting_error(exc), file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    configure_logging(getattr(logging, settings.log_level))
    return start_failure(settings)


def configure_logging(level: int) -> None:
    """discord.py's log format, in colour only on a terminal (not in a file or a pipe,
    where colour codes are noise), no warnings about voice, which the bot never uses, and
    no database driver's debug lines."""
    handler = logging.StreamHandler()
    formatter = None
    if not handler.stream.isatty():
        formatter = logging.Formatter(
            "{asctime} {levelname:<8} {name} {message}", "%Y-%m-%d %H:%M:%S", style="{"
        )
    if formatter is None:
        discord.utils.setup_logging(level=level, handler=handler)
    else:
        discord.utils.setup_logging(level=level, handler=handler, formatter=formatter)
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    # aiosqlite logs two lines a statement at DEBUG (their values hidden at the source,
    # storage.databases.Values): noise that would bury the bot's own lines.
    logging.getLogger("aiosqlite").setLevel(max(level, logging.INFO))


def start_failure(settings: Settings) -> int:
    """Run the bot; a failure to start is one line on stderr and exit status 2."""
    try:
        run_until_stopped(run_bot(settings))
    except discord.LoginFailure:
        return _fail("Discord refused DISCORD_TOKEN: check the token in .env.")
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the bot's intents: see the developer portal.")
    except DatabaseError as exc:
        return _fail(f"database: {exc}")
    except MetricsError as exc:
        return _fail(str(exc))
    except (aiohttp.ClientError, OSError) as exc:
        return _fail(f"cannot reach Discord: {exc}")
    return 0


def run_until_stopped(main: Coroutine[None, None, None]) -> None:
    """Run ``main`` until it returns or the process is told to stop: Ctrl-C, or
    SIGTERM (how systemd, Docker and Heroku stop a process). Both unwind ``main``
    the same way, so the bot logs out, closes the database and stops its workers."""

    async def stoppable() -> None:
        task = asyncio.current_task()
        with contextlib.suppress(NotImplementedError):  # no loop signal handlers on Windows
            if task is not None:
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
        await main

    with contextlib.suppress(KeyboardInterrupt, asyncio.CancelledError):
        asyncio.run(stoppable())


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m bot``: load the settings and run the bot; ``--sandbox`` runs it against
a simulated Discord in the browser instead (``bot.sandbox``), with no token."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from pathlib import Path

import discord
from pydantic import ValidationError

from .client import create_bot
from .settings import Settings

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
    return parser.parse_args(argv)


def run_sandbox(database: Path | None, port: int | None) -> int:
    from .sandbox import SandboxError, serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(database, port))
    except SandboxError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.sandbox:
        return run_sandbox(args.database, args.port)
    try:
        settings = Settings()
    except ValidationError as exc:
        error = exc.errors()[0]
        print(
            f"bad setting {'.'.join(map(str, error['loc'])).upper()}: {error['msg']}",
            file=sys.stderr,
        )
        return 2
    if not settings.discord_token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    bot = create_bot(settings)
    try:
        bot.run(settings.discord_token, log_level=getattr(logging, settings.log_level))
    except discord.LoginFailure:
        print("Discord refused DISCORD_TOKEN: check the token in .env.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the bot's intents: see the developer portal.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

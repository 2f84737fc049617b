"""``python -m bot``: load the settings and run the bot."""

from __future__ import annotations

import logging
import sys

import discord
from pydantic import ValidationError

from .client import create_bot
from .settings import Settings

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env "
    "(see .env.example) or in the environment."
)


def main() -> int:
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

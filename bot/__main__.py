"""``python -m bot``: load the settings and start the bot."""

from __future__ import annotations

import sys

from pydantic import ValidationError

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
    print("The Discord bot itself arrives with the next release.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())

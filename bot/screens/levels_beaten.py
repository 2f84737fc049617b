"""/stats's line on the ladder: the highest bot level the member beat in each game."""

from __future__ import annotations

from ..ai.levels import LADDER
from ..i18n import tr
from ..storage import Storage
from ..tables import Table, winners_of
from .common import game_name

LOOKED_AT = 500
"""The member's last matches against the levels that /stats reads."""


async def highest_beaten(storage: Storage, user_id: int) -> dict[str, int]:
    """By game, the number of the highest level the member beat (games with no win
    against a level left out), over their last ``LOOKED_AT`` matches against levels."""
    numbers = {level.name: level.number for level in LADDER}
    beaten: dict[str, int] = {}
    for row in await storage.bot_matches(user_id, None, limit=LOOKED_AT):
        table = Table.from_row(row)
        seat = table.seat_of(user_id)
        if seat is None or table.engine.side_of[seat] not in winners_of(table):
            continue
        for other in table.seats:
            if other.bot in numbers:
                beaten[table.game] = max(beaten.get(table.game, 0), numbers[other.bot])
    return beaten


async def levels_beaten_text(storage: Storage, user_id: int, lang: str) -> str:
    """``Scopa: 🦉 Level 4 · Escoba: 🦊 Level 3``, or "" before the first win."""
    beaten = await highest_beaten(storage, user_id)
    parts = []
    for game, number in sorted(beaten.items()):
        level = LADDER[number - 1]
        shown = tr(lang, "bot.level_number", number=number)
        parts.append(f"{game_name(game, lang)}: {level.emoji} {shown}")
    return " · ".join(parts)

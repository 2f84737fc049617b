"""/stats's line on puzzles: the member's puzzle rating, its trend over their last
rated attempts (a sparkline), what they solved and their best streak."""

from __future__ import annotations

from collections.abc import Callable

import discord

from ..i18n import tr, tr_count
from ..storage import Storage
from .puzzle import rating_text

TREND_ATTEMPTS = 10
"""The member's last rated attempts the trend is drawn over."""


async def puzzle_stats_text(
    storage: Storage, user_id: int, lang: str, sparkline: Callable[[list[int]], str]
) -> str:
    """``Rating **1562** · 7 solved of 9 · best streak 4`` and the trend, or "" before
    the first rated attempt."""
    record = await storage.puzzle_record(user_id)
    if not record.attempts:
        return ""
    text = tr(
        lang,
        "stats.puzzle_line",
        rating=rating_text(record),
        solved=record.solved,
        attempts=record.attempts,
        best=record.best_streak,
    )
    shown = [round(rating) for rating in await storage.puzzle_trail(user_id, TREND_ATTEMPTS)]
    if len(shown) < 2:
        return text
    change = f"{shown[-1] - shown[0]:+d}"
    trend = tr_count(
        lang, "stats.puzzle_trend", len(shown) - 1, change=change, spark=sparkline(shown)
    )
    return f"{text}\n{trend}"


async def add_puzzle_field(
    embed: discord.Embed,
    storage: Storage,
    user_id: int,
    lang: str,
    sparkline: Callable[[list[int]], str],
) -> discord.Embed:
    """``embed`` with the member's puzzle field, once they have a rated attempt."""
    if text := await puzzle_stats_text(storage, user_id, lang, sparkline):
        embed.add_field(name=tr(lang, "stats.puzzles"), value=text, inline=False)
    return embed

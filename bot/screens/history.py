"""A server's finished matches (``/history``; in DMs, the member's own) and each
one's score sheet.

The list shows the last ``HISTORY_SIZE`` matches that started, newest first (one that
did not end with its last hand says how it ended: a forfeit, cancelled, abandoned),
with a select that opens a match's
score sheet: every hand's points per side and category, the running totals, and
the members' rating changes. The sheet is read back from the move log, so it is
the same breakdown the table announced hand by hand.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord
from discord import ui

from ..ai.levels import LADDER
from ..i18n import language_of, tr, tr_count
from ..ratings import Rating
from ..storage import Storage
from ..tables import Origin, Table, against_level, may_look_at, places_seen_from, winners_of
from .common import (
    GAME_COLOURS,
    category_name,
    origin_of,
    seen_name,
    seen_side,
    table_game_name,
    you_at,
)
from .ids import HistorySelect, ReplayButton, ReviewButton
from .match_over import rating_line
from .verify import revealed

HISTORY_SIZE = 10
SHEET_BUDGET = 5500
"""Characters of hand lines a sheet holds (Discord allows 6000 per message)."""


def result_line(table: Table, lang: str, you: int | None = None) -> str:
    """``Ana 21 – Bob 15``, the winning side in bold; the member of seat ``you`` (at
    quick play) reads ``You 21 – 🦉 1034 15``; a match that did not end with its last
    hand says how it ended (``Ana 3 – Bob 5 · Ana forfeited``)."""
    winners = set(winners_of(table))
    parts = []
    for side, score in enumerate(table.match.scores):
        name = seen_side(table, side, lang, you)
        parts.append(f"**{name}** {score}" if side in winners else f"{name} {score}")
    ended = how_it_ended(table, lang, you)
    return " – ".join(parts) + (f" · {ended}" if ended else "")


def level_tag(table: Table, lang: str) -> str:
    """`` · 🦉 Level 4``: the bot levels a match was played against ("" for none)."""
    seated = {seat.bot for seat in table.seats if seat.bot}
    return "".join(
        f" · {level.emoji} {tr(lang, 'bot.level_number', number=level.number)}"
        for level in LADDER
        if level.name in seated
    )


def how_it_ended(table: Table, lang: str, you: int | None = None) -> str:
    """A few words on a match that did not end with its last hand ("" for one that
    did): who forfeited ("You" for seat ``you``), or that it was cancelled or
    abandoned."""
    if table.log.forfeited:
        names = dict.fromkeys(seen_name(table, seat, lang, you) for seat in table.log.forfeited)
        key = "history.ended.forfeit" if winners_of(table) else "history.ended.forfeited_both"
        return tr(lang, key, loser=" & ".join(names))
    if table.status != "cancelled":
        return ""
    if table.end_reason == "abandoned" and table.log.left_by is not None:
        name = seen_name(table, table.log.left_by, lang, you)
        return tr(lang, "history.ended.abandoned", name=name)
    return tr(lang, "history.ended.cancelled")


def _finished_at(row: dict[str, Any]) -> int:
    return int(datetime.fromisoformat(row["updated_at"]).timestamp())


def _hand_line(table: Table, event: dict[str, Any], side: int, lang: str, you: int | None) -> str:
    points = event["score"]["points"][side]
    scored = [
        f"{category_name(category, table, lang)} {points[category]}"
        for category in table.engine.categories
        if points.get(category)
    ]
    detail = f" ({', '.join(scored)})" if scored else ""
    return tr(
        lang,
        "history.hand_line",
        side=seen_side(table, side, lang, you),
        points=sum(points.values()),
        detail=detail,
        total=event["totals"][side],
    )


def _rating_lines(
    table: Table, changes: dict[int, tuple[Rating, Rating]], lang: str, you: int | None
) -> list[str]:
    if changes and table.settings.hints:
        return [tr(lang, "result.practice")]
    if changes and table.settings.clicks:
        return [tr(lang, "result.friendly")]
    if changes and against_level(table):
        return [tr(lang, "result.against_level")]
    lines = []
    for index, seat in enumerate(table.seats):
        if seat.user_id in changes:
            before, after = changes[seat.user_id]
            name = seen_name(table, index, lang, you)
            lines.append(rating_line(name, before.shown, after.shown, lang))
    return lines


def score_sheet_embed(
    table: Table,
    hands: list[dict[str, Any]],
    changes: dict[int, tuple[Rating, Rating]],
    lang: str,
    you: int | None = None,
) -> discord.Embed:
    """One field per hand, the result and rating changes on top. When not every hand
    fits, the last ones (which decided the match) are shown and the footer says how
    many came before. The member of seat ``you`` (at quick play) reads "You"."""
    lines = [result_line(table, lang, you), *_rating_lines(table, changes, lang, you)]
    if table.log.commitment:
        lines.append(revealed(table, lang))
    description = "\n".join(lines)
    embed = discord.Embed(
        title=tr(lang, "history.sheet_title", game=table_game_name(table, lang), table=table.id),
        description=description,
        colour=GAME_COLOURS.get(table.game, 0x95A5A6),
    )
    used = len(description)
    fields: list[tuple[str, str]] = []
    for event in reversed(hands):
        sides = range(len(event["score"]["points"]))
        value = "\n".join(_hand_line(table, event, side, lang, you) for side in sides)[:1024]
        name = tr(lang, "history.hand", hand=event["hand"] + 1)
        if len(fields) == 24 or used + len(name) + len(value) > SHEET_BUDGET:
            break
        fields.append((name, value))
        used += len(name) + len(value)
    for name, value in reversed(fields):
        embed.add_field(name=name, value=value, inline=False)
    if len(fields) < len(hands):
        embed.set_footer(text=tr_count(lang, "history.earlier_hands", len(hands) - len(fields)))
    return embed


class MatchHistory:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def recent(
        self, guild_id: int, lang: str, user_id: int = 0
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The server's last finished matches and the select that opens their sheets; in
        DMs (``guild_id`` 0), the member's quick-play and friends' matches."""
        rows = await self._recent_rows(guild_id, user_id)
        where = "" if guild_id else "_dms"  # in DMs: the member's own
        embed = discord.Embed(title=tr(lang, f"history.title{where}"), colour=0xF1C40F)
        if not rows:
            embed.description = tr(lang, f"history.empty{where}")
            return embed, None
        matches = []
        for row in rows:
            table = Table.from_row(row)
            result = result_line(table, lang, you_at(table, user_id)) + level_tag(table, lang)
            matches.append((table, table_game_name(table, lang), result, row))
        embed.description = "\n".join(
            tr(
                lang,
                "history.line",
                table=table.id,
                game=game,
                result=result,
                when=f"<t:{_finished_at(row)}:R>",
            )
            for table, game, result, row in matches
        )
        options = [
            (table.id, f"#{table.id} · {game} · {result.replace('**', '')}")
            for table, game, result, _ in matches
        ]
        return embed, history_view(options, lang)

    async def _recent_rows(self, guild_id: int, user_id: int) -> list[dict[str, Any]]:
        """The server's last finished matches; in DMs, the member's own among quick
        play's and friends' tables."""
        if guild_id:
            return await self.storage.finished_tables(guild_id, limit=HISTORY_SIZE, ended=True)
        places = places_seen_from(guild_id)
        rows = await self.storage.finished_tables(*places, limit=HISTORY_SIZE * 4, ended=True)
        mine = [row for row in rows if Table.from_row(row).seat_of(user_id) is not None]
        return mine[:HISTORY_SIZE]

    async def on_pick(self, interaction: discord.Interaction, values: list[str]) -> None:
        """Answer a pick in the history select with that match's score sheet, privately."""
        lang = language_of(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._finished_table(origin_of(interaction), values)
        if table is None:
            unknown = "history.unknown" if interaction.guild_id else "history.unknown_dms"
            await interaction.followup.send(tr(lang, unknown), ephemeral=True)
            return
        hands = [
            event
            for move in await self.storage.move_log(table.id)
            for event in move["events"]
            if event["kind"] == "hand_scored"
        ]
        changes = await self.storage.match_rating_changes(table.id)
        embed = score_sheet_embed(table, hands, changes, lang, you_at(table, interaction.user.id))
        view = sheet_view(table.id, lang)
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    async def _finished_table(self, asking: Origin, values: list[str]) -> Table | None:
        """The picked match, if it started and ended and ``asking`` may look at it."""
        if len(values) != 1 or not values[0].isdigit():
            return None
        row = await self.storage.table_row(int(values[0]))
        over = row is not None and row["status"] in ("finished", "cancelled")
        if row is None or not over or row["state"] is None:
            return None
        table = Table.from_row(row)
        return table if may_look_at(table, asking) else None


def sheet_view(table_id: int, lang: str) -> ui.View:
    """The score sheet's buttons to the match's replay and review."""
    view = ui.View(timeout=None)
    label = tr(lang, "replay.button")
    view.add_item(ReplayButton(table_id, 0, "open", label=label, emoji="⏯"))
    view.add_item(ReviewButton(table_id, label=tr(lang, "review.button"), emoji="🔍"))
    return view


def history_view(matches: list[tuple[int, str]], lang: str) -> ui.View:
    """A select of (table id, label) pairs that opens a match's score sheet."""
    view = ui.View(timeout=None)
    options = [
        discord.SelectOption(label=label[:100], value=str(table_id)) for table_id, label in matches
    ]
    view.add_item(HistorySelect(placeholder=tr(lang, "history.pick"), options=options[:25]))
    return view

"""Server leaderboards and member stats: pages of ``player_results``, rendered."""

from __future__ import annotations

import math

import discord

from .i18n import language_of, tr
from .storage import PlayerRecord, Storage
from .views import leaderboard_view

PAGE_SIZE = 10


def _line(rank: int, record: PlayerRecord, lang: str) -> str:
    return tr(
        lang,
        "leaderboard.line",
        rank=rank,
        mention=f"<@{record.user_id}>",
        won=record.won,
        played=record.played,
        rate=round(record.win_rate * 100),
        points=record.points,
        escobas=record.escobas,
    )


class Leaderboards:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def page(
        self, guild_id: int, game: str, page: int, lang: str
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        rows, count = await self.storage.leaderboard(
            guild_id, game, limit=PAGE_SIZE, offset=page * PAGE_SIZE
        )
        pages = max(math.ceil(count / PAGE_SIZE), 1)
        title = tr(lang, "leaderboard.title", game=tr(lang, f"game.{game}"))
        if rows:
            lines = [_line(page * PAGE_SIZE + i + 1, r, lang) for i, r in enumerate(rows)]
            description = "\n".join(lines)
        else:
            description = tr(lang, "leaderboard.empty")
        embed = discord.Embed(title=title, description=description, colour=0xF1C40F)
        embed.set_footer(text=tr(lang, "leaderboard.footer", page=page + 1, pages=pages))
        view = leaderboard_view(game, page, pages, lang) if pages > 1 else None
        return embed, view

    async def on_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        lang = language_of(interaction.locale)
        if interaction.guild_id is None:
            await interaction.response.send_message(tr(lang, "error.guild_only"), ephemeral=True)
            return
        embed, view = await self.page(interaction.guild_id, game, page, lang)
        await interaction.response.edit_message(embed=embed, view=view)

    async def stats(self, guild_id: int, member: discord.abc.User, lang: str) -> discord.Embed:
        records = await self.storage.player_stats(guild_id, member.id)
        embed = discord.Embed(
            title=tr(lang, "stats.title", name=member.display_name), colour=0xF1C40F
        )
        if not records:
            embed.description = tr(lang, "stats.empty")
        for record in records:
            per_match = record.escobas / record.played if record.played else 0
            embed.add_field(
                name=tr(lang, f"game.{record.game}"),
                value=tr(
                    lang,
                    "stats.game",
                    played=record.played,
                    won=record.won,
                    rate=round(record.win_rate * 100),
                    points=record.points,
                    escobas=record.escobas,
                    per_match=f"{per_match:.1f}",
                )
                + _with_bots(record, lang),
            )
        return embed


def _with_bots(record, lang: str) -> str:
    """How many of the matches had bot seats, when any did."""
    return "\n" + tr(lang, "stats.with_bots", count=record.with_bots) if record.with_bots else ""

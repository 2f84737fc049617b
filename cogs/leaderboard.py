"""/leaderboard and /stats. Both read the database, so they defer first: a slow or
locked database cannot make them miss Discord's 3 seconds."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd, language_of, tr
from bot.opening import public_lang
from bot.screens.leaderboard import GLOBAL, SORTS, season_name
from cogs import GAME_CHOICES, anywhere

DIGEST_HOURS = [Choice(name=cmd("digest.off"), value=-1)] + [
    Choice(name=f"{hour:02d}:00 UTC", value=hour) for hour in range(24)
]
"""The digest's hours: off, or one of the day's 24 (UTC; the answer shows it in the
member's own time)."""

SEASON_WORDS = ("current", "previous", "all")
SCOPE_CHOICES = [Choice(name=cmd(f"scope.{s}"), value=s) for s in ("server", GLOBAL)]
SORT_CHOICES = [app_commands.Choice(name=cmd(f"leaderboard.sort.{s}"), value=s) for s in SORTS]


class Leaderboard(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @anywhere  # in DMs: the global board, where quick play is rated
    @app_commands.command(
        name=cmd("cmd.leaderboard", "leaderboard"), description=cmd("cmd.leaderboard.desc")
    )
    @app_commands.rename(
        game=cmd("opt.game", "game"),
        sort=cmd("opt.sort", "sort"),
        season=cmd("opt.season", "season"),
        scope=cmd("opt.scope", "scope"),
    )
    @app_commands.describe(
        game=cmd("opt.game.desc"),
        sort=cmd("opt.sort.desc"),
        season=cmd("opt.season.desc"),
        scope=cmd("opt.scope.desc"),
    )
    @app_commands.choices(game=GAME_CHOICES, sort=SORT_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str = "escoba",
        sort: str = "rating",
        season: app_commands.Range[str, 1, 20] = "current",
        scope: str = "server",
    ) -> None:
        await self.bot.croupier.show_leaderboard(interaction, game, sort, season, scope)

    @leaderboard.autocomplete("season")
    async def season_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """Current, previous, all-time, and every past season of the game here (none in
        DMs: the global board has no seasons)."""
        if interaction.guild_id is None:
            return []
        lang = language_of(interaction.locale)
        game = getattr(interaction.namespace, "game", None) or "escoba"
        played = await self.bot.storage.seasons_played(interaction.guild_id, game)
        choices = [(tr(lang, f"season.choice.{name}"), name) for name in SEASON_WORDS]
        choices += [(season_name(key, lang), key) for key in played]
        typed = typed.lower()
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in choices
            if typed in name.lower() or typed in value
        ][:25]

    @anywhere
    @app_commands.command(name=cmd("cmd.stats", "stats"), description=cmd("cmd.stats.desc"))
    @app_commands.rename(member=cmd("opt.member", "member"))
    @app_commands.describe(member=cmd("opt.member.desc"))
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        await interaction.response.defer(thinking=True)
        lang = await public_lang(self.bot.storage, interaction)
        target = member or interaction.user
        guild_id = interaction.guild_id or 0  # in DMs: quick play's
        embed = await self.bot.croupier.leaderboards.stats(guild_id, target, lang)
        await interaction.edit_original_response(embed=embed)


class Profile(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @app_commands.command(name=cmd("cmd.profile", "profile"), description=cmd("cmd.profile.desc"))
    @app_commands.rename(
        show_me=cmd("opt.show_me", "show_me"),
        watchable=cmd("opt.watchable", "watchable"),
        reminders=cmd("opt.reminders", "reminders"),
        digest=cmd("opt.digest", "digest"),
        forced=cmd("opt.forced", "forced_moves"),
    )
    @app_commands.describe(
        show_me=cmd("opt.show_me.desc"),
        watchable=cmd("opt.watchable.desc"),
        reminders=cmd("opt.reminders.desc"),
        digest=cmd("opt.digest.desc"),
        forced=cmd("opt.forced.desc"),
    )
    @app_commands.choices(digest=DIGEST_HOURS)
    async def profile(
        self,
        interaction: discord.Interaction,
        show_me: bool | None = None,
        watchable: bool | None = None,
        reminders: bool | None = None,
        digest: int | None = None,
        forced: bool | None = None,
    ) -> None:
        """A member's own choices: their name on the global board, or anonymous; their
        quick-play matches open to watchers (``/watch``), or not; slow play's reminders
        daily digest and forced moves."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = language_of(interaction.locale)
        storage, user = self.bot.storage, interaction.user
        if show_me is not None:
            name = (user.global_name or user.name) if show_me else None
            await storage.set_global_name(user.id, name)
        if watchable is not None:
            await storage.set_unwatched(user.id, not watchable)
        name = await storage.global_name(user.id)
        text = tr(lang, "profile.shown", name=name) if name else tr(lang, "profile.hidden")
        unwatched = bool(await storage.unwatched([user.id]))
        text += "\n" + tr(lang, "profile.unwatched" if unwatched else "profile.watchable")
        slow = await self.bot.croupier.slow_profile(
            user.id, lang, reminders=reminders, digest=digest, forced=forced
        )
        await interaction.edit_original_response(content=f"{text}\n\n{slow}")


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Leaderboard(bot))
    await bot.add_cog(Profile(bot))

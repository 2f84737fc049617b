"""/settings: a server's language, default target, DM hands, default turn timer, how
many timeouts in a row hand a seat to the bot, pictures, how long its seasons are and
whether its matches may be watched.
It reads and writes the database, so it defers first: a slow or locked database cannot
make it miss Discord's 3 seconds."""

from __future__ import annotations

import dataclasses

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import LANGUAGE_NAMES, cmd, language_of, tr, tr_count
from bot.seasons import LENGTHS
from cogs import guild_id_of


class Settings(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=cmd("cmd.settings", "settings"), description=cmd("cmd.settings.desc")
    )
    @app_commands.rename(
        language=cmd("opt.language", "language"),
        target=cmd("opt.default_target", "target"),
        dm_hands=cmd("opt.dm_hands", "dm_hands"),
        timer=cmd("opt.timer", "timer"),
        takeover=cmd("opt.takeover", "takeover"),
        images=cmd("opt.images", "images"),
        seasons=cmd("opt.seasons", "seasons"),
        season_channel=cmd("opt.season_channel", "season_channel"),
        global_board=cmd("opt.global_board", "global_board"),
        tournaments=cmd("opt.tournaments_open", "tournaments"),
        watching=cmd("opt.watching", "watching"),
        broadcast=cmd("opt.broadcast", "broadcast"),
        broadcast_off=cmd("opt.broadcast_off", "broadcast_off"),
    )
    @app_commands.describe(
        language=cmd("opt.language.desc"),
        target=cmd("opt.default_target.desc"),
        dm_hands=cmd("opt.dm_hands.desc"),
        timer=cmd("opt.default_timer.desc"),
        takeover=cmd("opt.takeover.desc"),
        images=cmd("opt.images.desc"),
        seasons=cmd("opt.seasons.desc"),
        season_channel=cmd("opt.season_channel.desc"),
        global_board=cmd("opt.global_board.desc"),
        tournaments=cmd("opt.tournaments_open.desc"),
        watching=cmd("opt.watching.desc"),
        broadcast=cmd("opt.broadcast.desc"),
        broadcast_off=cmd("opt.broadcast_off.desc"),
    )
    @app_commands.choices(
        language=[
            Choice(name=cmd("language.auto"), value="auto"),
            *(Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()),
        ],
        seasons=[Choice(name=cmd(f"season.length.{length}"), value=length) for length in LENGTHS],
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        target: app_commands.Range[int, 0, 1000] | None = None,
        dm_hands: bool | None = None,
        timer: app_commands.Range[int, 0, 3600] | None = None,
        takeover: app_commands.Range[int, 1, 20] | None = None,
        images: bool | None = None,
        seasons: str | None = None,
        season_channel: discord.TextChannel | None = None,
        global_board: bool | None = None,
        tournaments: bool | None = None,
        watching: bool | None = None,
        broadcast: discord.TextChannel | None = None,
        broadcast_off: bool | None = None,
    ) -> None:
        lang = language_of(interaction.locale)
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(tr(lang, "settings.forbidden"), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        storage = self.bot.storage
        guild_id = guild_id_of(interaction)
        current = await storage.guild_settings(guild_id)
        changes = {}
        if language is not None:
            changes["language"] = None if language == "auto" else language
        if target is not None:
            changes["default_target"] = target or None
        if dm_hands is not None:
            changes["dm_hands"] = dm_hands
        if timer is not None:
            changes["turn_timer"] = timer or None
        if takeover is not None:
            changes["takeover_after"] = takeover
        if images is not None:
            changes["images"] = images
        if seasons is not None:
            changes["season_length"] = seasons
        if season_channel is not None:
            changes["season_channel"] = season_channel.id
        if global_board is not None:
            changes["global_board"] = global_board
        if tournaments is not None:
            changes["tournaments_open"] = tournaments
        if watching is not None:
            changes["watching"] = watching
        if broadcast is not None:
            changes["broadcast_channel"] = broadcast.id
        if broadcast_off:
            changes["broadcast_channel"] = None
        if changes:
            current = dataclasses.replace(current, **changes)
            await storage.save_guild_settings(guild_id, current)
        if language is not None:  # the answer shows the language just chosen
            guild = interaction.guild
            server = guild.preferred_locale if guild is not None else interaction.locale
            lang = current.language or language_of(server)
        await interaction.edit_original_response(
            embed=self.describe(current, interaction.guild, lang, changed=bool(changes))
        )

    @staticmethod
    def describe(
        settings, guild: discord.Guild | None, lang: str, *, changed: bool
    ) -> discord.Embed:
        locale = guild.preferred_locale if guild is not None else discord.Locale.american_english
        server = LANGUAGE_NAMES[language_of(locale)]
        auto = tr(lang, "language.auto_value", lang=server)
        off = tr(lang, "settings.off")
        lines = [
            tr(lang, "settings.language", value=LANGUAGE_NAMES.get(settings.language, auto)),
            tr(lang, "settings.target", value=settings.default_target or 21),
            tr(
                lang,
                "settings.dm_hands",
                value=tr(lang, "value.yes" if settings.dm_hands else "value.no"),
            ),
            tr(
                lang,
                "settings.timer",
                value=f"{settings.turn_timer} s" if settings.turn_timer else off,
            ),
            tr_count(lang, "settings.takeover", settings.takeover_after),
            tr(
                lang,
                "settings.images",
                value=tr(lang, "value.yes" if settings.images else "value.no"),
            ),
            tr(lang, "settings.seasons", value=tr(lang, f"season.length.{settings.season_length}")),
            tr(
                lang,
                "settings.season_channel",
                value=f"<#{settings.season_channel}>"
                if settings.season_channel
                else tr(lang, "settings.season_channel_off"),
            ),
            tr(
                lang,
                "settings.global_board",
                value=tr(lang, "value.yes" if settings.global_board else "value.no"),
            ),
            tr(
                lang,
                "settings.tournaments_open",
                value=tr(lang, "value.yes" if settings.tournaments_open else "value.no"),
            ),
            tr(
                lang,
                "settings.watching",
                value=tr(lang, "value.yes" if settings.watching else "value.no"),
            ),
            tr(
                lang,
                "settings.broadcast",
                value=f"<#{settings.broadcast_channel}>"
                if settings.broadcast_channel and settings.watching
                else off,
            ),
        ]
        title = tr(lang, "settings.saved" if changed else "settings.title")
        return discord.Embed(title=title, description="\n".join(lines), colour=0x95A5A6)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Settings(bot))

"""/tournament: open one, join or leave it, run it (start, pause, resume, cancel,
disqualify), and read any past one's results."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd
from bot.tables import LIVE
from bot.tournaments.model import DEFAULT_MINUTES, MAX_ENTRANTS, MIN_ENTRANTS
from cogs import GAME_CHOICES, PACE_CHOICES

FORMATS = [Choice(name=cmd(f"tournament.format.{f}"), value=f) for f in ("swiss", "knockout")]
HOST_ACTIONS = ("start", "pause", "resume", "cancel")


class Tournaments(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    tournament = app_commands.Group(
        name=cmd("cmd.tournament", "tournament"),
        description=cmd("cmd.tournament.desc"),
        guild_only=True,
    )

    @tournament.command(name=cmd("cmd.new", "new"), description=cmd("cmd.tournament_new.desc"))
    @app_commands.rename(
        game=cmd("opt.game", "game"),
        format=cmd("opt.format", "format"),
        entrants=cmd("opt.entrants", "entrants"),
        rounds=cmd("opt.rounds", "rounds"),
        minutes=cmd("opt.minutes", "minutes"),
        start_in=cmd("opt.start_in", "start_in"),
        bots=cmd("opt.bots_fill", "bots"),
        pairs=cmd("opt.pairs", "pairs"),
        pace=cmd("opt.pace", "pace"),
        target=cmd("opt.target", "target"),
    )
    @app_commands.describe(
        game=cmd("opt.game.desc"),
        format=cmd("opt.format.desc"),
        entrants=cmd("opt.entrants.desc"),
        rounds=cmd("opt.rounds.desc"),
        minutes=cmd("opt.minutes.desc"),
        start_in=cmd("opt.start_in.desc"),
        bots=cmd("opt.bots_fill.desc"),
        pairs=cmd("opt.pairs.desc"),
        pace=cmd("opt.tournament_pace.desc"),
        target=cmd("opt.target.desc"),
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMATS, pace=PACE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str = "escoba",
        format: str = "swiss",
        entrants: app_commands.Range[int, MIN_ENTRANTS, MAX_ENTRANTS] = 16,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        minutes: app_commands.Range[int, 5, 600] = DEFAULT_MINUTES,
        start_in: app_commands.Range[int, 1, 10080] | None = None,
        bots: bool = False,
        pairs: bool = False,
        pace: str = LIVE,
        target: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        await self.bot.croupier.tournament_new(
            interaction,
            game=game,
            format=format,
            entrants=entrants,
            rounds=rounds,
            minutes=minutes,
            start_in=start_in,
            bots=bots,
            pairs=pairs,
            pace=pace,
            target=target,
        )

    @tournament.command(name=cmd("cmd.t_join", "join"), description=cmd("cmd.t_join.desc"))
    @app_commands.rename(partner=cmd("opt.partner", "partner"))
    @app_commands.describe(partner=cmd("opt.partner.desc"))
    async def join(
        self, interaction: discord.Interaction, partner: discord.User | None = None
    ) -> None:
        await self.bot.croupier.tournament_command(interaction, "join", partner)

    @tournament.command(name=cmd("cmd.t_leave", "leave"), description=cmd("cmd.t_leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.croupier.tournament_command(interaction, "leave")

    @tournament.command(name=cmd("cmd.t_host", "host"), description=cmd("cmd.t_host.desc"))
    @app_commands.rename(action=cmd("opt.action", "action"))
    @app_commands.describe(action=cmd("opt.action.desc"))
    @app_commands.choices(
        action=[Choice(name=cmd(f"tournament.action.{a}"), value=a) for a in HOST_ACTIONS]
    )
    async def host(self, interaction: discord.Interaction, action: str) -> None:
        await self.bot.croupier.tournament_command(interaction, action)

    @tournament.command(
        name=cmd("cmd.t_disqualify", "disqualify"), description=cmd("cmd.t_disqualify.desc")
    )
    @app_commands.rename(member=cmd("opt.member", "member"))
    @app_commands.describe(member=cmd("opt.t_member.desc"))
    async def disqualify(self, interaction: discord.Interaction, member: discord.User) -> None:
        await self.bot.croupier.tournament_command(interaction, "disqualify", member)

    @tournament.command(name=cmd("cmd.t_results", "results"), description=cmd("cmd.t_results.desc"))
    @app_commands.rename(number=cmd("opt.tournament", "tournament"))
    @app_commands.describe(number=cmd("opt.tournament.desc"))
    async def results(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 999_999_999_999] | None = None,
    ) -> None:
        await self.bot.croupier.tournament_results(interaction, number)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Tournaments(bot))

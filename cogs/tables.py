"""Slash commands that open and run tables: /escoba new, /scopa new, /rubamazzo new,
/hand, /hint, /table, /leave, /cancel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.croupier import interaction_lang
from bot.i18n import cmd, tr
from bot.tables import Table, TableError
from bot.views import reply

TIMER = app_commands.Range[int, 0, 3600]
TARGET = app_commands.Range[int, 1, 1000]
PLAYERS_4 = [Choice(name=str(n), value=n) for n in (2, 3, 4, 6)]


def _layout(players: int, teams: bool) -> str:
    """The seat layout the ``teams`` option asks for; a ``TableError`` when the number of
    players cannot sit that way (teams need 4 or 6; six always play in teams)."""
    if players == 4:
        return "teams" if teams else "individual"
    if players == 6:
        if not teams:
            raise TableError("options.six_in_teams")
        return "teams_2x3"
    if teams:
        raise TableError("options.teams_need_more")
    return "individual"


def _choice(key: str, value: Any) -> Choice:
    return Choice(name=cmd(key), value=value)


class Tables(commands.Cog):
    """Opening tables and the commands players use during a match."""

    escoba = app_commands.Group(
        name=cmd("cmd.escoba", "escoba"), description=cmd("cmd.escoba.desc"), guild_only=True
    )
    scopa = app_commands.Group(
        name=cmd("cmd.scopa", "scopa"), description=cmd("cmd.scopa.desc"), guild_only=True
    )
    rubamazzo = app_commands.Group(
        name=cmd("cmd.rubamazzo", "rubamazzo"),
        description=cmd("cmd.rubamazzo.desc"),
        guild_only=True,
    )

    def __init__(self, bot) -> None:
        self.bot = bot

    @property
    def croupier(self):
        return self.bot.croupier

    @escoba.command(name=cmd("cmd.new", "new"), description=cmd("cmd.escoba_new.desc"))
    @app_commands.rename(
        players=cmd("opt.players", "players"),
        target=cmd("opt.target", "target"),
        teams=cmd("opt.teams", "teams"),
        scoring=cmd("opt.scoring", "scoring"),
        capture=cmd("opt.capture", "capture"),
        timer=cmd("opt.timer", "timer"),
    )
    @app_commands.describe(
        players=cmd("opt.players.desc"),
        target=cmd("opt.target.desc"),
        teams=cmd("opt.teams.desc"),
        scoring=cmd("opt.scoring.desc"),
        capture=cmd("opt.capture.desc"),
        timer=cmd("opt.timer.desc"),
    )
    @app_commands.choices(
        players=PLAYERS_4,
        scoring=[_choice(f"scoring.{s}", s) for s in ("fournier", "pagat", "denexa")],
        capture=[
            _choice(f"capture.{rule}", rule)
            for rule in (
                "played_card_must_capture",
                "must_capture_if_able",
                "optional",
                "fournier_claim",
            )
        ],
    )
    async def escoba_new(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        target: TARGET | None = None,
        teams: bool | None = None,
        scoring: str = "fournier",
        capture: str = "played_card_must_capture",
        timer: TIMER | None = None,
    ) -> None:
        options: dict[str, Any] = {
            "players": players,
            "target_score": target,
            "scoring_system": scoring,
            "capture_rule": capture,
        }
        if teams is not None:
            options["layout"] = _layout(players, teams)
        await self.croupier.open_table(interaction, "escoba", options, timer)

    @scopa.command(name=cmd("cmd.new", "new"), description=cmd("cmd.scopa_new.desc"))
    @app_commands.rename(
        players=cmd("opt.players", "players"),
        target=cmd("opt.target", "target"),
        timer=cmd("opt.timer", "timer"),
    )
    @app_commands.describe(
        players=cmd("opt.players.desc"),
        target=cmd("opt.target.desc"),
        timer=cmd("opt.timer.desc"),
    )
    @app_commands.choices(
        players=PLAYERS_4, target=[Choice(name="11", value=11), Choice(name="21", value=21)]
    )
    async def scopa_new(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        target: int = 11,
        timer: TIMER | None = None,
    ) -> None:
        options = {"players": players, "target_score": target}
        await self.croupier.open_table(interaction, "scopa", options, timer)

    @rubamazzo.command(name=cmd("cmd.new", "new"), description=cmd("cmd.rubamazzo_new.desc"))
    @app_commands.rename(players=cmd("opt.players", "players"), timer=cmd("opt.timer", "timer"))
    @app_commands.describe(players=cmd("opt.players.desc"), timer=cmd("opt.timer.desc"))
    @app_commands.choices(players=[Choice(name=str(n), value=n) for n in (2, 3, 4)])
    async def rubamazzo_new(
        self, interaction: discord.Interaction, players: int = 2, timer: TIMER | None = None
    ) -> None:
        await self.croupier.open_table(interaction, "rubamazzo", {"players": players}, timer)

    # -- during a match ----------

    def _my_table(self, interaction: discord.Interaction, *, playing: bool) -> Table:
        """The caller's live table here (this channel or thread), else their only one."""
        service = self.bot.service
        mine = service.live_for(interaction.user.id)
        if playing:
            mine = [t for t in mine if t.status == "playing"]
        here = [t for t in mine if interaction.channel_id in (t.channel_id, t.thread_id)]
        if len(here) == 1:
            return here[0]
        if not here and len(mine) == 1:
            return mine[0]
        raise TableError("table.none_here" if not mine else "table.which")

    @app_commands.command(name=cmd("cmd.hand", "hand"), description=cmd("cmd.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        table = self._my_table(interaction, playing=True)
        await self.croupier.on_my_hand(interaction, table.id)

    @app_commands.command(name=cmd("cmd.hint", "hint"), description=cmd("cmd.hint.desc"))
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction) -> None:
        table = self._my_table(interaction, playing=True)
        await self.croupier.on_hint(interaction, table.id)

    @app_commands.command(name=cmd("cmd.table", "table"), description=cmd("cmd.table.desc"))
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        playing = [
            t for t in self.bot.service.live_in(interaction.channel_id) if t.status == "playing"
        ]
        if not playing:
            raise TableError("table.none_here")
        for table in playing:
            self.bot.publisher.of(table.id).repost()
        await reply(interaction, tr(interaction_lang(interaction), "table.reposted"))

    @app_commands.command(name=cmd("cmd.leave", "leave"), description=cmd("cmd.leave.desc"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        table = self._my_table(interaction, playing=False)
        await self.croupier.ask_to_end(interaction, table.id, "leave")

    @app_commands.command(name=cmd("cmd.cancel", "cancel"), description=cmd("cmd.cancel.desc"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        here = self.bot.service.live_in(interaction.channel_id)
        if len(here) != 1:
            raise TableError("table.none_here" if not here else "table.which_cancel")
        await self.croupier.ask_to_end(interaction, here[0].id, "cancel")

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A refused table command is answered here; anything else as the bot answers
        every failed command."""
        cause = getattr(error, "original", error)
        if isinstance(cause, TableError):
            await self.croupier.refuse(interaction, cause)
        else:
            await self.bot.answer_command_error(interaction, error)


async def setup(bot) -> None:
    await bot.add_cog(Tables(bot))

"""Slash commands that open and run tables: /escoba new, /scopa new, /scopone new,
/cirulla new, /rubamazzo new, /hand, /hint, /table, /leave, /cancel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.client import EscobaBot
from bot.croupier import Croupier
from bot.games import game_type, parse_options
from bot.i18n import cmd
from bot.tables import LIVE
from cogs import ANYWHERE_CONTEXTS, ANYWHERE_INSTALLS, PACE_CHOICES, anywhere

TIMER = app_commands.Range[int, 0, 3600]
TARGET = app_commands.Range[int, 1, 1000]
SCOPA = game_type("scopa")
SCOPA_TARGETS = SCOPA.targets
SCOPA_DEFAULTS = parse_options("scopa").model_dump()
PLAYERS_4 = [Choice(name=str(n), value=n) for n in (2, 3, 4, 6)]


def _choice(key: str, value: Any) -> Choice:
    return Choice(name=cmd(key), value=value)


class Tables(commands.Cog):
    """Opening tables and the commands players use during a match."""

    escoba = app_commands.Group(
        name=cmd("cmd.escoba", "escoba"),
        description=cmd("cmd.escoba.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )
    scopa = app_commands.Group(
        name=cmd("cmd.scopa", "scopa"),
        description=cmd("cmd.scopa.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )
    scopone = app_commands.Group(
        name=cmd("cmd.scopone", "scopone"),
        description=cmd("cmd.scopone.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )
    cirulla = app_commands.Group(
        name=cmd("cmd.cirulla", "cirulla"),
        description=cmd("cmd.cirulla.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )
    rubamazzo = app_commands.Group(
        name=cmd("cmd.rubamazzo", "rubamazzo"),
        description=cmd("cmd.rubamazzo.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )

    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @property
    def croupier(self) -> Croupier:
        return self.bot.croupier

    @escoba.command(name=cmd("cmd.new", "new"), description=cmd("cmd.escoba_new.desc"))
    @app_commands.rename(
        players=cmd("opt.players", "players"),
        target=cmd("opt.target", "target"),
        teams=cmd("opt.teams", "teams"),
        scoring=cmd("opt.scoring", "scoring"),
        capture=cmd("opt.capture", "capture"),
        timer=cmd("opt.timer", "timer"),
        pace=cmd("opt.pace", "pace"),
    )
    @app_commands.describe(
        players=cmd("opt.players.desc"),
        target=cmd("opt.target.desc"),
        teams=cmd("opt.teams.desc"),
        scoring=cmd("opt.scoring.desc"),
        capture=cmd("opt.capture.desc"),
        timer=cmd("opt.timer.desc"),
        pace=cmd("opt.pace.desc"),
    )
    @app_commands.choices(
        pace=PACE_CHOICES,
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
        pace: str = LIVE,
    ) -> None:
        options: dict[str, Any] = {
            "players": players,
            "target_score": target,
            "scoring_system": scoring,
            "capture_rule": capture,
        }
        await self.croupier.open_table(
            interaction, "escoba", options, timer, pace=pace, teams=teams
        )

    @scopa.command(name=cmd("cmd.new", "new"), description=cmd("cmd.scopa_new.desc"))
    @app_commands.rename(
        players=cmd("opt.players", "players"),
        target=cmd("opt.target", "target"),
        variant=cmd("opt.variant", "variant"),
        timer=cmd("opt.timer", "timer"),
        pace=cmd("opt.pace", "pace"),
    )
    @app_commands.describe(
        players=cmd("opt.players.desc"),
        target=cmd("opt.target.desc"),
        variant=cmd("opt.variant.desc"),
        timer=cmd("opt.timer.desc"),
        pace=cmd("opt.pace.desc"),
    )
    @app_commands.choices(
        pace=PACE_CHOICES,
        players=PLAYERS_4,
        target=[Choice(name=str(n), value=n) for n in SCOPA_TARGETS],
        variant=[_choice(f"variant.{name}", name) for name in SCOPA.presets],
    )
    async def scopa_new(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        target: int | None = None,
        variant: str | None = None,
        timer: TIMER | None = None,
        pace: str = LIVE,
    ) -> None:
        """Classic Scopa, or a named variant whose rules show in the lobby's Advanced
        menu (and can be undone there)."""
        preset = dict(SCOPA.presets.get(variant or "", {}))
        chosen = preset.pop("target_score", 11)
        options = {**preset, "players": players, "target_score": target or chosen}
        changed = {name: value for name, value in preset.items() if SCOPA_DEFAULTS[name] != value}
        await self.croupier.open_table(
            interaction, "scopa", options, timer, pace=pace, advanced=changed
        )

    @scopone.command(name=cmd("cmd.new", "new"), description=cmd("cmd.scopone_new.desc"))
    @app_commands.rename(
        target=cmd("opt.target", "target"),
        timer=cmd("opt.timer", "timer"),
        pace=cmd("opt.pace", "pace"),
    )
    @app_commands.describe(
        target=cmd("opt.target.desc"), timer=cmd("opt.timer.desc"), pace=cmd("opt.pace.desc")
    )
    @app_commands.choices(
        pace=PACE_CHOICES,
        target=[Choice(name=str(n), value=n) for n in game_type("scopone").targets],
    )
    async def scopone_new(
        self,
        interaction: discord.Interaction,
        target: int = 21,
        timer: TIMER | None = None,
        pace: str = LIVE,
    ) -> None:
        """Four players in two pairs, partners opposite (RULES.md G.1)."""
        options = {"players": 4, "target_score": target}
        await self.croupier.open_table(interaction, "scopone", options, timer, pace=pace)

    @cirulla.command(name=cmd("cmd.new", "new"), description=cmd("cmd.cirulla_new.desc"))
    @app_commands.rename(
        players=cmd("opt.players", "players"),
        target=cmd("opt.target", "target"),
        timer=cmd("opt.timer", "timer"),
        pace=cmd("opt.pace", "pace"),
    )
    @app_commands.describe(
        players=cmd("opt.players.desc"),
        target=cmd("opt.target.desc"),
        timer=cmd("opt.timer.desc"),
        pace=cmd("opt.pace.desc"),
    )
    @app_commands.choices(
        pace=PACE_CHOICES,
        players=[Choice(name=str(n), value=n) for n in (2, 3, 4)],
        target=[Choice(name=str(n), value=n) for n in game_type("cirulla").targets],
    )
    async def cirulla_new(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        target: int = 51,
        timer: TIMER | None = None,
        pace: str = LIVE,
    ) -> None:
        """Two or three players alone, or four in two pairs (RULES.md G.3)."""
        options = {"players": players, "target_score": target}
        await self.croupier.open_table(interaction, "cirulla", options, timer, pace=pace)

    @rubamazzo.command(name=cmd("cmd.new", "new"), description=cmd("cmd.rubamazzo_new.desc"))
    @app_commands.rename(
        players=cmd("opt.players", "players"),
        timer=cmd("opt.timer", "timer"),
        pace=cmd("opt.pace", "pace"),
    )
    @app_commands.describe(
        players=cmd("opt.players.desc"), timer=cmd("opt.timer.desc"), pace=cmd("opt.pace.desc")
    )
    @app_commands.choices(
        pace=PACE_CHOICES, players=[Choice(name=str(n), value=n) for n in (2, 3, 4)]
    )
    async def rubamazzo_new(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        timer: TIMER | None = None,
        pace: str = LIVE,
    ) -> None:
        await self.croupier.open_table(
            interaction, "rubamazzo", {"players": players}, timer, pace=pace
        )

    # -- during a match ----------

    @app_commands.command(name=cmd("cmd.hand", "hand"), description=cmd("cmd.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.croupier.hand_command(interaction)

    @app_commands.command(name=cmd("cmd.hint", "hint"), description=cmd("cmd.hint.desc"))
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.croupier.hint_command(interaction)

    @anywhere
    @app_commands.command(name=cmd("cmd.table", "table"), description=cmd("cmd.table.desc"))
    async def table(self, interaction: discord.Interaction) -> None:
        await self.croupier.repost_command(interaction)

    @anywhere
    @app_commands.command(name=cmd("cmd.games", "games"), description=cmd("cmd.games.desc"))
    async def games(self, interaction: discord.Interaction) -> None:
        await self.croupier.games_command(interaction)

    @app_commands.command(name=cmd("cmd.leave", "leave"), description=cmd("cmd.leave.desc"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.croupier.leave_command(interaction)

    @app_commands.command(name=cmd("cmd.cancel", "cancel"), description=cmd("cmd.cancel.desc"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.croupier.cancel_command(interaction)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Tables(bot))

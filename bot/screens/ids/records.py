"""The custom ids of what was played: leaderboard pages, /history, replays, reviews."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from .base import FromCustomId, handlers, selected


class LeaderboardButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=(
        r"esc:lb:(?P<game>[a-z]{1,20}):(?P<sort>rating|wins|matches):(?P<page>[0-9]{1,4})"
        r"(?::(?P<season>all|global|[0-9]{4}-(?:W[0-9]{2}|Q[1-4]|[0-9]{2})))?"
    ),
):
    """A leaderboard page; ``season`` is a season's key, ``all`` (all-time, also what
    a page button from before seasons means) or ``global`` (the global board)."""

    def __init__(
        self, game: str, sort: str, page: int, season: str | None = None, **button: Any
    ) -> None:
        season = season or "all"
        custom_id = f"esc:lb:{game}:{sort}:{page}:{season}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.game, self.sort, self.page, self.season = game, sort, page, season

    async def act(self, interaction: discord.Interaction) -> None:
        season = "" if self.season == "all" else self.season
        await handlers(interaction).on_leaderboard_page(
            interaction, self.game, self.sort, self.page, season
        )


class HistorySelect(FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:hist"):
    def __init__(self, **select: Any) -> None:
        super().__init__(ui.Select(custom_id="esc:hist", **select))

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_history_pick(interaction, selected(interaction))


class ReplayButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:replay:(?P<table_id>[0-9]{1,12}):(?P<step>[0-9]{1,5}):(?P<name>first|back|next|last|open)",
):
    """A replay viewer's step button (``name`` keeps two buttons to one step apart),
    or the score sheet's Replay (``open``, step 0)."""

    def __init__(self, table_id: int, step: int, name: str, **button: Any) -> None:
        custom_id = f"esc:replay:{table_id}:{step}:{name}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.step, self.name = table_id, step, name

    async def act(self, interaction: discord.Interaction) -> None:
        replay = handlers(interaction).on_replay_step
        await replay(interaction, self.table_id, self.step, opens=self.name == "open")


class ReplayHandSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:replayhand:(?P<table_id>[0-9]{1,12})"
):
    """A replay viewer's menu of hands; each option's value is the step of its deal."""

    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:replayhand:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["0"]
        step = int(values[0]) if values[0].isdigit() and len(values[0]) <= 5 else 0
        await handlers(interaction).on_replay_step(interaction, self.table_id, step)


class ReviewButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:review:(?P<table_id>[0-9]{1,12})"
):
    """A match's review, privately (the replay viewer's and the score sheet's)."""

    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:review:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_review(interaction, self.table_id)

"""The croupier's handlers for what a server has played: leaderboard pages, the
history's score sheets, the replay viewer and reviews. Each reads the database (a
review is written once, too) and edits or sends one message; none changes a table."""

from __future__ import annotations

import discord

from .boundary import ErrorBoundary, refusals_answered
from .i18n import language_of
from .opening import public_lang
from .screens.common import origin_of
from .screens.history import MatchHistory
from .screens.leaderboard import Leaderboards
from .screens.replay import MatchReplay
from .screens.review import MatchReviews
from .screens.verify import verdict_embed
from .tables import TableService
from .tables.checks import check_saved


class RecordHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    service: TableService
    leaderboards: Leaderboards
    history: MatchHistory
    replays: MatchReplay
    reviews: MatchReviews

    @refusals_answered
    async def show_leaderboard(
        self, interaction: discord.Interaction, game: str, sort: str, season: str, scope: str
    ) -> None:
        """``/leaderboard``: the server's board of ``season``, or the global one (``scope``)."""
        await interaction.response.defer(thinking=True)  # the board is read from the database
        lang = await public_lang(self.service.storage, interaction)
        await self.leaderboards.open_board(interaction, game, sort, season, scope, lang)

    @refusals_answered
    async def on_leaderboard_page(
        self, interaction: discord.Interaction, game: str, sort: str, page: int, season: str
    ) -> None:
        await interaction.response.defer()  # the page is read from the database
        lang = await public_lang(self.service.storage, interaction)
        await self.leaderboards.on_page(interaction, game, sort, page, season, lang)

    async def on_history_pick(self, interaction: discord.Interaction, values: list[str]) -> None:
        await self.history.on_pick(interaction, values)

    @refusals_answered
    async def show_replay(self, interaction: discord.Interaction, table_id: int | None) -> None:
        """``/replay``: a new private viewer (the member's last finished match if None)."""
        await self.replays.open_viewer(interaction, table_id)

    @refusals_answered
    async def on_review(self, interaction: discord.Interaction, table_id: int | None) -> None:
        """``/review`` and the Review buttons: a match's review, privately."""
        await self.reviews.open_review(interaction, table_id)

    @refusals_answered
    async def verify_match(self, interaction: discord.Interaction, table_id: int) -> None:
        """``/verify``: a finished match's deals rebuilt from its revealed seed, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # the move log is read
        checked = await check_saved(self.service.storage, table_id, origin_of(interaction))
        shown = verdict_embed(checked.table, checked.verdict, language_of(interaction.locale))
        await interaction.edit_original_response(embed=shown)

    async def on_replay_step(
        self, interaction: discord.Interaction, table_id: int, step: int, *, opens: bool = False
    ) -> None:
        """A viewer's step button or hand menu, or the score sheet's Replay (``opens``)."""
        if opens:
            await self.replays.open_viewer(interaction, table_id, step)
        else:
            await self.replays.turn_page(interaction, table_id, step)

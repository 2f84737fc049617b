"""``/puzzle play``, ``/puzzle daily`` and a puzzle's buttons, for the croupier.

A puzzle is shown in one private message; a click defers, runs one command of the
puzzle service (which saves before anything is shown), then edits that message
through the click's own token. Next puzzle and the review's "practise this" open a
new private message; the answer line is its own private message too."""

from __future__ import annotations

import discord

from ..boundary import ErrorBoundary, refusals_answered
from ..i18n import language_of
from ..publishing import DiscordPort
from ..screens.puzzle import none_text, puzzle_message
from ..screens.puzzle_line import line_message
from .serving import PuzzleService, Shown


class PuzzleHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    port: DiscordPort
    puzzles: PuzzleService

    @refusals_answered
    async def puzzle_play(
        self, interaction: discord.Interaction, game: str | None, theme: str | None
    ) -> None:
        """A new puzzle near the member's rating (of ``game``, with ``theme``)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._serve(interaction, game, theme)

    @refusals_answered
    async def on_puzzle_next(
        self, interaction: discord.Interaction, game: str | None, theme: str | None
    ) -> None:
        """Next puzzle, or the review's "practise this": a new private message."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._serve(interaction, game, theme)

    async def _serve(
        self, interaction: discord.Interaction, game: str | None, theme: str | None
    ) -> None:
        shown = await self.puzzles.serve(interaction.user.id, game, theme)
        if shown is None:
            lang = language_of(interaction.locale)
            exists = await self.puzzles.any_puzzles(game, theme)
            text = none_text(lang, game, theme, exists=exists)
            await interaction.edit_original_response(content=text)
            return
        await self._show_puzzle(interaction, shown)

    @refusals_answered
    async def puzzle_daily(self, interaction: discord.Interaction) -> None:
        """Today's puzzle, the same everywhere: begun, resumed, or its result and board."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        shown = await self.puzzles.daily(user.id, interaction.guild_id or 0, user.display_name)
        if shown is None:
            lang = language_of(interaction.locale)
            await interaction.edit_original_response(
                content=none_text(lang, None, None, exists=False)
            )
            return
        await self._show_puzzle(interaction, shown)

    @refusals_answered
    async def on_puzzle(
        self,
        interaction: discord.Interaction,
        puzzle_id: int,
        step: int,
        kind: str,
        value: int,
        day: str | None,
    ) -> None:
        """A card, a capture, Back, Retry or the answer line, in a puzzle's message."""
        service, user_id = self.puzzles, interaction.user.id
        if kind == "w":
            await interaction.response.defer(ephemeral=True, thinking=True)
            stored = await service.finished_line(user_id, puzzle_id)
            lang = language_of(interaction.locale)
            view = line_message(stored, lang, self.port.card_faces)
            await interaction.edit_original_response(view=view)
            return
        await interaction.response.defer()  # the message is edited once saved
        service.check_day(day)
        if kind == "c":
            shown = await service.play_card(user_id, puzzle_id, step, value)
        elif kind == "m":
            shown = await service.choose(user_id, puzzle_id, step, value)
        elif kind == "r":
            shown = await service.retry(user_id, puzzle_id)
        else:
            shown = await service.look(user_id, puzzle_id)
        if day is not None:
            shown = await service.as_daily(shown, day)
            if shown.finished:
                user = interaction.user
                await service.on_board(shown, interaction.guild_id or 0, user.display_name)
        await self._show_puzzle(interaction, shown)

    async def _show_puzzle(self, interaction: discord.Interaction, shown: Shown) -> None:
        lang = language_of(interaction.locale)
        board = None
        if shown.day and shown.finished:
            board = await self.puzzles.board(shown.day, interaction.guild_id or 0)
        view = puzzle_message(shown, lang, self.port.card_faces, board)
        await interaction.edit_original_response(view=view)

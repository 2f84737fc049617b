"""The review of a finished match (``/review``, the viewer's and score sheet's Review):
each member's accuracy, their verdicts counted, and their three key moments, each a
button to the replay viewer at that move; a picture sums it up (a bar per decision).

A match is reviewed once: every decision of its members weighed by the hard bot in
the AI workers (``ai.review``, off the event loop), then stored, so a second look
costs nothing. Two members asking at once share one review. The replay viewer reads
the stored review to mark each move with its verdict.

Choices where the issue is silent:
- Moves the bot made for a member who let the timer run out are reviewed as theirs:
  the move log does not tell them apart.
- A match of bots only has nothing to review, and says so.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import asdict
from typing import Any, Protocol

import discord
from discord import ui

from ..ai.review import VERDICTS, Decision, accuracy, decisions_to_review, key_moments
from ..games import Game, Observation
from ..games.replay import Step
from ..i18n import language_of, tr
from ..pictures import review_png
from ..storage import Storage
from ..tables import Table, TableError
from .cards import CardFaces, CardWords
from .common import GAME_COLOURS, card_words, game_name, player_name
from .ids import ReplayButton
from .replay import MatchReplay
from .verdicts import move_words, reason_text

SHOWN_VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder", "forced")
PICTURE = "review.png"


class Reviewer(Protocol):
    """Where decisions are reviewed: the AI workers (``BotPlayers.review``)."""

    async def review(
        self, game: Game, view: Observation, played: int, step: int, seed: str
    ) -> Decision: ...


class MatchReviews:
    """Reviews matches and shows their reviews, for one bot."""

    def __init__(
        self, storage: Storage, replays: MatchReplay, bots: Reviewer, faces: CardFaces
    ) -> None:
        self.storage, self.replays, self.bots, self.faces = storage, replays, bots, faces
        self._running: dict[int, asyncio.Task[dict[str, Any]]] = {}

    async def open_review(self, interaction: discord.Interaction, table_id: int | None) -> None:
        """The review of ``table_id`` (the member's last finished match when None),
        privately; reviewed first when it was not yet."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # it may take seconds
        guild_id = interaction.guild_id or 0
        if table_id is None:
            table_id = await self.replays.last_match_of(guild_id, interaction.user.id)
        table, steps = await self.replays.match(guild_id, table_id)
        review = await self.review_of(table, steps)
        cards = card_words(table, language_of(interaction.locale), self.faces)
        files = [await review_picture(table, review)] if table.settings.images else []
        layout = review_layout(table, steps, review, cards, pictured=bool(files))
        await interaction.edit_original_response(view=layout, attachments=files)

    async def review_of(self, table: Table, steps: list[Step]) -> dict[str, Any]:
        """The stored review, or a new one (one at a time per match)."""
        stored = await self.storage.review(table.id)
        if stored is not None:
            return stored
        if table.id not in self._running:
            task = asyncio.create_task(self._review(table, steps))
            self._running[table.id] = task
            task.add_done_callback(lambda _: self._running.pop(table.id, None))
        return await asyncio.shield(self._running[table.id])

    async def _review(self, table: Table, steps: list[Step]) -> dict[str, Any]:
        members = [index for index, seat in enumerate(table.seats) if seat.bot is None]
        jobs = decisions_to_review(steps, members)
        if not jobs:
            raise TableError("review.no_members")
        game = table.engine
        decisions = await asyncio.gather(
            *(
                self.bots.review(game, view, played, step, f"{table.id}/{step}")
                for step, view, played in jobs
            )
        )
        review = {"seats": members, "decisions": [asdict(d) for d in decisions]}
        await self.storage.save_review(table.id, review)
        return review


def decisions_of(review: dict[str, Any], seat: int) -> list[Decision]:
    return [Decision(**d) for d in review["decisions"] if d["seat"] == seat]


async def review_picture(table: Table, review: dict[str, Any]) -> discord.File:
    """The review's chart, drawn off the event loop."""
    rows = []
    for seat in review["seats"]:
        decisions = decisions_of(review, seat)
        keys = {d.step for d in key_moments(decisions)}
        bars = [(d.loss, d.verdict, d.step in keys) for d in decisions]
        rows.append((player_name(table, seat), accuracy(decisions), bars))
    png = await asyncio.to_thread(review_png, rows)
    return discord.File(io.BytesIO(png), filename=PICTURE)


def review_layout(
    table: Table,
    steps: list[Step],
    review: dict[str, Any],
    cards: CardWords,
    *,
    pictured: bool = False,
) -> ui.LayoutView:
    lang = cards.lang
    title = tr(lang, "review.title", game=game_name(table.game, lang), table=table.id)
    parts: list[ui.Item] = [ui.TextDisplay(f"### 🔍 {title}")]
    if pictured:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{PICTURE}")))
    for seat in review["seats"]:
        decisions = decisions_of(review, seat)
        parts.append(ui.TextDisplay(_player_text(table, steps, seat, decisions, cards)))
        moments = key_moments(decisions)
        if moments:
            parts.append(_moment_buttons(table.id, moments, lang))
    parts.append(ui.TextDisplay("-# " + tr(lang, "review.thresholds", **_limits())))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(table.game)))
    return view


def _limits() -> dict[str, str]:
    return {verdict: f"{limit:g}" for verdict, limit in VERDICTS}


def _player_text(
    table: Table, steps: list[Step], seat: int, decisions: list[Decision], cards: CardWords
) -> str:
    lang = cards.lang
    head = tr(lang, "review.player", player=player_name(table, seat), accuracy=accuracy(decisions))
    counts = " · ".join(
        f"{tr(lang, f'verdict.{verdict}')} {sum(d.verdict == verdict for d in decisions)}"
        for verdict in SHOWN_VERDICTS
    )
    lines = [head, counts]
    for moment in key_moments(decisions):
        lines.append("• " + moment_text(table, steps, moment, cards))
    return "\n".join(lines)


def moment_text(table: Table, steps: list[Step], decision: Decision, cards: CardWords) -> str:
    """``Move 17 (hand 2): 3 of cups, lay it down: mistake, 0.6 points lost; best: …``"""
    lang = cards.lang
    text = tr(
        lang,
        "review.moment",
        step=decision.step,
        hand=steps[decision.step - 1].state.hand_no + 1,
        played=move_words(table, decision.played, cards),
        verdict=tr(lang, f"verdict.{decision.verdict}"),
        loss=f"{decision.loss:.2f}",
        best=move_words(table, decision.best, cards),
    )
    return text + reason_text(decision, cards)


def _moment_buttons(table_id: int, moments: list[Decision], lang: str) -> ui.ActionRow:
    row: ui.ActionRow = ui.ActionRow()
    for moment in moments:
        label = tr(lang, "review.show_move", step=moment.step)
        row.add_item(ReplayButton(table_id, moment.step, "open", label=label, emoji="⏯"))
    return row

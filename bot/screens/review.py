"""The review of a finished match (``/review``, the viewer's and score sheet's Review):
each member's accuracy, their verdicts counted, and their three key moments, each a
button to the replay viewer at that move; a picture sums it up (a bar per decision).

A match is reviewed once: every decision of its members weighed by the hard bot in
the AI workers (``ai.review``, off the event loop), then stored, so a second look
costs nothing. Two members asking at once share one review. The replay viewer reads
the stored review to mark each move with its verdict.

Choices where the issue is silent:
- Moves the bot made for a member who let the timer run out (marked in the move log)
  are not theirs to answer for: they are left out, and the review says how many (a
  member the bot played for throughout is not reviewed).
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
from ..i18n import language_of, tr, tr_count
from ..pictures import review_png
from ..storage import Storage
from ..tables import Table, TableError
from .cards import CardFaces, CardWords
from .common import GAME_COLOURS, card_words, origin_of, seen_name, table_game_name, you_at
from .ids import PuzzleNextButton, ReplayButton
from .replay import MatchReplay, PlayedMatch
from .verdicts import move_words, reason_text

PRACTISED_THEMES = {"missed_sweep": "sweep", "left_seven": "seven_of_coins"}
"""The puzzles' theme a key moment's reason points to ("practise this")."""
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
        if table_id is None:
            user_id = interaction.user.id
            table_id = await self.replays.last_match_of(interaction.guild_id or 0, user_id)
        played = await self.replays.match(origin_of(interaction), table_id)
        table = played.table
        review = await self.review_of(played)
        cards = card_words(table, language_of(interaction.locale), self.faces)
        you = you_at(table, interaction.user.id)
        files = (
            [await review_picture(table, review, cards.lang, you)] if table.settings.images else []
        )
        layout = review_layout(played, review, cards, pictured=bool(files), you=you)
        await interaction.edit_original_response(view=layout, attachments=files)

    async def review_of(self, played: PlayedMatch) -> dict[str, Any]:
        """The stored review, or a new one (one at a time per match)."""
        table_id = played.table.id
        stored = await self.storage.review(table_id)
        if stored is not None:
            return stored
        if table_id not in self._running:
            task = asyncio.create_task(self._review(played))
            self._running[table_id] = task
            task.add_done_callback(lambda _: self._running.pop(table_id, None))
        return await asyncio.shield(self._running[table_id])

    async def _review(self, played: PlayedMatch) -> dict[str, Any]:
        table = played.table
        members = [index for index, seat in enumerate(table.seats) if seat.bot is None]
        jobs = decisions_to_review(played.steps, members, played.stand_ins)
        if not jobs:
            raise TableError("review.no_members")
        game = table.engine
        decisions = await asyncio.gather(
            *(
                self.bots.review(game, view, move, step, f"{table.id}/{step}")
                for step, view, move in jobs
            )
        )
        seats = sorted({view.seat for _, view, _ in jobs})  # members who played a move
        review = {"seats": seats, "decisions": [asdict(d) for d in decisions]}
        await self.storage.save_review(table.id, review)
        return review


def decisions_of(review: dict[str, Any], seat: int) -> list[Decision]:
    return [Decision(**d) for d in review["decisions"] if d["seat"] == seat]


async def review_picture(
    table: Table, review: dict[str, Any], lang: str, you: int | None = None
) -> discord.File:
    """The review's chart, drawn off the event loop (the seat ``you`` named "You")."""
    rows = []
    for seat in review["seats"]:
        decisions = decisions_of(review, seat)
        keys = {d.step for d in key_moments(decisions)}
        bars = [(d.loss, d.verdict, d.step in keys) for d in decisions]
        rows.append((seen_name(table, seat, lang, you), accuracy(decisions), bars))
    png = await asyncio.to_thread(review_png, rows)
    return discord.File(io.BytesIO(png), filename=PICTURE)


def review_layout(
    played: PlayedMatch,
    review: dict[str, Any],
    cards: CardWords,
    *,
    pictured: bool = False,
    you: int | None = None,
) -> ui.LayoutView:
    """Each member's accuracy, verdicts and key moments; the member of seat ``you`` (at
    quick play) reads of themselves as "You"."""
    table, lang = played.table, cards.lang
    title = tr(lang, "review.title", game=table_game_name(table, lang), table=table.id)
    parts: list[ui.Item] = [ui.TextDisplay(f"### 🔍 {title}")]
    if pictured:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{PICTURE}")))
    for seat in review["seats"]:
        decisions = decisions_of(review, seat)
        parts.append(ui.TextDisplay(_player_text(played, seat, decisions, cards, you)))
        moments = key_moments(decisions)
        if moments:
            parts.append(_moment_buttons(table.id, moments, lang))
            parts.append(_practise_buttons(table.game, moments, lang))
    parts.append(ui.TextDisplay("-# " + tr(lang, "review.thresholds", **_limits())))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(table.game)))
    return view


def _limits() -> dict[str, str]:
    return {verdict: f"{limit:g}" for verdict, limit in VERDICTS}


def _player_text(
    played: PlayedMatch, seat: int, decisions: list[Decision], cards: CardWords, you: int | None
) -> str:
    lang, name = cards.lang, seen_name(played.table, seat, cards.lang, you)
    head = tr(lang, "review.player", player=name, accuracy=accuracy(decisions))
    counts = " · ".join(
        f"{tr(lang, f'verdict.{verdict}')} {sum(d.verdict == verdict for d in decisions)}"
        for verdict in SHOWN_VERDICTS
    )
    lines = [head, counts]
    if stand_ins := played.stand_ins_of(seat):
        key = "review.stand_ins_you" if seat == you else "review.stand_ins"
        lines.append(tr_count(lang, key, stand_ins, player=name))
    for moment in key_moments(decisions):
        lines.append("• " + moment_text(played.table, played.steps, moment, cards))
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


def _practise_buttons(game: str, moments: list[Decision], lang: str) -> ui.ActionRow:
    """ "Practise this": a puzzle of the game, of the moment's theme when it has one."""
    row: ui.ActionRow = ui.ActionRow()
    for moment in moments:
        theme = PRACTISED_THEMES.get(moment.reason)
        label = tr(lang, "review.practise", step=moment.step)
        row.add_item(PuzzleNextButton(game, theme, moment.step, label=label, emoji="🧩"))
    return row

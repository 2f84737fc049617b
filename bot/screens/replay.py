"""The replay viewer: a finished match step by step, privately (``/replay``, and the
score sheet's Replay button).

Each step shows the board picture of that moment (the card just played in the
rail), the move in words, every hand face up (the match is over), what each side
has taken and the score; ⏮ ◀ ▶ ⏭ step through and a menu jumps to a hand's deal;
once the match was reviewed (``review``), each move says its verdict, and a move the
bot made for a member whose timer ran out says so.
The match is rebuilt from its seed and its move log (``games.replay``), so matches
saved before the viewer existed replay too. The buttons carry the table and the
step, so a viewer keeps working after a restart; the last few rebuilt matches are
kept in memory.

Choices where the issue is silent:
- Any member of the server may replay its finished matches, as ``/history`` shows
  them all; ``/replay`` alone opens the member's own last finished match.
- The viewer speaks the language of the member who opened it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import discord
from discord import ui

from ..ai.review import Decision
from ..games import events_to_dicts
from ..games.replay import ReplayError, Step, replay
from ..i18n import language_of, tr
from ..storage import Storage
from ..tables import Origin, Table, TableError, may_look_at, places_seen_from
from .board import PLAYED_KINDS, board_picture
from .cards import CardFaces, CardWords
from .common import (
    GAME_COLOURS,
    card_words,
    origin_of,
    seen_name,
    seen_side,
    table_game_name,
    you_at,
)
from .ids import ReplayButton, ReplayHandSelect, ReviewButton
from .story import describe_events
from .verdicts import verdict_line

PICTURE = "replay.png"
KEPT = 16
"""Rebuilt matches kept in memory (a click replays nothing again)."""
RECENT = 100
"""Finished matches of the server searched for the member's last one."""
MAX_HAND_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A finished match rebuilt: its table, every step, and ``stand_ins``, the steps
    whose move the bot made for a member (their turn timer ran out)."""

    table: Table
    steps: list[Step]
    stand_ins: frozenset[int]

    def stand_ins_of(self, seat: int) -> int:
        """How many of ``seat``'s moves the bot made for it."""
        return sum(self.steps[step].seat == seat for step in self.stand_ins)


class MatchReplay:
    """Opens viewers and turns their pages, for one bot."""

    def __init__(self, storage: Storage, faces: CardFaces) -> None:
        self.storage, self.faces = storage, faces
        self._kept: OrderedDict[int, PlayedMatch] = OrderedDict()

    async def open_viewer(
        self, interaction: discord.Interaction, table_id: int | None, step: int = 0
    ) -> None:
        """A new private viewer of ``table_id`` at ``step`` (the member's last finished
        match when None)."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # the move log is read
        if table_id is None:
            table_id = await self.last_match_of(interaction.guild_id or 0, interaction.user.id)
        lang = language_of(interaction.locale)
        view, files = await self.viewer(origin_of(interaction), table_id, step, lang)
        await interaction.edit_original_response(view=view, attachments=files)

    async def turn_page(self, interaction: discord.Interaction, table_id: int, step: int) -> None:
        """A viewer's step button or hand menu: the same message at ``step``."""
        await interaction.response.defer()  # edited once the step is drawn
        lang = language_of(interaction.locale)
        view, files = await self.viewer(origin_of(interaction), table_id, step, lang)
        await interaction.edit_original_response(view=view, attachments=files)

    async def last_match_of(self, guild_id: int, user_id: int) -> int:
        """The member's last finished match on this server (in DMs: of quick play and
        friends' tables)."""
        rows = await self.storage.finished_tables(*places_seen_from(guild_id), limit=RECENT)
        for row in rows:
            if any(seat.user_id == user_id for seat in Table.from_row(row).seats):
                return row["id"]
        raise TableError("replay.none")

    async def viewer(
        self, asking: Origin, table_id: int, step: int, lang: str
    ) -> tuple[ui.LayoutView, list[discord.File]]:
        """The viewer at ``step`` (clamped to the match) of a finished match ``asking``
        may look at, as they read it ("You" for their seat at quick play)."""
        played = await self.match(asking, table_id)
        table, steps = played.table, played.steps
        step = max(0, min(step, len(steps) - 1))
        at = _table_at(table, steps[step])
        cards = card_words(table, lang, self.faces)
        files = []
        if table.settings.images:
            files.append(await board_picture(at, PICTURE, _played(at), lang))
        if step in played.stand_ins:
            mark = tr(lang, "replay.stand_in")
        else:
            mark = await self._verdict(at, step, cards)
        return _layout(at, steps, step, cards, mark, you_at(table, asking.user_id)), files

    async def _verdict(self, table: Table, step: int, cards: CardWords) -> str:
        """The review's verdict on the move of ``step``, once the match was reviewed."""
        review = await self.storage.review(table.id)
        for decision in (review or {}).get("decisions", ()):
            if decision["step"] == step:
                return verdict_line(table, Decision(**decision), cards)
        return ""

    async def match(self, asking: Origin, table_id: int) -> PlayedMatch:
        """A finished match ``asking`` may look at (``tables.may_look_at``), replayed
        (kept for the next click); ``replay.unknown`` for any other."""
        if table_id in self._kept:
            played = self._kept[table_id]
            if may_look_at(played.table, asking):
                self._kept.move_to_end(table_id)
                return played
            raise TableError("replay.unknown")
        row = await self.storage.table_row(table_id)
        if row is None or row["status"] != "finished":
            raise TableError("replay.unknown")
        table = Table.from_row(row)
        if not may_look_at(table, asking):
            raise TableError("replay.unknown")
        log = await self.storage.move_log(table_id)
        try:
            steps = replay(table.engine, table.match.seed, [move["move"] for move in log])
        except ReplayError:
            raise TableError("replay.broken") from None
        stand_ins = frozenset(step for step, move in enumerate(log, 1) if move["stand_in"])
        played = PlayedMatch(table, steps, stand_ins)
        self._kept[table_id] = played
        if len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return played


def _table_at(table: Table, step: Step) -> Table:
    """A copy of ``table`` showing the position of ``step`` (its events the last move)."""
    at = table.copy()
    at.state = step.state
    at.log.last_events = events_to_dicts(list(step.events))
    return at


def _layout(
    table: Table, steps: list[Step], index: int, cards: CardWords, mark: str, you: int | None
) -> ui.LayoutView:
    lang = cards.lang
    step = steps[index]
    parts: list[ui.Item] = [ui.TextDisplay(_heading(table, steps, index, lang))]
    if table.settings.images:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{PICTURE}")))
    happened = _what_happened(table, step, cards, you)
    parts.append(ui.TextDisplay(f"{happened}\n{mark}" if mark else happened))
    parts.append(ui.Separator())
    parts.append(ui.TextDisplay(_hands_text(table, cards, you)))
    parts.append(_step_buttons(table.id, index, len(steps), lang))
    if (picker := _hand_picker(table.id, steps, index, lang)) is not None:
        row: ui.ActionRow = ui.ActionRow()
        row.add_item(picker)
        parts.append(row)
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(table.game)))
    return view


def _heading(table: Table, steps: list[Step], index: int, lang: str) -> str:
    title = tr(lang, "replay.title", game=table_game_name(table, lang), table=table.id)
    where = tr(
        lang,
        "replay.position",
        hand=steps[index].state.hand_no + 1,
        step=index,
        steps=len(steps) - 1,
    )
    return f"### ⏯ {title}\n{where}"


def _what_happened(table: Table, step: Step, cards: CardWords, you: int | None) -> str:
    lang = cards.lang
    events = table.log.last_events
    lines = describe_events(table, events, cards, you)
    dealt = step.seat < 0 or any(event["kind"] == "hand_scored" for event in events)
    if dealt and not step.state.is_over:  # the move that ends a hand deals the next
        lines.append(tr(lang, "board.hand_dealt", hand=step.state.hand_no + 1))
    shown = [f"**{tr(lang, 'board.table')}:** " + (cards.join(step.state.table, "  ") or "—")]
    return "\n".join([*lines, *shown])


def _hands_text(table: Table, cards: CardWords, you: int | None) -> str:
    """Every hand face up, what each seat has taken, and the match score."""
    lang = cards.lang
    state = table.match
    lines = []
    for seat in range(table.players):
        marker = "▶ " if seat == state.turn and not state.is_over else ""
        hand = cards.join(state.hands[seat], " ") or "—"
        taken = tr(lang, "board.pile", count=state.piles[seat].bit_count())
        lines.append(f"{marker}**{seen_name(table, seat, lang, you)}** · {taken}\n{hand}")
    score = " – ".join(
        f"{seen_side(table, side, lang, you)} {points}" for side, points in enumerate(state.scores)
    )
    lines.append(f"**{tr(lang, 'replay.score')}:** {score}")
    return "\n".join(lines)


def _step_buttons(table_id: int, index: int, count: int, lang: str) -> ui.ActionRow:
    """⏮ ◀ ▶ ⏭, and the match's review."""
    row: ui.ActionRow = ui.ActionRow()
    targets = (("first", 0, "⏮"), ("back", index - 1, "◀"), ("next", index + 1, "▶"))
    for name, target, emoji in (*targets, ("last", count - 1, "⏭")):
        row.add_item(
            ReplayButton(
                table_id,
                max(0, min(target, count - 1)),
                name,
                emoji=emoji,
                label=tr(lang, f"replay.{name}"),
                disabled=(index == 0) if name in ("first", "back") else (index == count - 1),
            )
        )
    row.add_item(ReviewButton(table_id, label=tr(lang, "review.button"), emoji="🔍"))
    return row


def _hand_picker(
    table_id: int, steps: list[Step], index: int, lang: str
) -> ReplayHandSelect | None:
    """A menu of the hands, each opening at its deal (the nearest 25 to the step)."""
    starts: dict[int, int] = {}
    for number, step in enumerate(steps):
        starts.setdefault(step.state.hand_no, number)
    if len(starts) < 2:
        return None
    current = steps[index].state.hand_no
    hands = sorted(starts, key=lambda hand: abs(hand - current))[:MAX_HAND_OPTIONS]
    options = [
        discord.SelectOption(
            label=tr(lang, "replay.hand_option", hand=hand + 1),
            value=str(starts[hand]),
            default=hand == current,
        )
        for hand in sorted(hands)
    ]
    return ReplayHandSelect(table_id, placeholder=tr(lang, "replay.pick_hand"), options=options)


def _played(at: Table) -> int | None:
    """The card the step's move played."""
    events = at.log.last_events
    return next((event["card"] for event in events if event["kind"] in PLAYED_KINDS), None)

"""A member's daily hand, privately: the day's deal against the hard bot.

One private message (the answer to ``/daily play``), edited by each click: the
heading, the board picture (the table, the bot's last card), what the bot did, the
table and the member's hand in words, what each side has taken, then the cards as
buttons (a card that takes several ways turns them into its captures, and Back).
Once the hand is scored: the points, the margin, where it ranks today on the server
and worldwide, the member's streak, and when the next deal comes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import discord
from discord import ui

from ..daily.deal import BOT, MEMBER, Position, Result, day_ends, day_of
from ..daily.service import Played, as_table
from ..games import describe_move, events_to_dicts
from ..games.fairness import commitment, short_commitment
from ..games.moves import is_declaration
from ..i18n import tr, tr_count
from ..storage import DailyHand
from ..tables import Table
from .board import PLAYED_KINDS, board_picture
from .cards import CardFaces, CardWords
from .common import (
    GAME_COLOURS,
    blue,
    card_words,
    fit_label,
    game_name,
    green,
    grey,
    numbered,
    option_letter,
    sweeps_text,
)
from .declarations import declarations, declare_label
from .ids import DailyButton, DailySelect
from .story import describe_events, move_label

PICTURE = "daily.png"
MAX_CHOICE_BUTTONS = 20


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a finished hand stands: (rank, hands) here and worldwide, the streak."""

    here: tuple[int, int]
    world: tuple[int, int]
    streak: int


async def daily_message(
    played: Played,
    lang: str,
    faces: CardFaces,
    now: datetime,
    standing: Standing | None,
    *,
    note: str = "",
    recap: bool = True,
) -> tuple[ui.LayoutView, list[discord.File]]:
    """The member's daily hand as it stands after ``played``, and its picture; ``note``
    is a catalog key said first (the panel was out of date, the day's try is used);
    ``recap``: say the last moves (not when a finished hand is only looked at again)."""
    hand, at = played.hand, played.position
    table = as_table(hand, at, tr(lang, "bot.name.expert"))
    cards = card_words(table, lang, faces)
    parts: list[ui.Item] = [ui.TextDisplay(_heading(hand, at, lang))]
    if note:
        parts.append(ui.TextDisplay(f"**{tr(lang, note, game=game_name(hand.game, lang))}**"))
    files = []
    if not at.finished:
        files.append(await board_picture(table, PICTURE, _played(at), lang))
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{PICTURE}")))
    if recap and (happened := _what_happened(table, at, cards)):
        parts.append(ui.TextDisplay(happened))
    if at.finished:
        parts.append(ui.TextDisplay(result_text(hand.game, saved_result(hand), lang)))
        parts.append(ui.TextDisplay(_standing_text(hand, standing, now, lang)))
    elif hand.day != day_of(now):
        parts.append(ui.TextDisplay(_position_text(table, at, cards, played, open_=False)))
    else:
        parts.append(ui.TextDisplay(_position_text(table, at, cards, played)))
        parts.extend(_rows(table, played, cards))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(hand.game)))
    return view, files


def _heading(hand: DailyHand, at: Position, lang: str) -> str:
    title = tr(lang, "daily.title", game=game_name(hand.game, lang), day=hand.day)
    sealed = tr(lang, "daily.sealed", commitment=short_commitment(commitment(at.seed)) + "…")
    return f"### 📅 {title}\n{tr(lang, 'daily.about')}\n-# {sealed}"


def _what_happened(table: Table, at: Position, cards: CardWords) -> str:
    """The member's last move and the bot's replies since (or the deal and the bot's
    lead)."""
    lines: list[str] = []
    for step in reversed(at.steps[1:]):
        lines[:0] = describe_events(table, events_to_dicts(list(step.events)), cards)
        if step.seat == MEMBER:
            break
    if all(step.seat == BOT for step in at.steps[1:]):
        lines.insert(0, tr(cards.lang, "daily.dealt"))
    return "\n".join(lines)


def _position_text(
    table: Table, at: Position, cards: CardWords, played: Played, *, open_: bool = True
) -> str:
    """The table, the member's hand, what each side took, and what to do now (or, the
    day over, that the hand stays unfinished)."""
    lang = cards.lang
    state = at.state
    on_table = cards.join(state.table, "  ") or tr(lang, "board.empty")
    hand = cards.join(sorted(state.hands[MEMBER]), "  ")
    lines = [
        f"**{tr(lang, 'board.table')}:** {on_table}",
        f"**{tr(lang, 'panel.hand')}:** {hand}",
        _taken_text(table, at, lang),
    ]
    if not open_:
        lines.append(f"**{tr(lang, 'daily.day_over', day=at.day)}**")
    elif played.card is not None:
        lines.append(tr(lang, "panel.choose", card=cards.short(played.card)))
        lines.extend(_choice_lines(table, played, cards))
    else:
        lines.append(tr(lang, "panel.your_turn"))
    return "\n".join(lines)


def _taken_text(table: Table, at: Position, lang: str) -> str:
    """What each side has taken so far, and the stock."""
    state = at.state
    names = {MEMBER: tr(lang, "daily.board.you"), BOT: table.seats[BOT].name}
    sides = []
    for seat in (MEMBER, BOT):
        taken = tr(lang, "daily.cards", count=state.piles[seat].bit_count())
        sweeps = state.sweeps[seat]
        extra = f" · {sweeps_text(table.game, sweeps, lang)}" if sweeps else ""
        sides.append(f"{names[seat]}: {taken}{extra}")
    stock = f"{tr(lang, 'board.stock')}: {state.stock_size}"
    return " — ".join(sides) + f"\n{stock}"


def _choice_lines(table: Table, played: Played, cards: CardWords) -> list[str]:
    lines = []
    for index, move in enumerate(played.choice):
        label = move_label(table, describe_move(move), cards)
        lines.append(f"**{option_letter(index)}** · {label}")
    return lines


def _rows(table: Table, played: Played, cards: CardWords) -> list[ui.ActionRow]:
    """The hand's cards as buttons (and declarations), or a card's captures and Back."""
    hand, at = played.hand, played.position
    where = (hand.day, hand.game, at.ply)
    items: list[ui.Item] = []
    if played.choice and len(played.choice) > MAX_CHOICE_BUTTONS:
        options = [
            discord.SelectOption(
                label=fit_label(move_label(table, describe_move(m), cards), 100), value=f"{m:x}"
            )
            for m in played.choice
        ]
        placeholder = tr(cards.lang, "board.choose")
        items.append(DailySelect(*where, options=options[:25], placeholder=placeholder))
    elif played.choice:
        for index, move in enumerate(played.choice):
            label = f"{option_letter(index)} · {move_label(table, describe_move(move), cards)}"
            items.append(DailyButton(*where, "m", move, label=fit_label(label), style=green))
    else:
        for index, card in enumerate(sorted(at.state.hands[MEMBER])):
            label = fit_label(f"{numbered(index)} {cards.name(card)}")
            emoji = cards.button_emoji(card)
            items.append(DailyButton(*where, "c", card, label=label, emoji=emoji, style=green))
        for move, event in declarations(table, MEMBER):
            label = fit_label(declare_label(event, cards))
            items.append(DailyButton(*where, "m", move, label=label, emoji="📣", style=blue))
    if played.choice:
        items.append(DailyButton(*where, "b", 0, label=tr(cards.lang, "panel.back"), style=grey))
    return _in_rows(items)


def _in_rows(items: list[ui.Item]) -> list[ui.ActionRow]:
    rows: list[ui.ActionRow] = []
    for item in items:
        if not rows or len(rows[-1].children) == 5 or isinstance(item, DailySelect):
            rows.append(ui.ActionRow())
        rows[-1].add_item(item)
    return rows


def saved_result(hand: DailyHand) -> Result:
    return Result(hand.points, hand.bot_points, hand.cards, hand.sweeps)


def result_text(game: str, result: Result, lang: str, key: str = "daily.result") -> str:
    """A hand's score: points each, the margin, cards and sweeps (``key``: how it is
    said, the member's own or the bot's line)."""
    return tr(
        lang,
        key,
        points=result.points,
        bot=tr(lang, "bot.name.expert"),
        bot_points=result.bot_points,
        margin=f"{result.margin:+d}",
        cards=result.cards,
        sweeps=sweeps_text(game, result.sweeps, lang),
    )


def _standing_text(hand: DailyHand, standing: Standing | None, now: datetime, lang: str) -> str:
    lines = []
    if standing is not None:
        lines.append(rank_text(standing.here, standing.world, lang))
        lines.append(tr_count(lang, "daily.streak", standing.streak))
    lines.append(next_deal_text(hand.day, now, lang))
    return "\n".join(lines)


def rank_text(here: tuple[int, int], world: tuple[int, int], lang: str) -> str:
    return tr(lang, "daily.rank", rank=here[0], of=here[1], world_rank=world[0], world_of=world[1])


def next_deal_text(day: str, now: datetime, lang: str) -> str:
    """When the next deal comes, in hours and minutes (a Discord timestamp beside)."""
    ends = day_ends(day)
    minutes = max(0, int((ends - now).total_seconds()) // 60)
    stamp = discord.utils.format_dt(ends, "t")
    return tr(lang, "daily.next", hours=minutes // 60, minutes=minutes % 60, time=stamp)


def _played(at: Position) -> int | None:
    """The card the last move played (none for a declaration)."""
    step = at.steps[-1]
    if is_declaration(step.move):
        return None
    events = step.events
    return next((event.to_dict()["card"] for event in events if event.kind in PLAYED_KINDS), None)

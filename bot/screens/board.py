"""The board, a Components V2 message: whose turn it is, the picture, the table
cards, the hand's log, scores and piles, then the capture options and "My hand".

It reads only what every player may see (``State.public_observation``): the table
cards, counts, piles and the moves already made. When the table shows pictures
(``/settings images``), ``board.png`` (table cards, the card just played, pile tops)
is drawn by ``bot.pictures`` off the event loop; the text stays for screen readers.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord
from discord import ui

from ..games import PublicObservation, describe_move
from ..games.fairness import short_commitment
from ..i18n import tr, tr_count
from ..pictures import board_png
from ..tables import Table, current_hand_events, time_is_up
from .cards import CardFaces, CardWords
from .common import (
    GAME_COLOURS,
    blue,
    card_words,
    deck_of,
    end_text,
    fit_label,
    green,
    numbered,
    option_letter,
    player_name,
    red,
    score_title,
    seat_mention,
    side_name,
    table_game_name,
)
from .ids import ClaimButton, HandButton, MoveButton, MoveSelect, SeatButton
from .story import describe_events, move_label

BOARD_PICTURE = "board.png"
LOG_LINES = 6
MAX_LOG = 1600
MAX_MOVE_BUTTONS = 15
PLAYED_KINDS = ("played", "captured", "claimed", "stole")
"""Events that put a card from a hand on the table."""


def board_layout(
    table: Table, lang: str, faces: CardFaces, now: float | None = None, watchers: int = 0
) -> ui.LayoutView:
    """The board; with ``now`` (a friends' table's), a turn whose time is up offers the
    others to claim it; ``watchers``: how many follow the match (``/watch``)."""
    view = ui.LayoutView(timeout=None)
    public = table.match.public_observation()
    cards = card_words(table, lang, faces)
    parts: list[ui.Item] = [ui.TextDisplay(board_heading(table, lang))]
    if table.settings.images:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{BOARD_PICTURE}")))
    parts.append(ui.TextDisplay(table_text(public, cards)))
    parts.append(ui.TextDisplay(log_text(table, cards)))
    parts.append(ui.Separator())
    status = _status_text(table, public, cards)
    if watchers:  # told when the board changes anyway: a watcher costs no edit
        status += f"\n-# 👁 {tr_count(lang, 'watch.count', watchers)}"
    parts.append(ui.TextDisplay(status))
    if table.status == "playing":
        parts.extend(_option_rows(table, cards))
        parts.append(_board_buttons(table, lang, now))
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(table.game)))
    return view


def board_heading(table: Table, lang: str) -> str:
    """Whose turn it is, by name, with the clock; or how the match ended."""
    if table.status != "playing":
        return f"### {end_text(table, lang)}"
    turn = table.match.turn
    key = "board.turn_bot" if table.seats[turn].autoplayed else "board.turn_of"
    lines = [f"### ▶ {tr(lang, key, player=seat_mention(table, turn))}"]
    if table.turn.deadline:
        lines.append(tr(lang, "board.timer", when=f"<t:{int(table.turn.deadline)}:R>"))
    return "\n".join(lines)


def table_text(public: PublicObservation, cards: CardWords) -> str:
    """The table cards, numbered as the picture numbers them, and a missed 15."""
    lang = cards.lang
    shown = [f"{numbered(i)} {cards.short(c)}" for i, c in enumerate(public.table)]
    lines = [f"**{tr(lang, 'board.table')}:** " + ("  ".join(shown) or tr(lang, "board.empty"))]
    if public.claimable >= 0:
        claim = tr(lang, "board.claimable", card=cards.short(public.claimable))
        lines.append(f"**{tr(lang, 'board.claim_title')}:** {claim}")
    return "\n".join(lines)


def log_text(table: Table, cards: CardWords, you: int | None = None) -> str:
    """The hand so far: its last events (the dealer's sweep, captures, steals, claims),
    or the whole of the last move once the match is over; told to the member of seat
    ``you`` when given (a quick-play seat)."""
    lang = cards.lang
    log = table.log
    events = log.last_events if table.match.is_over else log.hand
    lines = describe_events(table, events, cards, you)
    if not lines:
        lines = [tr(lang, "board.hand_dealt", hand=table.match.hand_no + 1)]
    elif log.auto_move and log.last_seat is not None:
        lines.append(_auto_move(table, log.last_seat, lang, you))
    title = f"**{tr(lang, 'board.log')}**"
    return "\n".join([title, *latest_lines([f"• {line}" for line in lines[-LOG_LINES:]])])


def _auto_move(table: Table, seat: int, lang: str, you: int | None) -> str:
    """The timer ran out and the bot played the seat's move."""
    if you is not None and seat == you:
        return tr(lang, "board.auto_move_you")
    return tr(lang, "board.auto_move", player=player_name(table, seat))


def latest_lines(lines: list[str], limit: int = MAX_LOG) -> list[str]:
    """The newest of ``lines`` that fit in ``limit`` characters, whole (a card's
    emoji cut in half would show as code)."""
    kept: list[str] = []
    room = limit
    for line in reversed(lines):
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    return kept[::-1] or [lines[-1][:limit]]


def _status_text(table: Table, public: PublicObservation, cards: CardWords) -> str:
    """Scores, each player's hand and pile, the stock, and the footer line."""
    lang = cards.lang
    state = table.match
    lines = []
    if state.game.plays_to_target:
        scores = " · ".join(
            f"{side_name(table, side)}: **{score}**" for side, score in enumerate(public.scores)
        )
        lines.append(f"**{score_title(lang, public.target)}:** {scores}")
    lines.append(seat_lines(table, public, cards))
    if not state.game.deals_whole_deck:
        lines.append(f"**{tr(lang, 'board.stock')}:** {public.stock}")
    footer = tr(
        lang,
        "board.footer",
        hand=state.hand_no + 1,
        dealer=player_name(table, public.dealer),
        version=table.version,
    )
    title = tr(lang, "board.title", game=table_game_name(table, lang), table=table.id)
    lines.append(f"-# {title} · {footer}")
    if table.log.commitment:
        lines.append(f"-# {sealed_text(table, lang)}")
    return "\n".join(lines)


def sealed_text(table: Table, lang: str) -> str:
    """The deal's commitment, short (``/verify`` tells the whole value); once the
    match is over, where its seed is."""
    if not table.is_live:
        return tr(lang, "board.unsealed", table=table.id)
    committed = short_commitment(table.log.commitment)
    return tr(lang, "board.sealed", commitment=committed, table=table.id)


def seat_lines(table: Table, public: PublicObservation, cards: CardWords) -> str:
    """Each seat's hand and pile counts, pile top, sweeps and declared cards."""
    lang = cards.lang
    game = table.engine
    lines = []
    for seat in range(table.players):
        marker = "▶ " if seat == public.to_act and table.status == "playing" else ""
        parts = [tr(lang, "board.in_hand", count=public.hand_sizes[seat])]
        parts.append(tr(lang, "board.pile", count=public.pile_sizes[seat]))
        if game.shows_pile_tops and public.pile_tops[seat] >= 0:
            top = cards.short(public.pile_tops[seat])
            parts.append(tr(lang, "board.pile_top", card=top))
        if game.has_sweeps():
            parts.append(tr(lang, f"board.sweeps.{table.game}", count=public.sweeps[seat]))
        declared = sum(call[2] for call in public.calls if call[0] == seat)
        if declared:
            parts.append(tr_count(lang, "board.declared", declared))
        if public.revealed and public.revealed[seat]:
            parts.append(tr(lang, "board.shows", cards=cards.join(public.revealed[seat], " ")))
        if table.seats[seat].away:
            parts.append(tr(lang, "board.away"))
        lines.append(f"{marker}**{player_name(table, seat)}** · " + " · ".join(parts))
    return "\n".join(lines)


def board_moves(table: Table) -> list[int]:
    """The moves the board offers: claims of a missed 15 (Fournier's rule)."""
    return [m for m in table.match.legal_moves() if describe_move(m).claim]


def _option_rows(table: Table, cards: CardWords) -> list[ui.ActionRow]:
    """The board decisions of the player to act (capture choices, claims, steals), as
    buttons lettered like the picture's marks, or a select when there are many."""
    lang = cards.lang
    moves = board_moves(table)
    labels = [
        fit_label(f"{option_letter(i)} · {move_label(table, describe_move(m), cards)}", 100)
        for i, m in enumerate(moves)
    ]
    if len(moves) > MAX_MOVE_BUTTONS:
        options = [
            discord.SelectOption(label=label, value=f"{move:x}")
            for label, move in zip(labels[:25], moves[:25], strict=True)
        ]
        placeholder = tr(lang, "board.choose")
        row: ui.ActionRow = ui.ActionRow()
        row.add_item(MoveSelect(table.id, table.version, options=options, placeholder=placeholder))
        return [row]
    rows: list[ui.ActionRow] = []
    for start in range(0, len(moves), 5):
        row = ui.ActionRow()
        for label, move in zip(labels[start : start + 5], moves[start : start + 5], strict=True):
            button = MoveButton(table.id, table.version, move, label=fit_label(label), style=green)
            row.add_item(button)
        rows.append(row)
    return rows


def _board_buttons(table: Table, lang: str, now: float | None) -> ui.ActionRow:
    row: ui.ActionRow = ui.ActionRow()
    row.add_item(HandButton(table.id, label=tr(lang, "board.my_hand"), style=blue))
    if table.settings.clicks and now is not None and time_is_up(table, now):
        label = tr(lang, "board.claim", name=player_name(table, table.match.turn))
        row.add_item(ClaimButton(table.id, table.version, label=fit_label(label), emoji="⏰"))
    away = any(seat.away for seat in table.seats)
    if away:
        row.add_item(SeatButton(table.id, "back", label=tr(lang, "seat.back_button"), style=green))
    if away or table.settings.clicks:  # no /cancel where the table is a click's answer
        row.add_item(SeatButton(table.id, "end", label=tr(lang, "seat.end_button"), style=red))
    return row


def last_played(table: Table) -> int | None:
    """The card shown as just played."""
    for event in reversed(current_hand_events(table.log.last_events)):
        if event["kind"] in PLAYED_KINDS:
            return event["card"]
    return None


async def board_pictures(table: Table) -> list[discord.File]:
    """The board's picture to attach, or none when the table shows no pictures."""
    if not table.settings.images or table.state is None:
        return []
    options = [describe_move(move).captures for move in board_moves(table)]
    shown = options if table.status == "playing" else []
    return [await board_picture(table, BOARD_PICTURE, last_played(table), table.locale, shown)]


async def board_picture(
    table: Table,
    filename: str,
    played: int | None,
    lang: str,
    options: Sequence[Sequence[int]] = (),
) -> discord.File:
    """The cards on ``table`` (and Rubamazzo's pile tops), ``played`` as just played,
    and the capture ``options`` numbered; drawn in a worker thread, off the event loop,
    from values read here."""
    assert table.state is not None
    public = table.state.public_observation()
    piles: list[tuple[str, int | None]] = []
    if table.state.game.shows_pile_tops:
        piles = [
            (seat.name, top if top >= 0 else None)
            for seat, top in zip(table.seats, public.pile_tops, strict=True)
        ]
    png = await asyncio.to_thread(
        board_png,
        public.table,
        deck_of(table),
        last_played=played,
        pile_tops=piles,
        options=options,
        played_label=tr(lang, "board.played_label"),
    )
    return discord.File(io.BytesIO(png), filename=filename)

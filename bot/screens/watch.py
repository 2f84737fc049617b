"""What a watcher sees of a match (``/watch``, a Watch button): a private Components V2
answer to the watcher's own click, refreshed by its Refresh button.

It is drawn from ``PublicTable`` alone: the table without its engine state (so no
hand and no seed) and the match's public observation. The text, the buttons and the
picture read nothing else, so no card of a hand in play can reach a watcher; the
hands of a finished deal are in the replay, which the finished view links.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

import discord
from discord import ui

from ..games import PublicObservation
from ..i18n import tr, tr_count
from ..pictures import board_png
from ..tables import Table
from .board import last_played, latest_lines, seat_lines, table_text
from .cards import CardFaces, CardWords
from .common import (
    GAME_COLOURS,
    blue,
    deck_of,
    end_text,
    grey,
    player_name,
    score_title,
    side_name,
    table_game_name,
)
from .ids import ReplayButton, ReviewButton, WatchButton
from .story import describe_events

WATCH_PICTURE = "watch.png"
LOG_LINES = 6


@dataclass(frozen=True, slots=True)
class PublicTable:
    """What watchers may see of a table: ``shell`` is the table without its engine
    state (names, settings, the match's public log), ``public`` the match's public
    observation (None before the deal), ``watchers`` how many follow it."""

    shell: Table
    public: PublicObservation | None
    watchers: int = 0


def public_table(table: Table, watchers: int = 0) -> PublicTable:
    """``table`` as watchers may see it."""
    public = table.state.public_observation() if table.state is not None else None
    shell = table.copy()
    shell.state = None
    return PublicTable(shell, public, watchers)


def watch_layout(
    seen: PublicTable,
    lang: str,
    faces: CardFaces,
    *,
    own: bool = False,
    shared: bool = False,
    replays: bool = True,
) -> ui.LayoutView:
    """The watcher's view of a match; ``own``: the asker plays it (they see what its
    watchers see, told so); ``shared``: a server's broadcast post, whose button opens
    each member's own view (a Refresh there would edit the post for everyone);
    ``replays``: the finished match's replay opens where the watcher asks from (else
    the view says where it does)."""
    shell, public = seen.shell, seen.public
    assert public is not None, "a match is watched once dealt"
    cards = CardWords(deck_of(shell), lang, faces)
    view = ui.LayoutView(timeout=None)
    icon = "📺" if shared else "👁"
    heading = [f"### {icon} {_title(shell, lang)}", _turn_text(seen, lang)]
    if own:
        heading.append(tr(lang, "watch.own_match"))
    parts: list[ui.Item] = [ui.TextDisplay("\n".join(heading))]
    if shell.settings.images:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{WATCH_PICTURE}")))
    parts.append(ui.TextDisplay(table_text(public, cards)))
    parts.append(ui.TextDisplay(_log_text(shell, public, cards)))
    parts.append(ui.Separator())
    parts.append(ui.TextDisplay(_status_text(seen, cards, shared=shared)))
    if shell.is_live or replays:
        parts.append(_buttons(shell, lang, shared=shared))
    else:
        parts.append(ui.TextDisplay(tr(lang, "watch.replay_in_dms", table=shell.id)))
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(shell.game)))
    return view


def _title(shell: Table, lang: str) -> str:
    title = tr(lang, "board.title", game=table_game_name(shell, lang), table=shell.id)
    if shell.settings.quick is not None:
        return f"{title} · {tr(lang, 'watch.quick')}"
    if shell.settings.tournament:
        tournament_id, round_no, board = (int(p) for p in shell.settings.tournament.split("/"))
        match = tr(lang, "lobby.tournament", id=tournament_id, round=round_no, board=board)
        return f"{title} · {match}"
    return title


def _turn_text(seen: PublicTable, lang: str) -> str:
    """Whose turn it is, by name (a watcher's view pings nobody); or how it ended."""
    shell, public = seen.shell, seen.public
    assert public is not None
    if shell.status == "playing":
        seat = public.to_act
        key = "board.turn_bot" if shell.seats[seat].autoplayed else "board.turn_of"
        return f"**▶ {tr(lang, key, player=player_name(shell, seat))}**"
    if public.winners and not shell.log.forfeited:
        names = ", ".join(side_name(shell, side) for side in public.winners)
        return f"**{tr(lang, 'end.won', winners=names)}**"
    return f"**{end_text(shell, lang)}**"


def _log_text(shell: Table, public: PublicObservation, cards: CardWords) -> str:
    """The hand so far (or the match's last move, once it is over)."""
    lang = cards.lang
    events = shell.log.last_events if public.is_over else shell.log.hand
    lines = describe_events(shell, events, cards)
    if not lines:
        lines = [tr(lang, "board.hand_dealt", hand=public.hand_number)]
    title = f"**{tr(lang, 'board.log')}**"
    return "\n".join([title, *latest_lines([f"• {line}" for line in lines[-LOG_LINES:]])])


def _status_text(seen: PublicTable, cards: CardWords, *, shared: bool) -> str:
    """Scores, each seat's counts, the stock, the footer and how many watch."""
    shell, public, lang = seen.shell, seen.public, cards.lang
    assert public is not None
    game = shell.engine
    lines = []
    if game.plays_to_target:
        scores = " · ".join(
            f"{side_name(shell, side)}: **{score}**" for side, score in enumerate(public.scores)
        )
        lines.append(f"**{score_title(lang, public.target)}:** {scores}")
    lines.append(seat_lines(shell, public, cards))
    if not game.deals_whole_deck:
        lines.append(f"**{tr(lang, 'board.stock')}:** {public.stock}")
    footer = tr(
        lang,
        "board.footer",
        hand=public.hand_number,
        dealer=player_name(shell, public.dealer),
        version=shell.version,
    )
    if shared:
        lines.append(f"-# {footer} · {tr(lang, 'watch.broadcast')}")
    else:
        lines.append(f"-# {footer} · 👁 {tr_count(lang, 'watch.count', max(seen.watchers, 1))}")
    return "\n".join(lines)


def _buttons(shell: Table, lang: str, *, shared: bool) -> ui.ActionRow:
    """Refresh while the match is played (a broadcast post: Watch, for one's own view);
    its replay and review once it is over."""
    row: ui.ActionRow = ui.ActionRow()
    if shell.is_live and shared:
        label = tr(lang, "watch.watch")
        row.add_item(WatchButton(shell.id, "open", label=label, emoji="👁", style=blue))
        return row
    if shell.is_live:
        label = tr(lang, "watch.refresh")
        row.add_item(WatchButton(shell.id, "refresh", label=label, emoji="🔄", style=blue))
        return row
    row.add_item(ReplayButton(shell.id, 0, "open", label=tr(lang, "watch.replay"), emoji="⏯"))
    row.add_item(ReviewButton(shell.id, label=tr(lang, "review.button"), emoji="🔍", style=grey))
    return row


def broadcast_idle(lang: str) -> ui.LayoutView:
    """A server's broadcast post while none of its matches is in play."""
    view = ui.LayoutView(timeout=None)
    text = f"### 📺 {tr(lang, 'watch.broadcast')}\n{tr(lang, 'watch.broadcast_idle')}"
    view.add_item(ui.Container(ui.TextDisplay(text)))
    return view


def picture_key(seen: PublicTable) -> tuple[int, int, str]:
    """What the picture depends on: one drawing serves every watcher of a version."""
    return (seen.shell.id, seen.shell.version, seen.shell.status)


async def watch_pictures(
    seen: PublicTable, drawn: dict[tuple[int, int, str], bytes] | None = None
) -> list[discord.File]:
    """The view's picture (the table cards, the card just played, pile tops), drawn
    off the event loop from ``seen`` alone, or taken from ``drawn`` (and kept there);
    none when the table shows no pictures."""
    shell, public = seen.shell, seen.public
    if not shell.settings.images or public is None:
        return []
    key = picture_key(seen)
    if drawn is not None and key in drawn:
        return [discord.File(io.BytesIO(drawn[key]), filename=WATCH_PICTURE)]
    piles: list[tuple[str, int | None]] = []
    if shell.engine.shows_pile_tops:
        piles = [
            (seat.name, top if top >= 0 else None)
            for seat, top in zip(shell.seats, public.pile_tops, strict=True)
        ]
    png = await asyncio.to_thread(
        board_png,
        public.table,
        deck_of(shell),
        last_played=last_played(shell),
        pile_tops=piles,
        played_label=tr(shell.locale, "board.played_label"),
    )
    if drawn is not None:
        drawn.clear()  # the latest version's only
        drawn[key] = png
    return [discord.File(io.BytesIO(png), filename=WATCH_PICTURE)]

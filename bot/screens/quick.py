"""Quick play's answers: the private "searching…" message of ``/play`` (edited by any
process through its token when the member is paired or offered the hard bot), and the
first line of the member's DMs."""

from __future__ import annotations

from datetime import datetime

import discord
from discord import ui

from ..ai.levels import Level
from ..i18n import tr
from ..ratings import Rating
from ..tables import LIVE, pool_parts
from .common import GAME_COLOURS, blue, game_name, green, grey, red
from .ids import DuoButton, PoolButton

ANONYMOUS = ("🦊", "🦉", "🐢", "🐝")
"""How members who chose no name are shown at a quick-play table, before their rating,
one animal a seat so two of equal rating are told apart: 🦊 1034, 🦉 1034? (a
provisional rating)."""


def shown_name(name: str | None, rating: str, place: int = 0) -> str:
    """A pool member as strangers see them: their chosen name, or the animal of their
    ``place`` at the table and their rating."""
    return name if name else f"{ANONYMOUS[place % len(ANONYMOUS)]} {rating}"


def searching_message(
    game: str,
    rating: Rating,
    since: datetime,
    lang: str,
    *,
    offer: bool = False,
    offered: bool = False,
    level: Level | None = None,
) -> tuple[discord.Embed, ui.View]:
    """Searching since ``since`` (a timestamp each client keeps counting), Cancel; once
    ``offer``ed, the bot at the member's ``level`` now or keep waiting; a member who
    chose to wait (``offered``) keeps the bot's button."""
    stamp = discord.utils.format_dt(since, "R")
    lines = [
        tr(lang, "pool.searching", rating=rating.text, since=stamp),
        tr(lang, "pool.where"),
    ]
    note = tr(lang, "pool.provisional") if rating.provisional else None
    view = ui.View(timeout=None)
    play = tr(lang, "pool.play_level", number=level.number) if level else tr(lang, "pool.play_bot")
    emoji = level.emoji if level else "🤖"
    if offer:
        lines.insert(1, f"**{tr(lang, 'pool.offer')}**")
        view.add_item(PoolButton("bot", label=play, emoji=emoji, style=blue))
        view.add_item(PoolButton("wait", label=tr(lang, "pool.keep_waiting"), style=grey))
    elif offered:
        view.add_item(PoolButton("bot", label=play, emoji=emoji, style=blue))
    view.add_item(PoolButton("cancel", label=tr(lang, "pool.cancel"), style=red))
    shown = _embed(game, lang, "\n".join(lines))
    if note:
        shown.set_footer(text=note)
    return shown, view


def paired_embed(game: str, opponents: list[str], lang: str, *, in_dms: bool) -> discord.Embed:
    """The searching answer once paired: who, and where the match is played (just
    below, when the member asked in their DMs with the bot; at a slow pace each turn
    comes to their DMs, so nothing is below until it is theirs)."""
    key = "pool.paired_below" if in_dms else "pool.paired"
    if pool_parts(game)[1] != LIVE:
        key = "pool.paired_slow"
    return _embed(game, lang, tr(lang, key, opponents=", ".join(opponents)))


def left_embed(game: str, lang: str, key: str = "pool.left") -> discord.Embed:
    """The searching answer once the member left the pool (or took the bot)."""
    return _embed(game, lang, tr(lang, key))


def welcome_text(key: str, lang: str) -> str:
    """The DM sent as a member enters the pool: it proves their DMs are open, and their
    match will appear under it."""
    return tr(lang, "pool.welcome", game=pool_name(key, lang))


def pool_name(key: str, lang: str) -> str:
    """A pool as members read it: its game, and its pace when slow."""
    game, pace = pool_parts(key)
    name = game_name(game, lang)
    return name if pace == LIVE else f"{name} ({tr(lang, f'pace.{pace}')})"


def _embed(key: str, lang: str, text: str) -> discord.Embed:
    title = tr(lang, "pool.title", game=pool_name(key, lang))
    colour = GAME_COLOURS.get(pool_parts(key)[0])
    return discord.Embed(title=title, description=text, colour=colour)


def invitation_message(game: str, inviter: int, name: str, lang: str) -> tuple[str, ui.View]:
    """A member's invitation to partner them at quick play, with Accept and Decline."""
    view = ui.View(timeout=None)
    view.add_item(DuoButton(inviter, "accept", label=tr(lang, "pool.accept"), style=green))
    view.add_item(DuoButton(inviter, "decline", label=tr(lang, "pool.decline"), style=grey))
    text = tr(lang, "pool.invitation", name=name, game=game_name(game, lang))
    return text, view

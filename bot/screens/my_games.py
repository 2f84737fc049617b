"""``/games``: every open match of the member, the most urgent first (their own move
first, the nearest clock first), each with whose move it is, its time left, and a
button that brings up that match's hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord
from discord import ui

from ..i18n import tr
from ..tables import Table
from .common import fit_label, green, grey, player_name, table_game_name
from .ids import HandButton

MAX_LISTED = 20
"""Matches listed (and buttons: four rows of five)."""


def by_urgency(tables: Sequence[Table], user_id: int) -> list[Table]:
    """The member's own move first, then the others; each by its clock, unclocked last;
    lobbies after matches in play."""

    def urgency(table: Table) -> tuple[int, float, int]:
        if table.status != "playing":
            return (2, 0.0, table.id)
        mine = table.seats[table.match.turn].user_id == user_id
        deadline = table.turn.deadline
        return (0 if mine else 1, deadline if deadline is not None else float("inf"), table.id)

    return sorted(tables, key=urgency)


def games_message(
    tables: Sequence[Table],
    user_id: int,
    lang: str,
    *,
    where: Callable[[Table], str],
    playable_here: Callable[[Table], bool],
) -> tuple[discord.Embed, ui.View | None]:
    """The list, and a hand button for each match in play that may be opened from
    here (``playable_here``); ``where`` names each table's server and channel."""
    listed = by_urgency(tables, user_id)[:MAX_LISTED]
    shown = discord.Embed(title=tr(lang, "games.title", count=len(tables)), colour=0x2ECC71)
    if not listed:
        shown.description = tr(lang, "games.none")
        return shown, None
    shown.description = "\n".join(_line(table, user_id, lang, where(table)) for table in listed)
    view = ui.View(timeout=None)
    for index, table in enumerate(t for t in listed if t.status == "playing"):
        mine = table.seats[table.match.turn].user_id == user_id
        label = fit_label(f"#{table.id} {table_game_name(table, lang)}")
        view.add_item(
            HandButton(
                table.id,
                label=label,
                style=green if mine else grey,
                disabled=not playable_here(table),
                row=index // 5,
            )
        )
    return shown, view


def _line(table: Table, user_id: int, lang: str, place: str) -> str:
    head = f"**#{table.id} {table_game_name(table, lang)}** · {place}"
    if table.status != "playing":
        return f"{head} · {tr(lang, 'games.lobby')}"
    turn = table.match.turn
    mine = table.seats[turn].user_id == user_id
    whose = (
        tr(lang, "games.your_move")
        if mine
        else tr(lang, "games.their_move", player=player_name(table, turn))
    )
    deadline = table.turn.deadline
    clock = tr(lang, "games.due", left=f"<t:{int(deadline)}:R>") if deadline else ""
    return f"{head} · {whose}{clock}"

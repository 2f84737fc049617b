"""The match's result: the winners, the final scores, why it ended, each member's
rating before and after (a match with hints is practice: no rating moves), and
Rematch (not after a tournament's match)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from ..games import ONE_HAND
from ..i18n import tr
from ..tables import Table, against_level
from .common import deck_of, embed, end_text, green, player_name, side_name, table_game_name
from .ids import RematchButton
from .verify import revealed


def match_over_message(
    table: Table, event: dict[str, Any], lang: str
) -> tuple[discord.Embed, ui.View]:
    view = ui.View(timeout=None)
    if not table.settings.tournament:  # the tournament pairs its next round itself
        view.add_item(RematchButton(table.id, label=tr(lang, "result.rematch"), style=green))
    return match_over_embed(table, event, lang), view


def match_over_embed(table: Table, event: dict[str, Any], lang: str) -> discord.Embed:
    """Who won and why; a forfeited tournament match names no winner but says who
    forfeited (``end_text``)."""
    lines = [f"{side_name(table, side)}: **{total}**" for side, total in enumerate(event["totals"])]
    if table.log.forfeited:
        title = tr(lang, "result.forfeited")
        lines.append(end_text(table, lang))
    else:
        title = _winners(table, event["winners"], lang)
        lines.append(match_reason(table, event["reason"], lang))
    shown = embed(table, title, "\n".join(lines))
    ratings = [
        rating_line(player_name(table, row["seat"]), row["before"], row["after"], lang)
        for row in event.get("ratings", ())
    ]
    if ratings and table.settings.hints:
        ratings = [tr(lang, "result.practice")]
    elif ratings and table.settings.clicks:
        ratings = [tr(lang, "result.friendly")]
    elif ratings and against_level(table):
        ratings = [tr(lang, "result.against_level")]
        chosen = table.log.next_levels
        if len(chosen) == 1:  # one member: what the ladder offers them next
            ratings.append(tr(lang, "result.next_level", number=next(iter(chosen.values()))))
    if ratings:
        shown.add_field(name=tr(lang, "result.ratings"), value="\n".join(ratings)[:1024])
    if table.log.commitment and not table.is_live:
        name = tr(lang, "fair.revealed_title")
        shown.add_field(name=name, value=revealed(table, lang), inline=False)
    footer = tr(lang, "result.footer", game=table_game_name(table, lang), table=table.id)
    shown.set_footer(text=footer)
    return shown


def _winners(table: Table, winners: list[int], lang: str) -> str:
    if not winners:
        return tr(lang, "result.draw")
    names = ", ".join(side_name(table, side) for side in winners)
    team = len(table.engine.sides[winners[0]]) > 1 or len(winners) > 1
    return tr(lang, "result.winner_team" if team else "result.winner_one", winners=names)


def match_reason(table: Table, reason: str, lang: str) -> str:
    """Why a finished match ended: the target reached, a cappotto…"""
    key = f"reason.{reason}"
    if reason == "cappotto" and deck_of(table).startswith("french"):
        key += ".french"  # the coins are diamonds
    if reason == "target" and table.options.get("target_score") == ONE_HAND:
        key = "reason.one_hand"
    return tr(lang, key)


def rating_line(name: str, before: int, after: int, lang: str) -> str:
    """``Ana: rating 1000 → 1032 (+32)``, on the scale people see."""
    change = f"{after - before:+d}"
    return tr(lang, "result.rating_change", name=name, before=before, after=after, change=change)

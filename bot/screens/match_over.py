"""The match's result: the winners, the final scores, why it ended, each member's
rating before and after (a match with hints is practice: no rating moves), and
Rematch (not after a tournament's match)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from ..i18n import tr
from ..tables import Table
from .common import deck_of, embed, game_name, green, player_name, side_name
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
    winners = event["winners"]
    if winners:
        names = ", ".join(side_name(table, side) for side in winners)
        team = len(table.engine.sides[winners[0]]) > 1 or len(winners) > 1
        title = tr(lang, "result.winner_team" if team else "result.winner_one", winners=names)
    else:
        title = tr(lang, "result.draw")
    lines = [f"{side_name(table, side)}: **{total}**" for side, total in enumerate(event["totals"])]
    reason = f"reason.{event['reason']}"
    if event["reason"] == "cappotto" and deck_of(table).startswith("french"):
        reason += ".french"  # the coins are diamonds
    lines.append(tr(lang, reason))
    shown = embed(table, title, "\n".join(lines))
    ratings = [
        rating_line(player_name(table, row["seat"]), row["before"], row["after"], lang)
        for row in event.get("ratings", ())
    ]
    if ratings and table.settings.hints:
        ratings = [tr(lang, "result.practice")]
    if ratings:
        shown.add_field(name=tr(lang, "result.ratings"), value="\n".join(ratings)[:1024])
    if table.log.commitment and not table.is_live:
        name = tr(lang, "fair.revealed_title")
        shown.add_field(name=name, value=revealed(table, lang), inline=False)
    footer = tr(lang, "result.footer", game=game_name(table.game, lang), table=table.id)
    shown.set_footer(text=footer)
    return shown


def rating_line(name: str, before: int, after: int, lang: str) -> str:
    """``Ana: rating 1000 → 1032 (+32)``, on the scale people see."""
    change = f"{after - before:+d}"
    return tr(lang, "result.rating_change", name=name, before=before, after=after, change=change)

"""A hand's score sheet: every category the game scores (``Game.categories``), per
side, with the counts behind them, the hand's points and the match totals.

A bonus that scored in place of other categories (RULES.md A.9: all four sevens,
all ten coins) replaces their rows: "All four sevens: 3 (instead of seven of coins
and sevens)" and no "Sevens: 0" beside it.
"""

from __future__ import annotations

from typing import Any

import discord

from ..i18n import tr
from ..tables import Table
from .cards import CardFaces
from .common import card_words, category_name, embed, side_name, table_game_name
from .story import describe_events


def hand_score_embed(
    table: Table, event: dict[str, Any], lang: str, faces: CardFaces
) -> discord.Embed:
    score = event["score"]
    title = tr(lang, "result.hand_title", hand=event["hand"] + 1, game=table_game_name(table, lang))
    lead = describe_events(table, event.get("lead", []), card_words(table, lang, faces))
    shown = embed(table, title, "\n".join(lead))
    game = table.engine
    bonuses = game.bonus_replacements(score["points"])
    replaced = {category for _, categories in bonuses.values() for category in categories}
    sides = list(zip(score["points"], score["stats"], strict=True))
    listed = [  # every side lists the same categories, so the columns line up
        category
        for category in game.categories
        if category not in replaced and any(category in p or category in s for p, s in sides)
    ]
    for side, points in enumerate(score["points"]):
        stats = score["stats"][side]
        lines = []
        for category in listed:
            if category in bonuses and category not in points:
                continue  # a bonus shows on the side that made it
            if category in bonuses:
                detail = tr(lang, f"result.replaces.{category}.{bonuses[category][0]}")
            elif category in game.counted_categories and category in stats:
                detail = str(stats[category])
            else:
                detail = ""
            lines.append(
                category_name(category, table, lang)
                + f": **{points.get(category, 0)}**"
                + (f" ({detail})" if detail else "")
            )
        if game.plays_to_target:
            lines.append(tr(lang, "result.hand_points", points=sum(points.values())))
            lines.append(tr(lang, "result.total", total=event["totals"][side]))
        shown.add_field(name=side_name(table, side)[:256], value="\n".join(lines)[:1024])
    return shown

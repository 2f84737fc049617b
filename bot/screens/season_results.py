"""A season's results post: per game, the final standings' top ten with a podium picture
of the first three. Its footer names the season's key, so the bot can tell whether it
already posted it (``publishing.seasons``)."""

from __future__ import annotations

import io
from collections.abc import Mapping

import discord

from ..i18n import tr, tr_count
from ..pictures import podium_png
from ..storage import Finish
from .common import GAME_COLOURS, game_name, listed_name
from .leaderboard import MEDALS, season_name

SHOWN = 10
"""Places listed per game."""


def marker(season: str) -> str:
    """What the post's footer ends with: the season's key, in brackets."""
    return f"[{season}]"


def season_results(
    season: str, standings: Mapping[str, list[Finish]], names: Mapping[int, str], lang: str
) -> tuple[list[discord.Embed], list[discord.File]]:
    """An embed per game with ranked members by their ``names`` (a member it lacks: a
    mention in the list, "?" on the podium picture), and the pictures they show."""
    embeds, files = [], []
    title = tr(lang, "season.results_title", season=season_name(season, lang))
    for game, finishes in standings.items():
        lines = [_line(finish, names, lang) for finish in finishes[:SHOWN]]
        embed = discord.Embed(
            title=f"{title} · {game_name(game, lang)}",
            description="\n".join(lines),
            colour=GAME_COLOURS.get(game, 0xF1C40F),
        )
        podium = [(names.get(f.user_id, "?"), f.rating) for f in finishes[:3]]
        filename = f"podium_{game}.png"
        files.append(discord.File(io.BytesIO(podium_png(podium)), filename=filename))
        embed.set_image(url=f"attachment://{filename}")
        embed.set_footer(text=f"{tr(lang, 'season.results_footer')} {marker(season)}")
        embeds.append(embed)
    return embeds, files


def _line(finish: Finish, names: Mapping[int, str], lang: str) -> str:
    place = MEDALS.get(finish.place, f"**{finish.place}.**")
    return tr(
        lang,
        "season.results_line",
        place=place,
        name=listed_name(names, finish.user_id),
        rating=finish.rating,
        wins=tr_count(lang, "count.win", finish.won),
        matches=tr_count(lang, "count.match", finish.played),
    )

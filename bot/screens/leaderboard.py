"""Server leaderboards and member stats: pages of ``player_results`` (all-time) or of
``season_results`` (a season's, where a member is ranked after ``RANKED_AFTER``
matches and shown "unranked (2/5)" before), rendered.

Ratings are ``bot.ratings``'s whole numbers. A member's trend is the change over
their last ``TREND_MATCHES`` rated matches in a game, with a sparkline of them.
"""

from __future__ import annotations

import math

import discord
from discord import ui

from ..i18n import decimal, tr, tr_count
from ..seasons import RANKED_AFTER, previous, season_of
from ..storage import LEADERBOARD_ORDER, Finish, PlayerRecord, Storage
from ..tables import FRIENDS, TableError
from .common import game_name, listed_name, sweeps_text
from .ids import LeaderboardButton
from .levels_beaten import levels_beaten_text
from .puzzle_stats import add_puzzle_field

PAGE_SIZE = 10
QUICK_PLAY = 0
"""The "server" quick-play matches are recorded under (they are of none)."""
GLOBAL = "global"
"""The global board, where a page button names a season."""
TREND_MATCHES = 10
SORTS = tuple(LEADERBOARD_ORDER)
_SPARKS = "▁▂▃▄▅▆▇█"


def _line(rank: int, record: PlayerRecord, name: str, lang: str, season: str = "") -> str:
    if season and record.played < RANKED_AFTER:
        return tr(
            lang,
            "leaderboard.unranked_line",
            name=name,
            played=record.played,
            needed=RANKED_AFTER,
            wins=tr_count(lang, "count.win", record.won),
        )
    line = tr(
        lang,
        "leaderboard.line",
        rank=rank,
        name=name,
        rating=record.rating.shown,
        wins=tr_count(lang, "count.win", record.won),
        matches=tr_count(lang, "count.match", record.played),
        rate=round(record.win_rate * 100),
    )
    sweeps = sweeps_text(record.game, record.escobas, lang)
    return f"{line} · {sweeps}" if sweeps else line


def _global_line(rank: int, record: PlayerRecord, name: str | None, lang: str) -> str:
    return tr(
        lang,
        "leaderboard.global_line",
        rank=rank,
        name=discord.utils.escape_markdown(name) if name else tr(lang, "leaderboard.anonymous"),
        rating=record.rating.text,
        wins=tr_count(lang, "count.win", record.won),
        matches=tr_count(lang, "count.match", record.played),
    )


def sparkline(values: list[int]) -> str:
    """``▁▃▇``-style bars for a run of whole numbers (flat runs sit in the middle)."""
    low, high = min(values), max(values)
    if high == low:
        return _SPARKS[3] * len(values)
    top = len(_SPARKS) - 1
    return "".join(_SPARKS[round((value - low) * top / (high - low))] for value in values)


def trend_text(shown: list[int], lang: str) -> str:
    """The rating's change over the matches in ``shown`` (oldest first), or nothing."""
    if len(shown) < 2:
        return ""
    change = shown[-1] - shown[0]
    return tr_count(
        lang, "stats.trend", len(shown) - 1, change=f"{change:+d}", spark=sparkline(shown)
    )


def favourite_game(records: list[PlayerRecord]) -> str:
    """The game a member has played most (more wins, then name, break ties)."""
    return max(records, key=lambda record: (record.played, record.won, record.game)).game


class Leaderboards:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def season_key(self, guild_id: int, game: str, choice: str) -> str | None:
        """The season ``choice`` names (``current``, ``previous``, ``all``: all-time, or a
        season's key with matches here); ``""`` for all-time; None when there is no such
        season on this server."""
        if choice == "all":
            return ""
        settings = await self.storage.guild_settings(guild_id)
        current = season_of(self.storage.clock(), settings.season_length)
        if choice == "current":
            return current
        if choice == "previous":
            return previous(current) if current else ""
        return choice if choice in await self.storage.seasons_played(guild_id, game) else None

    async def page(
        self, guild_id: int, game: str, sort: str, page: int, lang: str, season: str = ""
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """A page of the all-time board, or of ``season``'s (a season's key): members by
        the names they played under, a list of names rather than of mentions."""
        rows, count = await self.storage.leaderboard(
            guild_id,
            game,
            sort=sort,
            limit=PAGE_SIZE,
            offset=page * PAGE_SIZE,
            season=season,
            ranked_after=RANKED_AFTER if season else 1,
        )
        pages = max(math.ceil(count / PAGE_SIZE), 1)
        title = tr(
            lang,
            "leaderboard.title",
            game=game_name(game, lang),
            sort=tr(lang, f"leaderboard.sort.{sort}"),
            season=season_name(season, lang),
        )
        if rows:
            names = await self.storage.member_names(guild_id, [r.user_id for r in rows])
            first = page * PAGE_SIZE + 1
            lines = [
                _line(first + i, r, listed_name(names, r.user_id), lang, season)
                for i, r in enumerate(rows)
            ]
            description = "\n".join(lines)
        elif season:
            when = season_name(season, lang)
            description = tr(
                lang, "leaderboard.empty_season", game=game_name(game, lang), season=when
            )
        else:
            description = tr(lang, "leaderboard.empty", game=game_name(game, lang))
        embed = discord.Embed(title=title, description=description, colour=0xF1C40F)
        embed.set_footer(text=tr(lang, "leaderboard.footer", page=page + 1, pages=pages))
        view = leaderboard_view(game, sort, page, pages, lang, season) if pages > 1 else None
        return embed, view

    async def open_board(
        self,
        interaction: discord.Interaction,
        game: str,
        sort: str,
        season: str,
        scope: str,
        lang: str,
    ) -> None:
        """``/leaderboard`` (deferred): the first page of the server's board of ``season``
        (a word or a key, see ``season_key``), or of the global board (``scope``; in
        DMs, where quick play is rated on it, always)."""
        guild_id = interaction.guild_id or 0
        if scope == GLOBAL or not guild_id:
            embed, view = await self.global_page(guild_id, game, sort, 0, lang)
            await interaction.edit_original_response(embed=embed, view=view)
            return
        key = await self.season_key(guild_id, game, season)
        if key is None:
            text = tr(lang, "leaderboard.no_season", season=season, game=game_name(game, lang))
            await interaction.edit_original_response(content=text)
            return
        embed, view = await self.page(guild_id, game, sort, 0, lang, key)
        await interaction.edit_original_response(embed=embed, view=view)

    async def on_page(
        self,
        interaction: discord.Interaction,
        game: str,
        sort: str,
        page: int,
        season: str,
        lang: str,
    ) -> None:
        """A page button (deferred): the same public message shows ``page`` (in ``lang``);
        in DMs, a page of the global board only."""
        guild_id = interaction.guild_id or 0
        if season == GLOBAL:
            embed, view = await self.global_page(guild_id, game, sort, page, lang)
        elif guild_id:
            embed, view = await self.page(guild_id, game, sort, page, lang, season)
        else:
            await interaction.followup.send(tr(lang, "error.guild_only"), ephemeral=True)
            return
        await interaction.edit_original_response(embed=embed, view=view)

    async def global_page(
        self, guild_id: int, game: str, sort: str, page: int, lang: str
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """A page of the global board: members by the name they chose to show, the
        others as anonymous players. Refused in a server that keeps its matches off it
        (``/settings global_board``), whether asked by the command or a page button."""
        if not (await self.storage.guild_settings(guild_id)).global_board:
            raise TableError("leaderboard.global_off")
        lines, count = await self.storage.global_leaderboard(
            game, sort=sort, limit=PAGE_SIZE, offset=page * PAGE_SIZE
        )
        pages = max(math.ceil(count / PAGE_SIZE), 1)
        title = tr(
            lang,
            "leaderboard.global_title",
            game=game_name(game, lang),
            sort=tr(lang, f"leaderboard.sort.{sort}"),
        )
        shown = [
            _global_line(page * PAGE_SIZE + i + 1, record, name, lang)
            for i, (record, name) in enumerate(lines)
        ]
        description = "\n".join(shown) or tr(
            lang, "leaderboard.global_empty", game=game_name(game, lang)
        )
        embed = discord.Embed(title=title, description=description, colour=0xF1C40F)
        embed.set_footer(text=tr(lang, "leaderboard.global_footer", page=page + 1, pages=pages))
        view = leaderboard_view(game, sort, page, pages, lang, GLOBAL) if pages > 1 else None
        return embed, view

    async def stats(self, guild_id: int, member: discord.abc.User, lang: str) -> discord.Embed:
        """Per game: rating and trend (the server's, then the global one), results,
        sweeps per hand, season finishes; then quick play's; the favourite game. In
        DMs (``guild_id`` 0), quick play's and friends' tables' (unrated)."""
        records = await self.storage.player_stats(guild_id, member.id) if guild_id else []
        quick = await self.storage.player_stats(QUICK_PLAY, member.id)
        friendly = [] if guild_id else await self.storage.player_stats(FRIENDS, member.id)
        embed = discord.Embed(
            title=tr(lang, "stats.title", name=member.display_name), colour=0xF1C40F
        )
        if not records and not quick and not friendly:
            embed.description = tr(lang, "stats.empty")
            return await add_puzzle_field(embed, self.storage, member.id, lang, sparkline)
        favourite = favourite_game([*records, *quick, *friendly])
        embed.description = tr(lang, "stats.favourite", game=game_name(favourite, lang))
        finishes = await self.storage.finishes(guild_id, member.id)
        ended = await self.storage.unrated_ends(guild_id, member.id) if guild_id else {}
        for record in records:
            value = await self._game_text(guild_id, member.id, record, lang)
            seasons = seasons_text([f for f in finishes if f.game == record.game], lang)
            worldwide = await self._global_text(member.id, record.game, lang)
            lines = [value, ends_text(record, ended, lang), seasons, worldwide]
            embed.add_field(
                name=game_name(record.game, lang), value="\n".join(line for line in lines if line)
            )
        ended = await self.storage.unrated_ends(QUICK_PLAY, member.id)
        for record in quick:
            name = tr(lang, "stats.quick", game=game_name(record.game, lang))
            value = await self._quick_text(member.id, record, lang)
            embed.add_field(name=name, value=_joined(value, ends_text(record, ended, lang)))
        ended = await self.storage.unrated_ends(FRIENDS, member.id) if friendly else {}
        for record in friendly:  # unrated: results alone
            name = tr(lang, "stats.friends", game=game_name(record.game, lang))
            value = _game_stats(record, [], lang, rated=False)
            embed.add_field(name=name, value=_joined(value, ends_text(record, ended, lang)))
        if beaten := await levels_beaten_text(self.storage, member.id, lang):
            embed.add_field(name=tr(lang, "stats.levels_beaten"), value=beaten, inline=False)
        return await add_puzzle_field(embed, self.storage, member.id, lang, sparkline)

    async def _game_text(self, guild_id: int, user_id: int, record: PlayerRecord, lang: str):
        trail = await self.storage.rating_trail(
            guild_id, user_id, record.game, matches=TREND_MATCHES
        )
        return _game_stats(record, [rating.shown for rating in trail], lang)

    async def _quick_text(self, user_id: int, record: PlayerRecord, lang: str) -> str:
        """Quick play's results, rated on the global rating ("1012?" while provisional)."""
        trail = await self.storage.rating_trail(None, user_id, record.game, matches=TREND_MATCHES)
        rating = trail[-1].text if trail else str(record.rating.shown)
        return _game_stats(record, [r.shown for r in trail], lang, rating=rating)

    async def _global_text(self, user_id: int, game: str, lang: str) -> str:
        """The member's global rating in ``game`` ("1012?" while provisional) and its
        trend, once they played a match that counts there."""
        trail = await self.storage.rating_trail(None, user_id, game, matches=TREND_MATCHES)
        if not trail:
            return ""
        trend = trend_text([rating.shown for rating in trail], lang)
        text = tr(lang, "stats.global", rating=trail[-1].text)
        return f"{text} · {trend}" if trend else text


def ends_text(record: PlayerRecord, unrated: dict[str, int], lang: str) -> str:
    """Matches that did not end with their last hand: lost and won by forfeit (counted
    in the results above), and ``unrated[game]`` that ended with no result."""
    lines = []
    if record.forfeits or record.forfeit_wins:
        lines.append(tr(lang, "stats.forfeits", lost=record.forfeits, won=record.forfeit_wins))
    if unrated.get(record.game):
        lines.append(tr(lang, "stats.unrated_ends", count=unrated[record.game]))
    return "\n".join(lines)


def _joined(*lines: str) -> str:
    return "\n".join(line for line in lines if line)


MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def seasons_text(finishes: list[Finish], lang: str) -> str:
    """A member's season finishes in a game (newest first): the best place (the latest
    season it was reached in) and the medals, or nothing before a ranked season."""
    if not finishes:
        return ""
    best = min(finishes, key=lambda f: f.place)  # newest first: the latest such season
    medals = " ".join(
        f"{medal}×{count}"
        for place, medal in MEDALS.items()
        if (count := sum(f.place == place for f in finishes))
    )
    text = tr_count(
        lang,
        "stats.seasons",
        len(finishes),
        place=best.place,
        season=season_name(best.season, lang),
    )
    return f"{text} {medals}" if medals else text


def _game_stats(
    record: PlayerRecord,
    shown: list[int],
    lang: str,
    *,
    rating: str | None = None,
    rated: bool = True,
) -> str:
    lines = [
        tr(lang, "stats.rating", rating=rating or record.rating.shown) if rated else "",
        trend_text(shown, lang),
        tr(
            lang,
            "stats.game",
            matches=tr_count(lang, "count.match", record.played),
            wins=tr_count(lang, "count.win", record.won),
            rate=round(record.win_rate * 100),
        ),
        _takings(record, lang),
        tr(lang, "stats.with_bots", count=record.with_bots) if record.with_bots else "",
        tr(lang, "stats.with_hints", count=record.with_hints) if record.with_hints else "",
    ]
    return "\n".join(line for line in lines if line)


def _takings(record: PlayerRecord, lang: str) -> str:
    """Points and sweeps per hand, or (Rubamazzo, where points are cards) cards per match."""
    sweeps = sweeps_text(record.game, record.escobas, lang)
    if not sweeps:
        per_match = record.points / record.played if record.played else 0
        return tr(lang, "stats.cards", cards=decimal(lang, per_match, 1))
    per_hand = record.escobas / record.hands if record.hands else 0
    points = tr_count(lang, "count.point", record.points)
    return tr(
        lang, "stats.sweeps", points=points, sweeps=sweeps, per_hand=decimal(lang, per_hand, 2)
    )


def leaderboard_view(
    game: str, sort: str, page: int, pages: int, lang: str, season: str = ""
) -> ui.View:
    """Previous and Next, each naming the page it opens."""
    view = ui.View(timeout=None)
    back = tr(lang, "leaderboard.previous")
    view.add_item(
        LeaderboardButton(game, sort, max(page - 1, 0), season, label=back, disabled=page <= 0)
    )
    last = max(pages - 1, 0)
    following = tr(lang, "leaderboard.next")
    view.add_item(
        LeaderboardButton(
            game, sort, min(page + 1, last), season, label=following, disabled=page >= last
        )
    )
    return view


def season_name(season: str, lang: str) -> str:
    """``November 2026``, ``Week 48, 2026``, ``Q4 2026``, or "all time"."""
    if not season:
        return tr(lang, "season.all_time")
    year, _, part = season.partition("-")
    if part.startswith("W"):
        return tr(lang, "season.week", week=int(part[1:]), year=year)
    if part.startswith("Q"):
        return tr(lang, "season.quarter", quarter=part[1:], year=year)
    return tr(lang, "season.month", month=tr(lang, f"month.{int(part)}"), year=year)

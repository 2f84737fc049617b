"""A finished match's results: each member's leaderboard line and rating change.

Bots get no leaderboard line; members' lines count the matches that had bots, and
those where the coach gave hints. A match against a bot level moves no rating (as
lichess's games against the computer: issue 50), nor does a match with hints
(practice); both are counted (and marked) on the member's line. A season's ratings
start afresh: each member is rated there from their season rating, as all-time from
their all-time one.

A quick-play match lost by forfeit (a member left it, or let the bot play every one
of their turns) is rated as lichess rates an abandoned game: a loss for the side that
forfeited, a win for the side that stayed, whatever the score; when every side
forfeited, nobody is rated.
"""

from __future__ import annotations

from collections import Counter

from ..ratings import STARTING_RATING, Entrant, Rating, bot_rating, rate_match, side_ranks
from ..storage import MatchResult
from .model import Table
from .pace import LIVE


def members(table: Table) -> list[int]:
    """The member ids seated at ``table`` (bots aside)."""
    return [seat.user_id for seat in table.seats if seat.bot is None]


def forfeit_winners(table: Table) -> tuple[int, ...]:
    """The sides that did not forfeit the match (none when every side did)."""
    lost = {table.engine.side_of[index] for index in table.log.forfeited}
    return tuple(side for side in range(len(table.engine.sides)) if side not in lost)


def rated_forfeit(table: Table) -> bool:
    """A quick-play or slow match one side forfeited and another stayed at: rated, a
    loss for the side that forfeited."""
    strangers_or_slow = table.settings.quick or table.settings.pace != LIVE
    return bool(strangers_or_slow and table.log.forfeited and forfeit_winners(table))


def winners_of(table: Table) -> tuple[int, ...]:
    """The sides that won: the match's winners, or those that stayed after a forfeit."""
    if table.log.forfeited:
        return forfeit_winners(table)
    return tuple(table.match.winners or ())


def match_results(
    table: Table,
    ratings: dict[int, Rating],
    season: str = "",
    season_ratings: dict[int, Rating] | None = None,
    global_ratings: dict[int, Rating] | None = None,
) -> list[MatchResult]:
    """Leaderboard lines for every member of a finished match (bots have none), with
    their ratings before (``ratings``) and after the match, all-time, in ``season``
    (rated from ``season_ratings``) and on the global board (from ``global_ratings``,
    None when the server keeps its matches off it)."""
    state = table.match
    side_of = state.game.side_of
    winners = set(winners_of(table))
    with_bots = any(seat.bot for seat in table.seats)
    starting = dict.fromkeys(members(table), STARTING_RATING)
    in_season, worldwide = season_ratings or starting, global_ratings or starting
    rated, season_rated = _rated(table, ratings), _rated(table, in_season)
    global_rated = _rated(table, worldwide)
    on_global = global_ratings is not None and not table.settings.hints
    on_global = on_global and not table.settings.clicks
    shared = Counter(seat.name for seat in table.seats)
    quick = table.settings.quick is not None  # seats shown by an animal and a rating
    return [
        MatchResult(
            user_id=seat.user_id,
            won=side_of[index] in winners,
            points=state.scores[side_of[index]],
            escobas=table.log.seat_sweeps[index],
            hands=table.log.hands_played,
            with_bots=with_bots,
            with_hints=table.settings.hints,
            rating_before=ratings[seat.user_id],
            rating_after=rated[seat.user_id],
            season=season,
            season_before=in_season[seat.user_id],
            season_after=season_rated[seat.user_id],
            on_global_board=on_global,
            global_before=worldwide[seat.user_id],
            global_after=global_rated[seat.user_id],
            name="" if quick or shared[seat.name] > 1 else seat.name,  # a pair's: not own
            forfeit=bool(table.log.forfeited),
        )
        for index, seat in enumerate(table.seats)
        if seat.bot is None
    ]


def against_level(table: Table) -> bool:
    """Whether a bot level sits at the table: such a match is unrated for the members
    (as lichess's games against the computer), wherever it is played."""
    return any(seat.bot for seat in table.seats)


def _rated(table: Table, ratings: dict[int, Rating]) -> dict[int, Rating]:
    """The members' ratings after the match; unchanged by a practice match (hints), a
    friends' match in a DM or group DM, or a match against a bot level."""
    unrated = table.settings.hints or table.settings.clicks or against_level(table)
    if unrated:  # practice, among friends, or against a level
        return {user_id: ratings[user_id] for user_id in members(table)}
    ranks = side_ranks(table.match.scores, winners_of(table))
    return rate_match(_entrants(table, ratings), ranks)


def announce_ratings(table: Table, results: list[MatchResult]) -> None:
    """Put each member's rating before and after the match (on the scale people see)
    into the match's result waiting to be posted, in seat order: the server's, or for
    a quick-play match the global one (the only one it moves that anyone sees)."""
    changes = {result.user_id: result for result in results}
    rows = [
        {"seat": index, **_change(changes[seat.user_id], global_=bool(table.settings.quick))}
        for index, seat in enumerate(table.seats)
        if seat.user_id in changes
    ]
    table.log.ratings = rows
    table.log.results = [
        {**event, "ratings": rows} if event["kind"] == "match_over" else event
        for event in table.log.results
    ]


def _change(result: MatchResult, *, global_: bool) -> dict[str, int]:
    if global_:
        return {"before": result.global_before.shown, "after": result.global_after.shown}
    return {"before": result.rating_before.shown, "after": result.rating_after.shown}


def _entrants(table: Table, ratings: dict[int, Rating]) -> list[list[Entrant]]:
    """The match's sides as rating entrants: members with ``ratings``, bots fixed."""
    return [
        [
            Entrant(seat.user_id, bot_rating(seat.bot), seat.bot)
            if seat.bot
            else Entrant(seat.user_id, ratings[seat.user_id])
            for seat in (table.seats[index] for index in side)
        ]
        for side in table.engine.sides
    ]

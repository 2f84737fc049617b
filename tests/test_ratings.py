"""OpenSkill ratings: the maths of a match, and how storage keeps, sorts and trails them."""

from __future__ import annotations

from itertools import pairwise

import pytest

from bot.ratings import STARTING_RATING, Entrant, Rating, bot_rating, rate_match, side_ranks
from bot.screens.leaderboard import favourite_game, sparkline, trend_text
from bot.storage import MatchResult, RatingsMoved, Storage


def member(user_id: int, rating: Rating = STARTING_RATING) -> Entrant:
    return Entrant(user_id, rating)


def bot(level: str) -> Entrant:
    return Entrant(-1, bot_rating(level), level)


def test_a_new_member_shows_1000():
    assert STARTING_RATING.shown == 1000


def test_two_players_the_winner_climbs_and_the_loser_drops_by_as_much():
    after = rate_match([[member(1)], [member(2)]], side_ranks([21, 15], [0]))
    assert after[1].mu > 25 > after[2].mu
    assert after[1].mu - 25 == pytest.approx(25 - after[2].mu)
    assert after[1].sigma < STARTING_RATING.sigma and after[2].sigma < STARTING_RATING.sigma
    assert after[1].shown > 1000


def test_teams_are_rated_as_teams():
    sides = [[member(1), member(3)], [member(2), member(4)]]
    after = rate_match(sides, side_ranks([11, 21], [1]))
    assert after[2] == after[4] and after[1] == after[3]
    assert after[2].mu > 25 > after[1].mu


def test_three_players_rank_by_result():
    sides = [[member(1)], [member(2)], [member(3)]]
    ranks = side_ranks([12, 21, 8], [1])
    assert ranks == [1, 0, 2]
    after = rate_match(sides, ranks)
    assert after[2].mu > after[1].mu > after[3].mu


def test_a_draw_ranks_every_side_equal():
    assert side_ranks([20, 20], []) == [0, 0]
    after = rate_match([[member(1)], [member(2)]], [0, 0])
    assert after[1].mu == pytest.approx(after[2].mu)


def test_bots_are_fixed_opponents_left_out_of_the_result():
    after_hard = rate_match([[member(1)], [bot("expert")]], [0, 1])
    after_easy = rate_match([[member(1)], [bot("random")]], [0, 1])
    assert set(after_hard) == {1}
    assert after_hard[1].mu - 25 > after_easy[1].mu - 25 > 0
    lost_to_easy = rate_match([[member(1)], [bot("random")]], [1, 0])
    lost_to_hard = rate_match([[member(1)], [bot("expert")]], [1, 0])
    assert 25 - lost_to_easy[1].mu > 25 - lost_to_hard[1].mu > 0


def test_a_member_teamed_with_a_bot_is_rated():
    after = rate_match([[member(1), bot("greedy")], [member(2), bot("greedy")]], [0, 1])
    assert set(after) == {1, 2} and after[1].mu > 25 > after[2].mu


def test_trend_and_sparkline():
    assert sparkline([1000, 1100, 1050]) == "▁█▅"
    assert sparkline([1000, 1000]) == "▄▄"
    assert trend_text([1000], "en") == ""
    assert trend_text([1000, 1137, 1080], "en") == "▁█▅ +80 over the last 2 matches"
    assert trend_text([1000, 1138], "en") == "▁█ +138 over the last match"
    assert trend_text([1000, 927], "es") == "█▁ -73 en la última partida"


@pytest.fixture
async def storage(database_url):
    db = await Storage.open(database_url)
    yield db
    await db.close()


def result(user_id: int, won: bool, before: Rating, after: Rating) -> MatchResult:
    return MatchResult(
        user_id=user_id,
        won=won,
        points=21 if won else 10,
        escobas=1,
        hands=4,
        rating_before=before,
        rating_after=after,
    )


async def record(storage: Storage, table_id: int, game: str, results: list[MatchResult]) -> None:
    row = {
        "guild_id": 1,
        "channel_id": 2,
        "thread_id": None,
        "host_id": results[0].user_id,
        "game": game,
        "options": {},
        "status": "finished",
        "locale": "en",
        "seats": [],
        "state": None,
        "version": 1,
        "ui": {},
        "in_channel": 0,
        "rematch_of": None,
    }
    assert await storage.create_table(row) == table_id
    await storage.save_table(table_id, row, revision=0, results=results)


async def test_leaderboard_sorts_by_rating_wins_or_matches(storage):
    strong, busy = Rating(32.0, 3.0), Rating(26.0, 5.0)
    await record(storage, 1, "escoba", [result(1, True, STARTING_RATING, strong)])
    for table_id, before in ((2, STARTING_RATING), (3, busy)):
        await record(storage, table_id, "escoba", [result(2, False, before, busy)])
    await record(storage, 4, "escoba", [result(3, True, STARTING_RATING, STARTING_RATING)])
    await record(storage, 5, "escoba", [result(3, True, STARTING_RATING, Rating(25.0, 8.0))])

    def order(rows):
        return [row.user_id for row in rows]

    by_rating, count = await storage.leaderboard(1, "escoba", sort="rating", limit=10, offset=0)
    assert count == 3 and order(by_rating) == [1, 2, 3]
    assert by_rating[0].rating.shown == Rating(32.0, 3.0).shown == 1920
    by_wins, _ = await storage.leaderboard(1, "escoba", sort="wins", limit=10, offset=0)
    assert order(by_wins) == [3, 1, 2]
    by_matches, _ = await storage.leaderboard(1, "escoba", sort="matches", limit=10, offset=0)
    assert order(by_matches) == [3, 2, 1]


async def test_ratings_trail_and_unrated_members_start_fresh(storage):
    ratings = [STARTING_RATING, Rating(27.0, 7.5), Rating(26.0, 7.0), Rating(28.0, 6.5)]
    for table_id, (before, after) in enumerate(pairwise(ratings), 1):
        await record(storage, table_id, "scopa", [result(7, True, before, after)])
    assert await storage.rating_trail(1, 7, "scopa", matches=10) == ratings
    assert await storage.rating_trail(1, 7, "scopa", matches=2) == ratings[1:]
    assert await storage.rating_trail(1, 7, "escoba", matches=10) == []
    assert await storage.ratings(1, "scopa", [7, 8]) == {7: ratings[-1], 8: STARTING_RATING}
    changes = await storage.match_rating_changes(2)
    assert changes == {7: (ratings[1], ratings[2])}
    with pytest.raises(RatingsMoved):
        await record(storage, 4, "scopa", [result(7, True, ratings[1], ratings[2])])
    assert await storage.ratings(1, "scopa", [7]) == {7: ratings[-1]}, "a stale rating is refused"
    assert await storage.match_rating_changes(4) == {}
    records = await storage.player_stats(1, 7)
    assert favourite_game(records) == "scopa"

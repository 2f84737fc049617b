"""The puzzle storage on both databases: served near the rating and never twice, the
first attempt alone rated, the day's puzzle chosen once (the first choice wins) and
its board; Glicko-2 against Glickman's worked example."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.puzzles.glicko import Rating, rate, update
from bot.storage import Storage
from bot.storage.puzzle_play import FAILED, SOLVED, AttemptEnd
from tests.test_bot_puzzles import early_puzzle, multi_move_puzzle, store


def test_glicko_moves_as_glickmans_example():
    """Glickman's example player (1500, 200, 0.06) beating a 1400 ± 30 player: one
    game of his three, rated alone."""
    after = update(Rating(1500, 200, 0.06), Rating(1400, 30, 0.06), 1.0)
    assert round(after.rating, 1) == 1563.6 and round(after.deviation, 1) == 175.4
    assert abs(after.volatility - 0.06) < 1e-4


@given(
    st.floats(800, 2500),
    st.floats(45, 350),
    st.floats(800, 2500),
    st.floats(45, 350),
    st.booleans(),
)
def test_a_first_attempt_moves_member_and_puzzle_opposite_ways(mr, md, pr, pd, solved):
    member, puzzle = rate(Rating(mr, md), Rating(pr, pd), solved=solved)
    assert (member.rating > mr) == solved and (puzzle.rating < pr) == solved
    assert 45 <= member.deviation <= 350 and 45 <= puzzle.deviation <= 350


async def test_puzzles_are_served_near_the_rating_never_twice(database_url):
    storage = await Storage.open(database_url)
    try:
        multi, early = multi_move_puzzle(), early_puzzle()
        first, second = await store(storage, multi, early)
        assert await storage.next_puzzle_id(7, 1500.0, "escoba") is None
        assert await storage.next_puzzle_id(7, 1500.0, None, "matta") is None
        assert await storage.next_puzzle_id(7, 1500.0, "scopa", "seven_of_coins") == second
        served = await storage.next_puzzle_id(7, 1500.0)
        assert served in (first, second)
        await storage.start_attempt(7, served)
        other = await storage.next_puzzle_id(7, 1500.0)
        assert other is not None and other != served
        await storage.start_attempt(7, other)
        assert await storage.next_puzzle_id(7, 1500.0) is None, "never one tried before"
        assert await storage.has_puzzles("scopa", "sweep")
        assert not await storage.has_puzzles("cirulla")
        later = replace(early_puzzle(), themes=("matta",), key="later")
        (third,) = await store(storage, later)
        assert await storage.next_puzzle_id(7, 1500.0, None, "matta") == third, (
            "a puzzle stored after a theme was looked for is found by its theme"
        )
    finally:
        await storage.close()


async def test_the_first_attempt_alone_moves_the_ratings(database_url):
    storage = await Storage.open(database_url)
    try:
        (number,) = await store(storage, multi_move_puzzle())
        await storage.start_attempt(7, number)
        attempt = await storage.attempt(7, number)
        assert attempt is not None and not attempt.rated
        member, puzzle = rate(Rating(), Rating(), solved=False)
        await storage.finish_attempt(attempt, 0, AttemptEnd(FAILED, 5, member, puzzle))
        record = await storage.puzzle_record(7)
        assert (record.attempts, record.solved, record.streak) == (1, 0, 0)
        assert record.rating == member
        failed = await storage.attempt(7, number)
        assert failed is not None and failed.first_solved is False and failed.wrong_move == 5
        await storage.retry_attempt(failed)
        retried = await storage.attempt(7, number)
        assert retried is not None and retried.step == 0 and retried.retries == 1
        await storage.finish_attempt(retried, 4, AttemptEnd(SOLVED))
        assert await storage.puzzle_record(7) == record, "a retry moves nothing"
        stored = await storage.stored_puzzle(number)
        assert stored is not None and stored.rating == puzzle and stored.attempts == 1
        assert await storage.next_puzzle_id(8, puzzle.rating, None, "sweep") == number
        assert await storage.next_puzzle_id(8, puzzle.rating + 1, None, "sweep") == number
        assert [round(r) for r in await storage.puzzle_trail(7)] == [1500, round(member.rating)]
    finally:
        await storage.close()


async def test_the_days_puzzle_is_chosen_once_and_has_its_board(database_url):
    storage = await Storage.open(database_url)
    try:
        first, second = await store(storage, multi_move_puzzle(), early_puzzle())
        picked = await storage.daily_candidate(3, 150.0)
        assert picked in (first, second)
        await storage.choose_daily("2026-11-26", first, "c1")
        await storage.choose_daily("2026-11-26", second, "c2")
        assert await storage.daily_puzzle("2026-11-26") == (first, "c1"), "the first wins"
        assert await storage.daily_candidate(3, 150.0) == second, "never chosen twice"
        await storage.record_daily("2026-11-26", 1, 10, "ana", True)
        await storage.record_daily("2026-11-26", 2, 20, "bob", False)
        await storage.record_daily("2026-11-26", 1, 10, "ana", False)
        assert await storage.daily_solvers("2026-11-26", 10) == ["ana"]
        assert await storage.daily_counts("2026-11-26", 10) == (1, 1)
        assert await storage.daily_counts("2026-11-26") == (1, 2)
    finally:
        await storage.close()


@pytest.mark.parametrize("theme", ["sweep", None])
async def test_an_unknown_member_starts_at_the_default_rating(database_url, theme):
    storage = await Storage.open(database_url)
    try:
        record = await storage.puzzle_record(99)
        assert record.rating == Rating() and record.attempts == 0
        assert await storage.next_puzzle_id(99, 1500.0, None, theme) is None
    finally:
        await storage.close()

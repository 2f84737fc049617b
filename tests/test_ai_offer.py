"""The ladder's offer rule: two wins in a row up, two losses down, a settled rating by rating."""

from __future__ import annotations

from bot.ai.offer import START, offered_level
from bot.ratings import Rating


def offered(*record: tuple[str, bool], rating: Rating | None = None) -> int:
    return offered_level(list(record), rating).number


def test_a_newcomer_meets_the_middle_of_the_ladder():
    assert offered() == START == 3
    assert offered(("pimc", True), ("pimc", True)) == START, "unknown names are left out"


def test_two_wins_in_a_row_offer_the_next_level_and_two_losses_the_one_below():
    assert offered(("greedy", True), ("greedy", True)) == 4
    assert offered(("greedy", False), ("greedy", False)) == 2
    assert offered(("greedy", True), ("greedy", False)) == 3, "mixed: the same level again"
    assert offered(("greedy", True)) == 3, "one win is not yet two"
    assert offered(("greedy", True), ("sharp", True)) == 4, "the streak is against one level"
    assert offered(("sharp", False), ("greedy", True), ("greedy", True)) == 4


def test_the_ladder_ends_are_kept():
    assert offered(("expert", True), ("expert", True)) == 5
    assert offered(("random", False), ("random", False)) == 1


def test_a_settled_rating_picks_by_rating_a_provisional_one_does_not():
    settled = Rating(mu=29.0, sigma=3.0)
    assert offered(("random", False), ("random", False), rating=settled) == 5
    assert offered(rating=Rating(mu=19.5, sigma=3.0)) == 2
    assert offered(("greedy", True), ("greedy", True), rating=Rating()) == 4, "provisional"

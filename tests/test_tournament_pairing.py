"""Tournament pairing and standings, pure: Swiss rounds never repeat a pairing nor
give a second bye (small fields looking ahead to the last round, large ones by the
matching), keep score groups together, fold them; knock-out seeds the bracket so the
top seeds get the byes and meet last; standings rank by points, Buchholz,
points-per-hand difference, then head-to-head."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    BYE,
    Entry,
    bracket_pairs,
    first_bracket,
    knockout_rounds,
    seed_order,
    swiss_pairs,
)
from bot.tournaments.rules import default_rounds
from bot.tournaments.standings import Outcome, standings


def play_swiss(entrants: int, rounds: int, seed: int) -> list[list[tuple[int, int]]]:
    """Every round paired and played at random; the rounds' pairs."""
    rng = random.Random(seed)
    entries = {n: Entry(n, rating=rng.randint(800, 1600)) for n in range(1, entrants + 1)}
    played = []
    for number in range(rounds):
        pairs = swiss_pairs(list(entries.values()), rounds - number - 1)
        played.append(pairs)
        for a, b in pairs:
            first = entries[a]
            if b == BYE:
                entries[a] = Entry(
                    a, first.points + 2, first.opponents, first.byes + 1, first.rating
                )
                continue
            second = entries[b]
            winner = rng.choice((a, b))
            entries[a] = Entry(
                a, first.points + 2 * (winner == a), first.opponents | {b}, first.byes, first.rating
            )
            entries[b] = Entry(
                b,
                second.points + 2 * (winner == b),
                second.opponents | {a},
                second.byes,
                second.rating,
            )
    return played


def check_rounds(entrants: int, played: list[list[tuple[int, int]]]) -> None:
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for pairs in played:
        seated = [e for pair in pairs for e in pair if e != BYE]
        assert sorted(seated) == list(range(1, entrants + 1)), "everyone plays each round"
        for a, b in pairs:
            if b == BYE:
                byes.append(a)
                continue
            assert frozenset((a, b)) not in met, f"{a} and {b} meet twice"
            met.add(frozenset((a, b)))
    assert len(byes) == len(set(byes)), "a second bye"
    assert len(byes) == (len(played) if entrants % 2 else 0)


@given(st.integers(4, 40), st.integers(0, 10_000))
@settings(max_examples=60, deadline=None)
def test_swiss_rounds_never_repeat_a_pairing_nor_give_a_second_bye(entrants, seed):
    check_rounds(entrants, play_swiss(entrants, default_rounds("swiss", entrants), seed))


@pytest.mark.parametrize("entrants", [4, 5, 6, 7, 8, 9, 10])
def test_a_small_field_can_play_a_whole_round_robin_without_a_rematch(entrants):
    rounds = entrants - 1 if entrants % 2 == 0 else entrants
    check_rounds(entrants, play_swiss(entrants, rounds, seed=entrants))


def test_the_first_round_folds_the_field_by_rating():
    entries = [Entry(n, rating=2000 - n) for n in range(1, 9)]
    assert swiss_pairs(entries) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_score_groups_stay_together_and_the_lowest_score_gets_the_bye():
    winners = [Entry(n, points=2, opponents=frozenset({n + 3}), rating=100 - n) for n in (1, 2, 3)]
    losers = [Entry(n, points=0, opponents=frozenset({n - 3}), rating=100 - n) for n in (4, 5, 6)]
    bye_had = Entry(7, points=2, byes=1, rating=10)
    pairs = swiss_pairs([*winners, *losers, bye_had])
    scores = {e.entrant: e.points for e in [*winners, *losers, bye_had]}
    played = [(a, b) for a, b in pairs if b != BYE]
    assert all(scores[a] == scores[b] for a, b in played), "four winners, two losers"
    bye = next(a for a, b in pairs if b == BYE)
    assert scores[bye] == 0 and bye != 7


def test_knockout_seeds_meet_last_and_the_top_seeds_get_the_byes():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert knockout_rounds(5) == 3 and knockout_rounds(256) == 8
    slots = first_bracket([11, 12, 13, 14, 15])  # entrants by seed, best first
    assert bracket_pairs(slots) == [(11, BYE), (14, 15), (12, BYE), (13, BYE)]


def test_standings_rank_by_points_then_buchholz_then_per_hand_then_head_to_head():
    outcomes = [
        Outcome(1, 1, 2, 1, 21, 10, 3),
        Outcome(1, 3, 4, 3, 21, 15, 3),
        Outcome(2, 1, 3, 3, 12, 21, 3),
        Outcome(2, 2, 4, 2, 21, 20, 4),
    ]
    lines = standings([1, 2, 3, 4], outcomes)
    assert [line.entrant for line in lines] == [3, 1, 2, 4]
    first, second = lines[0], lines[1]
    assert (first.points, first.wins, second.points) == (4, 2, 2)
    assert lines[1].buchholz == 4 + 2 and lines[2].buchholz == 2 + 0
    assert round(second.per_hand, 2) == round((21 + 12 - 10 - 21) / 6, 2)
    tied = standings([1, 2], [Outcome(1, 2, 1, 2, 5, 5, 0)])
    assert [line.entrant for line in tied] == [2, 1], "head-to-head breaks the last tie"


def test_a_bye_is_a_win_and_a_double_forfeit_two_losses():
    lines = {
        line.entrant: line
        for line in standings([1, 2, 3], [Outcome(1, 1, BYE, 1), Outcome(1, 2, 3, 0)])
    }
    assert (lines[1].points, lines[1].wins, lines[1].buchholz) == (2, 1, 0)
    assert (lines[2].losses, lines[3].losses, lines[2].points) == (1, 1, 0)

"""RULES.md G.2.1: Scopa d'Assi (the ace takes all), every worked example, in Scopa
and in Scopone."""

from __future__ import annotations

import pytest

from bot.games import make_game, parse_cards
from tests.worked_helpers import norm, only, play, texts

ACES = {"ace_takes_all": True}


def scopa(**options):
    return make_game("scopa", {**ACES, **options})


def ace_moves(state, ace: str) -> list[str]:
    card = parse_cards(ace)[0]
    return texts(m for m in state.legal_moves() if m & 63 == card)


@pytest.mark.parametrize(("sweeps", "scopa_scored"), [(False, False), (True, True)])
def test_g_as_1_take_all(sweeps, scopa_scored):
    state = scopa(ace_sweep_is_scopa=sweeps).new_position(["1b Co", "2b"], "5c 3o Re")
    assert ace_moves(state, "1b") == norm("1b:5c+3o+Re")
    after, events = play(state, "1b:5c+3o+Re")
    assert only(events, "captured").sweep is scopa_scored
    assert after.table == ()


@pytest.mark.parametrize(
    ("on_table", "expected"),
    [("rank_match", ["1c:1o"]), ("still_takes_all", ["1c:1o+6c+2e"])],
)
def test_g_as_2_an_ace_already_on_the_table(on_table, expected):
    state = scopa(ace_on_table=on_table).new_position(["1c Co", "2b"], "1o 6c 2e")
    assert ace_moves(state, "1c") == norm(*expected)


@pytest.mark.parametrize(("on_table", "sweep"), [("rank_match", True), ("still_takes_all", False)])
def test_g_as_3_a_lone_ace(on_table, sweep):
    state = scopa(ace_on_table=on_table).new_position(["1e Co", "2b"], "1o")
    _, events = play(state, "1e:1o")
    assert only(events, "captured").sweep is sweep, "by rank an ordinary scopa; a take-all no"


def test_g_as_4_an_ace_on_an_empty_table_takes_itself():
    state = scopa().new_position(["1c Co", "2b"], "")
    (move,) = [m for m in state.legal_moves() if m & 63 == parse_cards("1c")[0]]
    after, events = state.apply(move)
    assert after.table == () and after.piles[0] == 1 << parse_cards("1c")[0]
    assert after.last_taker == 0 and not only(events, "captured").sweep


def test_g_as_4_stays():
    state = scopa(ace_on_empty_table="stays").new_position(["1c Co", "2b"], "")
    assert ace_moves(state, "1c") == norm("1c")
    after, _ = play(state, "1c")
    assert after.table == tuple(parse_cards("1c"))


@pytest.mark.parametrize(("table", "expected"), [("1o 2c", ["3e:1o+2c"]), ("1o 2c 3b", ["3e:3b"])])
def test_g_as_5_aces_as_prey(table, expected):
    state = scopa().new_position(["3e Co", "2b"], table)
    assert ace_moves(state, "3e") == norm(*expected)


def test_regola_del_vile_forbids_leading_an_ace():
    game = make_game("scopone", {**ACES, "first_lead_ace_forbidden": True})
    state = next(
        s
        for s in (game.new_match(seed) for seed in range(100))
        if any(card % 10 == 0 for card in s.hands[s.turn])
    )
    assert all((move & 63) % 10 != 0 for move in state.legal_moves()), "no ace led"
    after, _ = state.apply(state.legal_moves()[0])
    follower_aces = [m for m in after.legal_moves() if (m & 63) % 10 == 0]
    assert follower_aces or not any(c % 10 == 0 for c in after.hands[after.turn]), (
        "only the first card of the hand"
    )

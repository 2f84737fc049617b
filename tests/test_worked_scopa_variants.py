"""RULES.md G.2.1: Scopa d'Assi (the ace takes all), every worked example, in Scopa
and in Scopone; Scopa a 15 (G.2.4); G.0.1's ``sum_choice`` in Scopa."""

from __future__ import annotations

import pytest

from bot.games import OptionsError, make_game, parse_cards
from tests.worked_helpers import norm, only, play, texts

ACES = {"ace_takes_all": True}


def scopa(**options):
    return make_game("scopa", {**ACES, **options})


def ace_moves(state, ace: str) -> list[str]:
    """The legal moves of one card (an ace, or any card named)."""
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


# -- G-Q-1 .. G-Q-3: Scopa a 15 ---------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "card", "fifteen", "italian"),
    [
        ("6o 4c 2e Cb", "3b", ["3b:6o+4c+2e"], ["3b"]),  # G-Q-1
        ("Sc 1o 7e 3b 4e", "7c", ["7c:Sc", "7c:1o+7e", "7c:1o+3b+4e"], ["7c:7e"]),  # G-Q-2
        ("2o 3e 5b", "Ro", ["Ro:5b", "Ro:2o+3e"], ["Ro:2o+3e+5b"]),  # G-Q-3
    ],
)
def test_g_q_fifteen_only(table, card, fifteen, italian):
    a15 = make_game("scopa", {"capture_mode": "fifteen"})
    assert ace_moves(a15.new_position([f"{card} Co", "2b"], table), card) == norm(*fifteen)
    classic = make_game("scopa", {})
    assert ace_moves(classic.new_position([f"{card} Co", "2b"], table), card) == norm(*italian)


def test_scopa_a_15_deals_the_dealer_a_first_table_of_15():
    game = make_game("scopa", {"capture_mode": "fifteen"})
    assert game.captures_fifteen and not make_game("scopa").captures_fifteen
    for seed in range(200):
        events = []
        state = game.new_match(seed, events)
        swept = [e for e in events if e.kind == "initial_sweep"]
        if swept:
            assert swept[0].seat == state.dealer and state.sweeps[state.dealer] == swept[0].sweeps
            assert state.table == ()
            return
    raise AssertionError("no first table of 15 or 30 in 200 deals")


def test_g_as_deal_for_four_is_ten_each_on_an_empty_table():
    state = scopa(players=4).new_match(2)
    assert [len(hand) for hand in state.hands] == [10] * 4 and state.table == ()
    three = scopa(players=3).new_match(2)
    assert [len(hand) for hand in three.hands] == [3] * 3 and len(three.table) == 4


# -- G.0.1 sum_choice, in Scopa as in Scopone (G-SC-5) ----------------------------------


@pytest.mark.parametrize(
    ("sum_choice", "expected"),
    [
        ("free", ["Cb:2o+7c", "Cb:4e+5b", "Cb:2o+3c+4e"]),
        ("fewest_cards", ["Cb:2o+7c", "Cb:4e+5b"]),
    ],
)
def test_g_sc_5_sum_choice_in_scopa(sum_choice, expected):
    game = make_game("scopa", {"sum_choice": sum_choice})
    state = game.new_position(["Cb Co", "2b"], "2o 3c 4e 5b 7c")
    assert ace_moves(state, "Cb") == norm(*expected)


def test_sum_choice_leaves_the_rank_match_beside_the_fewest_sums():
    """Without rank priority an equal card is one more option: ``fewest_cards`` narrows
    only the sums (rule 2), so the equal card stays."""
    game = make_game("scopa", {"sum_choice": "fewest_cards", "rank_match_priority": False})
    state = game.new_position(["Cb Co", "2b"], "2o 3c 4e 5b 7c Ce")
    assert ace_moves(state, "Cb") == norm("Cb:Ce", "Cb:2o+7c", "Cb:4e+5b")


def test_sum_choice_is_italian_capture_only():
    """Scopa a 15 takes by fifteens, with no sums of the card's value to choose among."""
    with pytest.raises(OptionsError, match="sum_choice applies to the Italian capture"):
        make_game("scopa", {"capture_mode": "fifteen", "sum_choice": "fewest_cards"})

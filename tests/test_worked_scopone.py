"""RULES.md G.1 (Scopone) and G.0.3 / G.2.2–G.2.3 (re bello, napola): every worked
example, as test data written out here."""

from __future__ import annotations

import pytest

from bot.games import make_game, mask_of, parse_cards, parse_move
from bot.games.engine import State
from bot.games.scoring import CoinBonuses, napola_run, score_scopa
from tests.worked_helpers import nonzero, norm, only, play, texts


def scopone(**options):
    return make_game("scopone", options)


def four_hands(*hands: str) -> list[str]:
    """Hands for seats 0–3 (the ones not given are empty)."""
    return [*hands, *[""] * (4 - len(hands))]


# -- G-SC-1, G-SC-2: the deal --------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "void"), [("Rc Ro 4e Rb", True), ("Rc Ro 4e 5b", False), ("Rc Ro Re Rb", True)]
)
def test_g_sc_1_classico_redeals_on_three_kings(table, void):
    game = scopone(scopone_deal="nine_plus_four")
    state = game.new_position(four_hands(), table)
    assert game._void_deal(state, []) is void


def test_g_sc_1_scientifico_never_redeals():
    game = scopone()
    state = game.new_position(four_hands(), "")
    assert game._void_deal(state, []) is False


def dealt_by_dealer_0(deal: str) -> State:
    game = scopone(scopone_deal=deal)
    state = game.new_match(1)
    state.deck, state.dealer = tuple(range(40)), 0
    game._deal_first(state)
    return state


def test_g_sc_2_ten_each_deals_packets_of_3_3_4_mano_first():
    state = dealt_by_dealer_0("ten_each")
    assert state.hands[1] == (0, 1, 2, 12, 13, 14, 24, 25, 26, 27)
    assert state.hands[2] == (3, 4, 5, 15, 16, 17, 28, 29, 30, 31)
    assert state.hands[3] == (6, 7, 8, 18, 19, 20, 32, 33, 34, 35)
    assert state.hands[0] == (9, 10, 11, 21, 22, 23, 36, 37, 38, 39)
    assert state.table == () and state.turn == 1, "an empty table; the mano leads"


def test_g_sc_2_nine_plus_four_deals_two_to_the_table_after_each_round():
    state = dealt_by_dealer_0("nine_plus_four")
    assert state.hands[1] == (0, 1, 2, 14, 15, 16, 28, 29, 30)
    assert state.hands[0] == (9, 10, 11, 23, 24, 25, 37, 38, 39)
    assert sorted(state.table) == [12, 13, 26, 27]
    assert state.pos == 40 and state.in_hands == 36


def test_a_match_deals_the_whole_deck_and_partners_sit_opposite():
    game = scopone()
    state = game.new_match(5)
    assert [len(hand) for hand in state.hands] == [10] * 4 and state.table == ()
    assert game.sides == ((0, 2), (1, 3))
    assert state.turn == (state.dealer + 1) % 4


# -- G-SC-3 .. G-SC-6: a turn ---------------------------------------------------------


def test_g_sc_3_opening_on_an_empty_table():
    game = scopone()
    state = game.new_position(four_hands("6o", "4c 2o", "4e Ce", "5o"), "", turn=1, dealer=0)
    assert texts(state.legal_moves()) == norm("4c", "2o"), "nothing to take: laid down"
    state, _ = play(state, "4c")
    assert texts(state.legal_moves()) == norm("4e:4c", "Ce")
    after, events = play(state, "4e:4c")
    assert only(events, "captured").sweep and after.sweeps[2] == 1, "a scopa for A"
    after, _ = play(state, "Ce")
    assert sorted(after.table) == sorted(parse_cards("4c Ce"))


def test_g_sc_4_rank_first():
    state = scopone().new_position(four_hands("7b Co"), "3o 4c 7e 2b")
    assert texts(m for m in state.legal_moves() if m & 63 == parse_cards("7b")[0]) == norm("7b:7e")


@pytest.mark.parametrize(
    ("sum_choice", "expected"),
    [
        ("free", ["Cb:2o+7c", "Cb:4e+5b", "Cb:2o+3c+4e"]),
        ("fewest_cards", ["Cb:2o+7c", "Cb:4e+5b"]),
    ],
)
def test_g_sc_5_sum_choice(sum_choice, expected):
    state = scopone(sum_choice=sum_choice).new_position(four_hands("Cb"), "2o 3c 4e 5b 7c")
    assert texts(state.legal_moves()) == norm(*expected)


@pytest.mark.parametrize(("last_play_scores", "sweep"), [(False, False), (True, True)])
def test_g_sc_6_a_sweep_with_the_last_card(last_play_scores, sweep):
    game = scopone(scopa_on_last_play=last_play_scores)
    state = game.new_position(four_hands("7o"), "5c 2e", turn=0, dealer=0)
    _, events = play(state, "7o:5c+2e")
    assert only(events, "captured").sweep is sweep
    assert only(events, "hand_scored").score.points[0].get("sweeps", 0) == int(sweep)


def test_g_sc_6_the_leftovers_go_to_the_last_capturer_and_are_no_scopa():
    state = scopone().new_position(four_hands("7o"), "5c 2e 4b", turn=0, dealer=0)
    _, events = play(state, "7o:5c+2e")
    assert not only(events, "captured").sweep
    leftovers = only(events, "leftovers_taken")
    assert leftovers.seat == 0 and leftovers.cards == parse_cards("4b")


# -- G-SC-7, G-SC-8, G-RB-1: scoring --------------------------------------------------

SC7_A = "7o 1o 2o 3o So 6c 5c 4c Sc Cc 6e 4e 3e Se Ce 6b 5b 4b 3b Sb"
SC8_A = "1o 2o 3o 4o 5o 7o Ro 7c 6c 1c 2c 7e 6e 2e 3e Se 6b 5b 4b Sb Cb Rb"


def hand_points(pile_a: str, sweeps: list[int], **bonuses) -> list[dict[str, int]]:
    a = mask_of(parse_cards(pile_a))
    score = score_scopa([a, ((1 << 40) - 1) & ~a], sweeps, bonuses=CoinBonuses(**bonuses))
    return [nonzero(side) for side in score.points]


@pytest.mark.parametrize(
    ("bonuses", "totals"),
    [
        ({}, (2, 1)),
        ({"napola": True}, (5, 1)),
        ({"re_bello": True}, (2, 2)),  # G-RB-1
        ({"napola": True, "re_bello": True}, (5, 2)),
    ],
)
def test_g_sc_7_ties_and_bonuses(bonuses, totals):
    points = hand_points(SC7_A, [1, 0], **bonuses)
    assert "cards" not in points[0] | points[1] and "coins" not in points[0] | points[1]
    assert points[0]["seven_of_coins"] == 1 and points[1]["primiera"] == 1
    assert (sum(points[0].values()), sum(points[1].values())) == totals


def test_g_sc_8_a_lopsided_hand():
    points = hand_points(SC8_A, [2, 3])
    assert points == [
        {"sweeps": 2, "cards": 1, "coins": 1, "seven_of_coins": 1, "primiera": 1},
        {"sweeps": 3},
    ]
    bonused = hand_points(SC8_A, [2, 3], napola=True, re_bello=True)
    assert bonused[0]["napola"] == 5 and bonused[0]["re_bello"] == 1
    assert (sum(bonused[0].values()), sum(bonused[1].values())) == (12, 3)


# -- G-SC-9, G-RB-3: match end ---------------------------------------------------------


@pytest.mark.parametrize(("scores", "result"), [([21, 22], ((1,), "target")), ([21, 21], None)])
def test_g_sc_9_the_highest_total_wins_and_a_tie_plays_on(scores, result):
    assert scopone()._target_result(scores) == result


@pytest.mark.parametrize(
    ("all_coins", "result"), [("wins_match", ((0,), "napoleone")), ("ten_points", ((1,), "target"))]
)
def test_g_sc_9_all_ten_coins(all_coins, result):
    game = scopone(napola=True, napola_all_coins=all_coins)
    coins = "1o 2o 3o 4o 5o 6o 7o So Co Ro"
    state = game.new_position(four_hands(), "", piles=four_hands(coins), scores=[12, 24])
    score = game.score_hand(state)
    assert score.points[0]["napola"] == 10
    assert game._match_result(state, score) == result


@pytest.mark.parametrize(("re_bello", "result"), [(False, None), (True, ((0,), "target"))])
def test_g_rb_3_re_bello_at_the_target(re_bello, result):
    game = make_game("scopa", {"re_bello": re_bello})
    scores = [9 + 2 + int(re_bello), 10 + 1]
    assert game._target_result(scores) == result


def test_g_rb_2_re_bello_through_the_leftovers():
    game = make_game("scopa", {"re_bello": True})
    state = game.new_position(["5b", ""], "Ro 3c 5e", turn=0, dealer=1)
    _, events = play(state, "5b:5e")
    assert only(events, "leftovers_taken").seat == 0
    assert only(events, "hand_scored").score.points[0]["re_bello"] == 1


# -- G-NA-1 .. G-NA-4: napola -----------------------------------------------------------


@pytest.mark.parametrize(
    ("coins", "run"),
    [
        ("1o 2o 3o 4o 5o So", 5),  # G-NA-1
        ("2o 3o 4o 5o 6o 7o So Co Ro", 0),  # G-NA-2
        ("1o", 0),  # G-NA-2, the other side
        ("1o 2o 3o 5o 6o", 3),  # G-NA-3
        ("1o 2o 3o 4o 5o 6o 7o So Co Ro", 10),  # G-NA-4
    ],
)
def test_g_na_napola(coins, run):
    assert napola_run(mask_of(parse_cards(coins))) == run


def test_scopone_options_are_checked_in_words():
    from bot.games import OptionsError, parse_options

    with pytest.raises(OptionsError, match="Scopone is played by 4 players in two pairs, not 2"):
        parse_options("scopone", {"players": 2})
    with pytest.raises(OptionsError, match="scopone_deal must be one of"):
        parse_options("scopone", {"scopone_deal": "eight"})
    assert parse_move("Cb:2o+7c")


@pytest.mark.parametrize(("method", "winner"), [("primiera_sum", None), ("count_tiebreak", 0)])
def test_g_0_2_sevens_point_primiera_or_count(method, winner):
    a = mask_of(parse_cards("7o 7c 7e 2b"))  # primiera 75, as the other side's: a tie
    score = score_scopa([a, ((1 << 40) - 1) & ~a], [0, 0], sevens_point=method)
    primiera = [side for side, points in enumerate(score.points) if points.get("primiera")]
    assert primiera == ([] if winner is None else [winner])

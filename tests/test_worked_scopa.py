"""RULES.md §D-S: every worked Scopa example, as test data written out here."""

from __future__ import annotations

import pytest

from bot.games import (
    describe_move,
    make_game,
    mask_of,
    parse_card,
    parse_cards,
    parse_move,
)
from bot.games.engine import shuffled_deck
from tests.worked_helpers import codes, nonzero, norm, only, play, position, texts

# -- helpers ------------------------------------------------------------------------


def scopa(**options):
    return make_game("scopa", options)


# -- S-1 .. S-7: capture options -----------------------------------------------------

CAPTURES = [
    # example, options, table, card played, expected legal plays of that card
    ("S-1", {}, "5b 3o 2e Rc", "5c", ["5c:5b"]),
    ("S-2", {}, "3c 4o 2e 5b", "7c", ["7c:3c+4o", "7c:2e+5b"]),
    ("S-3", {}, "6c 6o 1e", "6e", ["6e:6c", "6e:6o"]),
    ("S-4", {}, "1c 2o 4e", "7o", ["7o:1c+2o+4e"]),
    ("S-5-Rb", {}, "5c 5o 3e", "Rb", ["Rb:5c+5o"]),
    ("S-5-Sb", {}, "5c 5o 3e", "Sb", ["Sb:5c+3e", "Sb:5o+3e"]),
    ("S-6", {}, "Rc 5o 3e 2b", "Rb", ["Rb:Rc"]),
    (
        "S-6-no-priority",
        {"rank_match_priority": False},
        "Rc 5o 3e 2b",
        "Rb",
        ["Rb:Rc", "Rb:5o+3e+2b"],
    ),
    ("S-7", {}, "4c 2o", "5e", ["5e"]),
]


@pytest.mark.parametrize(
    ("example", "options", "table", "card", "expected"),
    CAPTURES,
    ids=[row[0] for row in CAPTURES],
)
def test_d_s_1_to_7_capture_options(example, options, table, card, expected):
    state = position(scopa(**options), [card, "Co"], table)
    assert texts(state.legal_moves()) == norm(*expected)


def test_d_s_1_rank_priority_forbids_the_sum():
    state = position(scopa(), ["5c", "Co"], "5b 3o 2e Rc")
    assert parse_move("5c:3o+2e") not in state.legal_moves()
    after, events = state.apply(parse_move("5c:5b"))
    assert only(events, "captured").sweep is False
    assert set(after.table) == codes("3o 2e Rc")


def test_d_s_3_takes_one_six_only():
    state = position(scopa(), ["6e", "Co"], "6c 6o 1e")
    for move in state.legal_moves():
        assert len(describe_move(move).captures) == 1
        after, _ = state.apply(move)
        assert len(after.table) == 2 and parse_card("1e") in after.table


def test_d_s_4_scopa_and_settebello():
    state = position(scopa(), ["7o", "Co"], "1c 2o 4e")
    after, events = state.apply(parse_move("7o:1c+2o+4e"))
    assert only(events, "captured").sweep is True
    assert after.table == ()
    assert after.sweeps == [1, 0]
    assert after.piles[0] == mask_of(parse_cards("7o 1c 2o 4e"))


def test_d_s_5_king_takes_both_fives_not_one():
    state = position(scopa(), ["Rb", "Co"], "5c 5o 3e")
    (move,) = state.legal_moves()
    after, _ = state.apply(move)
    assert set(after.table) == codes("3e")


def test_d_s_7_no_capture_card_goes_to_table():
    state = position(scopa(), ["5e", "Co"], "4c 2o")
    after, events = state.apply(parse_move("5e"))
    assert only(events, "played").card == parse_card("5e")
    assert set(after.table) == codes("4c 2o 5e")
    assert after.piles == [0, 0]


# -- S-8: the last play ---------------------------------------------------------------


@pytest.mark.parametrize(("scopa_on_last_play", "sweep"), [(False, False), (True, True)])
def test_d_s_8_last_card_takes_table_but_no_scopa(scopa_on_last_play, sweep):
    game = scopa(scopa_on_last_play=scopa_on_last_play)
    state = game.new_position(["Rc", ""], "5c 5o")  # empty stock: the hand's last card
    assert texts(state.legal_moves()) == norm("Rc:5c+5o")
    state, events = play(state, "Rc:5c+5o")
    captured = only(events, "captured")
    assert set(captured.cards) == codes("5c 5o"), "the cards are captured"
    assert captured.sweep is sweep
    assert not [event for event in events if event.kind == "leftovers_taken"]
    score = only(events, "hand_scored").score
    assert score.stats[0]["cards"] == 3
    assert score.points[0]["sweeps"] == int(sweep)


# -- S-10: target 11 ------------------------------------------------------------------

# A hand where A (seat 0) scores 2 (cards 23-17, denari 9-1) and B (seat 1) scores 3
# (settebello, primiera 84 against 70, one scopa): 4c laid, 4b takes it for a scopa,
# then A's last card 2c goes to B with the leftovers.
S10_A = "1o 2o 3o 4o 5o 6o So Co Ro 1c 3c 5c 6c Sc Cc Rc 1e 2e 3e 5e 6e Se 1b"
S10_B = "7o 7c 4e 7e Ce Re 2b 3b 5b 6b 7b Sb Cb Rb"
S10_HANDS = ["4c 2c", "4b"]


@pytest.mark.parametrize(
    ("before", "after", "winners"),
    [
        ((10, 9), (12, 12), None),  # both reach 11 tied at 12: another hand
        ((10, 10), (12, 13), (1,)),  # 12 vs 13: B wins
    ],
    ids=["12_12_play_on", "12_13_b_wins"],
)
def test_d_s_10_target_11(before, after, winners):
    assert len(codes(S10_A) | codes(S10_B) | codes(" ".join(S10_HANDS))) == 40
    game = scopa(target_score=11)
    state = game.new_position(S10_HANDS, "", piles=[S10_A, S10_B], scores=list(before))
    state, events = play(state, "4c", "4b:4c", "2c")
    scored = only(events, "hand_scored")
    assert nonzero(scored.score.points[0]) == {"cards": 1, "coins": 1}
    assert nonzero(scored.score.points[1]) == {"sweeps": 1, "seven_of_coins": 1, "primiera": 1}
    assert scored.totals == after
    assert state.winners == winners
    overs = [event for event in events if event.kind == "match_over"]
    if winners is None:
        assert overs == []
        assert state.hand_no == 1, "another hand is dealt"
    else:
        assert (overs[0].winners, overs[0].reason) == (winners, "target")


@pytest.mark.parametrize(
    ("scores", "result"),
    [([12, 12], None), ([12, 13], ((1,), "target")), ([10, 9], None)],
)
def test_d_s_10_target_rule(scores, result):
    assert scopa(target_score=11)._target_result(scores) == result


# -- S-11: three Kings on the table ---------------------------------------------------


@pytest.mark.parametrize(
    ("table", "void"),
    [("Rc Ro Re 4b", True), ("Rc Ro Re Rb", True), ("Rc Ro 4e 4b", False)],
    ids=["three_kings", "four_kings", "two_kings"],
)
def test_d_s_11_three_kings_void_the_deal(table, void):
    game = scopa()
    state = game.new_position(["", ""], table)
    events = []
    assert game._void_deal(state, events) is void
    if void:
        (event,) = events
        assert event.kind == "redealt" and event.reason == "three_kings"
        assert event.dealer == state.dealer, "the same dealer redeals"
    else:
        assert events == []


def test_d_s_11_same_dealer_redeals_in_a_match():
    # Seed 41's first deal lays three or more Kings; the deal is redone.
    kings = codes("Ro Rc Re Rb")
    assert len(kings & set(shuffled_deck("41/0/0")[6:10])) >= 3
    events = []
    state = scopa().new_match(41, events)
    redealt = only(events, "redealt")
    dealt = only(events, "dealt")
    assert events.index(redealt) < events.index(dealt)
    assert redealt.reason == "three_kings"
    assert redealt.dealer == dealt.dealer == state.dealer
    assert len(kings & set(state.table)) < 3
    assert len(state.table) == 4

"""RULES.md §D-R: every worked Rubamazzo example, as test data written out here.

Seat 0 is the player A; seats 1 and 2 are the opponents B and C. ``tops`` are
the visible top cards of the piles.
"""

from __future__ import annotations

import pytest

from bot.games import (
    format_move,
    make_game,
    mask_of,
    parse_card,
    parse_cards,
    parse_move,
)
from tests.worked_helpers import codes, norm, only, position, texts, unused

# -- helpers ------------------------------------------------------------------------


def rubamazzo(**options):
    return make_game("rubamazzo", options)


def cards(pile: int) -> int:
    return pile.bit_count()


# -- R-1: seed 002's figure -----------------------------------------------------------

R1_B_PILE = "Rc 1o 1c 1e 1b 2o 2c"  # 7 cards, Rc on top


def r1_position(**options):
    return position(
        rubamazzo(**options),
        ["Rb", "6b"],
        "5o 3c 2e",
        spare=3,
        piles=["", R1_B_PILE],
        tops=[None, "Rc"],
    )


def test_d_r_1_capture_or_steal():
    state = r1_position()
    assert texts(state.legal_moves()) == norm("Rb:5o+3c+2e", "Rb>1")

    captured, _ = state.apply(parse_move("Rb:5o+3c+2e"))
    assert cards(captured.piles[0]) == 4
    assert captured.tops[0] == parse_card("Rb")
    assert cards(captured.piles[1]) == 7
    assert captured.table == ()

    stolen, events = state.apply(parse_move("Rb>1"))
    assert cards(stolen.piles[0]) == 8
    assert stolen.tops[0] == parse_card("Rb")
    assert stolen.piles[1] == 0 and stolen.tops[1] == -1
    assert set(stolen.table) == codes("5o 3c 2e")
    event = only(events, "stole")
    assert (event.victims, event.pile_cards) == ((1,), 7)


def test_d_r_1_steal_and_capture_both():
    state = r1_position(steal_vs_capture="both")
    assert texts(state.legal_moves()) == norm("Rb:5o+3c+2e>1")
    after, _ = state.apply(state.legal_moves()[0])
    assert cards(after.piles[0]) == 11
    assert after.tops[0] == parse_card("Rb")
    assert after.piles[1] == 0
    assert after.table == ()


# -- R-2 .. R-8: options for the card played ------------------------------------------

OPTIONS = [
    # example, options, table, card, tops (B, C), expected legal plays of the card
    ("R-2", {}, "5o 3c 2e Ro", "Rb", (), ["Rb:Ro"]),
    (
        "R-2-no-priority",
        {"rank_match_priority": False},
        "5o 3c 2e Ro",
        "Rb",
        (),
        ["Rb:Ro", "Rb:5o+3c+2e"],
    ),
    ("R-3", {}, "6o 1c 2e 5b", "7b", ("7c", "4e"), ["7b:6o+1c", "7b:2e+5b", "7b>1"]),
    ("R-4", {}, "4o 3c", "4b", ("4c", "4e"), ["4b:4o", "4b>1", "4b>2"]),
    (
        "R-4-all-matching",
        {"steal_multiple": "all_matching"},
        "4o 3c",
        "4b",
        ("4c", "4e"),
        ["4b:4o", "4b>1>2"],
    ),
    ("R-5", {}, "4o 3c 1b", "4b", (), ["4b:4o"]),
    ("R-5-no-sums", {"allow_sum_capture": False}, "4o 3c 1b", "4b", (), ["4b:4o"]),
    (
        "R-5-no-priority",
        {"rank_match_priority": False},
        "4o 3c 1b",
        "4b",
        (),
        ["4b:4o", "4b:3c+1b"],
    ),
    ("R-7", {}, "Co Cc", "Cb", (), ["Cb:Co", "Cb:Cc"]),
    ("R-7-take-all", {"equal_rank_take": "all"}, "Co Cc", "Cb", (), ["Cb:Co+Cc"]),
    ("R-8", {}, "4o 2c", "7b", (), ["7b"]),
    ("R-9-table-first", {"steal_vs_capture": "table_first"}, "Ro", "Rb", ("Rc",), ["Rb:Ro"]),
    ("R-9-choose-one", {}, "Ro", "Rb", ("Rc",), ["Rb:Ro", "Rb>1"]),
]

PILE_FILLER = ["Se Sb", "Ce 6c"]
"""Extra cards under the opponents' tops (the tops above are not among them)."""


def options_position(options, table, card, tops):
    players = 3 if len(tops) == 2 else 2
    piles = [""] + [f"{top} {PILE_FILLER[index]}" if top else "" for index, top in enumerate(tops)]
    piles += [""] * (players - len(piles))
    hands = [card] + ["Rb" if card != "Rb" else "Re"] + [""] * (players - 2)
    return position(
        rubamazzo(players=players, **options),
        hands,
        table,
        spare=3,
        piles=piles,
        tops=[None, *tops] + [None] * (players - 1 - len(tops)),
    )


@pytest.mark.parametrize(
    ("example", "options", "table", "card", "tops", "expected"),
    OPTIONS,
    ids=[row[0] for row in OPTIONS],
)
def test_d_r_2_to_9_options(example, options, table, card, tops, expected):
    state = options_position(options, table, card, tops)
    assert texts(state.legal_moves()) == norm(*expected)


def test_d_r_2_rank_capture_takes_two_cards():
    state = options_position({}, "5o 3c 2e Ro", "Rb", ())
    after, _ = state.apply(parse_move("Rb:Ro"))
    assert after.piles[0] == mask_of(parse_cards("Rb Ro"))
    assert set(after.table) == codes("5o 3c 2e")


def test_d_r_3_after_a_capture_any_seven_can_steal_the_pile():
    game = rubamazzo(players=3)
    state = position(
        game,
        ["7b", "7e", "1b"],
        "6o 1c 2e 5b",
        spare=3,
        piles=["", "7c 1o", "4e 2o"],
        tops=[None, "7c", "4e"],
    )
    assert "7b>2" not in texts(state.legal_moves()), "C's top (4) does not match"
    for capture in ("7b:6o+1c", "7b:2e+5b"):
        after, _ = state.apply(parse_move(capture))
        assert after.tops[0] == parse_card("7b")
        assert after.turn == 1
        assert format_move(parse_move("7e>0")) in texts(after.legal_moves())
        robbed, _ = after.apply(parse_move("7e>0"))
        assert robbed.piles[0] == 0
        assert cards(robbed.piles[1]) == 2 + 3 + 1  # B's own pile, A's 3 cards, 7e


def test_d_r_4_all_matching_steals_both_piles():
    state = options_position({"steal_multiple": "all_matching"}, "4o 3c", "4b", ("4c", "4e"))
    after, events = state.apply(parse_move("4b>1>2"))
    assert after.piles[1] == after.piles[2] == 0
    assert cards(after.piles[0]) == 3 + 3 + 1
    assert only(events, "stole").victims == (1, 2)


def test_d_r_7_equal_rank_take():
    one = options_position({}, "Co Cc", "Cb", ())
    after, _ = one.apply(parse_move("Cb:Co"))
    assert cards(after.piles[0]) == 2
    assert set(after.table) == codes("Cc")
    every = options_position({"equal_rank_take": "all"}, "Co Cc", "Cb", ())
    after, _ = every.apply(every.legal_moves()[0])
    assert cards(after.piles[0]) == 3
    assert after.table == ()


def test_d_r_8_card_stays_on_the_table():
    state = options_position({}, "4o 2c", "7b", ())
    after, events = state.apply(parse_move("7b"))
    assert set(after.table) == codes("4o 2c 7b")
    assert only(events, "played").card == parse_card("7b")
    assert after.piles[0] == 0


def test_d_r_9_default_may_steal_instead():
    state = options_position({}, "Ro", "Rb", ("Rc",))
    after, _ = state.apply(parse_move("Rb>1"))
    assert after.piles[1] == 0
    assert set(after.table) == codes("Ro")


# -- end of game ----------------------------------------------------------------


def r10_end(b_cards: int, **options):
    """B lays 4b, the last card, on [3o, Sc]; A (seat 0) took last.

    A's pile is completed so that A ends with 40 - ``b_cards`` cards.
    """
    spare = unused("3o Sc 4b")
    b, a = spare[:b_cards], spare[b_cards:]
    game = rubamazzo(**options)
    state = game.new_position(["", "4b"], "3o Sc", turn=1, piles=[a, b], last_taker=0)
    assert state.legal_moves() == [parse_card("4b")]
    return state.apply(parse_card("4b"))


def test_d_r_10_leftovers_to_last_taker_most_cards_wins():
    state, events = r10_end(17)
    left = only(events, "leftovers_taken")
    assert left.seat == 0
    assert set(left.cards) == codes("3o Sc 4b")
    assert only(events, "hand_scored").totals == (23, 17)
    over = only(events, "match_over")
    assert (over.winners, over.reason) == ((0,), "most_cards")
    assert state.winners == (0,)


@pytest.mark.parametrize(("tie_policy", "ends"), [(None, False), ("replay", False), ("draw", True)])
def test_d_r_10_tie_20_20(tie_policy, ends):
    options = {"tie_policy": tie_policy} if tie_policy else {}
    state, events = r10_end(20, **options)
    assert only(events, "hand_scored").totals == (20, 20)
    overs = [event for event in events if event.kind == "match_over"]
    if ends:
        assert (overs[0].winners, overs[0].reason) == ((), "draw")
        assert state.winners == ()
    else:
        assert overs == [], "a tie is replayed"
        assert state.winners is None
        assert only(events, "dealt").hand == 1

"""RULES.md §D-A: every worked Escoba example, as test data written out here.

The examples are copied from RULES.md (the tests never read it). Positions are
built with ``Game.new_position``; cards named nowhere are out of play, and a
small stock of unused cards keeps a hand from ending unless the example is
about the hand's last play.
"""

from __future__ import annotations

import random

import pytest

from bot.games import (
    IllegalMoveError,
    describe_move,
    make_game,
    mask_of,
    mask_value,
    parse_card,
    parse_cards,
    parse_move,
)
from bot.games.engine import shuffled_deck
from bot.games.scoring import (
    EscobaScoring,
    leftover_is_valid,
    prime_key,
    primiera_sum,
    score_escoba,
    setenta_key,
    sevens_winner,
)
from tests.worked_helpers import codes, nonzero, norm, only, play, position, texts, unused

# -- helpers ------------------------------------------------------------------------


def escoba(**options):
    return make_game("escoba", options)


def piles_of(*texts_: str) -> list[int]:
    return [mask_of(parse_cards(text)) for text in texts_]


# -- D-A-1 .. D-A-8: capture sets ---------------------------------------------------


def test_d_a_1_two_alternatives_no_escoba():
    state = position(escoba(), ["5c", "1o"], "5b 3o 2c Re")
    assert texts(state.legal_moves()) == norm("5c:Re", "5c:5b+3o+2c")
    for move in state.legal_moves():
        after, events = state.apply(move)
        assert only(events, "captured").sweep is False
        assert after.table, "neither capture empties the table"
        assert after.sweeps == [0, 0]


def test_d_a_2_suit_distinct_alternatives():
    state = position(escoba(), ["4o", "1o"], "7o Sc 4e 4b 3c")
    assert texts(state.legal_moves()) == norm("4o:7o+4e", "4o:7o+4b", "4o:Sc+3c", "4o:4e+4b+3c")
    captured = {frozenset(describe_move(m).captures) for m in state.legal_moves()}
    assert frozenset(codes("7o 4e")) in captured
    assert frozenset(codes("7o 4b")) in captured


def test_d_a_3_forced_escoba():
    state = position(escoba(), ["So", "1o"], "3c 2e 1b 1c")
    assert texts(state.legal_moves()) == norm("So:3c+2e+1b+1c")
    after, events = state.apply(state.legal_moves()[0])
    assert only(events, "captured").sweep is True
    assert after.table == ()
    assert after.sweeps == [1, 0]
    assert after.piles[0] == mask_of(parse_cards("So 3c 2e 1b 1c"))


def test_d_a_4_no_sweep_possible():
    state = position(escoba(), ["Sc", "1c"], "1o 2o 3o 4o 5o")
    assert texts(state.legal_moves()) == norm("Sc:2o+5o", "Sc:3o+4o", "Sc:1o+2o+4o")
    for move in state.legal_moves():
        after, events = state.apply(move)
        assert only(events, "captured").sweep is False
        assert after.table
        assert after.sweeps == [0, 0]


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("6c 5o 4b Sc", ["Re:5o"]),
        ("6c 5o 4b Sc 1e", ["Re:5o", "Re:4b+1e"]),
    ],
    ids=["without_1e", "with_1e"],
)
def test_d_a_5_one_extra_card_adds_an_option(table, expected):
    state = position(escoba(), ["Re", "1o"], table)
    assert texts(state.legal_moves()) == norm(*expected)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("played_card_must_capture", ["7e", "6e:Ce"]),
        ("must_capture_if_able", ["6e:Ce"]),
        ("optional", ["7e", "6e", "6e:Ce"]),
        ("fournier_claim", ["7e", "6e", "6e:Ce"]),
    ],
)
def test_d_a_6_obligation_variants(rule, expected):
    state = position(escoba(capture_rule=rule), ["7e 6e", "1o 2o"], "Rc Rb Ce")
    assert texts(state.legal_moves()) == norm(*expected)


def test_d_a_6_played_card_must_capture_forbids_laying_6e():
    state = position(escoba(), ["7e 6e", "1o 2o"], "Rc Rb Ce")
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("6e"))
    after, _ = state.apply(parse_move("7e"))
    assert set(after.table) == codes("Rc Rb Ce 7e")


def test_d_a_6_must_capture_if_able_forbids_7e():
    state = position(escoba(capture_rule="must_capture_if_able"), ["7e 6e", "1o 2o"], "Rc Rb Ce")
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("7e"))


def test_d_a_6_fournier_claim_next_player_may_claim_6e_ce():
    state = position(escoba(capture_rule="fournier_claim"), ["7e 6e", "1o 2o"], "Rc Rb Ce")
    after, events = state.apply(parse_move("6e"))
    assert only(events, "played").missed is True
    assert after.turn == 1
    claims = [m for m in after.legal_moves() if describe_move(m).claim]
    assert texts(claims) == norm("claim 6e:Ce")
    claimed, events = after.apply(claims[0])
    event = only(events, "claimed")
    assert (event.seat, event.card, event.cards) == (1, parse_card("6e"), (parse_card("Ce"),))
    assert claimed.piles[1] == mask_of(parse_cards("6e Ce"))
    assert set(claimed.table) == codes("Rc Rb")


def test_d_a_6_fournier_claim_nothing_to_claim_after_7e():
    state = position(escoba(capture_rule="fournier_claim"), ["7e 6e", "1o 2o"], "Rc Rb Ce")
    after, events = state.apply(parse_move("7e"))
    assert only(events, "played").missed is False
    assert not any(describe_move(m).claim for m in after.legal_moves())


def test_d_a_7_empty_table_after_escoba_cards_just_go_to_table():
    state = position(escoba(), ["So 1o", "7c Re"], "3c 2e 1b 1c")
    after, _ = state.apply(parse_move("So:3c+2e+1b+1c"))
    assert after.table == ()
    assert after.turn == 1
    assert texts(after.legal_moves()) == norm("7c", "Re")
    for move in after.legal_moves():
        laid, events = after.apply(move)
        assert laid.table == (describe_move(move).card,)
        assert only(events, "played").missed is False


def test_d_a_7_empty_table_after_initial_sweep():
    # Seed 26 deals the table 3b 1o 6o 5c (sum 15): the dealer sweeps it.
    state = escoba().new_match(26)
    assert state.table == ()
    hand = state.hands[state.turn]
    assert len(hand) == 3
    assert sorted(state.legal_moves()) == sorted(hand)
    laid, _ = state.apply(hand[0])
    assert laid.table == (hand[0],)


def test_d_a_8_escoba_with_an_ace():
    state = position(escoba(), ["1e", "1o"], "Ro 4c")
    assert texts(state.legal_moves()) == norm("1e:Ro+4c")
    after, events = state.apply(state.legal_moves()[0])
    assert only(events, "captured").sweep is True
    assert after.table == ()
    assert after.sweeps == [1, 0]


# -- D-A-9: the dealer's initial sweep ----------------------------------------------

D_A_9 = [
    # table, sum, escobas under `total`, escobas under `partition`
    ("5o 5c 3e 2b", 15, 1, 1),
    ("Rc 5e Cb 6o", 30, 2, 2),
    ("Rc Rb Cc 1o", 30, 2, 0),
    ("7o 7c 1e Sb", 23, 0, 0),
]


@pytest.mark.parametrize(("table", "total", "with_total", "with_partition"), D_A_9)
def test_d_a_9_initial_table_after_the_deal(table, total, with_total, with_partition):
    cards = tuple(parse_cards(table))
    assert mask_value(mask_of(cards)) == total
    assert escoba()._initial_sweeps(cards) == with_total
    assert escoba(initial_30_rule="total")._initial_sweeps(cards) == with_total
    assert escoba(initial_30_rule="partition")._initial_sweeps(cards) == with_partition


# Seeds whose first deal (2 players, dealer seat 1, mano seat 0) lays these tables.
SWEEP_SEEDS = [
    # seed, table dealt, escobas (total), escobas (partition)
    (26, "3b 1o 6o 5c", 1, 1),  # 15
    (70, "Ro 5b Rc 5c", 2, 2),  # 30 = (10+5) + (10+5)
    (47, "4b So Rb Sb", 2, 0),  # 30 with no 15-subset: {4,8,8,10}
]


@pytest.mark.parametrize(("seed", "table", "with_total", "with_partition"), SWEEP_SEEDS)
@pytest.mark.parametrize("rule", ["total", "partition"])
@pytest.mark.parametrize("recipient", ["dealer", "mano"])
def test_d_a_9_initial_sweep_in_a_dealt_match(
    seed, table, with_total, with_partition, rule, recipient
):
    game = escoba(initial_30_rule=rule, initial_sweep_to=recipient)
    events = []
    state = game.new_match(seed, events)
    dealt = tuple(parse_cards(table))
    assert set(shuffled_deck(f"{seed}/0/0")[6:10]) == set(dealt)  # the deal this test relies on
    expected = with_total if rule == "total" else with_partition
    sweeps = [event for event in events if event.kind == "initial_sweep"]
    if not expected:
        assert sweeps == []
        assert set(state.table) == set(dealt), "play starts on the 4 dealt cards"
        assert state.sweeps == [0, 0]
        return
    mano = (state.dealer + 1) % 2
    seat = state.dealer if recipient == "dealer" else mano
    (event,) = sweeps
    assert (event.seat, event.sweeps, set(event.cards)) == (seat, expected, set(dealt))
    assert state.sweeps[seat] == expected and state.sweeps[1 - seat] == 0
    assert state.piles[seat] == mask_of(dealt)
    assert state.table == (), "no refill by default: the mano starts on an empty table"
    assert state.last_taker == seat, "the initial sweep counts as a capture"
    assert state.turn == mano


# -- D-A-10: Fournier claim ---------------------------------------------------------


def claim_game(window: str):
    return escoba(capture_rule="fournier_claim", claim_window=window, players=3)


def after_p1_misses(window: str):
    """P1 (seat 0) lays 5e on [Rc, 6o] although 5e + Rc = 15."""
    state = position(claim_game(window), ["5e 1o", "Cb 1c", "2b 1e"], "Rc 6o")
    assert parse_move("5e:Rc") in state.legal_moves()
    state, events = state.apply(parse_move("5e"))
    assert only(events, "played").missed is True
    assert set(state.table) == codes("Rc 6o 5e")
    assert state.turn == 1
    return state


@pytest.mark.parametrize("window", ["next_player_only", "passes_on"])
def test_d_a_10_fournier_claim_p2_claims_then_escoba(window):
    state = after_p1_misses(window)
    claims = [m for m in state.legal_moves() if describe_move(m).claim]
    assert texts(claims) == norm("claim 5e:Rc"), "the only valid set: 5 + 6 is not 15"
    state, events = state.apply(claims[0])
    claimed = only(events, "claimed")
    assert claimed.seat == 1 and claimed.sweep is False, "a claim is not an escoba"
    assert state.table == (parse_card("6o"),)
    assert state.last_taker == 1
    assert state.sweeps == [0, 0, 0]
    assert state.turn == 1, "P2 still takes the normal turn"
    assert parse_move("Cb:6o") in state.legal_moves()
    state, events = state.apply(parse_move("Cb:6o"))
    assert only(events, "captured").sweep is True
    assert state.table == ()
    assert state.sweeps == [0, 1, 0]
    assert state.piles[1] == mask_of(parse_cards("5e Rc Cb 6o"))


@pytest.mark.parametrize(
    ("window", "p3_may_claim"), [("next_player_only", False), ("passes_on", True)]
)
def test_d_a_10_fournier_claim_p2_does_not_claim(window, p3_may_claim):
    state = after_p1_misses(window)
    state, events = state.apply(parse_move("Cb:6o"))
    assert only(events, "captured").sweep is False
    assert set(state.table) == codes("Rc 5e")
    assert state.turn == 2
    claims = [m for m in state.legal_moves() if describe_move(m).claim]
    if p3_may_claim:
        assert texts(claims) == norm("claim 5e:Rc")
        state, events = state.apply(claims[0])
        assert only(events, "claimed").seat == 2
        assert state.last_taker == 2
    else:
        assert claims == []
        with pytest.raises(IllegalMoveError):
            state.apply(parse_move("claim 5e:Rc"))


# -- D-A-11: leftover check ---------------------------------------------------------


@pytest.mark.parametrize(
    ("leftover", "value", "valid", "groups"),
    [
        ("6c 4o", 10, True, 14),
        ("Rc 5o 3b 7e", 25, True, 13),
        ("Ro Rc Cb 7e 4o", 40, True, 12),
        ("Ro Rc Rb Co Cc 7b", 55, True, 11),
        ("Ro Rc Rb Re Co Cc Cb 3e", 70, True, 10),
        ("7o 7c 6b", 20, False, None),
    ],
)
def test_d_a_11_leftover_check(leftover, value, valid, groups):
    total = mask_value(mask_of(parse_cards(leftover)))
    assert total == value
    assert leftover_is_valid(total) is valid
    if valid:
        assert (220 - total) % 15 == 0
        assert (220 - total) // 15 == groups


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d_a_11_leftovers_of_real_hands_pass_the_check(players):
    game = escoba(players=players)
    rng = random.Random(players)
    for seed in range(8):
        state, events = game.new_match(seed), []
        while not any(event.kind == "hand_scored" for event in events):
            state, new = state.apply(rng.choice(state.legal_moves()))
            events += new
        (left,) = [event for event in events if event.kind == "leftovers_taken"]
        value = mask_value(mask_of(left.cards))
        assert value >= 10 and leftover_is_valid(value), (seed, value)


# -- D-A-12: scoring 2-player hands -------------------------------------------------

D_A_12A = (
    "1o 2o 3o 4o 5o 6o 7o 2c 3c 4c 5c 6c 7c Sc Cc Rc 1e 2e 3e 4e 5e 6e 7e 5b",
    "So Co Ro 1c Se Ce Re 1b 2b 3b 4b 6b 7b Sb Cb Rb",
)
D_A_12C = (
    "1o 2o 3o 6o 7o 1c 2c 3c 4c 6c 7c Sc Cc Rc 1e 2e 4e 6e 1b 2b",
    "4o 5o So Co Ro 5c 3e 5e 7e Se Ce Re 3b 4b 5b 6b 7b Sb Cb Rb",
)

SETENTA_LEVEL = {"7": 8, "6": 7, "1": 6, "5": 5, "4": 4, "3": 3, "2": 2, "face": 1}


def setenta(*best: str) -> tuple[int, ...]:
    """A RULES.md setenta tuple such as (7, 7, 6, 1) as ``setenta_key`` levels."""
    return tuple(SETENTA_LEVEL[card] for card in best)


def system_rules(system: str) -> EscobaScoring:
    return make_game("escoba", {"scoring_system": system}).scoring


def test_d_a_12a_piles_and_counts():
    a, b = piles_of(*D_A_12A)
    assert a & b == 0 and (a | b) == (1 << 40) - 1, "B holds the complement of A"
    assert (mask_value(a), mask_value(b)) == (115, 105)
    assert mask_value(a) % 15 == 10 and mask_value(b) % 15 == 0
    score = score_escoba([a, b], [2, 1], system_rules("fournier"))
    stats = score.stats
    assert (stats[0]["cards"], stats[1]["cards"]) == (24, 16)
    assert (stats[0]["coins"], stats[1]["coins"]) == (7, 3)
    assert (stats[0]["sevens"], stats[1]["sevens"]) == (3, 1)
    assert (stats[0]["seven_of_coins"], stats[1]["seven_of_coins"]) == (1, 0)
    assert setenta_key(a) == setenta("7", "7", "7", "5")
    assert setenta_key(b) == setenta("7", "1", "face", "face")


@pytest.mark.parametrize(
    ("system", "points_a", "points_b"),
    [
        (
            "fournier",
            {"sweeps": 2, "coins": 1, "seven_of_coins": 1, "sevens": 1, "cards": 1},
            {"sweeps": 1},
        ),
        (
            "pagat",
            {"sweeps": 2, "cards": 1, "coins": 1, "seven_of_coins": 1, "sevens": 1},
            {"sweeps": 1},
        ),
        (
            "denexa",
            {"sweeps": 2, "cards": 1, "coins": 1, "seven_of_coins": 1, "sevens": 1},
            {"sweeps": 1},
        ),
    ],
)
def test_d_a_12a_scoring(system, points_a, points_b):
    score = score_escoba(piles_of(*D_A_12A), [2, 1], system_rules(system))
    assert score.totals == (6, 1)
    assert nonzero(score.points[0]) == points_a
    assert nonzero(score.points[1]) == points_b
    assert "under_ten" not in nonzero(score.points[0]), "B has 16 cards"


def test_d_a_12c_piles_and_counts():
    a, b = piles_of(*D_A_12C)
    assert a & b == 0 and (a | b) == (1 << 40) - 1
    assert (mask_value(a), mask_value(b)) == (85, 135)
    stats = score_escoba([a, b], [0, 0]).stats
    for key, expected in [("cards", (20, 20)), ("coins", (5, 5)), ("sevens", (2, 2))]:
        assert (stats[0][key], stats[1][key]) == expected
    assert (stats[0]["seven_of_coins"], stats[1]["seven_of_coins"]) == (1, 0)
    assert (prime_key(a)[1], prime_key(b)[1]) == (3, 1), "sixes 3-1"


D_A_12C_RESULTS = [
    ("fournier", {"seven_of_coins": 1}, (1, 0)),
    ("pagat", {"seven_of_coins": 1, "sevens": 1}, (2, 0)),
    ("denexa", {"seven_of_coins": 1, "sevens": 1}, (2, 0)),
]


@pytest.mark.parametrize(("system", "points_a", "totals"), D_A_12C_RESULTS)
def test_d_a_12c_ties_and_tie_breaks(system, points_a, totals):
    score = score_escoba(piles_of(*D_A_12C), [0, 0], system_rules(system))
    assert score.totals == totals
    assert nonzero(score.points[0]) == points_a
    assert nonzero(score.points[1]) == {}


def test_d_a_12c_setenta_and_italian_sum():
    a, b = piles_of(*D_A_12C)
    assert setenta_key(a) == setenta("7", "7", "6", "1")
    assert setenta_key(b) == setenta("7", "7", "5", "5")
    assert (primiera_sum(a), primiera_sum(b)) == (76, 72)
    assert sevens_winner([a, b], "primiera_sum", EscobaScoring()) == 0
    assert sevens_winner([a, b], "majority_no_tiebreak", EscobaScoring()) == -1


def finish_team_hand(system: str, seat_piles: list[str], table: str, card: str, last_taker: int):
    """4 players in teams; seat 3 lays ``card``, the hand's last, on ``table``.

    The leftovers go to ``last_taker``. Returns the hand's score event.
    """
    game = escoba(players=4, scoring_system=system)
    hands = ["", "", "", card]
    state = game.new_position(hands, table, turn=3, piles=seat_piles, last_taker=last_taker)
    assert state.legal_moves() == [parse_card(card)]
    _, events = state.apply(parse_card(card))
    left = only(events, "leftovers_taken")
    assert left.seat == last_taker
    return only(events, "hand_scored")


@pytest.mark.parametrize(("system", "points_a", "totals"), D_A_12C_RESULTS)
def test_d_a_12e_team_variant_gives_12c_results(system, points_a, totals):
    # D-A-12c's piles split between partners: A = seats 0 + 2, B = seats 1 + 3.
    # Seat 3 lays 4e on [6c] (no 15) and both go to seat 0, the last capturer.
    seat_piles = [
        "1o 2o 3o 6o 7o 1c 2c 3c 4c",  # P1: 9, then 11 with the leftovers
        "4o 5o So Co Ro 5c 3e 5e 7e Se",  # P2: 10
        "Sc Cc Rc 1e 2e 6e 1b 2b 7c",  # P3: 9, a single partner under 10
        "Ce Re 3b 4b 5b 6b 7b Sb Cb Rb",  # P4: 10
    ]
    scored = finish_team_hand(system, seat_piles, "6c", "4e", last_taker=0)
    score = scored.score
    assert (score.stats[0]["cards"], score.stats[1]["cards"]) == (20, 20)
    assert score.totals == totals
    assert nonzero(score.points[0]) == points_a
    assert nonzero(score.points[1]) == {}, "P3's 9 cards trigger nothing"
    assert scored.totals == totals


def test_d_a_12e_team_under_ten_counts_the_merged_pile():
    # Team A's partners hold 5 + 4 = 9 cards: team B scores the under-10 bonus.
    a0, a2 = "1c 2c 3c 4c 5c", "1e 2e 3e 4e"
    b = unused(a0, a2, "6c 6e")
    seat_piles = [a0, b[:15], a2, b[15:]]
    scored = finish_team_hand("fournier", seat_piles, "6c", "6e", last_taker=1)
    score = scored.score
    assert (score.stats[0]["cards"], score.stats[1]["cards"]) == (9, 31)
    assert score.points[1].get("under_ten") == 2
    assert not score.points[0].get("under_ten")


# -- D-A-13: sevens / setenta / primiera comparisons ----------------------------------

X, Y = 0, 1
NONE = -1

D_A_13 = [
    # case, piles (X, Y[, Z]), primiera sums, setenta winner, primiera winner
    ("a", ("7o 7c 6e 1b", "5o 5c 7e 7b"), (76, 72), X, X),
    ("b", ("7o 6c 6e 6b", "7c 7e 7b So"), (75, 73), Y, X),
    ("c", ("7o 7c 6e 5b", "7e 7b 6o 5c"), (75, 75), NONE, NONE),
    ("d", ("7o 7c 7b", "6o 5c 4e Sb"), (None, 57), Y, Y),
    ("e", ("6o 6c 6e 6b", "7o Sc Se Sb", "1o 1c"), (72, 51, None), Y, X),
]


@pytest.mark.parametrize(
    ("case", "piles", "sums", "setenta_winner", "primiera_winner"),
    D_A_13,
    ids=[row[0] for row in D_A_13],
)
def test_d_a_13_setenta_and_primiera_comparisons(
    case, piles, sums, setenta_winner, primiera_winner
):
    masks = piles_of(*piles)
    assert tuple(primiera_sum(pile) for pile in masks) == sums
    rules = EscobaScoring()
    assert sevens_winner(masks, "setenta_lex", rules) == setenta_winner
    assert sevens_winner(masks, "primiera_sum", rules) == primiera_winner
    denexa = system_rules("denexa")
    assert sevens_winner(masks, denexa.sevens_point, denexa) == setenta_winner


def test_d_a_13_b_count_prime_goes_to_three_sevens():
    x, y = piles_of("7o 6c 6e 6b", "7c 7e 7b So")
    assert sevens_winner([x, y], "count_tiebreak", system_rules("pagat")) == Y


@pytest.mark.parametrize(
    ("x", "y", "level"),
    [
        # X (2,2,2,3,...) vs Y (2,2,2,1,...): X wins on fives
        ("7o 7c 6o 6c 1o 1c 5o 5c 5e", "7e 7b 6e 6b 1e 1b 5b", "fives"),
        # X (2,3,...) vs Y (2,1,...): X wins on sixes
        ("7o 7c 6o 6c 6e", "7e 7b 6b", "sixes"),
    ],
    ids=["fives", "sixes"],
)
def test_d_a_13_count_prime_tie_breaks(x, y, level):
    piles = piles_of(x, y)
    keys = [prime_key(pile) for pile in piles]
    assert keys[0][0] == keys[1][0] == 2, "2-2 sevens"
    assert keys[0] > keys[1]
    first_difference = next(i for i, (x_, y_) in enumerate(zip(*keys, strict=True)) if x_ != y_)
    assert first_difference == {"sixes": 1, "fives": 3}[level]  # key: 7s, 6s, 1s, 5s, ...
    assert sevens_winner(piles, "count_tiebreak", system_rules("pagat")) == X
    # Under fournier the 2-2 sevens score nothing.
    fournier = system_rules("fournier")
    assert sevens_winner(piles, fournier.sevens_point, fournier) == NONE
    points = score_escoba(piles, [0, 0], fournier).points
    assert "sevens" not in nonzero(points[0]) and "sevens" not in nonzero(points[1])


# -- D-A-15: match end (target 21) ----------------------------------------------------


def test_d_a_15_1_tie_at_22_plays_another_hand():
    # B holds all four 7s in 9 cards: B +3 (all sevens); A +4 (cards, oros, B under 10).
    b = "7o 7c 7e 7b 1c 2c 3c 4c 5c"
    a = unused(b, "Rc Ro")
    game = escoba(target_score=21)
    state = game.new_position(["Ro", ""], "Rc", piles=[a, b], scores=[18, 19], last_taker=0)
    state, events = play(state, "Ro")
    scored = only(events, "hand_scored")
    assert scored.score.totals == (4, 3)
    assert scored.totals == (22, 22)
    assert state.scores == [22, 22]
    assert state.winners is None
    assert not [event for event in events if event.kind == "match_over"]
    assert state.hand_no == 1, "another hand is dealt"


def test_d_a_15_2_higher_total_wins_when_both_pass_21():
    # A: escoba + cards + oros + under-10 = 5; B: escoba + all four 7s = 4.
    b = "7o 7c 7e 7b 1c"  # 9 cards after taking 4b 1b Re and the leftover Ro
    hands = ["Rc 1b Ro", "4b Re"]
    a = unused(b, *hands, "5c")
    game = escoba(target_score=21)
    state = game.new_position(hands, "5c", piles=[a, b], scores=[17, 19])
    state, events = play(state, "Rc:5c", "4b", "1b", "Re:4b+1b", "Ro")
    assert [event.sweep for event in events if event.kind == "captured"] == [True, True]
    scored = only(events, "hand_scored")
    assert scored.score.totals == (5, 4)
    assert scored.totals == (22, 23)
    over = only(events, "match_over")
    assert (over.winners, over.reason) == ((1,), "target")
    assert state.winners == (1,)


def test_d_a_15_3_nobody_at_21_continues():
    # pagat: A's 10 cards win nothing (+0); B wins cards, oros, 7o and prime (+4).
    a = "1c 2c 3c 4c 5c 6c Sc Cc Rc 1e"
    b = unused(a, "2e 3e")
    game = escoba(scoring_system="pagat", target_score=21)
    state = game.new_position(["2e", ""], "3e", piles=[a, b], scores=[20, 15], last_taker=1)
    state, events = play(state, "2e")
    scored = only(events, "hand_scored")
    assert scored.score.totals == (0, 4)
    assert scored.totals == (20, 19)
    assert state.winners is None
    assert not [event for event in events if event.kind == "match_over"]


@pytest.mark.parametrize(("system", "shutout"), [("fournier", True), ("pagat", False)])
def test_d_a_15_4_fournier_shutout_wins_the_match(system, shutout):
    # B made no capture; A, the only capturer, ends the hand with all 40 cards.
    a = unused("2e 3e")
    game = escoba(scoring_system=system, target_score=21)
    state = game.new_position(["2e", ""], "3e", piles=[a, ""], scores=[3, 19], last_taker=0)
    state, events = play(state, "2e")
    assert only(events, "hand_scored").score.stats[0]["cards"] == 40
    if shutout:
        over = only(events, "match_over")
        assert (over.winners, over.reason) == ((0,), "shutout")
        assert state.winners == (0,)
        assert state.scores[0] < state.scores[1], "whatever the scores"
    else:
        assert state.winners is None


@pytest.mark.parametrize(
    ("players", "scores", "result"),
    [
        (2, [22, 22], None),  # 1
        (2, [22, 23], ((1,), "target")),  # 2
        (2, [20, 19], None),  # 3
        (3, [21, 23, 23], None),  # 5: the top is tied
        (3, [21, 23, 22], ((1,), "target")),
    ],
    ids=["1_tie", "2_higher_wins", "3_below_target", "5_three_tied_top", "5_contrast"],
)
def test_d_a_15_target_rule(players, scores, result):
    assert escoba(players=players, target_score=21)._target_result(scores) == result

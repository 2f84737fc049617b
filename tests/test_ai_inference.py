"""Beliefs: what another seat's moves this deal round say about its hidden cards."""

from __future__ import annotations

import random

from bot.ai.inference import PASSED_SWEEP, PASSED_TAKE, Beliefs
from bot.games import make_game, make_move, mask_of, parse_cards
from bot.games.cards import RANK_MASK

STOCK = "1o 2o 3c 4o 5o 6e 7e 3e Rb Ro Cb 1e 2e"


def scopa_after(table: str, hands: tuple[str, str], *moves: int, turn: int = 0):
    """A Scopa position with ``turn`` to play, then ``moves`` applied in turn."""
    game = make_game("scopa", {"players": 2})
    hands_cards = [parse_cards(hand) for hand in hands]
    state = game.new_position(hands_cards, table, stock=STOCK, turn=turn)
    for move in moves:
        state, _ = state.apply(move)
    return game, state


def test_a_card_laid_down_makes_the_ranks_that_capture_unlikely():
    game, state = scopa_after("3o Rc", ("4b 6c", "2b 5e 6o"), make_move(parse_cards("4b")[0]))
    state, _ = state.apply(make_move(parse_cards("2b")[0]))
    weights = Beliefs(game, state.observe(0)).weights
    assert {value for value, odds in enumerate(weights[1]) if odds < 1} == {3, 4, 7, 10}
    assert weights[1][3] == PASSED_TAKE


def test_a_capture_that_leaves_cards_makes_the_sweeping_rank_unlikely():
    take_3o = make_move(parse_cards("3b")[0], mask_of(parse_cards("3o")))
    game, state = scopa_after("3o 2c", ("4b 6c", "3b 6o 7o"), take_3o, turn=1)
    weights = Beliefs(game, state.observe(0)).weights
    assert [value for value, odds in enumerate(weights[1]) if odds < 1] == [5]
    assert weights[1][5] == PASSED_SWEEP


def test_deals_give_the_unlikely_ranks_less_often_and_look_the_same_to_the_seat():
    game, state = scopa_after("3o Rc", ("4b 6c", "2b 5e 6o"), make_move(parse_cards("4b")[0]))
    state, _ = state.apply(make_move(parse_cards("2b")[0]))
    view = state.observe(0)
    beliefs, rng = Beliefs(game, view), random.Random(1)
    unlikely = RANK_MASK[2] | RANK_MASK[9]
    held = 0
    for _ in range(300):
        deal = beliefs.deal(rng)
        assert deal.observe(0) == view
        held += (mask_of(deal.hands[1]) & unlikely).bit_count()
    unseen = len(beliefs.unseen)
    even = 300 * 2 * (unlikely & ~mask_of(view.seen)).bit_count() / unseen
    assert held < even / 2

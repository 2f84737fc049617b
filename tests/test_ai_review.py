"""The review's verdicts from a player's own view: a passed-up sweep, the seven of
coins left on the table, a forced move, the best move; accuracy and key moments."""

from __future__ import annotations

from bot.ai.review import Decision, accuracy, key_moments, review_decision
from bot.games import make_game, make_move, parse_card, parse_cards
from bot.games.cards import mask_of


def escoba_position(mine: str, table: str, theirs: str = "1b 2b 3b"):
    game = make_game("escoba", {"players": 2})
    named = set(parse_cards(f"{mine} {table} {theirs}"))
    rest = [card for card in range(40) if card not in named]
    state = game.new_position([mine, theirs], table, piles=[rest[:14], rest[14:]])
    return game, state.observe(0)


def move(card: str, takes: str = ""):
    return make_move(parse_card(card), mask_of(parse_cards(takes)))


def test_a_passed_up_escoba_is_a_mistake_at_least_and_says_so():
    game, view = escoba_position("5c 4e", "Sc 2o")  # 5 + Jack(8) + 2 = 15: an escoba
    sweep, other = move("5c", "Sc 2o"), move("4e")
    assert sweep in view.legal_moves and other in view.legal_moves
    passed = review_decision(game, view, other, step=3, seed="t")
    assert passed.verdict in ("mistake", "blunder") and passed.reason == "missed_sweep"
    assert passed.best == sweep and passed.loss > 0.5
    taken = review_decision(game, view, sweep, step=3, seed="t")
    assert (taken.verdict, taken.loss, taken.reason) == ("best", 0.0, "")


def test_a_single_legal_move_is_forced():
    game, view = escoba_position("5c", "Sc 2o")
    forced = review_decision(game, view, view.legal_moves[0], step=1, seed="t")
    assert forced.verdict == "forced" and forced.loss == 0


def test_accuracy_counts_best_and_good_choices_and_key_moments_cost_most():
    def decision(step: int, verdict: str, loss: float) -> Decision:
        return Decision(step, 0, 0, 0, loss, verdict)

    decisions = [
        decision(1, "best", 0.0),
        decision(2, "forced", 0.0),
        decision(3, "good", 0.1),
        decision(4, "blunder", 2.0),
        decision(5, "mistake", 0.7),
        decision(6, "inaccuracy", 0.3),
    ]
    assert accuracy(decisions) == 40
    assert [d.step for d in key_moments(decisions)] == [4, 5, 6]
    assert accuracy([decision(1, "forced", 0.0)]) == 100


def test_the_seven_of_coins_left_on_the_table_is_a_mistake_at_least():
    game = make_game("scopa", {"players": 2})
    mine, table, theirs = "7c 4e", "7o 5b", "7b 2b 3b"  # the 7 of clubs would take it
    named = set(parse_cards(f"{mine} {table} {theirs}"))
    rest = [card for card in range(40) if card not in named]
    view = game.new_position([mine, theirs], table, piles=[rest[:14], rest[14:]]).observe(0)
    left = review_decision(game, view, move("4e"), step=2, seed="t")
    assert left.verdict in ("mistake", "blunder") and left.reason == "left_seven"
    assert left.best == move("7c", "7o")

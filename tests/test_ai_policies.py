"""Bot players: legal from any reachable state, blind to hidden cards, and the arena."""

from __future__ import annotations

import json
import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import POLICIES, expectation
from bot.ai.arena import arena, main
from bot.ai.expectation import best_move as expected_best
from bot.ai.expert import Budget, Expert
from bot.ai.seats import LEVELS, BotPlayers
from bot.games import describe_move, make_game, parse_card, parse_cards
from tests.test_engine_properties import VARIANTS, swap_hidden_card

AI_SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
variants = st.sampled_from(VARIANTS)
names = st.sampled_from(sorted(POLICIES))
PLAYERS = {**POLICIES, "expert": Expert(Budget(plies=600, seconds=math.inf))}
"""The expert without its time cap (the one thing that can vary from run to run)."""


def reach(game, seed: int, steps: int):
    """A state reached by random play, ``steps`` moves in (or the last before the end)."""
    state = game.new_match(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        following, _ = state.apply(rng.choice(state.legal_moves()))
        if following.is_over:
            break
        state = following
    return state


@AI_SETTINGS
@given(variants, names, st.integers(0, 2**32), st.integers(0, 150))
def test_every_policy_returns_a_legal_move(variant, name, seed, steps):
    game = make_game(*variant)
    state = reach(game, seed, steps)
    view = state.observe(state.turn)
    move = PLAYERS[name](game, view, random.Random(seed))
    assert move in state.legal_moves()


@AI_SETTINGS
@given(variants, names, st.integers(0, 2**32), st.integers(0, 150))
def test_hidden_cards_do_not_change_a_decision(variant, name, seed, steps):
    """Swap a card of another hand with a stock card: the same seed, the same move."""
    game = make_game(*variant)
    state = reach(game, seed, steps)
    watcher = state.turn
    swapped = swap_hidden_card(state, watcher)
    if swapped is None:
        return
    decide = PLAYERS[name]
    assert decide(game, swapped.observe(watcher), random.Random(seed)) == decide(
        game, state.observe(watcher), random.Random(seed)
    )


def test_greedy_beats_random_in_every_game():
    for game in ("escoba", "scopa", "rubamazzo"):
        result = arena(game, "greedy", "random", matches=20, seed=2)
        assert result["a_wins"] > result["b_wins"], result
        assert result["a_points_per_hand"] > result["b_points_per_hand"], result


def test_arena_prints_one_json_line(capsys):
    assert main(["--game", "scopa", "--a", "random", "--b", "greedy", "--matches", "4"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key in (
        "a",
        "b",
        "matches",
        "a_wins",
        "b_wins",
        "a_win_rate",
        "a_points_per_hand",
        "b_points_per_hand",
        "a_ms_p50",
        "a_ms_p95",
    ):
        assert key in result
    assert result["matches"] == 4 and result["a_wins"] + result["b_wins"] + result["draws"] == 4


async def test_bot_seats_decide_in_worker_processes_as_they_would_in_process():
    """The pool gives the move the policy gives here (a fixed budget, same seed), and
    ``close`` stops its workers."""
    game = make_game("escoba", {"players": 2, "target_score": 21})
    state = reach(game, 5, 7)
    view = state.observe(state.turn)
    bots = BotPlayers(workers=1)
    try:
        moves = {level: await bots.decide(level, game, view, "t/1") for level in LEVELS}
        hint = await bots.hint(game, view, "t/1")
        workers = list(bots.executor._processes.values())
    finally:
        bots.close()
    assert len(workers) == 1 and not workers[0].is_alive()
    for level in ("random", "greedy"):
        assert moves[level] == POLICIES[level](game, view, random.Random("t/1"))
    assert moves["expert"] in state.legal_moves() and hint.move in state.legal_moves()


def test_successive_halving_with_three_moves_keeps_two_after_its_first_round(monkeypatch):
    from bot.ai import expert

    game = make_game("escoba", {})
    state = game.new_position(["1o 2c 3e", "4b 5b 6b"], "Ro Rc Re Rb", stock="1c 1e 1b 2o 2e 2b")
    assert len(state.legal_moves()) == 3
    evaluated: dict[int, int] = {}
    measured = expert._Search.value_after

    def counting(self, after, move):
        evaluated[move] = evaluated.get(move, 0) + 1
        return measured(self, after, move)

    monkeypatch.setattr(expert._Search, "value_after", counting)
    Expert(Budget(plies=2000, seconds=60))(game, state.observe(0), random.Random(1))
    counts = sorted(evaluated.values())
    assert counts[0] < counts[1] <= counts[2], "two moves go on to the second round"


def test_in_scopone_the_hard_bot_leaves_no_table_the_next_seat_likely_sweeps():
    """With 7 of cups, 2 of cups and 2 of clubs on a table of the 5 of clubs, a 2
    leaves 7 on the table and two sevens are hidden: the 7 leaves 12, which no card
    sweeps. The reply is weighed over every card the next seat may hold."""
    game = make_game("scopone")
    hands = ["7c 2c 2b", "7e 1e 3e", "3o 4o 6e", "7b 6o 4e"]
    named = set(parse_cards(" ".join([*hands, "5b"])))
    rest = [card for card in range(40) if card not in named]
    state = game.new_position(
        hands,
        "5b",
        piles=[rest, "", "", ""],
    )
    view = state.observe(0)
    assert sum(view.hand_sizes) > 8, "not yet the end-game's exact search"
    for player in (expected_best, PLAYERS["expert"]):
        assert describe_move(player(game, view, random.Random(1))).card == parse_card("7c")


def test_in_scopone_the_best_two_moves_are_weighed_again_with_the_partners_answer(
    monkeypatch,
):
    """Every move against the next seat's reply, then the two best of them once more,
    each reply answered by the partner (``expert_v1``: the reply only)."""
    game = make_game("scopone")
    state = game.new_match(3)
    view = state.observe(state.turn)
    assert len(view.legal_moves) > 2
    calls: list[tuple[int, bool]] = []
    weigh = expectation.reply_values

    def counting(game, view, rng, moves=None, *, partner=False):
        calls.append((len(view.legal_moves if moves is None else moves), partner))
        return weigh(game, view, rng, moves, partner=partner)

    monkeypatch.setattr(expectation, "reply_values", counting)
    chosen = PLAYERS["expert"](game, view, random.Random(1))
    assert calls == [(len(view.legal_moves), False), (2, True)]
    answered = weigh(game, view, random.Random(1), partner=True)
    replied = weigh(game, view, random.Random(1))
    assert answered != replied, "the partner's answers change what a move is worth"
    assert chosen in view.legal_moves
    calls.clear()
    PLAYERS["expert_v1"](game, view, random.Random(1))
    assert calls == [(len(view.legal_moves), False)]


def test_a_duplicate_arena_reports_each_deal_pair_and_the_paired_interval(capsys):
    argv = ["--game", "escoba", "--a", "greedy", "--b", "random", "--matches", "6", "--duplicate"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["matches"] == 12 and result["pairs"] == 6
    assert result["paired_ci_low"] <= result["paired_diff"] <= result["paired_ci_high"]
    assert len(result["pair_seeds"]) == len(result["pair_margins"]) == 6
    assert result["paired_diff"] == round(sum(result["pair_margins"]) / 6, 3)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["pair_margins"] == result["pair_margins"], (
        "the same seeds replay the same deals"
    )

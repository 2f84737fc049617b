"""The ladder of bot levels: legal, blind to hidden cards, seeded, sweep-safe from the
middle up, and its measuring command's output."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai.expert import Budget, Expert
from bot.ai.ladder import elo, gap, main
from bot.ai.levels import LADDER, NAMES, SWEEP_SAFE, certain_sweeps, level_named, make_level
from bot.ai.policies import random_player
from bot.ai.seats import LEVELS
from bot.games import make_game
from tests.test_ai_policies import reach
from tests.test_engine_properties import VARIANTS, swap_hidden_card

LEVEL_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
UNCAPPED = Expert(Budget(plies=600, seconds=math.inf))
"""The hard bot without its time cap (the one thing that can vary from run to run)."""
PLAYERS = {name: make_level(name, UNCAPPED) for name in NAMES}


def test_the_ladder_keeps_the_old_level_names_and_ends_at_the_hard_bot():
    assert {"random", "greedy", "expert"} <= set(NAMES)
    assert NAMES[0] == "random" and NAMES[-1] == "expert"
    assert [level.number for level in LADDER] == list(range(1, len(LADDER) + 1))
    assert LEVELS == NAMES and len(LADDER) >= 5
    with pytest.raises(ValueError, match="unknown level"):
        level_named("grandmaster")


@LEVEL_SETTINGS
@given(
    st.sampled_from(VARIANTS), st.sampled_from(NAMES), st.integers(0, 2**32), st.integers(0, 150)
)
def test_a_level_plays_legally_and_never_sees_a_hidden_card(variant, name, seed, steps):
    """Swap a card of another hand with a stock card: the same seed, the same move."""
    game = make_game(*variant)
    state = reach(game, seed, steps)
    watcher = state.turn
    decide = PLAYERS[name]
    move = decide(game, state.observe(watcher), random.Random(seed))
    assert move in state.legal_moves()
    swapped = swap_hidden_card(state, watcher)
    if swapped is not None:
        assert decide(game, swapped.observe(watcher), random.Random(seed)) == move


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_gives_the_same_moves(name):
    """A whole match played twice by the level in every seat, the same seed: the same moves."""

    def moves(seed: int) -> list[int]:
        game = make_game("scopa", {"target_score": 11})
        state = game.new_match(seed)
        rng, played = random.Random(seed), []
        while not state.is_over and len(played) < 80:
            move = PLAYERS[name](game, state.observe(state.turn), rng)
            played.append(move)
            state, _ = state.apply(move)
        return played

    assert moves(3) == moves(3)
    assert moves(3) != moves(4)


def level_one_moves(game_name: str, seed: int, policy) -> list[int]:
    game = make_game(game_name)
    state = game.new_match(seed)
    rng, played = random.Random(seed), []
    while not state.is_over and len(played) < 60:
        move = policy(game, state.observe(state.turn), rng)
        played.append(move)
        state, _ = state.apply(move)
    return played


def test_scopones_lower_rungs_mix_in_the_normal_bot_and_other_games_keep_random():
    easy = make_level("random")
    assert level_one_moves("scopa", 5, easy) == level_one_moves("scopa", 5, random_player)
    assert level_one_moves("scopone", 5, easy) != level_one_moves("scopone", 5, random_player)


def sweep_positions(count: int):
    """Reachable Scopa and Escoba positions where a legal move surely scores a sweep."""
    found = []
    for seed in range(400):
        for game_name in ("scopa", "escoba"):
            game = make_game(game_name, {"players": 2})
            state = reach(game, seed, seed % 30)
            view = state.observe(state.turn)
            if certain_sweeps(game, view) and len(view.legal_moves) > 1:
                found.append((game, view, seed))
        if len(found) >= count:
            return found
    return found


def test_from_the_middle_up_a_certain_sweep_is_never_thrown_away():
    positions = sweep_positions(12)
    assert len(positions) >= 12
    for level in LADDER:
        if level.number < SWEEP_SAFE:
            continue
        for game, view, seed in positions:
            move = PLAYERS[level.name](game, view, random.Random(seed))
            assert move in certain_sweeps(game, view), (level.name, seed)


def test_gaps_read_scores_as_elo_with_an_interval():
    assert elo(0.5) == 0 and elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo(1.0) == pytest.approx(-elo(0.0))
    found = gap(2, 3, [1.0, 0.5, 1.0, 0.5, 1.0, 0.0, 1.0, 1.0])
    assert found["from"] == 2 and found["to"] == 3 and found["score"] == 0.75
    assert found["ci_low"] < found["elo"] < found["ci_high"]


def test_the_ladder_command_prints_one_json_line(capsys):
    assert main(["--game", "escoba", "--matches", "1", "--seed", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    levels, gaps = result["levels"], result["gaps"]
    assert [entry["level"] for entry in levels] == list(range(1, len(LADDER) + 1))
    assert [entry["name"] for entry in levels] == list(NAMES)
    assert levels[0]["rating"] == 1000.0
    for entry in levels:
        assert set(entry) == {"level", "name", "rating", "ci_low", "ci_high", "cpu_ms_p95"}
        assert entry["ci_low"] <= entry["rating"] <= entry["ci_high"]
        assert entry["cpu_ms_p95"] >= 0
    assert [(entry["from"], entry["to"]) for entry in gaps] == [
        (n, n + 1) for n in range(1, len(LADDER))
    ]
    for below, above, step in zip(levels, levels[1:], gaps, strict=False):
        assert above["rating"] == pytest.approx(below["rating"] + step["elo"], abs=0.2)

"""Mining puzzles: exact values against a plain minimax, answers that are the only
best move at each step, themes on laid-out positions, nothing the mover could not
know, one puzzle a position, and the command's JSON line."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import Game, State, make_game
from bot.games.cards import mask_of
from bot.i18n import CATALOGS
from bot.puzzles.__main__ import main
from bot.puzzles.deals import deal_count, known_deals
from bot.puzzles.exact import move_values
from bot.puzzles.find import MARGIN, find_puzzle
from bot.puzzles.mine import GAMES, game_of, mine_match, verify
from bot.puzzles.themes import PLAY_THEMES, themes_of
from bot.storage import Storage

TWO_PLAYER = ("scopa", "escoba", "cirulla", "rubamazzo")


def last_deal(game: Game, seed: int, skip: int) -> State:
    """A two-player last-deal position reached by random play (``skip`` moves into it)."""
    state = game.new_match(seed)
    rng = random.Random(seed)
    while not state.is_over and (state.stock_size or skip > 0):
        skip -= 0 if state.stock_size else 1
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return state


def plain_minimax(game: Game, state: State, side: int, hand: int, before: list[int]) -> float:
    if state.is_over or state.hand_no != hand:
        points = game.hand_points(before, state.scores)
        return float(points[side] - points[1 - side])
    values = []
    for move in state.legal_moves():
        after, _ = state.apply(move)
        values.append(plain_minimax(game, after, side, hand, before))
    return max(values) if game.side_of[state.turn] == side else min(values)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TWO_PLAYER), st.integers(0, 10_000), st.integers(0, 3))
def test_exact_values_are_the_minimax_of_the_hands_points(name, seed, skip):
    game = game_of(name)
    state = last_deal(game, seed, skip)
    if state.is_over:
        return
    side = game.side_of[state.turn]
    values = move_values(game, state)
    for move, value in values.items():
        after, _ = state.apply(move)
        expected = plain_minimax(game, after, side, state.hand_no, list(state.scores))
        assert value == expected, (name, seed, move)


def puzzles_of(name: str, seeds: range) -> list:
    return [puzzle for seed in seeds for puzzle in mine_match(name, seed)]


def test_every_move_of_an_answer_is_the_only_one_keeping_the_best_result():
    puzzles = [p for name in TWO_PLAYER for p in puzzles_of(name, range(2)) if p.exact]
    assert any(p.moves_to_find > 1 for p in puzzles), "some answers take several moves"
    for puzzle in puzzles:
        state, game = puzzle.position(), game_of(puzzle.game)
        for index, move in enumerate(puzzle.line):
            if index % 2 == 0:  # the member's move: the best by MARGIN
                values = move_values(game, state)
                others = [v for m, v in values.items() if m != move]
                assert values[move] - max(others) >= MARGIN
            state, _ = state.apply(move)
        assert verify(puzzle)


def test_an_exact_puzzle_is_a_position_whose_other_hand_the_mover_can_count():
    for puzzle in puzzles_of("escoba", range(2)):
        state = puzzle.position()
        view = state.observe(puzzle.seat)
        assert puzzle.exact and deal_count(view) == 1, "the unseen cards are the other hand"
        assert view.stock == 0


def test_a_scopone_answer_is_best_on_every_deal_the_mover_cannot_rule_out():
    puzzles = [p for p in puzzles_of("scopone", range(6)) if not p.exact]
    assert puzzles, "Scopone's last rounds give puzzles"
    for puzzle in puzzles[:4]:
        state = puzzle.position()
        game = game_of("scopone")
        deals = known_deals(game, state.observe(puzzle.seat), 60)
        assert deals and len(deals) > 1
        for deal in deals:  # the answer reads nothing but the mover's view
            values = move_values(game, deal)
            assert values[puzzle.line[0]] == max(values.values())
        assert len(puzzle.line) == 1


def test_themes_name_a_sweep_and_a_sweep_prevented():
    escoba = make_game("escoba", {"players": 2})
    # The five sweeps the table (5 + 10): the only move that scores a point there.
    sweep = escoba.new_position(["5o 1c", "2e 3e"], "Rb", stock="")
    puzzle = find_puzzle(escoba, sweep)
    assert puzzle is not None and "sweep" in puzzle.themes
    # The six on the empty table lets the other's nine (caballo) make fifteen and sweep;
    # the four does not, and the six then takes the nine: a sweep prevented.
    guard = find_puzzle(escoba, escoba.new_position(["4o 6o", "Cb"], "", stock=""))
    assert (
        guard is not None
        and guard.line[0] == escoba.new_position(["4o", "Cb"], "").legal_moves()[0]
    )
    assert "sweep_prevented" in guard.themes and "last_capture" in guard.themes


async def test_a_position_is_stored_once(tmp_path):
    storage = await Storage.open(f"sqlite:///{tmp_path / 'puzzles.sqlite3'}")
    try:
        puzzles = puzzles_of("scopa", range(2))
        assert await storage.add_puzzles(puzzles) == len({p.key for p in puzzles})
        assert await storage.add_puzzles(puzzles) == 0, "the same positions again: none new"
        assert await storage.duplicate_puzzles() == 0
        assert await storage.count_puzzles("scopa") == len({p.key for p in puzzles})
    finally:
        await storage.close()


async def test_puzzles_are_stored_on_either_database(database_url):
    storage = await Storage.open(database_url)
    try:
        puzzles = puzzles_of("cirulla", range(1))
        assert await storage.add_puzzles(puzzles) == len(puzzles) > 0
        row = await storage.db.fetch_one("SELECT themes, line, exact FROM puzzles LIMIT 1")
        assert row is not None and json.loads(row["line"]) and row["exact"] in (0, 1)
    finally:
        await storage.close()


def test_the_mine_command_prints_one_json_line(capsys):
    assert main(["mine", "--matches", len(GAMES).__str__(), "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] == len(GAMES) and report["verified"] == 1.0
    assert report["duplicates"] == 0 and report["puzzles"] == report["found"] > 0
    assert set(report["by_game"]) <= set(GAMES)


def test_a_puzzle_carries_the_reviews_word_for_its_answer():
    escoba = make_game("escoba", {"players": 2})
    # The five sweeps (5 + 10); the ace passes the sweep up: the review's "missed_sweep".
    puzzle = find_puzzle(escoba, escoba.new_position(["5o 1c", "2e 3e"], "Rb", stock=""))
    assert puzzle is not None and puzzle.reason == "missed_sweep"
    assert "matta" not in puzzle.themes, "Escoba has no wild card"


def test_the_matta_theme_is_the_games_wild_card_in_the_answer():
    cirulla = make_game("cirulla", {"players": 2})
    # The matta (7c) takes 3 + 4 and sweeps; the two takes nothing.
    state = cirulla.new_position(["7c 2e", "Rb"], "3o 4b", stock="")
    puzzle = find_puzzle(cirulla, state)
    assert puzzle is not None and puzzle.line[0] & 63 == cirulla.wild_card
    assert {"matta", "sweep"} <= set(puzzle.themes)
    assert puzzle.reason == "missed_sweep"


def test_every_mined_theme_and_reason_has_words_in_every_language():
    puzzles = [p for name in GAMES for p in puzzles_of(name, range(1))]
    themes = {theme for puzzle in puzzles for theme in puzzle.themes}
    reasons = {puzzle.reason for puzzle in puzzles if puzzle.reason}
    assert reasons, "some answers take a sweep another move passes up"
    for lang in ("en", "es", "it"):
        for key in [f"review.reason.{reason}" for reason in reasons] + [
            f"puzzle.theme.{theme}" for theme in themes if theme in PLAY_THEMES
        ]:
            assert CATALOGS[lang].get(key), f"{key} in {lang}"


def test_a_scopone_puzzles_themes_hold_on_every_deal_the_mover_cannot_rule_out():
    game = game_of("scopone")
    puzzles = [p for p in puzzles_of("scopone", range(6)) if not p.exact]
    assert puzzles
    for puzzle in puzzles:
        state = puzzle.position()
        deals = known_deals(game, state.observe(puzzle.seat), 60)
        assert deals and len(deals) > 1
        values = [move_values(game, deal) for deal in deals]
        mean = {move: sum(v[move] for v in values) for move in values[0]}
        other = max((m for m in mean if m != puzzle.line[0]), key=mean.__getitem__)
        for deal in deals:  # no theme rests on one layout of the hidden cards
            assert set(puzzle.themes) <= set(themes_of(game, deal, list(puzzle.line), other))


def test_a_stock_of_one_round_is_shared_in_every_way_and_no_other():
    escoba = make_game("escoba", {"players": 2})
    # The mover's last card of the round; the stock's six cards make the last round.
    state = escoba.new_position(["5o", ""], "Rb 3c", stock="1o 2o 3o 4o 6o 7o", turn=0)
    view = state.observe(0)
    deals = known_deals(escoba, view, 60)
    assert deals is not None and len(deals) == deal_count(view) == 20  # 6 choose 3
    assert all(deal.observe(0) == view for deal in deals), "nothing the mover sees differs"
    next_rounds = set()
    for deal in deals:
        after, _ = deal.apply(view.legal_moves[0])
        next_rounds.add(tuple(mask_of(hand) for hand in after.hands))
    assert len(next_rounds) == 20, "each deal gives the next round's hands another way"
    larger = escoba.new_position(["5o", ""], "Rb", stock="1o 2o 3o 4o 6o 7o 1c 2c")
    assert known_deals(escoba, larger.observe(0), 10_000) is None, "two rounds: left alone"


def test_an_earlier_two_player_puzzle_is_best_on_every_deal_of_the_last_round():
    puzzles = [p for p in puzzles_of("cirulla", range(1, 4)) if p.position().stock_size]
    assert puzzles, "the round before the last gives puzzles"
    game = game_of("cirulla")
    for puzzle in puzzles:
        deals = known_deals(game, puzzle.position().observe(puzzle.seat), 60)
        assert deals and len(deals) > 1 and not puzzle.exact and len(puzzle.line) == 1
        for deal in deals:
            values = move_values(game, deal)
            assert values[puzzle.line[0]] == max(values.values())

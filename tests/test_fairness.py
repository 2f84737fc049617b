"""Provably fair deals (``games.fairness``): a match saved as the move log keeps it
verifies against its commitment; a changed seed, card or move fails, saying which."""

from __future__ import annotations

import random
import secrets
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import State, format_move, make_game
from bot.games.cards import DECKS
from bot.games.fairness import SavedMove, commitment, hand_deck, short_commitment, verify
from bot.games.moves import parse_move
from bot.screens.cards import CardFaces, CardWords

GAMES = [
    ("escoba", {"players": 2}),
    ("scopa", {"players": 2}),
    ("scopa", {"players": 4}),
    ("scopone", {}),
    ("cirulla", {"players": 2}),
    ("rubamazzo", {"players": 2}),
]


def saved_match(game_name: str, options: dict, seed: str, rng: random.Random):
    """A match played by random moves, as the database keeps it: the seed, its
    commitment, the move log (through JSON) and the final position."""
    game = make_game(game_name, options)
    state, log = game.new_match(seed), []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state, events = state.apply(move)
        row = {"move": format_move(move), "events": [event.to_dict() for event in events]}
        log.append(SavedMove(**orjson.loads(orjson.dumps(row))))
    return game, commitment(seed), log, state


def test_ten_thousand_deals_verify_with_no_mismatch():
    rng, hands, matches = random.Random(36), 0, 0
    while hands < 10_000:
        game_name, options = GAMES[matches % len(GAMES)]
        seed = secrets.token_hex(32)
        game, committed, log, final = saved_match(game_name, options, seed, rng)
        verdict = verify(game, seed, committed, log, final)
        assert verdict.fair, (game_name, seed, verdict)
        assert verdict.moves == len(log)
        hands += verdict.hands
        matches += 1
    assert hands >= 10_000


def test_the_commitment_is_the_sha256_of_the_seed_text():
    seed = "00" * 32
    assert commitment(seed) == "60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55"
    assert short_commitment(commitment(seed)) == "60e05bd1b195af2f"
    assert commitment(7) == commitment("7")


def test_the_first_hand_is_dealt_from_the_documented_deck():
    """docs/fairness.md's recipe: hand h's deck is ``hand_deck(seed, h)``; the mano gets
    one card at a time, then the table its four."""
    seed = "ab" * 32
    game = make_game("scopa", {"players": 2})
    state = game.new_match(seed)
    deck = hand_deck(seed, 0)
    mano = (state.dealer + 1) % 2
    assert set(state.hands[mano]) == {deck[0], deck[2], deck[4]}
    assert set(state.hands[1 - mano]) == {deck[1], deck[3], deck[5]}
    assert set(state.table) == set(deck[6:10])


@pytest.fixture(scope="module")
def played():
    return saved_match("escoba", {"players": 2}, "cd" * 32, random.Random(1))


def test_a_changed_seed_fails_on_the_commitment(played):
    game, committed, log, final = played
    verdict = verify(game, "ce" * 32, committed, log, final)
    assert verdict.problem == "commitment" and not verdict.fair


def test_a_seed_changed_with_its_commitment_fails_on_the_cards(played):
    game, _, log, final = played
    other = "ce" * 32
    verdict = verify(game, other, commitment(other), log, final)
    assert verdict.problem in ("move", "cards") and verdict.at >= 1


def test_a_changed_move_fails_at_that_move(played):
    game, committed, log, final = played
    state = game.new_match("cd" * 32)
    other = next(m for m in state.legal_moves() if format_move(m) != log[0].move)
    changed = [SavedMove(format_move(other), log[0].events), *log[1:]]
    verdict = verify(game, "cd" * 32, committed, changed, final)
    assert (verdict.problem, verdict.at) == ("cards", 1)


def test_a_final_position_from_elsewhere_fails(played):
    game, committed, log, _ = played
    other = game.new_match("ef" * 32)
    assert verify(game, "cd" * 32, committed, log, other).problem == "final"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_changed_card_in_the_log_fails(played, data):
    game, committed, log, final = played
    with_cards = [(i, e) for i, move in enumerate(log) for e in move.events if "card" in e]
    index, event = data.draw(st.sampled_from(with_cards))
    card = data.draw(st.integers(0, 39).filter(lambda c: c != event["card"]))
    changed = list(log)
    events = [dict(e, card=card) if e is event else e for e in log[index].events]
    changed[index] = SavedMove(log[index].move, events)
    verdict = verify(game, "cd" * 32, committed, changed, final)
    assert (verdict.problem, verdict.at) == ("cards", index + 1)


def test_a_match_without_a_commitment_checks_its_cards_but_is_never_fair(played):
    game, _, log, final = played
    verdict = verify(game, "cd" * 32, "", log, final)
    assert verdict.problem is None and not verdict.committed and not verdict.fair


def test_a_log_cut_short_does_not_reach_the_recorded_result(played):
    game, committed, log, final = played
    (result,) = [e for e in log[-1].events if e["kind"] == "match_over"]
    assert verify(game, "cd" * 32, committed, log, final, result).fair
    state = game.new_match("cd" * 32)
    for saved in log[:-5]:  # the log cut short, the position it leads to saved as final
        state, _ = state.apply(parse_move(saved.move))
    cut = verify(game, "cd" * 32, committed, log[:-5], state, result)
    assert (cut.problem, cut.fair) == ("result", False)
    short = verify(game, "cd" * 32, committed, log[:-5], state, None, counted=len(log))
    assert short.problem == "short", "a match that ended early: its count of moves"
    changed = dict(result, winners=[1 - result["winners"][0]] if result["winners"] else [0])
    assert verify(game, "cd" * 32, committed, log, final, changed).problem == "result"


def test_states_keep_a_text_seed_through_saving():
    state = make_game("cirulla", {"players": 2}).new_match("12" * 32)
    assert State.from_dict(orjson.loads(orjson.dumps(state.to_dict()))) == state


def docs_script(tmp_path: Path) -> Path:
    """docs/fairness.md's script, as a player saves it."""
    text = (Path(__file__).parent.parent / "docs" / "fairness.md").read_text(encoding="utf-8")
    script = tmp_path / "check.py"
    script.write_text(text.split("```python\n", 1)[1].split("```", 1)[0], encoding="utf-8")
    return script


def run_script(script: Path, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


@pytest.mark.parametrize("deck", DECKS)
def test_the_players_script_names_the_cards_as_the_board_does(tmp_path, deck):
    """The commitment, then the hand's deck in dealing order, each card named as the
    bot names it for that deck (the King and hearts of a French deck, the Knight of a
    Latin one)."""
    seed = "9f" * 32
    out = run_script(docs_script(tmp_path), seed, "2", "--deck", deck)
    assert out[0] == commitment(seed)
    words = CardWords(deck, "en", CardFaces())
    assert out[1] == ", ".join(words.name(card) for card in hand_deck(seed, 2))


def test_the_players_script_checks_a_hand_dealt_again(tmp_path):
    """A Scopa hand whose first deal showed three Kings on the table is dealt again
    (the board says so): ``--redeal 1`` prints the deck it was dealt from then."""
    game = make_game("scopa", {"players": 2})

    def redeals(seed: str) -> int:
        events: list = []
        game.new_match(seed, events)
        return sum(event.kind == "redealt" for event in events)

    seed = next(seed for seed in (f"{n:064x}" for n in range(20_000)) if redeals(seed))
    dealt = game.new_match(seed).deck
    out = run_script(docs_script(tmp_path), seed, "0", "--deck", "italian", "--redeal", "1")
    words = CardWords("italian", "en", CardFaces())
    assert out[1] == ", ".join(words.name(card) for card in dealt)
    first = run_script(docs_script(tmp_path), seed, "0", "--deck", "italian")
    assert first[1] != out[1], "the void deal's deck is another"

"""The facts a game states for the presentation, and the public observation."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import (
    GAMES,
    Game,
    Observation,
    OptionsError,
    PublicObservation,
    cards_of,
    game_type,
    make_game,
    mask_of,
    parse_options,
)
from bot.games.cards import FULL_DECK, RANK_MASK, SUIT_MASK
from bot.games.events import HandScored
from tests.test_engine_properties import VARIANTS, seeds

CATEGORIES = {
    "escoba": (
        "sweeps",
        "cards",
        "coins",
        "all_coins",
        "seven_of_coins",
        "sevens",
        "all_sevens",
        "under_ten",
    ),
    "scopa": ("sweeps", "cards", "coins", "seven_of_coins", "primiera", "re_bello", "napola"),
    "scopone": ("sweeps", "cards", "coins", "seven_of_coins", "primiera", "re_bello", "napola"),
    "cirulla": (
        "sweeps",
        "declarations",
        "cards",
        "coins",
        "seven_of_coins",
        "primiera",
        "grande",
        "piccola",
    ),
    "rubamazzo": ("cards",),
}
COINS_AND_SEVENS = SUIT_MASK[0] | RANK_MASK[6]
SEVEN_OF_COINS_ONLY = 1 << 6


def scored_categories(game: Game, pile: int) -> set[str]:
    """The categories either side scores when one holds ``pile`` and the other the rest."""
    piles = [cards_of(pile), cards_of(FULL_DECK & ~pile)] + [()] * (game.players - 2)
    state = game.new_position([()] * game.players, piles=piles)
    if "declarations" in game.categories:
        state.calls = ((0, 1, 3, 0, 0),)  # side 0 declared a low hand
    return {category for side in game.score_hand(state).points for category in side}


def test_the_registered_games_by_name():
    assert GAMES == ("escoba", "scopa", "scopone", "cirulla", "rubamazzo")
    for name in GAMES:
        assert game_type(name) is type(make_game(name))
        assert game_type(name).name == name


def test_an_unknown_game_is_refused_as_make_game_refuses_it():
    with pytest.raises(OptionsError) as made:
        make_game("poker")
    with pytest.raises(OptionsError) as typed:
        game_type("poker")
    assert (
        str(typed.value)
        == str(made.value)
        == ("unknown game 'poker': choose escoba, scopa, scopone, cirulla or rubamazzo")
    )


def test_class_facts():
    escoba, scopa, scopone, cirulla, rubamazzo = (game_type(name) for name in GAMES)
    assert {name: game_type(name).categories for name in GAMES} == CATEGORIES
    assert escoba.counted_categories == scopa.counted_categories
    assert escoba.counted_categories == ("cards", "coins", "sevens", "primiera")
    assert rubamazzo.counted_categories == ()
    assert [game.has_sweeps() for game in (escoba, scopa, rubamazzo)] == [True, True, False]
    assert [game.plays_to_target for game in (escoba, scopa, rubamazzo)] == [True, True, False]
    assert [game.shows_pile_tops for game in (escoba, scopa, rubamazzo)] == [False, False, True]
    assert escoba.summary_options == ("scoring_system", "capture_rule")
    assert scopa.summary_options == rubamazzo.summary_options == ()
    assert scopone.summary_options == ("scopone_deal",) and scopone.has_sweeps()
    assert cirulla.has_sweeps() and cirulla.targets == (26, 31, 51, 101)
    assert make_game("scopa").has_sweeps() and make_game("rubamazzo").plays_to_target is False


SCORING_CASES = {
    "escoba": [
        ({}, COINS_AND_SEVENS),
        ({}, SEVEN_OF_COINS_ONLY),
        ({"all_oros_mode": "additive", "all_sevens_mode": "additive"}, COINS_AND_SEVENS),
    ],
    "scopa": [({}, COINS_AND_SEVENS), ({"re_bello": True, "napola": True}, COINS_AND_SEVENS)],
    "scopone": [({"re_bello": True, "napola": True}, COINS_AND_SEVENS)],
    "cirulla": [({}, COINS_AND_SEVENS)],
    "rubamazzo": [({}, SEVEN_OF_COINS_ONLY)],
}
"""Hands that between them score every category of each game."""


@pytest.mark.parametrize("name", GAMES)
def test_every_category_can_be_scored(name):
    found = set()
    for options, pile in SCORING_CASES[name]:
        found |= scored_categories(make_game(name, options), pile)
    assert found == set(game_type(name).categories)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), seeds)
def test_hands_score_only_the_games_categories(variant, seed):
    game = make_game(*variant)
    rng = random.Random(seed)
    state = game.new_match(seed)
    while not state.is_over and state.hand_no < 2:
        state, events = state.apply(rng.choice(state.legal_moves()))
        for event in events:
            if isinstance(event, HandScored):
                scored = {category for side in event.score.points for category in side}
                assert scored <= set(game.categories)


@pytest.mark.parametrize("name", GAMES)
def test_menu_choices_are_options_of_the_game(name):
    choices = game_type(name).menu_choices
    assert len(set(choices)) == len(choices)
    for option, value in choices:
        parsed = parse_options(name, {option: value})
        assert getattr(parsed, option) == value


def sevens_and_coins_hand(options: dict) -> tuple[Game, list[dict[str, int]]]:
    """A two-player Escoba hand where side 0 took every coin and every seven."""
    game = make_game("escoba", options)
    piles = [cards_of(COINS_AND_SEVENS), cards_of(FULL_DECK & ~COINS_AND_SEVENS)]
    points = game.score_hand(game.new_position([(), ()], piles=piles)).points
    return game, list(points)


def test_all_four_sevens_and_all_coins_replace_their_categories_by_default():
    game, points = sevens_and_coins_hand({})
    assert game.bonus_replacements(points) == {
        "all_sevens": ("replace_all", ("seven_of_coins", "sevens")),
        "all_coins": ("replace", ("coins",)),
    }
    replaced = {"seven_of_coins", "sevens", "coins"}
    assert not replaced & {category for side in points for category in side}


def test_all_four_sevens_under_replace_majority_leave_the_seven_of_coins():
    game, points = sevens_and_coins_hand({"all_sevens_mode": "replace_majority"})
    assert game.bonus_replacements(points)["all_sevens"] == ("replace_majority", ("sevens",))
    assert points[0]["seven_of_coins"] == 1


def test_additive_bonuses_replace_nothing():
    game, points = sevens_and_coins_hand(
        {"all_oros_mode": "additive", "all_sevens_mode": "additive"}
    )
    assert points[0]["all_sevens"] == 3 and points[0]["all_coins"] == 2
    assert game.bonus_replacements(points) == {}


def test_no_replacement_when_no_bonus_was_scored():
    game = make_game("escoba")
    points = [{"sweeps": 1, "cards": 1, "coins": 1}, {"sweeps": 0, "sevens": 1}]
    assert game.bonus_replacements(points) == {}
    assert game.bonus_replacements([{"sweeps": 0, "all_coins": 2}, {"sweeps": 0}]) == {
        "all_coins": ("replace", ("coins",))
    }


@pytest.mark.parametrize("name", ["scopa", "rubamazzo"])
def test_other_games_have_no_replacing_bonuses(name):
    game = make_game(name)
    assert game.bonus_replacements([{"all_sevens": 3, "all_coins": 2}, {}]) == {}


def test_observation_fields_are_unchanged():
    assert [field.name for field in fields(Observation)] == [
        "game",
        "seat",
        "players",
        "sides",
        "hand",
        "hand_sizes",
        "table",
        "piles",
        "pile_tops",
        "sweeps",
        "scores",
        "target",
        "stock",
        "to_act",
        "dealer",
        "hand_number",
        "deal_round",
        "last_deal",
        "seen",
        "claim",
        "last_taker",
        "legal_moves",
        "winners",
        "history",
        "calls",
        "revealed",
    ]


def test_the_public_observation_has_no_private_field():
    names = {field.name for field in fields(PublicObservation)}
    assert not names & {"seat", "hand", "legal_moves"}
    assert names == {field.name for field in fields(Observation)} - {"seat", "hand", "legal_moves"}


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(VARIANTS), seeds)
def test_public_observation_is_every_seats_public_part(variant, seed):
    game = make_game(*variant)
    names = [field.name for field in fields(PublicObservation)]
    rng = random.Random(seed)
    state = game.new_match(seed)
    for _ in range(60):
        public = state.public_observation()
        for seat in range(game.players):
            view = state.observe(seat)
            assert PublicObservation(**{name: getattr(view, name) for name in names}) == public
        in_hands = mask_of(card for hand in state.hands for card in hand)
        shown = mask_of(public.seen) | mask_of(public.table)
        shown |= mask_of(card for pile in public.piles for card in pile)
        assert not in_hands & shown
        assert (public.pile_sizes, public.claimable, public.is_over) == (
            view.pile_sizes,
            view.claimable,
            view.is_over,
        )
        if state.is_over:
            break
        state, _ = state.apply(rng.choice(state.legal_moves()))

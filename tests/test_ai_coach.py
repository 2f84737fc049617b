"""The coach: a legal, reproducible hint from the seat's own view, with reasons every
catalog can say."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai.coach import Hint, explain, suggest
from bot.ai.expert import Budget
from bot.games import card_code, make_game, make_move, mask_of, parse_cards
from bot.i18n import CATALOGS, LANGUAGES, tr
from tests.test_ai_policies import reach
from tests.test_engine_properties import VARIANTS, swap_hidden_card

QUICK = Budget(plies=400, seconds=float("inf"))
"""A small, fixed budget: the same hint on any machine."""


def say(hint: Hint, lang: str) -> str:
    """The hint as the UI would write it, cards named by their codes."""
    parts = []
    for key, params in hint.reasons:
        words = {
            name: " + ".join(map(card_code, value)) if name == "cards" else value
            for name, value in params.items()
        }
        if name_is_card := "card" in words:
            words["card"] = card_code(words["card"])
        assert name_is_card or key.startswith(("hint.why.", "hint.declare"))
        if f"{key}.one" in CATALOGS["en"]:
            key += ".one" if params["count"] == 1 else ".other"
        parts.append(tr(lang, key, **words))
    return "; ".join(parts)


def escoba_position(hand: str, other: str, table: str, stock: str = "1o 2o 3o 4o 5o 6e"):
    game = make_game("escoba", {"players": 2})
    hands = [parse_cards(hand), parse_cards(other)]
    return game, game.new_position(hands, table, stock=stock)


def test_the_coach_sweeps_when_it_can():
    game, state = escoba_position("7o 2c Rb", "1c 4e 5b", "5c 3e")
    hint = suggest(game, state.observe(0), seed=1, budget=QUICK)
    assert hint.move == make_move(6, mask_of(parse_cards("5c 3e")))
    assert hint.reason == "hint.sweep.escoba"
    assert say(hint, "en") == "Play 7o and take 5c + 3e: that empties the table, an escoba!"


def test_the_coach_says_what_a_capture_leaves_behind():
    game, state = escoba_position("7o 2c 4b", "1c 4e 5b", "Sc 7e 6c")
    move = make_move(6, mask_of(parse_cards("Sc")))  # 7o + Sota: 15, leaves 7e 6c (13)
    reasons = explain(game, state.observe(0), move)
    assert [key for key, _ in reasons] == ["hint.take", "hint.why.seven_of_coins", "hint.why.risk"]
    assert reasons[2][1] == {"total": 13, "value": 2}
    hint = Hint(move, reasons)
    assert say(hint, "en") == (
        "Play 7o and take Sc; it wins 7o: a point on its own; it leaves 13 on "
        "the table, which a card worth 2 would sweep, but every other move gives away more"
    )


def test_a_table_no_unseen_card_can_sweep_is_called_safe():
    twos_out = "2o 2e 2b"
    game = make_game("escoba", {"players": 2})
    hands = [parse_cards("7o 2c 4b"), parse_cards("1c 4e 5b")]
    state = game.new_position(hands, "Sc 7e 6c", stock="3o 3c", piles=[twos_out, ""])
    reasons = explain(game, state.observe(0), make_move(6, mask_of(parse_cards("Sc"))))
    assert reasons[-1] == ("hint.why.safe_seen", {"total": 13, "value": 2})


def test_rubamazzo_hints_name_the_pile_stolen():
    game = make_game("rubamazzo", {"players": 2})
    hands = [parse_cards("5o 2c Cb"), parse_cards("2e 4e 3b")]
    state = game.new_position(
        hands, "Rc", stock="6o 6c", piles=["", "5c 7e 7b"], tops=[-1, parse_cards("5c")[0]]
    )
    hint = suggest(game, state.observe(0), seed=3)
    five = parse_cards("5o")[0]
    assert hint.reasons == (
        ("hint.steal", {"card": five, "seat": 1, "count": 3}),
        ("hint.why.pile_safe", {"card": five, "count": 4}),
    ), "no Ace and no 5 is left unseen"
    assert say(hint, "en") == (
        "Play 5o and steal the pile of 1: 3 cards; "
        "your pile (4 cards) is safe: no other card like 5o is left to steal it"
    )


def rubamazzo_lay(hand: str, table: str, stock: str = "6o 6c"):
    """The reasons for laying the first card of ``hand`` down, the other seat
    holding 2e 3e 5b; cards in no hand, pile or stock count as played."""
    game = make_game("rubamazzo", {"players": 2})
    hands = [parse_cards(hand), parse_cards("2e 3e 5b")]
    state = game.new_position(hands, table, stock=stock)
    return explain(game, state.observe(0), parse_cards(hand)[0])


def test_rubamazzo_laying_down_says_why():
    four, kept = parse_cards("4o 4c")
    assert rubamazzo_lay("4o 4c 1c", "1b Cb Rb") == (
        ("hint.lay", {"card": four}),
        ("hint.why.bait", {"card": kept}),
    ), "a card of the same rank kept to steal whoever takes it"
    assert rubamazzo_lay("4o 7c 1c", "Sb Cb") == (
        ("hint.lay", {"card": four}),
        ("hint.why.no_take", {}),
    )
    assert rubamazzo_lay("4o 7c 1c", "1b Cb", stock="6o 1o") == (
        ("hint.lay", {"card": four}),
        ("hint.why.takes_exposed", {}),
    ), "taking 1b with 1c leaves an Ace on top while 1o is unseen"
    assert rubamazzo_lay("4o 7c 1c", "1b Cb") == (("hint.lay", {"card": four}),), (
        "no reason a learner can check: every other Ace is out, so the take would be safe"
    )


AI_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@AI_SETTINGS
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 150))
def test_hints_are_legal_reproducible_blind_and_said_in_every_language(variant, seed, steps):
    game = make_game(*variant)
    state = reach(game, seed, steps)
    seat = state.turn
    hint = suggest(game, state.observe(seat), seed=seed, budget=QUICK)
    assert hint.move in state.legal_moves()
    assert hint == suggest(game, state.observe(seat), seed=seed, budget=QUICK)
    swapped = swap_hidden_card(state, seat)
    if swapped is not None:
        assert suggest(game, swapped.observe(seat), random.Random(seed), QUICK) == hint
    for lang in LANGUAGES:
        assert say(hint, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hint_key_is_in_every_catalog(lang):
    keys = [key for key in CATALOGS["en"] if key.startswith("hint.")]
    assert len(keys) >= 16
    assert all(key in CATALOGS[lang] for key in keys)


@pytest.mark.parametrize(
    ("last_play_scores", "key"), [(False, "hint.take"), (True, "hint.sweep.scopone")]
)
def test_a_sweep_with_the_last_card_is_hinted_as_a_scopa_only_where_it_scores(
    last_play_scores, key
):
    game = make_game("scopone", {"scopa_on_last_play": last_play_scores})
    state = game.new_position([parse_cards("7o"), (), (), ()], "5c 2e", turn=0, dealer=0)
    (move,) = state.legal_moves()
    assert explain(game, state.observe(0), move)[0][0] == key

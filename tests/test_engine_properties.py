"""Properties of the engine over random seeds, player counts and options (hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import State, format_move, make_game, make_move
from bot.games.cards import FULL_DECK, VALUE, mask_of, mask_value
from bot.games.events import HandScored, LeftoversTaken, MatchOver
from bot.games.moves import is_declaration
from bot.games.replay import ReplayError, replay

ESCOBA_VARIANTS = [
    {"players": 2},
    {"players": 2, "scoring_system": "pagat", "capture_rule": "optional"},
    {"players": 2, "scoring_system": "denexa", "setenta_mode": "primiera_sum"},
    {"players": 2, "capture_rule": "fournier_claim", "claim_window": "passes_on"},
    {"players": 2, "capture_rule": "must_capture_if_able", "initial_30_rule": "partition"},
    {"players": 2, "initial_sweep_to": "mano", "refill_after_initial_sweep": True},
    {"players": 3, "capture_rule": "fournier_claim", "claim_counts_as_escoba": True},
    {"players": 3, "under10_mode": "per_opponent", "majority_definition": "absolute"},
    {"players": 4, "layout": "teams", "dealer_selection": "high_card_draw"},
    {"players": 4, "layout": "individual", "shutout_rule": "multi_side_end_match"},
    {"players": 6, "layout": "teams_2x3"},
    {"players": 6, "layout": "teams_3x2", "leftover_if_no_capturer": "dealer"},
]
SCOPA_VARIANTS = [
    {"players": 2},
    {"players": 3, "rank_match_priority": False},
    {"players": 4, "scopa_on_last_play": True},
    {"players": 6, "primiera_face_values": "8_9_10"},
    {"players": 2, "re_bello": True, "napola": True},
    {"players": 4, "napola": True, "napola_all_coins": "ten_points"},
    {"players": 2, "ace_takes_all": True, "ace_on_empty_table": "stays"},
    {"players": 3, "ace_takes_all": True, "ace_sweep_is_scopa": True},
    {"players": 2, "capture_mode": "fifteen", "sevens_point": "count_tiebreak"},
    {"players": 4, "ace_takes_all": True, "re_bello": True},
    {"players": 4, "capture_mode": "fifteen", "napola": True},
    {"players": 3, "sum_choice": "fewest_cards", "rank_match_priority": False},
]
SCOPONE_VARIANTS = [
    {},
    {"scopone_deal": "nine_plus_four", "sum_choice": "fewest_cards"},
    {"scopa_on_last_play": True, "re_bello": True, "napola": True},
    {"deck": "french_faces", "napola": True, "napola_all_coins": "ten_points"},
    {
        "ace_takes_all": True,
        "ace_on_table": "still_takes_all",
        "first_lead_ace_forbidden": True,
        "scopone_deal": "nine_plus_four",
    },
]
CIRULLA_VARIANTS = [
    {"players": 2},
    {"players": 3, "declaration_mode": "automatic", "initial_low_table": "three_scope"},
    {"players": 4, "matta_value_in_play": "natural", "cirulla_simple": "fewest_cards"},
    {"players": 2, "ace_alternatives": "also_fifteen", "ace_on_empty_table": "takes_itself"},
    {"players": 3, "ace_sweep_is_scopa": False, "scopa_on_last_play": True, "piccola_cap": "none"},
    {"players": 2, "declaration_points": "one_three_two", "cirulla_simple": "free"},
    {"players": 4, "stack_declarations": "both", "grande_extends": True, "all_coins_wins": False},
    {"players": 2, "matta_on_initial_table": "natural", "sevens_point": "count_tiebreak"},
]
RUBAMAZZO_VARIANTS = [
    {"players": 2},
    {"players": 3, "hand_size": 4, "allow_sum_capture": False},
    {"players": 4, "steal_vs_capture": "both", "steal_by_sum": True, "ace_takes_all": True},
    {"players": 2, "hand_size": 9, "must_take": False, "steal_multiple": "all_matching"},
    {"players": 3, "steal_vs_capture": "table_first", "equal_rank_take": "all"},
    {"players": 4, "tie_policy": "draw", "leftover_to_last_taker": False},
]
VARIANTS = (
    [("escoba", {**o, "target_score": 9}) for o in ESCOBA_VARIANTS]
    + [("scopa", {**o, "target_score": 6}) for o in SCOPA_VARIANTS]
    + [("scopone", {**o, "target_score": 11}) for o in SCOPONE_VARIANTS]
    + [("cirulla", {**o, "target_score": 21}) for o in CIRULLA_VARIANTS]
    + [("rubamazzo", o) for o in RUBAMAZZO_VARIANTS]
)
MAX_HANDS = 60

games = st.sampled_from(VARIANTS).map(lambda variant: make_game(*variant))
seeds = st.integers(min_value=0, max_value=2**32)
PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def play_match(game, seed, on_step=None):
    """Random legal play to the end of the match; yields every (before, move, after, events)."""
    rng = random.Random(seed)
    state = game.new_match(seed)
    while not state.is_over:
        assert state.hand_no < MAX_HANDS, "the match does not end"
        move = rng.choice(state.legal_moves())
        after, events = state.apply(move)
        yield state, move, after, events
        state = after


def accounted(state: State) -> int:
    """Check the 40 cards are each in exactly one place; return how many were seen."""
    places = [mask_of(hand) for hand in state.hands]
    places += [state.tmask, mask_of(state.deck[state.pos :]), state.discards, *state.piles]
    union = 0
    for place in places:
        assert not union & place, "a card is in two places"
        union |= place
    assert union == FULL_DECK
    assert mask_of(state.table) == state.tmask
    return union.bit_count()


@PROPERTY_SETTINGS
@given(games, seeds)
def test_forty_cards_always_accounted_for(game, seed):
    for _, _, after, _ in play_match(game, seed):
        assert accounted(after) == 40


FIFTEEN_GAMES = [make_game("escoba", o) for o in ESCOBA_VARIANTS] + [
    make_game("scopa", {"players": n, "capture_mode": "fifteen", "target_score": 6}) for n in (2, 4)
]
"""Games that capture by fifteen: Escoba and Scopa a 15 (RULES.md G.2.4: §A.8 holds)."""


@PROPERTY_SETTINGS
@given(st.sampled_from(FIFTEEN_GAMES), seeds)
def test_escoba_leftovers_and_piles_modulo_15(game, seed):
    hands = 0
    for before, _, after, events in play_match(game, seed):
        if not any(isinstance(e, HandScored) for e in events):
            for pile in after.side_piles():
                assert mask_value(pile) % 15 == 0
            continue
        hands += 1
        leftovers = [e for e in events if isinstance(e, LeftoversTaken)]
        assert len(leftovers) == 1, "the table is never empty at the end of an Escoba hand"
        assert sum(VALUE[c] for c in leftovers[0].cards) % 15 == 10
        scored = next(e for e in events if isinstance(e, HandScored))
        taker = leftovers[0].seat
        for side, pile in enumerate(scored.piles):
            holds_leftovers = taker >= 0 and game.side_of[taker] == side
            assert mask_value(mask_of(pile)) % 15 == (10 if holds_leftovers else 0)
        assert before.turn >= 0
    assert hands >= 1


@PROPERTY_SETTINGS
@given(games, seeds)
def test_hand_points_add_up_to_the_match_totals(game, seed):
    totals = [0] * len(game.sides)
    for _, _, after, events in play_match(game, seed):
        for event in events:
            if isinstance(event, HandScored):
                score = event.score
                for side, points in enumerate(score.points):
                    assert all(value >= 0 for value in points.values())
                    assert score.totals[side] == sum(points.values())
                if game.name == "rubamazzo":
                    totals = list(score.totals)
                    assert sum(totals) + after.discards.bit_count() == 40 or after.is_over
                else:
                    totals = [t + p for t, p in zip(totals, score.totals, strict=True)]
                assert list(event.totals) == totals
    assert after.scores == totals


@PROPERTY_SETTINGS
@given(games, seeds)
def test_serialise_restore_gives_an_equal_state(game, seed):
    for step, (_, _, after, _) in enumerate(play_match(game, seed)):
        if step % 7:
            continue
        restored = State.from_dict(json.loads(json.dumps(after.to_dict())))
        assert restored == after
        assert restored.legal_moves() == after.legal_moves()
        assert restored.observe(0) == after.observe(0)


@PROPERTY_SETTINGS
@given(games, seeds)
def test_random_play_ends_the_match_with_a_result(game, seed):
    final_events = []
    for _, _, _, events in play_match(game, seed):
        final_events = events
    over = [e for e in final_events if isinstance(e, MatchOver)]
    assert len(over) == 1
    if over[0].reason == "draw":
        assert over[0].winners == ()
    else:
        assert len(over[0].winners) == 1


@PROPERTY_SETTINGS
@given(games, seeds)
def test_same_seed_same_match(game, seed):
    first = [(move, [e.to_dict() for e in events]) for _, move, _, events in play_match(game, seed)]
    again = [(move, [e.to_dict() for e in events]) for _, move, _, events in play_match(game, seed)]
    assert first == again


@PROPERTY_SETTINGS
@given(games, seeds, st.integers(min_value=0, max_value=5))
def test_observation_holds_no_other_hand(game, seed, watcher_index):
    watcher = watcher_index % game.players
    for _, _, after, _ in play_match(game, seed):
        view = after.observe(watcher)
        assert view.hand == after.hands[watcher]
        hidden = mask_of(
            c for seat in range(game.players) if seat != watcher for c in _hidden_cards(after, seat)
        )
        hidden |= mask_of(after.deck[after.pos :])
        shown = mask_of(view.hand) | mask_of(view.table) | mask_of(view.seen)
        shown |= mask_of(top for top in view.pile_tops if top >= 0)
        shown |= mask_of(move & 63 for move in view.legal_moves if not is_declaration(move))
        shown |= mask_of(card for cards in view.revealed for card in cards)
        assert not shown & hidden


@PROPERTY_SETTINGS
@given(games, seeds, st.integers(min_value=0, max_value=200))
def test_hidden_cards_do_not_change_an_observation(game, seed, steps):
    """Swap a card of another hand with a stock card: the watcher sees the same thing."""
    state = None
    for index, (_, _, after, _) in enumerate(play_match(game, seed)):
        state = after
        if index == steps:
            break
    if state is None or state.is_over or not state.stock_size:
        return
    watcher = state.turn
    swapped = swap_hidden_card(state, watcher)
    if swapped is None:
        return
    assert swapped.observe(watcher) == state.observe(watcher)


def swap_hidden_card(state: State, watcher: int) -> State | None:
    """A copy where another seat's first card and the last stock card trade places
    (None when there is no such pair): nothing ``watcher`` may see changes."""
    other = next(
        (s for s in range(state.game.players) if s != watcher and _hidden_cards(state, s)), None
    )
    if other is None or not state.stock_size:
        return None
    swapped = state.copy()
    hand = list(swapped.hands[other])
    at = hand.index(_hidden_cards(state, other)[0])
    deck = list(swapped.deck)
    dealt_at, stock_at = deck.index(hand[at]), len(deck) - 1
    deck[dealt_at], deck[stock_at] = deck[stock_at], deck[dealt_at]
    hand[at] = deck[dealt_at]
    swapped.hands[other] = tuple(hand)
    swapped.deck = tuple(deck)
    swapped._legal = None
    return swapped


def _hidden_cards(state: State, seat: int) -> list[int]:
    """``seat``'s cards nobody else has seen (not shown in a declaration)."""
    shown = state.revealed(seat)
    return [card for card in state.hands[seat] if not shown >> card & 1]


@PROPERTY_SETTINGS
@given(games, seeds, st.integers(min_value=0, max_value=200))
def test_a_resampled_state_looks_the_same_to_its_seat(game, seed, steps):
    """``Game.resample`` deals only the unseen cards: the seat sees what it saw, all
    40 cards are accounted for, and play goes on from it."""
    state = None
    for index, (_, _, after, _) in enumerate(play_match(game, seed)):
        state = after
        if index == steps:
            break
    if state is None or state.is_over:
        return
    view = state.observe(state.turn)
    sample = game.resample(view, random.Random(seed))
    assert sample.observe(state.turn) == view
    assert accounted(sample) == 40
    sample.apply(random.Random(seed).choice(sample.legal_moves()))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seeds)
def test_a_match_replays_from_its_seed_and_move_log(game, seed):
    played = list(play_match(game, seed))
    log = [format_move(move) for _, move, _, _ in played]
    steps = replay(game, seed, log)
    assert len(steps) == len(played) + 1
    assert steps[0].state == played[0][0]
    for step, (before, move, after, events) in zip(steps[1:], played, strict=True):
        assert (step.seat, step.move) == (before.turn, move)
        assert step.state == after and list(step.events) == events


def test_a_log_that_does_not_fit_the_deal_is_refused_with_the_move_number():
    game = make_game("escoba", {"players": 2})
    state = game.new_match(3)
    first = format_move(state.legal_moves()[0])
    foreign = next(card for card in range(40) if card not in state.hands[state.turn])
    with pytest.raises(ReplayError, match=r"move 2 \("):
        replay(game, 3, [first, format_move(make_move(foreign, 0))])
    with pytest.raises(ReplayError, match="move 1"):
        replay(game, 3, ["not a move"])

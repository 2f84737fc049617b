"""The three levels of bot player: easy (random, likes to capture), normal (greedy:
weighs what a move takes against what it leaves to the next player) and hard
(the expert's search, in ``expert.py``).

A policy is ``choose(game, view, rng) -> move``: ``game`` is the rules (public),
``view`` the seat's ``Observation`` with its legal moves; it never sees another
seat's hand or the stock's order.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..games import Game, Observation, describe_move
from ..games.cards import FULL_DECK, VALUE, mask_of
from .expert import Expert
from .pimc import Pimc
from .search import sweeping_values

Policy = Callable[[Game, Observation, random.Random], int]

CAPTURE_PREFERENCE = 0.7
SEVEN_OF_COINS = 6
SEVENS = {6, 16, 26, 36}
COINS = set(range(10))
WEIGHTS = {"sweep": 10.0, "seven_of_coins": 3.0, "seven": 1.0, "coin": 0.5, "card": 0.3}


def random_player(game: Game, view: Observation, rng: random.Random) -> int:
    """Easy: a random legal move, a capture more often than not when one exists."""
    moves = view.legal_moves
    if (call := game.declaration_choice(view.hand, moves)) is not None:
        return call
    takes = [m for m in moves if describe_move(m).takes]
    if takes and rng.random() < CAPTURE_PREFERENCE:
        return rng.choice(takes)
    return rng.choice(moves)


def greedy(game: Game, view: Observation, rng: random.Random) -> int:
    """Normal: the move with the best immediate value; ties broken at random."""
    if (call := game.declaration_choice(view.hand, view.legal_moves)) is not None:
        return call
    scored = [(_value(game, view, move), rng.random(), move) for move in view.legal_moves]
    return max(scored)[2]


def _card_worth(card: int) -> float:
    worth = WEIGHTS["card"]
    if card == SEVEN_OF_COINS:
        worth += WEIGHTS["seven_of_coins"]
    if card in SEVENS:
        worth += WEIGHTS["seven"]
    if card in COINS:
        worth += WEIGHTS["coin"]
    return worth


def _value(game: Game, view: Observation, move: int) -> float:
    info = describe_move(move)
    if game.steals_piles:
        return _rubamazzo_value(view, info)
    table = mask_of(view.table)
    if info.captures or info.claim:
        taken = (*info.captures, info.card) if not info.claim else info.captures
        left = table & ~mask_of(taken)
        value = sum(_card_worth(card) for card in taken)
        if not left:
            return value + WEIGHTS["sweep"]
        return value - _sweep_risk(game, view, left)
    left = table | 1 << info.card
    return -_card_worth(info.card) - _sweep_risk(game, view, left)


def _unseen(view: Observation) -> list[int]:
    known = mask_of(view.seen) | mask_of(view.hand) | mask_of(view.table)
    rest = FULL_DECK & ~known
    return [card for card in range(40) if rest >> card & 1]


def _sweep_risk(game: Game, view: Observation, table: int) -> float:
    """Expected escobas given away: the chance an unseen card clears ``table``."""
    unseen = _unseen(view)
    if not unseen:
        return 0.0
    needs = sweeping_values(game, table)
    hits = sum(1 for card in unseen if VALUE[card] in needs)
    return WEIGHTS["sweep"] * min(1.0, hits * 3 / len(unseen))


def _rubamazzo_value(view: Observation, info) -> float:
    """Cards won, minus the pile the next player may steal when our top card shows."""
    if not (info.captures or info.steals):
        return -0.5
    won = len(info.captures) + 1 + sum(view.pile_sizes[seat] for seat in info.steals)
    pile = view.pile_sizes[view.seat] + won
    unseen = _unseen(view)
    if not unseen:
        return won
    same_rank = sum(1 for card in unseen if card % 10 == info.card % 10)
    others = view.hand_sizes[(view.seat + 1) % view.players]
    exposure = min(1.0, same_rank * others / len(unseen))
    return won - pile * exposure


POLICIES: dict[str, Policy] = {
    "random": random_player,
    "greedy": greedy,
    "expert": Expert(),
    "expert_v1": Expert(deeper=1),
    "pimc": Pimc(),
}
"""Every player the arena knows; ``seats.LEVELS`` are the ones a table can seat."""


def make_policy(name: str) -> Policy:
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"unknown player '{name}': choose {', '.join(POLICIES)}") from None

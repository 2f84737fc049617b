"""Glicko-2 for puzzles, as lichess rates them: members and puzzles both carry a
rating, a deviation and a volatility, and a member's first attempt at a puzzle is one
game between the two (solved: the member won). Both move after every such game (a
rating period of one game, as lichess does); a retry moves nothing.

    member, puzzle = rate(member, puzzle, solved=True)

Pure: no I/O. The formulas are Glickman's ("Example of the Glicko-2 system", 2013).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale: a rating of 1500 ± 173.7 is 0 ± 1 on its own scale."""
TAU = 0.75
"""The system constant: how far volatility may move (lichess uses 0.75 for puzzles)."""
EPSILON = 1e-6
MIN_DEVIATION, MAX_DEVIATION = 45.0, 350.0
"""Deviation kept between lichess's bounds: a rating never becomes frozen or wild."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the usual (Elo-like) scale."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def shown(self) -> int:
        return round(self.rating)

    @property
    def provisional(self) -> bool:
        """Lichess's "?": the deviation is still wide."""
        return self.deviation > 110


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def expected(player: Rating, other: Rating) -> float:
    """The chance ``player`` wins against ``other`` (the member solves the puzzle)."""
    mu, mu_j = (player.rating - 1500) / SCALE, (other.rating - 1500) / SCALE
    return 1 / (1 + math.exp(-_g(other.deviation / SCALE) * (mu - mu_j)))


def update(player: Rating, other: Rating, score: float) -> Rating:
    """``player``'s rating after one game against ``other`` (score 1 won, 0 lost)."""
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    phi_j = other.deviation / SCALE
    g = _g(phi_j)
    e = expected(player, other)
    v = 1 / (g * g * e * (1 - e))
    delta = v * g * (score - e)
    sigma = _volatility(phi, player.volatility, v, delta)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * g * (score - e)
    deviation = min(MAX_DEVIATION, max(MIN_DEVIATION, new_phi * SCALE))
    return Rating(1500 + new_mu * SCALE, deviation, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5 of Glicko-2: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)


def rate(member: Rating, puzzle: Rating, *, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after a member's first attempt at a puzzle."""
    score = 1.0 if solved else 0.0
    return update(member, puzzle, score), update(puzzle, member, 1.0 - score)

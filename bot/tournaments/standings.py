"""A tournament's standings: points, then Buchholz, then points-per-hand difference,
then head-to-head. Pure: results in, ranked lines out.

A win (a bye, a forfeit won) is worth 2 half-points, a draw 1 (a match decided at
the round's time on an equal score), a loss 0. Buchholz is the sum of the points of
the entrants one has met (a bye meets no one). The points-per-hand difference is the
card points one scored minus those conceded, over the hands played (matches decided
without a hand, a bye or a forfeit, add nothing). Head-to-head orders entrants still
tied by the points they took from one another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .pairing import BYE

WIN, DRAW = 2, 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """A decided pairing: ``winner`` is an entrant, or None for a draw; ``b`` is
    ``BYE`` for a bye; scores and hands as the match ended (0 without a match)."""

    round: int
    a: int
    b: int
    winner: int | None
    score_a: int = 0
    score_b: int = 0
    hands: int = 0


@dataclass(slots=True)
class Line:
    """An entrant's line in the standings."""

    entrant: int
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    buchholz: int = 0
    scored: int = 0
    conceded: int = 0
    hands: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def per_hand(self) -> float:
        """Card points scored minus conceded, per hand played."""
        return (self.scored - self.conceded) / self.hands if self.hands else 0.0


def standings(entrants: Sequence[int], outcomes: Sequence[Outcome]) -> list[Line]:
    """Every entrant's line, first place first."""
    lines = {entrant: Line(entrant) for entrant in entrants}
    for outcome in outcomes:
        _count(lines, outcome)
    for line in lines.values():
        line.buchholz = sum(lines[o].points for o in line.opponents if o in lines)
    ranked = sorted(lines.values(), key=_key)
    return _head_to_head(ranked, outcomes)


def _count(lines: dict[int, Line], outcome: Outcome) -> None:
    sides = [(outcome.a, outcome.score_a, outcome.score_b, outcome.b)]
    if outcome.b != BYE:
        sides.append((outcome.b, outcome.score_b, outcome.score_a, outcome.a))
    for entrant, scored, conceded, opponent in sides:
        line = lines.get(entrant)
        if line is None:
            continue
        if outcome.winner is None:
            line.points, line.draws = line.points + DRAW, line.draws + 1
        elif outcome.winner == entrant:
            line.points, line.wins = line.points + WIN, line.wins + 1
        else:
            line.losses += 1
        if opponent != BYE:
            line.opponents.append(opponent)
        if outcome.hands:
            line.scored += scored
            line.conceded += conceded
            line.hands += outcome.hands


def _key(line: Line) -> tuple[int, int, float]:
    return (-line.points, -line.buchholz, -line.per_hand)


def _head_to_head(ranked: list[Line], outcomes: Sequence[Outcome]) -> list[Line]:
    """Each run of lines tied on the keys, ordered by the points its entrants took from
    one another (then as they were)."""
    result: list[Line] = []
    start = 0
    while start < len(ranked):
        end = start + 1
        while end < len(ranked) and _key(ranked[end]) == _key(ranked[start]):
            end += 1
        tied = ranked[start:end]
        if len(tied) > 1:
            among = {line.entrant for line in tied}
            taken = {entrant: 0 for entrant in among}
            for outcome in outcomes:
                if outcome.a in among and outcome.b in among:
                    for entrant in (outcome.a, outcome.b):
                        if outcome.winner is None:
                            taken[entrant] += DRAW
                        elif outcome.winner == entrant:
                            taken[entrant] += WIN
            tied = sorted(tied, key=lambda line: -taken[line.entrant])
        result.extend(tied)
        start = end
    return result

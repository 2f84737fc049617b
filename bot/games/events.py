"""What happened when a move was applied, for the table's log and the UI.

Events are small frozen dataclasses; ``event.to_dict()`` gives a JSON-ready dict
with a ``kind`` key. Seats and sides are indexes; cards are card ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .scoring import HandScore


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict:
        data = {"kind": self.kind}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            data[name] = value.to_dict() if isinstance(value, HandScore) else _plain(value)
        return data


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class DealerDrawn(Event):
    """High-card draw for the first dealer: every round of draws as (seat, card)."""

    kind: ClassVar[str] = "dealer_drawn"
    draws: tuple[tuple[tuple[int, int], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A deal round; ``last`` is the dealer's "¡Últimas!" (the stock is now empty)."""

    kind: ClassVar[str] = "dealt"
    hand: int
    dealer: int
    round: int
    last: bool


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """The deal was void and the same dealer deals again (Scopa: three or four Kings)."""

    kind: ClassVar[str] = "redealt"
    hand: int
    dealer: int
    reason: str


@dataclass(frozen=True, slots=True)
class InitialSweep(Event):
    """The 4 table cards summed to 15 or 30 and went to ``seat``."""

    kind: ClassVar[str] = "initial_sweep"
    seat: int
    cards: tuple[int, ...]
    sweeps: int


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """Cirulla: ``seat`` showed ``cards`` for ``points``: a ``call`` of "low" (under 10),
    "three" (of a kind) or "both"; the matta named ``named`` (0: not in the hand;
    7: kept a seven)."""

    kind: ClassVar[str] = "declared"
    seat: int
    cards: tuple[int, ...]
    points: int
    named: int
    call: str


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` laid ``card`` on the table; ``missed`` if it could have captured;
    ``value``: what it was worth when not its own (Cirulla's declared matta), else 0."""

    kind: ClassVar[str] = "played"
    seat: int
    card: int
    missed: bool = False
    value: int = 0


@dataclass(frozen=True, slots=True)
class Captured(Event):
    """``seat`` played ``card`` and took ``cards``; ``sweep`` for an escoba / scopa;
    ``value``: what the card was worth when not its own (a declared matta), else 0."""

    kind: ClassVar[str] = "captured"
    seat: int
    card: int
    cards: tuple[int, ...]
    sweep: bool
    value: int = 0


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """Fournier's claim: ``seat`` took the missed ``card`` with ``cards``."""

    kind: ClassVar[str] = "claimed"
    seat: int
    card: int
    cards: tuple[int, ...]
    sweep: bool


@dataclass(frozen=True, slots=True)
class Stole(Event):
    """Rubamazzo: ``seat`` played ``card``, stole ``victims``' piles and any table ``cards``."""

    kind: ClassVar[str] = "stole"
    seat: int
    card: int
    victims: tuple[int, ...]
    pile_cards: int
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class LeftoversTaken(Event):
    """End of hand: the table's last cards went to ``seat`` (-1: set aside)."""

    kind: ClassVar[str] = "leftovers_taken"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """A hand's breakdown per side, the match totals after it, and each side's pile."""

    kind: ClassVar[str] = "hand_scored"
    hand: int
    score: HandScore
    totals: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """The match ended: ``winners`` are sides (empty for a draw); ``reason`` says how."""

    kind: ClassVar[str] = "match_over"
    winners: tuple[int, ...]
    reason: str
    totals: tuple[int, ...]


def events_to_dicts(events) -> list[dict]:
    return [event.to_dict() for event in events]

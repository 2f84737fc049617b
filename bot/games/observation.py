"""What players may see of a match, OpenSpiel style.

``PublicObservation`` is what every player (and every onlooker) may see: the
bot's board reads it. ``Observation`` is one seat's private view, the public one
plus its own hand and legal moves: the hand panels and the AI players read it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields


class _PublicProperties:
    """What both views derive from the public fields."""

    __slots__ = ()
    piles: tuple[tuple[int, ...], ...]
    claim: tuple[int, int, int] | None
    winners: tuple[int, ...] | None

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        return tuple(len(pile) for pile in self.piles)

    @property
    def claimable(self) -> int:
        """Fournier's rule: the missed card that may be claimed, or -1."""
        return self.claim[0] if self.claim else -1

    @property
    def is_over(self) -> bool:
        return self.winners is not None


@dataclass(frozen=True, slots=True)
class PublicObservation(_PublicProperties):
    """What every player may see: no hand, no seat, no legal moves. Cards are card
    ints; seats and sides are indexes. The fields mean what ``Observation``'s do."""

    game: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    table: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    pile_tops: tuple[int, ...]
    sweeps: tuple[int, ...]
    scores: tuple[int, ...]
    target: int
    stock: int
    to_act: int
    dealer: int
    hand_number: int
    deal_round: int
    last_deal: bool
    seen: tuple[int, ...]
    claim: tuple[int, int, int] | None
    last_taker: int
    winners: tuple[int, ...] | None
    history: tuple[tuple[int, int, int], ...]
    calls: tuple[tuple[int, int, int, int, tuple[int, ...]], ...] = ()
    revealed: tuple[tuple[int, ...], ...] = ()


PUBLIC_FIELDS = tuple(field.name for field in fields(PublicObservation))
"""The fields a seat's ``Observation`` shares with the public one."""


@dataclass(frozen=True, slots=True)
class Observation(_PublicProperties):
    """What ``seat`` may see. Cards are card ints; seats and sides are indexes."""

    game: str
    seat: int
    players: int
    sides: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    """Each seat's captured cards: public history, since every capture is made face up."""
    pile_tops: tuple[int, ...]
    """Rubamazzo only: each seat's top card, -1 for an empty pile."""
    sweeps: tuple[int, ...]
    """Escobas / scope made by each seat in this hand."""
    scores: tuple[int, ...]
    target: int
    stock: int
    to_act: int
    dealer: int
    hand_number: int
    deal_round: int
    last_deal: bool
    seen: tuple[int, ...]
    """Every card shown face up so far in this hand (table cards and cards played)."""
    claim: tuple[int, int, int] | None
    """Fournier's rule: (missed card, seat that missed it, seat that may claim or -1 for any)."""
    last_taker: int
    """The seat that captured last this hand (it takes the leftovers), or -1."""
    legal_moves: tuple[int, ...]
    """The seat's legal moves when it is to act, else empty."""
    winners: tuple[int, ...] | None
    history: tuple[tuple[int, int, int], ...] = ()
    """Every move played this hand, in order, as (deal round, seat, move): public,
    since every card is played face up."""
    calls: tuple[tuple[int, int, int, int, tuple[int, ...]], ...] = ()
    """Cirulla: this hand's declarations as (seat, deal round, points, the value the
    matta was named or 0, the hand shown)."""
    revealed: tuple[tuple[int, ...], ...] = ()
    """Cirulla: per seat, the declared cards it still holds (shown to everyone)."""

    @classmethod
    def from_public(
        cls,
        public: PublicObservation,
        seat: int,
        hand: tuple[int, ...],
        legal_moves: tuple[int, ...],
    ) -> Observation:
        """``seat``'s view: ``public`` plus its own hand and legal moves."""
        shared = {name: getattr(public, name) for name in PUBLIC_FIELDS}
        return cls(seat=seat, hand=hand, legal_moves=legal_moves, **shared)

    def to_dict(self) -> dict:
        return asdict(self)

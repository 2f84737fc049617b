"""A seat's view of a match: its own hand and what is public, nothing else.

The bot's board and hand panels and the AI players read only this.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True, slots=True)
class Observation:
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

    def to_dict(self) -> dict:
        return asdict(self)

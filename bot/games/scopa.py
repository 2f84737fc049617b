"""Classic Scopa (RULES.md §B): rank match first, then sums; a scopa empties the table."""

from __future__ import annotations

from .cards import RANK_MASK
from .engine import State, subsets_summing
from .events import Event, Redealt
from .fishing import FishingGame
from .options import ScopaOptions
from .scoring import HandScore, score_scopa

KINGS = RANK_MASK[9]


class Scopa(FishingGame):
    name = "scopa"
    options: ScopaOptions

    def __init__(self, options: ScopaOptions) -> None:
        super().__init__(options)
        self.sweeps_on_last_play = options.scopa_on_last_play

    def _seat_sides(self) -> tuple[int, ...]:
        if self.players in (4, 6):
            return tuple(seat % 2 for seat in range(self.players))
        return tuple(range(self.players))

    def legal_moves(self, s: State) -> list[int]:
        moves: list[int] = []
        subsets = s.subsets
        priority = self.options.rank_match_priority
        for card in s.hands[s.turn]:
            options = subsets_summing(subsets, card % 10 + 1)
            if priority:
                singles = [mask for mask in options if not mask & (mask - 1)]
                if singles:
                    options = singles
            if options:
                moves.extend(card | mask << 6 for mask in options)
            else:
                moves.append(card)
        return moves

    def _void_deal(self, s: State, events: list[Event] | None) -> bool:
        if (s.tmask & KINGS).bit_count() < 3:
            return False
        if events is not None:
            events.append(Redealt(s.hand_no, s.dealer, "three_kings"))
        return True

    def score_hand(self, s: State) -> HandScore:
        sweeps = [sum(s.sweeps[seat] for seat in side) for side in self.sides]
        return score_scopa(s.side_piles(), sweeps, self.options.primiera_face_values)

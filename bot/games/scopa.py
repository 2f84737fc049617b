"""Classic Scopa (RULES.md §B): rank match first, then sums; a scopa empties the table."""

from __future__ import annotations

from .cards import RANK_MASK, VALUE
from .engine import MASK40, State
from .events import Event, Redealt
from .fishing import FishingGame
from .options import ScopaOptions
from .scoring import HandScore, score_scopa

KINGS = RANK_MASK[9]
VALUE40 = tuple(VALUE[card] << 40 for card in range(40))
"""Where the subsets a card can capture start in a table's subsets."""
ONE40 = 1 << 40


class Scopa(FishingGame):
    name = "scopa"
    options: ScopaOptions
    categories = ("sweeps", "cards", "coins", "seven_of_coins", "primiera")
    counted_categories = ("cards", "coins", "sevens", "primiera")
    menu_choices = (
        ("deck", "italian"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("rank_match_priority", False),
        ("scopa_on_last_play", True),
        ("primiera_face_values", "8_9_10"),
    )

    def __init__(self, options: ScopaOptions) -> None:
        super().__init__(options)
        self.sweeps_on_last_play = options.scopa_on_last_play
        self.rank_priority = options.rank_match_priority

    def _seat_sides(self) -> tuple[int, ...]:
        if self.players in (4, 6):
            return tuple(seat % 2 for seat in range(self.players))
        return tuple(range(self.players))

    def legal_moves(self, s: State) -> list[int]:
        moves: list[int] = []
        subsets = s.subsets
        for card in s.hands[s.turn]:
            low = VALUE40[card]
            high = low + ONE40
            options = [entry & MASK40 for entry in subsets if low <= entry < high]
            if not options:
                moves.append(card)
                continue
            if len(options) > 1:
                if self.rank_priority:
                    options = [mask for mask in options if not mask & (mask - 1)] or options
                options.sort()
            moves.extend([card | mask << 6 for mask in options])
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

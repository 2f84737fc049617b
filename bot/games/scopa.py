"""Classic Scopa (RULES.md §B): rank match first, then sums; a scopa empties the table."""

from __future__ import annotations

from .cards import RANK_MASK, VALUE
from .engine import MASK40, State
from .events import Event, Redealt
from .fishing import FishingGame
from .options import ScopaOptions, ScoponeOptions
from .scoring import CoinBonuses, HandScore, all_coins_side, score_scopa

KINGS = RANK_MASK[9]
VALUE40 = tuple(VALUE[card] << 40 for card in range(40))
"""Where the subsets a card can capture start in a table's subsets."""
ONE40 = 1 << 40
SCOPONE_PACKETS = {"ten_each": ((3, 0), (3, 0), (4, 0)), "nine_plus_four": ((3, 2), (3, 2), (3, 0))}
"""Scopone's deal, per round: cards to each player (mano first), then to the table."""


class Scopa(FishingGame):
    name = "scopa"
    options: ScopaOptions | ScoponeOptions
    categories = ("sweeps", "cards", "coins", "seven_of_coins", "primiera", "re_bello", "napola")
    counted_categories = ("cards", "coins", "sevens", "primiera")
    menu_choices = (
        ("deck", "italian"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("rank_match_priority", False),
        ("scopa_on_last_play", True),
        ("primiera_face_values", "8_9_10"),
        ("re_bello", True),
        ("napola", True),
        ("napola_all_coins", "ten_points"),
    )
    fewest_cards = False
    """Whether a sum capture must take the fewest cards it can (``sum_choice``)."""

    def __init__(self, options: ScopaOptions | ScoponeOptions) -> None:
        super().__init__(options)
        self.sweeps_on_last_play = options.scopa_on_last_play
        self.rank_priority = getattr(options, "rank_match_priority", True)
        self.bonuses = CoinBonuses(options.re_bello, options.napola)
        self.napoleone = options.napola and options.napola_all_coins == "wins_match"

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
                if self.fewest_cards:
                    fewest = min(mask.bit_count() for mask in options)
                    options = [mask for mask in options if mask.bit_count() == fewest]
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
        faces = self.options.primiera_face_values
        return score_scopa(s.side_piles(), sweeps, faces, self.bonuses)

    def _match_result(self, s: State, score: HandScore) -> tuple[tuple[int, ...], str] | None:
        """All ten coins with ``napola_all_coins = wins_match`` wins at once (G.0.4)."""
        if self.napoleone and (side := all_coins_side(s.side_piles())) >= 0:
            return (side,), "napoleone"
        return self._target_result(s.scores)


class Scopone(Scopa):
    """Scopone (RULES.md G.1): four players in two pairs, partners opposite, the whole
    deck dealt at once: ten each on an empty table (scientifico, the default) or nine
    each and four on the table (classico), in packets; Italian capture, rank first."""

    name = "scopone"
    summary_options = ("scopone_deal",)
    menu_choices = (
        ("scopone_deal", "nine_plus_four"),
        ("sum_choice", "fewest_cards"),
        ("scopa_on_last_play", True),
        ("re_bello", True),
        ("napola", True),
        ("napola_all_coins", "ten_points"),
        ("deck", "french_faces"),
        ("primiera_face_values", "8_9_10"),
    )

    def __init__(self, options: ScoponeOptions) -> None:
        super().__init__(options)
        self.fewest_cards = options.sum_choice == "fewest_cards"
        self.packets = SCOPONE_PACKETS[options.scopone_deal]
        self.hand_size = sum(each for each, _ in self.packets)
        self.table_cards = sum(table for _, table in self.packets)

    def _seat_sides(self) -> tuple[int, ...]:
        return (0, 1, 0, 1)

    def _deal_first(self, s: State) -> None:
        """The whole deck in packets (G-SC-2): each player's, mano first, then the table's."""
        n, mano = self.players, (s.dealer + 1) % self.players
        hands: list[list[int]] = [[] for _ in range(n)]
        table: list[int] = []
        pos = 0
        for each, to_table in self.packets:
            for offset in range(n):
                hands[(mano + offset) % n].extend(s.deck[pos : pos + each])
                pos += each
            table.extend(s.deck[pos : pos + to_table])
            pos += to_table
        s.hands = [tuple(hand) for hand in hands]
        s.pos, s.in_hands, s.deal_round, s.last_deal = pos, n * self.hand_size, 1, True
        s.turn, s._legal = mano, None
        self._lay_table(s, tuple(table))

    def _void_deal(self, s: State, events: list[Event] | None) -> bool:
        return self.table_cards > 0 and super()._void_deal(s, events)

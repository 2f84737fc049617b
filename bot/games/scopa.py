"""Classic Scopa (RULES.md §B): rank match first, then sums; a scopa empties the table."""

from __future__ import annotations

from typing import Any, ClassVar

from .cards import BIT, RANK_MASK, VALUE, cards_of
from .engine import MASK40, State
from .events import Event, Redealt
from .fishing import FishingGame, initial_sweeps
from .options import ScopaOptions, ScoponeOptions
from .scoring import CoinBonuses, HandScore, all_coins_side, score_scopa

KINGS = RANK_MASK[9]
ACES = RANK_MASK[0]
VALUE40 = tuple(VALUE[card] << 40 for card in range(40))
"""Where the subsets a card can capture start in a table's subsets."""
NEED40 = tuple((15 - VALUE[card]) << 40 for card in range(40))
"""The same for Scopa a 15: the subsets that make 15 with the card."""
ONE40 = 1 << 40
HOUSE_RULES: tuple[tuple[str, object], ...] = (
    ("re_bello", True),
    ("napola", True),
    ("napola_all_coins", "ten_points"),
    ("ace_takes_all", True),
    ("ace_sweep_is_scopa", True),
    ("ace_on_table", "still_takes_all"),
    ("ace_on_empty_table", "stays"),
    ("first_lead_ace_forbidden", True),
)
"""The Advanced-rules choices of Scopa's house rules (G.0.3, G.2.1), Scopone's too."""
SCOPONE_PACKETS = {"ten_each": ((3, 0), (3, 0), (4, 0)), "nine_plus_four": ((3, 2), (3, 2), (3, 0))}
"""Scopone's deal, per round: cards to each player (mano first), then to the table."""


def fewest_sums(options: list[int]) -> list[int]:
    """``sum_choice = fewest_cards``: of the capture ``options`` (table masks), the
    single cards and only the sums of the fewest cards (G.0.1 rule 2)."""
    sums = [mask for mask in options if mask & (mask - 1)]
    if not sums:
        return options
    fewest = min(mask.bit_count() for mask in sums)
    return [mask for mask in options if mask.bit_count() in (1, fewest)]


class Scopa(FishingGame):
    name = "scopa"
    options: ScopaOptions | ScoponeOptions
    categories = ("sweeps", "cards", "coins", "seven_of_coins", "primiera", "re_bello", "napola")
    targets = (11, 16, 21, 31)  # §B's 11; 21, and 31 with napola (G.1.3)
    counted_categories = ("cards", "coins", "sevens", "primiera")
    menu_choices = (
        ("deck", "italian"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("rank_match_priority", False),
        ("scopa_on_last_play", True),
        ("primiera_face_values", "8_9_10"),
        *HOUSE_RULES,
        ("capture_mode", "fifteen"),
        ("sevens_point", "count_tiebreak"),
        ("sum_choice", "fewest_cards"),  # last: a lobby's menu picks by index
    )
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "scopa_d_assi": {
            "ace_takes_all": True,
            "ace_sweep_is_scopa": False,
            "napola": True,
            "target_score": 31,
        },
        "scopa_a_15": {"capture_mode": "fifteen"},
    }
    """G.2.1's preset Scopa d'Assi, and Scopa a 15 (G.2.4) by its name."""
    packets: tuple[tuple[int, int], ...] = ()
    """The whole deck dealt at once in packets (Scopone; Scopa d'Assi for four), per
    round: cards to each player, then to the table; none: three each, as §B."""

    def __init__(self, options: ScopaOptions | ScoponeOptions) -> None:
        super().__init__(options)
        self.sweeps_on_last_play = options.scopa_on_last_play
        self.rank_priority = getattr(options, "rank_match_priority", True)
        self.bonuses = CoinBonuses(options.re_bello, options.napola)
        self.napoleone = options.napola and options.napola_all_coins == "wins_match"
        self.aces = options.ace_takes_all
        """Scopa d'Assi (G.2.1): an ace takes every table card."""
        self.ace_sweeps = options.ace_sweep_is_scopa
        self.ace_still_takes_all = options.ace_on_table == "still_takes_all"
        self.ace_takes_itself = options.ace_on_empty_table == "takes_itself"
        self.no_ace_lead = options.first_lead_ace_forbidden
        self.fewest_cards = options.sum_choice == "fewest_cards"
        """A sum capture takes the fewest cards it can (G.0.1 ``sum_choice``)."""
        self.captures_fifteen = getattr(options, "capture_mode", "italian") == "fifteen"
        """Scopa a 15 (G.2.4): Escoba's capture and dealer's sweep, Scopa's scoring."""
        self.starts = NEED40 if self.captures_fifteen else VALUE40
        if self.aces and self.players == 4:  # G.2.1.7: ten each, as Scopone
            self._deal_in_packets(SCOPONE_PACKETS["ten_each"])
        if self.captures_fifteen:
            self.rank_priority = False

    def _seat_sides(self) -> tuple[int, ...]:
        if self.players in (4, 6):
            return tuple(seat % 2 for seat in range(self.players))
        return tuple(range(self.players))

    def legal_moves(self, s: State) -> list[int]:
        moves: list[int] = []
        subsets = s.subsets
        for card in s.hands[s.turn]:
            if self.aces and VALUE[card] == 1:
                moves.extend(self._ace_moves(s, card))
                continue
            low = self.starts[card]
            high = low + ONE40
            options = [entry & MASK40 for entry in subsets if low <= entry < high]
            if not options:
                moves.append(card)
                continue
            if len(options) > 1:
                if self.rank_priority:
                    options = [mask for mask in options if not mask & (mask - 1)] or options
                if self.fewest_cards:
                    options = fewest_sums(options)
                options.sort()
            moves.extend([card | mask << 6 for mask in options])
        if self.no_ace_lead and self._first_lead(s):
            moves = [m for m in moves if VALUE[m & 63] != 1] or moves
        return moves

    # -- Scopa d'Assi (RULES.md G.2.1) ----------

    def _ace_moves(self, s: State, card: int) -> list[int]:
        """An ace's one option: take every table card; an ace on the table by rank
        (``rank_match``); on an empty table, itself (``takes_itself``) or nothing."""
        table = s.tmask
        if not table:
            return [card | BIT[card] << 6] if self.ace_takes_itself else [card]
        if table & ACES and not self.ace_still_takes_all:
            return [card | BIT[ace] << 6 for ace in cards_of(table & ACES)]
        return [card | table << 6]

    def _first_lead(self, s: State) -> bool:
        """Nothing played yet this hand (the regola del vile)."""
        return s.deal_round == 1 and s.in_hands == self.players * self.hand_size

    def play(self, s: State, move: int, events: list[Event] | None) -> None:
        card = move & 63
        if move >> 6 == BIT[card]:  # an ace on an empty table takes itself
            self._take_itself(s, card, events)
        else:
            super().play(s, move, events)

    def scores_sweep(self, card: int, taken: int, last_play: bool) -> bool:
        """An ace's take-all is a scopa only with ``ace_sweep_is_scopa``; an ace taking
        a lone ace by rank is an ordinary one (G-AS-3)."""
        take_all = self.aces and VALUE[card] == 1 and (self.ace_still_takes_all or not taken & ACES)
        if take_all and not self.ace_sweeps:
            return False
        return super().scores_sweep(card, taken, last_play)

    def _after_first_deal(self, s: State, events: list[Event] | None) -> None:
        """Scopa a 15: a first table of 15 or 30 is the dealer's (one or two scope)."""
        sweeps = initial_sweeps(s.table) if self.captures_fifteen else 0
        if sweeps:
            self._sweep_first_table(s, s.dealer, sweeps, events)

    def _deal_in_packets(self, packets: tuple[tuple[int, int], ...]) -> None:
        self.packets = packets
        self.hand_size = sum(each for each, _ in packets)
        self.table_cards = sum(table for _, table in packets)

    def _deal_first(self, s: State) -> None:
        """The whole deck in packets (G-SC-2): each player's, mano first, then the
        table's; else as every game deals."""
        if not self.packets:
            super()._deal_first(s)
            return
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
        if self.packets and not self.table_cards:
            return False  # dealt onto an empty table: no Kings to count
        if (s.tmask & KINGS).bit_count() < 3:
            return False
        if events is not None:
            events.append(Redealt(s.hand_no, s.dealer, "three_kings"))
        return True

    def score_hand(self, s: State) -> HandScore:
        sweeps = [sum(s.sweeps[seat] for seat in side) for side in self.sides]
        options = self.options
        return score_scopa(
            s.side_piles(), sweeps, options.primiera_face_values, self.bonuses, options.sevens_point
        )

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
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    menu_choices = (
        ("scopone_deal", "nine_plus_four"),
        ("sum_choice", "fewest_cards"),
        ("scopa_on_last_play", True),
        *HOUSE_RULES,
        ("deck", "french_faces"),
        ("primiera_face_values", "8_9_10"),
        ("sevens_point", "count_tiebreak"),
    )

    def __init__(self, options: ScoponeOptions) -> None:
        super().__init__(options)
        self._deal_in_packets(SCOPONE_PACKETS[options.scopone_deal])

    def _seat_sides(self) -> tuple[int, ...]:
        return (0, 1, 0, 1)

"""Cirulla (RULES.md G.3): Scopa's capture and the fifteen side by side, the ace that
takes all, the matta (``7c``) and the hand declarations; grande and piccola.

Choices where RULES.md is silent: with ``declaration_mode = automatic`` every hand
that qualifies is declared as it is dealt (it is shown then, not at its first play);
with ``matta_value_in_play = natural`` a hand holding the matta is offered only its
best-scoring declaration, since the value named changes nothing afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .cards import BIT, RANK_MASK, VALUE, cards_of, mask_of
from .engine import MASK40, State
from .events import Declared, Event, Redealt
from .fishing import FishingGame
from .moves import DECLARE_FLAG, declared_value, make_declaration
from .options import CirullaOptions
from .scoring import CirullaScoring, HandScore, all_coins_side, score_cirulla

MATTA = 16
"""``7c``: the seven of hearts (of cups), the wild card."""
MATTA_BIT = 1 << MATTA
ACES = RANK_MASK[0]


class Cirulla(FishingGame):
    name = "cirulla"
    options: CirullaOptions
    captures_both = True
    wild_card = MATTA
    categories = (
        "sweeps",
        "declarations",
        "cards",
        "coins",
        "seven_of_coins",
        "primiera",
        "grande",
        "piccola",
    )
    counted_categories = ("cards", "coins", "sevens", "primiera")
    targets = (26, 31, 51, 101)  # G.3.5: 51, and the shorter and longer games
    menu_choices = (
        ("deck", "italian"),
        ("declaration_mode", "automatic"),
        ("matta_value_in_play", "natural"),
        ("matta_on_initial_table", "natural"),
        ("initial_low_table", "three_scope"),
        ("declaration_points", "one_three_two"),
        ("stack_declarations", "both"),
        ("ace_alternatives", "also_fifteen"),
        ("ace_on_empty_table", "takes_itself"),
        ("ace_sweep_is_scopa", False),
        ("cirulla_simple", "fewest_cards"),
        ("cirulla_simple", "free"),
        ("scopa_on_last_play", True),
        ("grande_extends", True),
        ("piccola_cap", "5"),
        ("piccola_cap", "7"),
        ("piccola_cap", "none"),
        ("all_coins_wins", False),
        ("sevens_point", "count_tiebreak"),
    )

    def __init__(self, options: CirullaOptions) -> None:
        super().__init__(options)
        self.sweeps_on_last_play = options.scopa_on_last_play
        self.optional_calls = options.declaration_mode == "optional"
        self.matta_declared = options.matta_value_in_play == "declared"
        """The matta keeps the value its declaration named, in play (G.3.3)."""
        self.one_three_two = options.declaration_points == "one_three_two"
        self.stack_both = options.stack_declarations == "both"
        self.wild_first_table = options.matta_on_initial_table == "wild"
        self.low_first_table = options.initial_low_table == "three_scope"
        self.ace_fifteen = options.ace_alternatives == "also_fifteen"
        self.ace_takes_itself = options.ace_on_empty_table == "takes_itself"
        self.ace_sweeps = options.ace_sweep_is_scopa
        self.simple = options.cirulla_simple
        self.cappotto = options.all_coins_wins
        cap = options.piccola_cap
        self.scoring = CirullaScoring(
            options.grande_extends, 0 if cap == "none" else int(cap), options.sevens_point
        )

    def _seat_sides(self) -> tuple[int, ...]:
        return (0, 1, 0, 1) if self.players == 4 else tuple(range(self.players))

    # -- declarations (G.3.3) ----------

    def call_points(self, hand: Sequence[int], named: int) -> int:
        """What declaring ``hand`` scores with the matta named ``named`` (0: as dealt)."""
        low, three = _call(hand, named)
        if self.one_three_two:
            return (3 if low else 2) if three else int(low)
        if three:
            return 13 if low and self.stack_both else 10
        return 3 if low else 0

    def declarations(self, s: State, seat: int) -> list[int]:
        """The declarations ``seat`` may make now: one per value the matta may be
        named (or one, for a hand without it), from three cards just received."""
        hand = s.hands[seat]
        if len(hand) != 3 or any(c[0] == seat and c[1] == s.deal_round for c in s.calls):
            return []
        if MATTA not in hand:
            return [make_declaration()] if self.call_points(hand, 0) else []
        named = [value for value in range(1, 11) if self.call_points(hand, value)]
        if named and not self.matta_declared:
            named = [max(named, key=lambda value: _preference(self, hand, value))]
        return [make_declaration(value) for value in named]

    def best_declaration(self, s: State, seat: int) -> int | None:
        """The declaration that scores most (the matta kept a seven if that does as
        well, else named as low as it can be), or None: ``automatic``'s pick, and
        the bots'."""
        return self.declaration_choice(s.hands[seat], self.declarations(s, seat))

    def declaration_choice(self, hand: Sequence[int], moves: Sequence[int]) -> int | None:
        calls = [move for move in moves if move & DECLARE_FLAG]
        return max(
            calls, key=lambda move: _preference(self, hand, declared_value(move)), default=None
        )

    def _declare(self, s: State, seat: int, named: int, events: list[Event] | None) -> None:
        hand = s.hands[seat]
        points = self.call_points(hand, named)
        s.calls += ((seat, s.deal_round, points, mask_of(hand), named),)
        if named and named != 7:
            s.matta = named
        if events is not None:
            low, three = _call(hand, named)
            both = low and three and self.stack_both and not self.one_three_two
            call = "both" if both else "three" if three else "low"
            events.append(Declared(seat, tuple(sorted(hand)), points, named, call))

    def _dealt(self, s: State, events: list[Event] | None) -> None:
        super()._dealt(s, events)
        if self.optional_calls:
            return
        for offset in range(self.players):
            seat = (s.turn + offset) % self.players
            best = self.best_declaration(s, seat)
            if best is not None:
                self._declare(s, seat, declared_value(best), events)

    # -- the deal (G.3.2) ----------

    def _void_deal(self, s: State, events: list[Event] | None) -> bool:
        if (s.tmask & ACES).bit_count() < 2:
            return False
        if events is not None:
            events.append(Redealt(s.hand_no, s.dealer, "two_aces"))
        return True

    def first_table_sweeps(self, table: tuple[int, ...]) -> int:
        """The dealer's scope for a first table: 1 for 15, 2 for 30, 3 for 9 or less
        with ``three_scope``; a wild matta is named for the best of them."""
        return self._table_sweeps(sum(self.first_table_values(table)))

    def first_table_values(self, table: Sequence[int]) -> tuple[int, ...]:
        """The first table's values, a wild matta named for the most scope (the lowest
        such value)."""
        if not (self.wild_first_table and MATTA in table):
            return super().first_table_values(table)
        rest = sum(VALUE[card] for card in table if card != MATTA)
        named = max(range(1, 11), key=lambda value: self._table_sweeps(rest + value))
        return tuple(named if card == MATTA else VALUE[card] for card in table)

    def _table_sweeps(self, total: int) -> int:
        if total == 15:
            return 1
        if total == 30:
            return 2
        return 3 if self.low_first_table and total <= 9 else 0

    def _after_first_deal(self, s: State, events: list[Event] | None) -> None:
        sweeps = self.first_table_sweeps(s.table)
        if sweeps:
            self._sweep_first_table(s, s.dealer, sweeps, events)

    # -- a turn (G.3.4) ----------

    def matta_value(self, s: State) -> int:
        """The matta's value in play now: what its declaration named, else 7."""
        return s.matta if self.matta_declared and s.matta else 7

    def value_in_play(self, s: State, card: int) -> int:
        return self.matta_value(s) if card == MATTA else VALUE[card]

    def legal_moves(self, s: State) -> list[int]:
        seat = s.turn
        moves = self.declarations(s, seat) if self.optional_calls else []
        matta = self.matta_value(s)
        table = s.tmask
        subsets = s.subsets if matta == 7 or not table & MATTA_BIT else _subsets(table, matta)
        for card in s.hands[seat]:
            value = matta if card == MATTA else VALUE[card]
            options = self._captures(table, subsets, value, matta) if table else ()
            if options:
                moves.extend([card | mask << 6 for mask in options])
            elif value == 1 and not table and self.ace_takes_itself:
                moves.append(card | BIT[card] << 6)
            else:
                moves.append(card)
        return moves

    def _captures(self, table: int, subsets, value: int, matta: int) -> list[int]:
        """The table masks a card of ``value`` may take (table not empty)."""
        low = (15 - value) << 40
        fifteen = [e & MASK40 for e in subsets if low <= e < low + (1 << 40)]
        if value == 1 and not _of_value(table, 1, matta):
            return sorted({table, *fifteen}) if self.ace_fifteen else [table]
        equal = [BIT[card] for card in cards_of(_of_value(table, value, matta))]
        low = value << 40
        sums = [m for e in subsets if low <= e < low + (1 << 40) and (m := e & MASK40) & (m - 1)]
        if self.simple == "rank_match":
            simple = equal or sums
        elif self.simple == "fewest_cards":
            simple = equal + sums
            fewest = min((mask.bit_count() for mask in simple), default=0)
            simple = [mask for mask in simple if mask.bit_count() == fewest]
        else:
            simple = equal + sums
        return sorted({*simple, *fifteen})

    def play(self, s: State, move: int, events: list[Event] | None) -> None:
        if move & DECLARE_FLAG:
            self._declare(s, s.turn, declared_value(move), events)
            s.ply += 1
            s._legal = None
            return
        card = move & 63
        value = self.matta_value(s) if card == MATTA else 7
        logged = len(events) if events is not None else 0
        if move >> 6 == BIT[card]:  # an ace on an empty table takes itself
            self._take_itself(s, card, events)
        else:
            super().play(s, move, events)
        if events is not None and value != 7:  # the log says what the matta was worth
            events[logged] = replace(events[logged], value=value)  # type: ignore[call-arg]

    def _sweep(self, s: State, seat: int, card: int, taken: int) -> bool:
        if not self.ace_sweeps and self._takes_all_as_ace(s, card, taken):
            return False
        return super()._sweep(s, seat, card, taken)

    def _takes_all_as_ace(self, s: State, card: int, taken: int) -> bool:
        """``card`` took the whole table as an ace (not a fifteen, not an ace by rank)."""
        matta = self.matta_value(s)
        values = [matta if c == MATTA else VALUE[c] for c in (card, *cards_of(taken))]
        return values[0] == 1 and 1 not in values[1:] and sum(values[1:]) != 14

    def scores_sweep(self, card: int, taken: int, last_play: bool) -> bool:
        if not self.ace_sweeps and VALUE[card] == 1 and not taken & ACES:
            values = sum(VALUE[c] for c in cards_of(taken))
            if values != 14:
                return False
        return super().scores_sweep(card, taken, last_play)

    # -- scoring (G.3.5) ----------

    def score_hand(self, s: State) -> HandScore:
        sweeps = [sum(s.sweeps[seat] for seat in side) for side in self.sides]
        calls = [0] * len(self.sides)
        for seat, _, points, _, _ in s.calls:
            calls[self.side_of[seat]] += points
        return score_cirulla(s.side_piles(), sweeps, calls, self.scoring)

    def _match_result(self, s: State, score: HandScore) -> tuple[tuple[int, ...], str] | None:
        """All ten diamonds win the match at once (cappotto, G-CI-11)."""
        if self.cappotto and (side := all_coins_side(s.side_piles())) >= 0:
            return (side,), "cappotto"
        return self._target_result(s.scores)


def _call(hand: Sequence[int], named: int) -> tuple[bool, bool]:
    """Whether ``hand`` (the matta named ``named``) is low (under 10) and three of a kind."""
    values = [named if card == MATTA and named else VALUE[card] for card in hand]
    return sum(values) <= 9, len(values) == 3 and values[0] == values[1] == values[2]


def _preference(game: Cirulla, hand: Sequence[int], named: int) -> tuple[int, bool, int]:
    """Most points; then the matta kept a seven; then named as low as it can be."""
    return game.call_points(hand, named), named in (0, 7), -named


def _of_value(table: int, value: int, matta: int) -> int:
    """The table cards worth ``value``, the matta at ``matta``."""
    mask = table & RANK_MASK[value - 1]
    if matta != 7 and table & MATTA_BIT:
        if value == 7:
            mask &= ~MATTA_BIT
        elif value == matta:
            mask |= MATTA_BIT
    return mask


def _subsets(table: int, matta: int) -> list[int]:
    """The table's subsets up to 14 (as ``State.subsets``), the matta worth ``matta``."""
    subsets: list[int] = []
    for card in cards_of(table):
        value = matta if card == MATTA else VALUE[card]
        step, limit = value << 40 | BIT[card], (15 - value) << 40
        subsets += [step, *[e + step for e in subsets if e < limit]]
    return subsets

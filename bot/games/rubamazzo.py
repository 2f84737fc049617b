"""Rubamazzo (RULES.md §C): take by rank or sum, steal a pile whose top matches.

One hand is the whole game: the most cards wins. ``scores`` holds each seat's
card count from the last hand scored. With ``ace_takes_all`` an Ace may take
the whole table or steal the next player's pile, whatever their top card.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BIT, RANK_MASK, VALUE, cards_of
from .engine import MASK40, Game, State, subsets_summing
from .events import Captured, Event, Played, Stole
from .moves import STEAL_SHIFT
from .options import RubamazzoOptions
from .scoring import HandScore, score_rubamazzo


class Rubamazzo(Game):
    name = "rubamazzo"
    options: RubamazzoOptions
    categories = ("cards",)
    plays_to_target = False
    steals_piles = True
    shows_pile_tops = True
    menu_choices = (
        ("deck", "italian"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("hand_size", 9),
        ("allow_sum_capture", False),
        ("rank_match_priority", False),
        ("equal_rank_take", "all"),
        ("must_take", False),
        ("steal_vs_capture", "table_first"),
        ("steal_vs_capture", "both"),
        ("steal_by_sum", True),
        ("steal_multiple", "all_matching"),
        ("leftover_to_last_taker", False),
        ("tie_policy", "draw"),
        ("ace_takes_all", True),
        ("ace_takes_all_in_last_round", False),
    )

    def __init__(self, options: RubamazzoOptions) -> None:
        super().__init__(options)
        self.hand_size = options.hand_size
        self._must_take = options.must_take
        self._take_one = options.equal_rank_take == "one"
        self._sums = options.allow_sum_capture
        self._rank_first = options.rank_match_priority
        self._table_first = options.steal_vs_capture == "table_first"
        self._steal_and_take = options.steal_vs_capture == "both"
        self._steal_one = options.steal_multiple == "one"
        self._steal_by_sum = options.steal_by_sum
        self._ace_takes_all = options.ace_takes_all
        self._ace_in_last_round = options.ace_takes_all_in_last_round
        """The options as plain attributes: searches read them for every position."""

    def legal_moves(self, s: State) -> list[int]:
        must_take = self._must_take
        moves: list[int] = []
        for card in s.hands[s.turn]:
            takes = self._takes(s, card)
            for steal, capture in takes:
                moves.append(card | capture << 6 | steal << STEAL_SHIFT)
            if not takes or not must_take:
                moves.append(card)
        return moves

    def _takes(self, s: State, card: int) -> list[tuple[int, int]]:
        """Every way ``card`` can take: (mask of seats robbed, mask of table cards)."""
        value = VALUE[card]
        same = s.tmask & RANK_MASK[value - 1]
        captures: list[int] = []
        if same and self._take_one:
            rest = same
            while rest:
                lowest = rest & -rest
                captures.append(lowest)
                rest ^= lowest
        elif same:
            captures.append(same)
        if self._sums and not (self._rank_first and same):
            captures += [mask for mask in subsets_summing(s.subsets, value) if mask & (mask - 1)]
        steals = [] if self._table_first and same else self._steals(s, value)
        if self._ace_takes_all and value == 1 and (self._ace_in_last_round or not s.last_deal):
            self._add_ace_takes(s, captures, steals)
        if self._steal_and_take and captures and steals:
            return [
                (seats, taken | capture)
                for seats, taken in steals
                for capture in captures
                if not taken & capture
            ]
        return [(0, capture) for capture in captures] + steals

    def _steals(self, s: State, value: int) -> list[tuple[int, int]]:
        seat, tops = s.turn, s.tops
        steals = []
        for rival, top in enumerate(tops):
            if rival != seat and top >= 0 and VALUE[top] == value:
                steals.append((1 << rival, 0))
        if steals and not self._steal_one:
            steals = [(sum(robbed for robbed, _ in steals), 0)]
        if self._steal_by_sum:
            for rival, top in enumerate(tops):
                if rival == seat or top < 0:
                    continue
                need = value - VALUE[top]
                if need > 0:
                    steals += [(1 << rival, mask) for mask in subsets_summing(s.subsets, need)]
        return steals

    def _add_ace_takes(self, s: State, captures: list[int], steals: list[tuple[int, int]]) -> None:
        whole_table = s.tmask
        if whole_table and whole_table not in captures:
            captures.append(whole_table)
        following = self.next_seat[s.turn]
        if following != s.turn and s.piles[following] and (1 << following, 0) not in steals:
            steals.append((1 << following, 0))

    def play(self, s: State, move: int, events: list[Event] | None) -> None:
        seat = s.turn
        card, taken, robbed = move & 63, move >> 6 & MASK40, move >> STEAL_SHIFT
        piles = s.piles
        stolen = 0
        if robbed:
            for victim in range(self.players):
                if robbed >> victim & 1:
                    stolen += piles[victim].bit_count()
                    piles[seat] |= piles[victim]
                    piles[victim], s.tops[victim] = 0, -1
        hand = s.hands[seat]
        s.hands[seat] = tuple([c for c in hand if c != card])
        if taken:
            self._take_from_table(s, seat, taken)
        elif robbed:
            s.last_taker = seat
        else:
            self._put_on_table(s, card)
        if taken or robbed:
            piles[seat] |= BIT[card]
            s.tops[seat] = card
        if events is not None:
            if robbed:
                victims = tuple(r for r in range(self.players) if robbed >> r & 1)
                events.append(Stole(seat, card, victims, stolen, cards_of(taken)))
            elif taken:
                events.append(Captured(seat, card, cards_of(taken), False))
            else:
                events.append(Played(seat, card))
        s.ply += 1
        s._legal = None
        s.in_hands -= 1
        self._next_turn(s, events)

    def _leftover_taker(self, s: State) -> int:
        return s.last_taker if self.options.leftover_to_last_taker else -1

    def score_hand(self, s: State) -> HandScore:
        return score_rubamazzo(s.piles)

    def _add_score(self, s: State, score: HandScore) -> None:
        s.scores = list(score.totals)

    def hand_points(self, before: Sequence[int], after: Sequence[int]) -> list[int]:
        """``scores`` hold the last hand's card counts, so they are its points."""
        return list(after)

    def _match_result(self, s: State, score: HandScore) -> tuple[tuple[int, ...], str] | None:
        best = max(s.scores)
        leaders = tuple(seat for seat, cards in enumerate(s.scores) if cards == best)
        if len(leaders) == 1:
            return leaders, "most_cards"
        return ((), "draw") if self.options.tie_policy == "draw" else None

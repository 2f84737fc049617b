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
    shows_pile_tops = True

    def __init__(self, options: RubamazzoOptions) -> None:
        super().__init__(options)
        self.hand_size = options.hand_size

    def legal_moves(self, s: State) -> list[int]:
        must_take = self.options.must_take
        moves: list[int] = []
        for card in s.hands[s.turn]:
            takes = self._takes(s, card)
            moves.extend(card | capture << 6 | steal << STEAL_SHIFT for steal, capture in takes)
            if not takes or not must_take:
                moves.append(card)
        return moves

    def _takes(self, s: State, card: int) -> list[tuple[int, int]]:
        """Every way ``card`` can take: (mask of seats robbed, mask of table cards)."""
        o = self.options
        value = VALUE[card]
        same = cards_of(s.tmask & RANK_MASK[value - 1])
        if o.equal_rank_take == "one":
            captures = [BIT[c] for c in same]
        else:
            captures = [sum(BIT[c] for c in same)] if same else []
        if o.allow_sum_capture and not (o.rank_match_priority and same):
            sums = subsets_summing(s.subsets, value)
            captures += [mask for mask in sums if mask & (mask - 1)]
        steals = [] if o.steal_vs_capture == "table_first" and same else self._steals(s, value)
        if o.ace_takes_all and value == 1 and (o.ace_takes_all_in_last_round or not s.last_deal):
            self._add_ace_takes(s, captures, steals)
        if o.steal_vs_capture == "both" and captures and steals:
            return [
                (seats, taken | capture)
                for seats, taken in steals
                for capture in captures
                if not taken & capture
            ]
        return [(0, capture) for capture in captures] + steals

    def _steals(self, s: State, value: int) -> list[tuple[int, int]]:
        seat, tops = s.turn, s.tops
        rivals = [r for r in range(self.players) if r != seat and tops[r] >= 0]
        matching = [r for r in rivals if VALUE[tops[r]] == value]
        if self.options.steal_multiple == "one":
            steals = [(1 << r, 0) for r in matching]
        else:
            steals = [(sum(1 << r for r in matching), 0)] if matching else []
        if self.options.steal_by_sum:
            for rival in rivals:
                need = value - VALUE[tops[rival]]
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
        victims = tuple(r for r in range(self.players) if robbed >> r & 1)
        stolen = 0
        for victim in victims:
            stolen += s.piles[victim].bit_count()
            s.piles[seat] |= s.piles[victim]
            s.piles[victim], s.tops[victim] = 0, -1
        hand = s.hands[seat]
        s.hands[seat] = tuple([c for c in hand if c != card])
        if taken or robbed:
            self._take_from_table(s, seat, taken)
            s.piles[seat] |= BIT[card]
            s.tops[seat] = card
        else:
            self._put_on_table(s, card)
        if events is not None:
            if victims:
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

"""What Escoba and Scopa share: a played card captures table cards or stays there.

``FishingGame.play`` is the engine's hot path (random play-outs and the AI's
search run through it), so it is written flat: one function, local names.
"""

from __future__ import annotations

from itertools import combinations

from .cards import BIT, VALUE, cards_of
from .engine import LIMIT40, STEP40, Game, State
from .events import Captured, Event, InitialSweep, Played


class FishingGame(Game):
    """A game where the played card takes a set of table cards into the side's pile."""

    sweeps_on_last_play = True
    """Whether emptying the table with the hand's last card scores a sweep."""
    claims = False
    """Whether a card laid down when it could capture may be claimed (Fournier)."""

    def play(self, s: State, move: int, events: list[Event] | None) -> None:
        seat = s.turn
        if move >> 46:
            self._claim(s, seat, move, events)
            return
        card, taken = move & 63, move >> 6
        hand = s.hands[seat]
        index = hand.index(card)
        s.hands[seat] = hand[:index] + hand[index + 1 :]
        if s.claim is not None:
            self._lapse_claim(s, seat)
        if taken:
            s.subsets = tuple([e for e in s.subsets if not e & taken])
            s.tmask ^= taken
            s.piles[seat] |= taken | BIT[card]
            s.last_taker = seat
            sweep = not s.tmask and self._sweep(s, seat, card, taken)
            if events is not None:
                events.append(Captured(seat, card, cards_of(taken), sweep))
        else:
            missed = self.claims and self._missed_capture(s, seat, card)
            s.tmask |= BIT[card]
            subsets, limit, step = s.subsets, LIMIT40[card], STEP40[card]  # subsets_add, inlined
            s.subsets = subsets + (step,) + tuple([e + step for e in subsets if e < limit])
            if events is not None:
                events.append(Played(seat, card, missed))
        self._after_play(s, seat, events)

    def _take_itself(self, s: State, card: int, events: list[Event] | None) -> None:
        """An ace played to an empty table goes to its player's pile (G.2.1)."""
        seat = s.turn
        hand = s.hands[seat]
        index = hand.index(card)
        s.hands[seat] = hand[:index] + hand[index + 1 :]
        s.piles[seat] |= BIT[card]
        s.last_taker = seat
        if events is not None:
            events.append(Captured(seat, card, (), False))
        self._after_play(s, seat, events)

    def _after_play(self, s: State, seat: int, events: list[Event] | None) -> None:
        """A card left ``seat``'s hand: the next seat's turn, a new deal, or the hand's end."""
        s.ply += 1
        s._legal = None
        s.in_hands -= 1
        following = self.next_seat[seat]
        if s.in_hands and s.hands[following]:
            s.turn = following
        else:
            self._next_turn(s, events)

    def _sweep(self, s: State, seat: int, card: int, taken: int) -> bool:
        """``seat`` emptied the table taking ``taken`` with ``card``: count the sweep
        unless the rules say otherwise."""
        last_play = s.in_hands == 1 and s.pos == len(s.deck)
        if not self.scores_sweep(card, taken, last_play):
            return False
        s.sweeps[seat] += 1
        return True

    def scores_sweep(self, card: int, taken: int, last_play: bool) -> bool:
        return self.sweeps_on_last_play or not last_play

    def _sweep_first_table(
        self, s: State, seat: int, sweeps: int, events: list[Event] | None
    ) -> None:
        """``seat`` takes a first table of 15 or 30 for ``sweeps`` sweeps (RULES.md §A.5)."""
        cards = s.table
        self._take_from_table(s, seat, s.tmask)
        s.sweeps[seat] += sweeps
        if events is not None:
            events.append(InitialSweep(seat, cards, sweeps))

    def _claim(self, s: State, seat: int, move: int, events: list[Event] | None) -> None:
        raise NotImplementedError

    def _lapse_claim(self, s: State, seat: int) -> None:
        """A play by ``seat`` may end a pending claim's window."""

    def _missed_capture(self, s: State, seat: int, card: int) -> bool:
        """Record a claimable oversight if ``card`` could have captured; say whether it could."""
        return False


def initial_sweeps(table: tuple[int, ...], rule_30: str = "total") -> int:
    """The dealer's sweeps when the first table makes 15 (1) or 30 (2; with
    ``partition``, only when it splits into two 15s), RULES.md §A.5."""
    total = sum(VALUE[card] for card in table)
    if total == 15:
        return 1
    if total != 30:
        return 0
    if rule_30 == "total":
        return 2
    has_15 = any(
        sum(VALUE[card] for card in group) == 15
        for size in range(1, len(table))
        for group in combinations(table, size)
    )
    return 2 if has_15 else 0

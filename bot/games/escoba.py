"""Escoba de 15 (RULES.md §A): capture table cards that make 15 with the card played.

Choices where RULES.md is silent:
- ``refill_after_initial_sweep``: the 4 new table cards are not checked for a
  second dealer's sweep, and the last deal of the hand is short by 4 cards
  (dealt one at a time from the mano, as far as the stock goes).
- Fournier claims: only the most recent missed card can be claimed, and never
  by the side that missed it. Under ``passes_on`` the right lasts while that
  card is still on the table.
- ``multi_side_end_match``: if the sides that did capture tie for the top total,
  the match goes on under the ordinary target rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import BIT, VALUE, cards_of
from .engine import MASK40, State, subsets_summing
from .events import Claimed, Event
from .fishing import FishingGame, initial_sweeps
from .moves import CLAIM_FLAG
from .options import EscobaOptions
from .scoring import EscobaScoring, HandScore, score_escoba

PLAYED_CARD_MUST_CAPTURE, MUST_CAPTURE_IF_ABLE, OPTIONAL, FOURNIER_CLAIM = range(4)
NEED40 = tuple((15 - value) << 40 for value in VALUE)
"""Where the subsets a card can capture start in a table's subsets."""
ONE40 = 1 << 40
_CAPTURE_RULES = (
    "played_card_must_capture",
    "must_capture_if_able",
    "optional",
    "fournier_claim",
)
BONUS_OPTION = {"all_sevens": "all_sevens_mode", "all_coins": "all_oros_mode"}
"""The option that says how each bonus scores."""
BONUS_REPLACES = {
    ("all_sevens", "replace_all"): ("seven_of_coins", "sevens"),
    ("all_sevens", "replace_majority"): ("sevens",),
    ("all_coins", "replace"): ("coins",),
}
"""The categories a bonus scores instead of, by its option's value (RULES.md §A.9)."""


class Escoba(FishingGame):
    name = "escoba"
    captures_fifteen = True
    fifteens_told = False
    options: EscobaOptions
    categories = (
        "sweeps",
        "cards",
        "coins",
        "all_coins",
        "seven_of_coins",
        "sevens",
        "all_sevens",
        "under_ten",
    )
    counted_categories = ("cards", "coins", "sevens", "primiera")
    summary_options = ("scoring_system", "capture_rule")
    targets = (15, 21, 31)  # Argentina's 15, Fournier's 21 and 31
    menu_choices = (
        ("deck", "spanish"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("dealer_selection", "high_card_draw"),
        ("initial_30_rule", "partition"),
        ("initial_sweep_to", "mano"),
        ("refill_after_initial_sweep", True),
        ("claim_window", "passes_on"),
        ("claim_counts_as_escoba", True),
        ("leftover_if_no_capturer", "dealer"),
        ("sevens_point", "majority_no_tiebreak"),
        ("sevens_point", "count_tiebreak"),
        ("sevens_point", "setenta_lex"),
        ("sevens_point", "primiera_sum"),
        ("all_oros_mode", "replace"),
        ("all_oros_mode", "additive"),
        ("all_oros_mode", "off"),
        ("under10_mode", "two_sided_only"),
        ("under10_mode", "per_opponent"),
        ("under10_mode", "off"),
        ("shutout_rule", "lose_match"),
        ("shutout_rule", "multi_side_end_match"),
        ("shutout_rule", "off"),
        ("majority_definition", "absolute"),
    )

    def __init__(self, options: EscobaOptions) -> None:
        super().__init__(options)
        self.capture_rule = _CAPTURE_RULES.index(options.capture_rule)
        self.claims = self.capture_rule == FOURNIER_CLAIM
        self.claims_pass_on = options.claim_window == "passes_on"
        sevens_point = options.sevens_point
        if sevens_point == "setenta_lex" and options.setenta_mode == "primiera_sum":
            sevens_point = "primiera_sum"
        self.scoring = EscobaScoring(
            sevens_point=sevens_point,
            all_oros_mode=options.all_oros_mode,
            all_sevens_mode=options.all_sevens_mode,
            under10_mode=options.under10_mode,
            majority_definition=options.majority_definition,
            prime_faces=options.prime_faces,
            primiera_face_values=options.primiera_face_values,
        )
        two_sided = len(self.sides) == 2
        self.shutout_applies = options.shutout_rule == "multi_side_end_match" or (
            options.shutout_rule == "lose_match" and two_sided
        )

    def _seat_sides(self) -> tuple[int, ...]:
        modulo = {"teams": 2, "teams_2x3": 2, "teams_3x2": 3}.get(self.options.layout, self.players)
        return tuple(seat % modulo for seat in range(self.players))

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self, s: State) -> list[int]:
        seat = s.turn
        subsets = s.subsets
        moves = self._claim_moves(s, seat) if s.claim is not None else []
        lay_down_too = self.capture_rule >= OPTIONAL
        capturing = False
        for card in s.hands[seat]:
            low = NEED40[card]
            high = low + ONE40
            start = len(moves)
            for entry in subsets:  # a plain loop: faster than a comprehension here
                if low <= entry < high:
                    moves.append(card | (entry & MASK40) << 6)
            taken = len(moves) - start
            if not taken:
                moves.append(card)
                continue
            capturing = True
            if taken > 1:
                moves[start:] = sorted(moves[start:])
            if lay_down_too:
                moves.append(card)
        if capturing and self.capture_rule == MUST_CAPTURE_IF_ABLE:
            moves = [move for move in moves if move >> 6]
        return moves

    def _claim_moves(self, s: State, seat: int) -> list[int]:
        card, offender, claimant = s.claim  # type: ignore[misc]
        if claimant not in (seat, -1) or not s.tmask & BIT[card]:
            return []
        if self.side_of[seat] == self.side_of[offender]:
            return []
        bit = BIT[card]
        return [
            card | mask << 6 | CLAIM_FLAG
            for mask in subsets_summing(s.subsets, 15 - VALUE[card])
            if not mask & bit
        ]

    def _lapse_claim(self, s: State, seat: int) -> None:
        if s.claim is not None and s.claim[2] == seat:
            s.claim = None

    def _missed_capture(self, s: State, seat: int, card: int) -> bool:
        if not subsets_summing(s.subsets, 15 - VALUE[card]):
            return False
        s.claim = (card, seat, -1 if self.claims_pass_on else (seat + 1) % self.players)
        return True

    def _claim(self, s: State, seat: int, move: int, events: list[Event] | None) -> None:
        card, taken = move & 63, move >> 6 & MASK40
        self._take_from_table(s, seat, taken | BIT[card])
        sweep = self.options.claim_counts_as_escoba and not s.tmask
        if sweep:
            s.sweeps[seat] += 1
        s.claim = None
        s.ply += 1
        s._legal = None
        if events is not None:
            events.append(Claimed(seat, card, cards_of(taken), sweep))

    # -- the deal and the end of a hand ---------------------------------------------

    def _after_first_deal(self, s: State, events: list[Event] | None) -> None:
        sweeps = self._initial_sweeps(s.table)
        if not sweeps:
            return
        mano = (s.dealer + 1) % self.players
        recipient = s.dealer if self.options.initial_sweep_to == "dealer" else mano
        self._sweep_first_table(s, recipient, sweeps, events)
        if self.options.refill_after_initial_sweep:
            self._lay_table(s, s.deck[s.pos : s.pos + self.table_cards])
            s.pos += self.table_cards
            s.last_deal = s.pos == len(s.deck)

    def _initial_sweeps(self, table: tuple[int, ...]) -> int:
        return initial_sweeps(table, self.options.initial_30_rule)

    def _leftover_taker(self, s: State) -> int:
        if s.last_taker >= 0:
            return s.last_taker
        return s.dealer if self.options.leftover_if_no_capturer == "dealer" else -1

    def score_hand(self, s: State) -> HandScore:
        piles = s.side_piles()
        sweeps = [sum(s.sweeps[seat] for seat in side) for side in self.sides]
        score = score_escoba(piles, sweeps, self.scoring)
        if self.shutout_applies:
            shut = tuple(side for side, pile in enumerate(piles) if not pile)
            if 0 < len(shut) < len(piles):
                score = HandScore(score.points, score.stats, shut, score.sevens_method)
        return score

    def bonus_replacements(
        self, points: Sequence[Mapping[str, int]]
    ) -> dict[str, tuple[str, tuple[str, ...]]]:
        """All four sevens and all ten coins, when scored and their option makes them
        replace other categories (those are then not played for anyone)."""
        found = {}
        for bonus, option in BONUS_OPTION.items():
            value = getattr(self.options, option)
            replaced = BONUS_REPLACES.get((bonus, value))
            if replaced and any(bonus in side_points for side_points in points):
                found[bonus] = (value, replaced)
        return found

    def _match_result(self, s: State, score: HandScore) -> tuple[tuple[int, ...], str] | None:
        if score.shutout:
            others = [side for side in range(len(self.sides)) if side not in score.shutout]
            best = max(s.scores[side] for side in others)
            leaders = [side for side in others if s.scores[side] == best]
            if len(leaders) == 1:
                return (leaders[0],), "shutout"
        return self._target_result(s.scores)

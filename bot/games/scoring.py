"""Scoring a hand from the sides' piles: Escoba (three systems), Scopa and Rubamazzo.

Piles are bit masks (see ``bot.games.cards``), one per side, teams already merged.
Every "most X" category is a strict unique maximum (``plurality``) unless the
rules say ``absolute``; a tie scores nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import COINS, FACES_MASK, RANK_MASK, SEVEN_OF_COINS, SUIT_MASK

SEVENS = RANK_MASK[6]
COIN_CARDS = SUIT_MASK[COINS]

# Levels for the best card of a suit, RULES.md §A.9: 7 > 6 > 1 > 5 > 4 > 3 > 2 > faces.
_SETENTA_LEVEL = (6, 2, 3, 4, 5, 7, 8, 1, 1, 1)  # by rank index 1..7, S, C, R
_PRIMIERA_ALL10 = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)
_PRIMIERA_8_9_10 = (16, 12, 13, 14, 15, 18, 21, 8, 9, 10)
_PRIME_ORDER = (6, 5, 0, 4, 3, 2, 1)  # rank indexes of 7, 6, 1, 5, 4, 3, 2


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's points per side, by category, with the counts they came from."""

    points: tuple[dict[str, int], ...]
    stats: tuple[dict[str, int], ...]
    shutout: tuple[int, ...] = ()
    sevens_method: str = ""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points for the hand: the sum of its breakdown."""
        return tuple(sum(side.values()) for side in self.points)

    def to_dict(self) -> dict:
        return {
            "points": [dict(side) for side in self.points],
            "stats": [dict(side) for side in self.stats],
            "totals": list(self.totals),
            "shutout": list(self.shutout),
            "sevens_method": self.sevens_method,
        }

    @classmethod
    def from_dict(cls, data: dict) -> HandScore:
        return cls(
            points=tuple(dict(side) for side in data["points"]),
            stats=tuple(dict(side) for side in data["stats"]),
            shutout=tuple(data.get("shutout", ())),
            sevens_method=data.get("sevens_method", ""),
        )


@dataclass(frozen=True, slots=True)
class EscobaScoring:
    """The scoring options of an Escoba table, resolved (see ``EscobaOptions``)."""

    sevens_point: str = "majority_no_tiebreak"
    all_oros_mode: str = "replace"
    all_sevens_mode: str = "replace_all"
    under10_mode: str = "two_sided_only"
    majority_definition: str = "plurality"
    prime_faces: str = "grouped"
    primiera_face_values: str = "all10"


DEFAULT_ESCOBA = EscobaScoring()


def unique_max(values: Sequence, eligible: Sequence[bool] | None = None) -> int:
    """Index of the strict unique maximum among eligible entries, or -1."""
    best, winner = None, -1
    for index, value in enumerate(values):
        if eligible is not None and not eligible[index]:
            continue
        if best is None or value > best:
            best, winner = value, index
        elif value == best:
            winner = -1
    return winner


def _majority(counts: Sequence[int], total: int, definition: str) -> int:
    if definition == "absolute":
        return next((i for i, count in enumerate(counts) if 2 * count > total), -1)
    return unique_max(counts)


def best_per_suit(pile: int, levels: Sequence[int]) -> tuple[int, ...] | None:
    """The best level in each suit (by ``levels`` per rank), or None if a suit is missing."""
    best = []
    for suit in range(4):
        suit_cards = (pile >> (10 * suit)) & 0x3FF
        if not suit_cards:
            return None
        best.append(max(levels[rank] for rank in range(10) if suit_cards >> rank & 1))
    return tuple(best)


def setenta_key(pile: int) -> tuple[int, ...] | None:
    """Denexa's setenta: the four best-card levels sorted high to low, or None."""
    best = best_per_suit(pile, _SETENTA_LEVEL)
    return None if best is None else tuple(sorted(best, reverse=True))


def primiera_sum(pile: int, face_values: str = "all10") -> int | None:
    """The classic primiera: sum of each suit's best card points, or None."""
    best = best_per_suit(pile, _PRIMIERA_ALL10 if face_values == "all10" else _PRIMIERA_8_9_10)
    return None if best is None else sum(best)


def prime_key(pile: int, faces: str = "grouped") -> tuple[int, ...]:
    """pagat's count prime: (#7s, #6s, #1s, #5s, #4s, #3s, #2s, faces…)."""
    counts = [(pile & RANK_MASK[rank]).bit_count() for rank in _PRIME_ORDER]
    if faces == "grouped":
        counts.append((pile & FACES_MASK).bit_count())
    else:
        counts.extend((pile & RANK_MASK[rank]).bit_count() for rank in (9, 8, 7))
    return tuple(counts)


def sevens_winner(piles: Sequence[int], method: str, rules: EscobaScoring) -> int:
    """The side that wins the sevens category under ``method``, or -1."""
    if method == "majority_no_tiebreak":
        counts = [(pile & SEVENS).bit_count() for pile in piles]
        return _majority(counts, 4, rules.majority_definition)
    if method == "count_tiebreak":
        return unique_max([prime_key(pile, rules.prime_faces) for pile in piles])
    if method == "setenta_lex":
        keys = [setenta_key(pile) for pile in piles]
    else:
        keys = [primiera_sum(pile, rules.primiera_face_values) for pile in piles]
    return unique_max([key or () for key in keys], [key is not None for key in keys])


def _stats(pile: int, sweeps: int) -> dict[str, int]:
    return {
        "cards": pile.bit_count(),
        "coins": (pile & COIN_CARDS).bit_count(),
        "sevens": (pile & SEVENS).bit_count(),
        "seven_of_coins": pile >> SEVEN_OF_COINS & 1,
        "sweeps": sweeps,
    }


def score_escoba(
    piles: Sequence[int], sweeps: Sequence[int], rules: EscobaScoring = DEFAULT_ESCOBA
) -> HandScore:
    """Score an Escoba hand: ``piles[i]`` and ``sweeps[i]`` (escobas) for side i."""
    stats = [_stats(pile, sweeps[side]) for side, pile in enumerate(piles)]
    cards = [s["cards"] for s in stats]
    coins = [s["coins"] for s in stats]
    sevens = [s["sevens"] for s in stats]
    awards = [(_majority(cards, 40, rules.majority_definition), "cards", 1)]

    all_coins = coins.index(10) if 10 in coins else -1
    if all_coins >= 0 and rules.all_oros_mode != "off":
        awards.append((all_coins, "all_coins", 2))
        if rules.all_oros_mode == "additive":
            awards.append((all_coins, "coins", 1))
    else:
        awards.append((_majority(coins, 10, rules.majority_definition), "coins", 1))

    all_sevens = sevens.index(4) if 4 in sevens else -1
    mode = rules.all_sevens_mode if all_sevens >= 0 else "off"
    if mode != "off":
        awards.append((all_sevens, "all_sevens", 3))
    if mode in ("off", "replace_majority", "additive"):
        holders = [s["seven_of_coins"] for s in stats]
        awards.append((holders.index(1) if 1 in holders else -1, "seven_of_coins", 1))
    if mode in ("off", "additive"):
        awards.append((sevens_winner(piles, rules.sevens_point, rules), "sevens", 1))

    sides = len(piles)
    if rules.under10_mode == "per_opponent" or (
        rules.under10_mode == "two_sided_only" and sides == 2
    ):
        for side in range(sides):
            short = sum(1 for other in range(sides) if other != side and cards[other] < 10)
            awards.append((side, "under_ten", 2 * short))

    if rules.sevens_point == "primiera_sum":
        for side, pile in enumerate(piles):
            stats[side]["primiera"] = primiera_sum(pile, rules.primiera_face_values) or 0
    return HandScore(_tally(sweeps, awards), tuple(stats), sevens_method=rules.sevens_point)


def _tally(sweeps: Sequence[int], awards: list[tuple[int, str, int]]) -> tuple[dict[str, int], ...]:
    """Each side's breakdown: its sweeps, then every award it won (side -1: nobody)."""
    points = tuple({"sweeps": count} for count in sweeps)
    for side, category, value in awards:
        if side >= 0 and value:
            points[side][category] = points[side].get(category, 0) + value
    return points


def score_scopa(
    piles: Sequence[int],
    sweeps: Sequence[int],
    face_values: str = "all10",
    bonuses: CoinBonuses | None = None,
    sevens_point: str = "primiera_sum",
) -> HandScore:
    """Score a Scopa hand (RULES.md §B, G.0.2): scope, carte, denari, settebello,
    primiera (the best-card sum, or with ``count_tiebreak`` the most sevens, then
    sixes, aces…), and the coin bonuses a table plays with (G.0.3)."""
    points = [{"sweeps": sweeps[i]} for i in range(len(piles))]
    stats = [_stats(pile, sweeps[i]) for i, pile in enumerate(piles)]
    primiera = [primiera_sum(pile, face_values) for pile in piles]
    for side, value in enumerate(primiera):
        stats[side]["primiera"] = value or 0
    winners = {
        "cards": unique_max([s["cards"] for s in stats]),
        "coins": unique_max([s["coins"] for s in stats]),
        "seven_of_coins": next((i for i, s in enumerate(stats) if s["seven_of_coins"]), -1),
        "primiera": unique_max([p or 0 for p in primiera], [p is not None for p in primiera])
        if sevens_point == "primiera_sum"
        else unique_max([prime_key(pile) for pile in piles]),
    }
    for category, side in winners.items():
        if side >= 0:
            points[side][category] = 1
    if bonuses is not None:
        bonuses.score(piles, points)
    return HandScore(tuple(points), tuple(stats), sevens_method=sevens_point)


KING_OF_COINS = 9


@dataclass(frozen=True, slots=True)
class CoinBonuses:
    """RULES.md G.0.3: re bello (the King of coins, 1) and napola (the run of coins from
    the ace, 3 or more: its length; all ten: 10, or the match with ``wins_match``)."""

    re_bello: bool = False
    napola: bool = False

    def score(self, piles: Sequence[int], points: list[dict[str, int]]) -> None:
        for side, pile in enumerate(piles):
            if self.re_bello and pile >> KING_OF_COINS & 1:
                points[side]["re_bello"] = 1
            run = napola_run(pile) if self.napola else 0
            if run:
                points[side]["napola"] = run


def napola_run(pile: int) -> int:
    """The napola of a pile: its unbroken run of coins ``1o 2o 3o …`` from the ace, when
    3 or longer; else 0."""
    run = 0
    while run < 10 and pile >> run & 1:
        run += 1
    return run if run >= 3 else 0


def all_coins_side(piles: Sequence[int]) -> int:
    """The side holding all ten coins, or -1."""
    return next((side for side, pile in enumerate(piles) if pile & COIN_CARDS == COIN_CARDS), -1)


GRANDE = 0b111 << 7
"""``So Co Ro``: the Jack, Queen and King of coins (diamonds)."""


@dataclass(frozen=True, slots=True)
class CirullaScoring:
    """Cirulla's bonuses (RULES.md G.3.5): grande (``So Co Ro``, 5; with ``extends``,
    one more for ``7o`` and then ``6o``) and piccola (``1o 2o 3o``, 3, one more for
    each of ``4o 5o 6o``… in unbroken order, at most ``cap``; 0: no cap)."""

    extends: bool = False
    cap: int = 6
    sevens_point: str = "primiera_sum"

    def grande(self, pile: int) -> int:
        if pile & GRANDE != GRANDE:
            return 0
        extra = 0
        while self.extends and extra < 2 and pile >> (6 - extra) & 1:
            extra += 1
        return 5 + extra

    def piccola(self, pile: int) -> int:
        run = napola_run(pile)
        return min(run, self.cap) if self.cap else run


def score_cirulla(
    piles: Sequence[int], sweeps: Sequence[int], calls: Sequence[int], rules: CirullaScoring
) -> HandScore:
    """Score a Cirulla hand (RULES.md G.3.5): Scopa's categories (faces worth 10 in
    the primiera), each side's declarations (``calls``), grande and piccola."""
    base = score_scopa(piles, sweeps, sevens_point=rules.sevens_point)
    points = []
    for side, pile in enumerate(piles):
        side_points = {"sweeps": sweeps[side], "declarations": calls[side]}
        side_points.update(base.points[side])
        side_points["grande"] = rules.grande(pile)
        side_points["piccola"] = rules.piccola(pile)
        points.append(
            {key: value for key, value in side_points.items() if value or key == "sweeps"}
        )
    return HandScore(tuple(points), base.stats, sevens_method=rules.sevens_point)


def score_rubamazzo(piles: Sequence[int]) -> HandScore:
    """Rubamazzo's count: one point per card; the most cards wins the game."""
    stats = tuple({"cards": pile.bit_count()} for pile in piles)
    return HandScore(tuple({"cards": s["cards"]} for s in stats), stats)


def leftover_is_valid(leftover_value: int) -> bool:
    """RULES.md §A.8: the cards left on the table must total 10 modulo 15."""
    return leftover_value % 15 == 10


def invalid_capture_penalty(
    offender: int, sides: int, hand_sweeps: int, mode: str = "deduct_from_offender"
) -> list[int]:
    """Fournier's penalty for a side caught with a wrong capture (manual scoring only).

    Returns the adjustment per side: 4 points plus every escoba of the hand, taken
    from the offender or given to each other side. The engine never makes an
    invalid capture, so only a manual score sheet uses this.
    """
    penalty = 4 + hand_sweeps
    if mode == "off":
        return [0] * sides
    if mode == "deduct_from_offender":
        return [-penalty if side == offender else 0 for side in range(sides)]
    return [0 if side == offender else penalty for side in range(sides)]

"""The coach: the move the hard bot would play from a seat, and why, in words a
learner follows.

    hint = suggest(game, view, seed="table/12")
    hint.move                      # a legal move of view.legal_moves
    hint.reasons                   # (("hint.take", {...}), ("hint.why.safe", {...}))

``suggest`` reads only the asking seat's ``Observation`` (like every bot player),
so a hint never tells what another hand holds. The move is the expert's, with a
fixed budget (the same seed, the same hint). The reasons are catalog keys
(``hint.*`` in ``data/locales``) with their parameters; the first says what the
move does, the others why. Cards in the parameters are card ints and seats are
seat numbers: the UI names them for the table's deck and players
(``render.card_text``, ``seat_mention``) and joins the reasons with "; ".
Counts are ``count``, for ``tr_count`` keys (``hint.why.sevens``). The bot asks
through ``BotPlayers.hint``, which runs ``suggest`` in a worker process.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass, field

from ..games import Game, Observation, RubamazzoOptions, describe_move, mask_of
from ..games.cards import FULL_DECK, RANK_MASK, SEVEN_OF_COINS, VALUE
from ..games.moves import declared_value, is_declaration
from .expert import Budget, Expert
from .search import sweeping_values, table_value

COACH_BUDGET = dataclasses.replace(Budget(), seconds=math.inf)
"""The expert's budget without a time cap, so a hint does not depend on the machine."""
SEVENS = frozenset({6, 16, 26, 36})

Reason = tuple[str, dict]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and why: ``reasons[0]`` what it does, the rest why it is good."""

    move: int
    reasons: tuple[Reason, ...] = field(default=())

    @property
    def reason(self) -> str:
        return self.reasons[0][0]


def suggest(
    game: Game,
    view: Observation,
    seed: int | str | random.Random = 0,
    budget: Budget = COACH_BUDGET,
) -> Hint:
    """The move the expert would play from ``view`` (its seat's own observation) and
    the reasons a learner needs."""
    if not view.legal_moves:
        raise ValueError("the seat is not to act")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    move = Expert(budget)(game, view, rng)
    return Hint(move, explain(game, view, move))


def explain(game: Game, view: Observation, move: int) -> tuple[Reason, ...]:
    """Why ``move`` is a good move from ``view``: catalog keys and parameters."""
    if is_declaration(move):
        return (("hint.declare", {"count": game.call_points(view.hand, declared_value(move))}),)
    if game.steals_piles:
        return _explain_rubamazzo(game, view, move)
    return _explain_fishing(game, view, move)


def _unseen(view: Observation) -> int:
    """Cards the seat has not seen: in other hands or the stock."""
    return FULL_DECK & ~mask_of(view.seen) & ~mask_of(view.hand) & ~mask_of(view.table)


def _sweeper(game: Game, table: int) -> int:
    """The capture value that would empty ``table`` (0 when none can)."""
    needs = sweeping_values(game, table) if table else ()
    return needs[0] if needs else 0


def _others_still_play(view: Observation) -> bool:
    return bool(view.stock) or any(n for seat, n in enumerate(view.hand_sizes) if seat != view.seat)


def _explain_fishing(game: Game, view: Observation, move: int) -> tuple[Reason, ...]:
    info = describe_move(move)
    table = mask_of(view.table)
    if info.claim:
        return (("hint.claim", {"card": info.card, "cards": info.captures}),)
    taken = mask_of(info.captures)
    reasons: list[Reason] = []
    if taken:
        left = table & ~taken
        params = {"card": info.card, "cards": info.captures}
        last_play = not _others_still_play(view) and len(view.hand) == 1
        if not left and game.scores_sweep(info.card, taken, last_play):
            return ((f"hint.sweep.{view.game}", params),)
        reasons.append(("hint.take", params))
        won = (*info.captures, info.card)
        if SEVEN_OF_COINS in won:
            reasons.append(("hint.why.seven_of_coins", {"card": SEVEN_OF_COINS}))
        elif "sevens" in game.categories and (sevens := sum(1 for c in won if c in SEVENS)):
            reasons.append(("hint.why.sevens", {"count": sevens}))
        elif len(won) == _most_taken(view):
            reasons.append(("hint.why.most", {"count": len(won)}))
    else:
        left = table | 1 << info.card
        reasons.append(("hint.lay", {"card": info.card}))
    reasons.append(_table_reason(game, view, left, taken, info.card))
    return tuple(reasons)


def _most_taken(view: Observation) -> int:
    return max(
        (move >> 6 & FULL_DECK).bit_count() + 1
        for move in view.legal_moves
        if move >> 6 & FULL_DECK
    )


def _table_reason(game: Game, view: Observation, left: int, taken: int, card: int) -> Reason:
    """What the table left behind gives the next player."""
    total = table_value(left)
    need = _sweeper(game, left)
    if not need or not _others_still_play(view):
        return ("hint.why.safe", {"total": total})
    out = sum(1 for c in range(40) if _unseen(view) >> c & 1 and VALUE[c] == need)
    if not out:
        return ("hint.why.safe_seen", {"total": total, "value": need})
    if not taken:
        return ("hint.why.least_risk", {"total": total, "value": need})
    return ("hint.why.risk", {"total": total, "value": need})


def _explain_rubamazzo(game: Game, view: Observation, move: int) -> tuple[Reason, ...]:
    info = describe_move(move)
    reasons: list[Reason] = []
    if info.steals:
        count = sum(view.pile_sizes[seat] for seat in info.steals)
        reasons.append(("hint.steal", {"card": info.card, "seat": info.steals[0], "count": count}))
    elif info.captures:
        reasons.append(("hint.take", {"card": info.card, "cards": info.captures}))
    else:
        reasons.append(("hint.lay", {"card": info.card}))
        reason = _why_lay(game, view, info.card)
        return (*reasons, reason) if reason else tuple(reasons)
    pile = view.pile_sizes[view.seat] + len(info.captures) + 1
    pile += sum(view.pile_sizes[seat] for seat in info.steals)
    params = {"card": info.card, "count": pile}
    if not _others_still_play(view) or not _can_be_matched(game, view, info.card):
        reasons.append(("hint.why.pile_safe", params))
    elif _rank_out(view, info.card):
        reasons.append(("hint.why.pile_risk", params))
    else:
        reasons.append(("hint.why.pile_ace", params))
    return tuple(reasons)


def _rank_out(view: Observation, card: int) -> int:
    """Unseen cards of ``card``'s rank."""
    return (_unseen(view) & RANK_MASK[VALUE[card] - 1]).bit_count()


def _can_be_matched(game: Game, view: Observation, top: int) -> bool:
    """Whether an unseen card could steal a pile with ``top`` on it (its rank, or
    an Ace where an Ace takes all)."""
    ace_takes_all = isinstance(game.options, RubamazzoOptions) and game.options.ace_takes_all
    aces = ace_takes_all and _unseen(view) & RANK_MASK[0]
    return bool(_rank_out(view, top) or aces)


def _why_lay(game: Game, view: Observation, card: int) -> Reason | None:
    """Why laying ``card`` down beats taking (Rubamazzo), when a learner can see it:
    a card of its rank kept to steal whoever takes it, nothing else to do, or every
    take leaving the pile open to a steal."""
    if not _others_still_play(view):
        return None
    kept = [c for c in view.hand if c != card and VALUE[c] == VALUE[card]]
    if kept:
        return ("hint.why.bait", {"card": kept[0]})
    takes = [move for move in view.legal_moves if move >> 6]
    if not takes:
        return ("hint.why.no_take", {})
    if all(_can_be_matched(game, view, move & 63) for move in takes):
        return ("hint.why.takes_exposed", {})
    return None

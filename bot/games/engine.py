"""The game-independent core: ``Game`` (compiled rules) and ``State`` (one match).

A ``State`` is a plain slotted object: hands are tuples of card ints in the
order dealt; the table and the piles are bit masks. Each
``Game`` subclass supplies legal moves, how a move is applied and how a hand is
scored; the deal, turn order, serialisation and observation live here.

Deals are reproducible: hand ``h`` of a match with seed ``s`` is shuffled by
``shuffled_deck(f"{s}/{h}/{attempt}")`` (``attempt`` counts void deals), the
first dealer drawn from ``shuffled_deck(f"{s}/dealer")``. Dealing follows RULES.md
§A.4: one card at a time from the mano to the dealer, then 4 to the table.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from .cards import (
    BIT,
    DECK_SIZE,
    FULL_DECK,
    VALUE,
    card_code,
    cards_of,
    code_to_card,
    format_cards,
    mask_of,
    parse_cards,
)
from .events import DealerDrawn, Dealt, Event, HandScored, LeftoversTaken, MatchOver
from .moves import CAPTURE_SHIFT, CLAIM_FLAG, describe_move, format_move
from .observation import Observation, PublicObservation
from .options import GAMES, GameOptions, parse_options, unknown_game
from .scoring import HandScore

STATE_FORMAT = 1
MAX_SUM = 14
"""Largest table sum any capture needs (Escoba: 15 minus an Ace)."""
MASK40 = FULL_DECK
"""The card-mask field of a move or of a table subset entry."""
STEP40 = tuple(VALUE[card] << 40 | BIT[card] for card in range(40))
"""A card's entry in a table's subsets: its value above its bit."""
LIMIT40 = tuple((MAX_SUM + 1 - VALUE[card]) << 40 for card in range(40))
"""Subsets below this entry can still take ``card`` without passing ``MAX_SUM``."""


class IllegalMoveError(ValueError):
    """A move the rules do not allow here. ``code`` is stable, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class StateFormatError(ValueError):
    """A serialised state this version cannot restore."""


def shuffled_deck(key: str) -> tuple[int, ...]:
    """The 40 cards in an order drawn from ``key``: sorted by SHAKE-128 keys.

    Stable across Python versions and platforms, so a seed always deals the same.
    """
    keys = memoryview(hashlib.shake_128(key.encode()).digest(160)).cast("I")
    return tuple(sorted(range(40), key=keys.__getitem__))


def subsets_add(subsets: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The table's subsets after ``card`` joins the table.

    ``subsets`` holds every non-empty subset of the table whose value sum is at
    most ``MAX_SUM``, each as ``total << 40 | mask`` (see ``subsets_summing``).
    """
    limit = LIMIT40[card]
    step = STEP40[card]
    return subsets + (step,) + tuple([e + step for e in subsets if e < limit])


def subsets_of(table: tuple[int, ...]) -> tuple[int, ...]:
    subsets: tuple[int, ...] = ()
    for card in table:
        subsets = subsets_add(subsets, card)
    return subsets


def subsets_summing(subsets: tuple[int, ...], total: int) -> list[int]:
    """Masks of the table subsets whose cards sum to ``total``, in ascending order."""
    low, high = total << 40, (total + 1) << 40
    return sorted([e & MASK40 for e in subsets if low <= e < high])


Seed = int | str
"""What deals a match: its text is the key of every shuffle (``str(seed)``). Tables
deal from 64 hex digits of the operating system's randomness (``games.fairness``)."""

Call = tuple[int, int, int, int, int]
"""A Cirulla declaration: (seat, deal round, points, mask of the hand shown, the
value the matta was named or 0)."""


class State:
    """One match in progress. Use ``legal_moves``, ``apply`` and ``observe``."""

    __slots__ = (
        "_legal",
        "calls",
        "claim",
        "deal_round",
        "dealer",
        "deck",
        "discards",
        "game",
        "hand_no",
        "hands",
        "history",
        "in_hands",
        "last_deal",
        "last_taker",
        "matta",
        "piles",
        "ply",
        "pos",
        "scores",
        "seed",
        "subsets",
        "sweeps",
        "tmask",
        "tops",
        "turn",
        "winners",
    )

    def __init__(self, game: Game, seed: Seed) -> None:
        n = game.players
        self.game = game
        self.seed = seed
        self.hand_no = 0
        self.dealer = 0
        self.turn = -1
        self.hands: list[tuple[int, ...]] = [()] * n
        self.tmask = 0
        self.subsets: tuple[int, ...] = ()
        self.piles = [0] * n
        self.tops = [-1] * n
        self.sweeps = [0] * n
        self.deck: tuple[int, ...] = ()
        self.pos = 0
        self.in_hands = 0
        self.deal_round = 0
        self.last_deal = False
        self.last_taker = -1
        self.claim: tuple[int, int, int] | None = None
        self.calls: tuple[Call, ...] = ()
        self.matta = 0
        self.scores = [0] * len(game.sides)
        self.discards = 0
        self.winners: tuple[int, ...] | None = None
        self.ply = 0
        self.history: tuple[tuple[int, int, int], ...] = ()
        self._legal: list[int] | None = None

    # -- the public API -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def table(self) -> tuple[int, ...]:
        """The cards on the table, in card order."""
        return cards_of(self.tmask)

    @property
    def stock_size(self) -> int:
        return len(self.deck) - self.pos

    def legal_moves(self) -> list[int]:
        """Every legal move for the seat to act (``self.turn``), in a stable order."""
        if self._legal is None:
            self._legal = [] if self.winners is not None else self.game.legal_moves(self)
        return self._legal

    def apply(self, move: int) -> tuple[State, list[Event]]:
        """Return the state after ``move`` and what happened; ``self`` is unchanged."""
        self.check(move)
        after = self.copy()
        events: list[Event] = []
        after._play_recorded(move, events)
        return after, events

    def _play_recorded(self, move: int, events: list[Event] | None) -> None:
        """Play ``move`` and add it to the hand's ``history`` (a new hand starts a new
        one). Searches call ``Game.play`` and keep no history."""
        entry = (self.deal_round, self.turn, move)
        hand_no, history = self.hand_no, self.history
        self.game.play(self, move, events)
        self.history = history + (entry,) if self.hand_no == hand_no else ()

    def check(self, move: int) -> None:
        """Raise ``IllegalMoveError`` unless ``move`` is legal here."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        if move not in legal:
            code, message = self.game.explain_illegal(self, move)
            raise IllegalMoveError(code, message)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see: its own hand and everything public."""
        return self.game.observe(self, seat)

    def public_observation(self) -> PublicObservation:
        """What every player may see: no hand, no legal moves."""
        return self.game.public_observation(self)

    def revealed(self, seat: int) -> int:
        """The cards of ``seat``'s declarations this hand still in its hand (public)."""
        shown = 0
        for call in self.calls:
            if call[0] == seat:
                shown |= call[3]
        return shown & mask_of(self.hands[seat])

    def seen_mask(self) -> int:
        """Cards shown face up this hand: everything dealt that is not in a hand."""
        in_hands = 0
        for hand in self.hands:
            in_hands |= mask_of(hand)
        return mask_of(self.deck[: self.pos]) & ~in_hands

    def side_piles(self) -> list[int]:
        """Each side's merged pile."""
        piles = [0] * len(self.game.sides)
        for seat, pile in enumerate(self.piles):
            piles[self.game.side_of[seat]] |= pile
        return piles

    def copy(self) -> State:
        """An independent copy. Written out slot by slot: searches copy a state for
        every position they visit."""
        other = State.__new__(State)
        other.game = self.game
        other.seed = self.seed
        other.hand_no = self.hand_no
        other.dealer = self.dealer
        other.turn = self.turn
        other.deck = self.deck
        other.pos = self.pos
        other.in_hands = self.in_hands
        other.deal_round = self.deal_round
        other.last_deal = self.last_deal
        other.last_taker = self.last_taker
        other.claim = self.claim
        other.calls = self.calls
        other.matta = self.matta
        other.tmask = self.tmask
        other.subsets = self.subsets
        other.discards = self.discards
        other.winners = self.winners
        other.ply = self.ply
        other.history = self.history
        other._legal = self._legal
        other.hands = list(self.hands)
        other.piles = list(self.piles)
        other.tops = list(self.tops)
        other.sweeps = list(self.sweeps)
        other.scores = list(self.scores)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{self.game.name} hand {self.hand_no + 1} turn {self.turn} "
            f"table [{format_cards(self.table)}] scores {self.scores}>"
        )

    # -- serialisation --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with a format version; ``State.from_dict`` restores it."""
        codes = _codes
        return {
            "format": STATE_FORMAT,
            "game": self.game.name,
            "options": self.game.options.model_dump(mode="json"),
            "seed": self.seed,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [codes(hand) for hand in self.hands],
            "table": codes(self.table),
            "piles": [codes(cards_of(pile)) for pile in self.piles],
            "tops": [card_code(top) if top >= 0 else None for top in self.tops],
            "sweeps": list(self.sweeps),
            "deck": codes(self.deck),
            "pos": self.pos,
            "deal_round": self.deal_round,
            "last_deal": self.last_deal,
            "last_taker": self.last_taker,
            "claim": list(self.claim) if self.claim else None,
            "calls": [[*call[:3], codes(cards_of(call[3])), call[4]] for call in self.calls],
            "matta": self.matta,
            "scores": list(self.scores),
            "discards": codes(cards_of(self.discards)),
            "winners": list(self.winners) if self.winners is not None else None,
            "ply": self.ply,
            "history": [list(entry) for entry in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Restore a state saved by ``to_dict``."""
        if data.get("format") != STATE_FORMAT:
            found = data.get("format")
            raise StateFormatError(
                f"saved state format {found!r} is not supported (expected {STATE_FORMAT})"
            )
        try:
            return cls._restore(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError(f"saved state is damaged: {exc}") from None

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> State:
        game = _saved_game(data["game"], tuple(sorted(data["options"].items())))
        state = cls(game, data["seed"])
        for name in (
            "hand_no",
            "dealer",
            "turn",
            "pos",
            "deal_round",
            "last_deal",
            "last_taker",
            "ply",
        ):
            setattr(state, name, data[name])
        state.hands = [tuple(_cards(hand)) for hand in data["hands"]]
        state.tmask = mask_of(_cards(data["table"]))
        state.subsets = subsets_of(state.table)
        state.piles = [mask_of(_cards(pile)) for pile in data["piles"]]
        state.tops = [code_to_card(top) if top else -1 for top in data["tops"]]
        state.sweeps = list(data["sweeps"])
        state.deck = tuple(_cards(data["deck"]))
        state.in_hands = sum(len(hand) for hand in state.hands)
        state.claim = tuple(data["claim"]) if data["claim"] else None
        state.calls = tuple(
            (seat, deal_round, points, mask_of(_cards(cards)), named)
            for seat, deal_round, points, cards, named in data.get("calls", ())
        )
        state.matta = data.get("matta", 0)
        state.scores = list(data["scores"])
        state.discards = mask_of(_cards(data["discards"]))
        state.winners = tuple(data["winners"]) if data["winners"] is not None else None
        state.history = tuple(tuple(entry) for entry in data.get("history", ()))
        if len(state.hands) != game.players or len(state.scores) != len(game.sides):
            raise ValueError("seat or side count does not match the options")
        return state


def _as_cards(cards: Iterable[int] | str) -> tuple[int, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


def _codes(cards) -> list[str]:
    return [card_code(card) for card in cards]


def _cards(codes) -> list[int]:
    return [code_to_card(code) for code in codes]


class Game:
    """Compiled rules of one game with one set of options. Shared by its states."""

    name: ClassVar[str] = ""
    registry: ClassVar[dict[str, type[Game]]] = {}
    hand_size = 3
    table_cards = 4

    # -- facts the presentation and the AI ask the game for --------------------------

    captures_fifteen: bool = False
    """Whether a capture takes cards that make 15 with the card played (Escoba; Scopa a
    15, an option, sets it on its game), rather than cards worth the card played."""
    captures_both: ClassVar[bool] = False
    """Whether a card takes both ways: cards worth it, or cards that make 15 with it,
    and an ace takes the whole table when no ace lies there (Cirulla)."""
    fifteens_told: ClassVar[bool] = True
    """Whether the story says a capture made 15 ("3 + 5 + 7 = 15"): not at Escoba, where
    every capture does."""
    steals_piles: ClassVar[bool] = False
    """Whether a card may take another seat's pile (Rubamazzo): a game of stealing,
    not of sweeps and scoring categories."""
    wild_card: ClassVar[int] = -1
    """The card a declaration may name another value (Cirulla's matta), or -1."""

    categories: ClassVar[tuple[str, ...]] = ()
    """The categories a hand is scored in, in the order a score sheet lists them."""
    counted_categories: ClassVar[tuple[str, ...]] = ()
    """Categories whose count (``HandScore.stats``) a score sheet shows by the points."""
    plays_to_target: ClassVar[bool] = True
    """Whether the match is played in points to a target (a score line, hand totals)."""
    shows_pile_tops: ClassVar[bool] = False
    """Whether each seat's top captured card is public and shown (``pile_tops``)."""
    summary_options: ClassVar[tuple[str, ...]] = ()
    """Options a table's summary names besides its players, deck and target."""
    menu_choices: ClassVar[tuple[tuple[str, object], ...]] = ()
    """The "Advanced rules" menu: ``(option, value)`` choices, in the order offered."""
    targets: ClassVar[tuple[int, ...]] = ()
    """The target scores people play this game to (RULES.md), as menus offer them."""
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    """Named variants (RULES.md's presets): the options each one sets."""

    @classmethod
    def has_sweeps(cls) -> bool:
        """Whether emptying the table scores (escobas, scope)."""
        return "sweeps" in cls.categories

    def bonus_replacements(
        self, points: Sequence[Mapping[str, int]]
    ) -> dict[str, tuple[str, tuple[str, ...]]]:
        """The bonuses some side scored in a hand (``HandScore.points``) that took the
        place of other categories: bonus -> (the option value that made it replace,
        the categories not played for this hand)."""
        return {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Game.registry[cls.name] = cls

    def __init__(self, options: GameOptions) -> None:
        self.options = options
        self.players = options.players
        self.deck_name = options.deck
        self.side_of = self._seat_sides()
        self.sides = tuple(
            tuple(seat for seat in range(self.players) if self.side_of[seat] == side)
            for side in range(max(self.side_of) + 1)
        )
        self.target = getattr(options, "target_score", 0)
        self.next_seat = tuple((seat + 1) % self.players for seat in range(self.players))

    def _seat_sides(self) -> tuple[int, ...]:
        return tuple(range(self.players))

    @property
    def deals_whole_deck(self) -> bool:
        """Whether a hand's one deal gives out every card (Scopone): there is no stock."""
        return self.hand_size * self.players + self.table_cards >= DECK_SIZE

    def value_in_play(self, s: State, card: int) -> int:
        """What ``card`` is worth when played now (Cirulla's declared matta: its name)."""
        return VALUE[card]

    def call_points(self, hand: Sequence[int], named: int) -> int:
        """What declaring ``hand`` scores, the matta named ``named`` (Cirulla; 0 here)."""
        return 0

    def declaration_choice(self, hand: Sequence[int], moves: Sequence[int]) -> int | None:
        """The declaration a bot makes among ``moves`` holding ``hand`` (the one that
        scores most), or None when none is offered (every game but Cirulla)."""
        return None

    def preset(self) -> str:
        """The named variant these options make (``presets``), "" for none."""
        for name, values in self.presets.items():
            if all(getattr(self.options, key, None) == value for key, value in values.items()):
                return name
        return ""

    def first_table_values(self, table: Sequence[int]) -> tuple[int, ...]:
        """What each card of a first table the dealer swept counted for, for the story:
        its value (Cirulla's wild matta: the value that made the sweep)."""
        return tuple(VALUE[card] for card in table)

    def capture_reason(self, card: int, taken: Sequence[int], value: int = 0) -> str:
        """Why ``card`` (worth ``value`` when a named matta) took ``taken``, for the
        story: "fifteen" (with the card they make 15, where that is not the only way),
        "ace" (an ace took the whole table by its privilege), "" (the usual way)."""
        worth = value or VALUE[card]
        total = sum(VALUE[c] for c in taken)
        by_fifteen = self.captures_fifteen or self.captures_both
        if self.fifteens_told and by_fifteen and taken and worth + total == 15:
            return "fifteen"
        aces_take_all = self.captures_both or getattr(self.options, "ace_takes_all", False)
        if worth == 1 and aces_take_all and total != 1:
            return "ace"
        return ""

    def scores_sweep(self, card: int, taken: int, last_play: bool) -> bool:
        """Whether emptying the table, taking ``taken`` (a mask) with ``card``, scores a
        sweep (``last_play``: with the hand's last card). The coach asks it too."""
        return True

    # -- match flow -----------------------------------------------------------------

    def new_match(self, seed: Seed, events: list[Event] | None = None) -> State:
        """A new match: first dealer chosen, first hand dealt. Same seed, same match."""
        state = State(self, seed)
        state.dealer = self._first_dealer(seed, events)
        self._start_hand(state, events)
        return state

    def new_position(
        self,
        hands: Sequence[Iterable[int] | str],
        table: Iterable[int] | str = (),
        *,
        turn: int = 0,
        dealer: int | None = None,
        stock: Iterable[int] | str = (),
        piles: Sequence[Iterable[int] | str] | None = None,
        tops: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        last_taker: int = -1,
        seed: int = 0,
    ) -> State:
        """A hand in progress, laid out by hand: for tests, puzzles and analysis.

        Cards may be card ints or a string of codes (``"7o Sc Rb"``). The stock
        is dealt in the order given; cards named nowhere count as already out
        of play (in ``discards``), so the 40 cards stay accounted for.
        """
        n = self.players
        hands_cards = [_as_cards(hand) for hand in hands]
        table_cards, stock_cards = _as_cards(table), _as_cards(stock)
        pile_cards = [_as_cards(pile) for pile in piles] if piles else [()] * n
        named = [*table_cards, *stock_cards, *(c for h in hands_cards for c in h)]
        named += [c for pile in pile_cards for c in pile]
        if len(hands_cards) != n or len(pile_cards) != n or len(set(named)) != len(named):
            raise ValueError(f"give {n} hands (and piles), naming each card once")
        state = State(self, seed)
        state.dealer = (turn - 1) % n if dealer is None else dealer
        state.turn = turn
        state.hands = [tuple(hand) for hand in hands_cards]
        state.in_hands = sum(len(hand) for hand in hands_cards)
        self._lay_table(state, table_cards)
        state.piles = [mask_of(pile) for pile in pile_cards]
        state.tops = list(tops) if tops else [-1] * n
        state.discards = FULL_DECK & ~mask_of(named)
        dealt = [card for card in range(40) if card not in set(stock_cards)]
        state.deck = tuple(dealt) + stock_cards
        state.pos = len(dealt)
        state.deal_round = 1
        state.last_deal = not stock_cards
        state.last_taker = last_taker
        state.scores = list(scores) if scores else [0] * len(self.sides)
        return state

    def _first_dealer(self, seed: Seed, events: list[Event] | None) -> int:
        deck = list(shuffled_deck(f"{seed}/dealer"))
        if getattr(self.options, "dealer_selection", "random") == "random":
            return deck[0] % self.players
        drawing, rounds = list(range(self.players)), []
        while len(drawing) > 1:
            draws = tuple((seat, deck.pop()) for seat in drawing)
            rounds.append(draws)
            best = max(VALUE[card] for _, card in draws)
            drawing = [seat for seat, card in draws if VALUE[card] == best]
        if events is not None:
            events.append(DealerDrawn(tuple(rounds), drawing[0]))
        return drawing[0]

    def _start_hand(self, s: State, events: list[Event] | None) -> None:
        n = self.players
        attempt = 0
        while True:
            s.deck = shuffled_deck(f"{s.seed}/{s.hand_no}/{attempt}")
            s.pos = 0
            s.piles, s.tops, s.sweeps = [0] * n, [-1] * n, [0] * n
            s.last_taker, s.claim, s.discards = -1, None, 0
            s.calls, s.matta = (), 0
            s.deal_round = 0
            self._deal_first(s)
            if not self._void_deal(s, events):
                break
            attempt += 1
        self._dealt(s, events)
        self._after_first_deal(s, events)

    def _deal_first(self, s: State) -> None:
        """A hand's first deal: the hands, then the table's cards."""
        self._deal_round(s)
        self._lay_table(s, s.deck[s.pos : s.pos + self.table_cards])
        s.pos += self.table_cards
        s.last_deal = s.pos == len(s.deck)

    @staticmethod
    def _lay_table(s: State, cards: tuple[int, ...]) -> None:
        """Make ``cards`` the table, face up."""
        s.tmask = mask_of(cards)
        s.subsets = subsets_of(cards)

    def _void_deal(self, s: State, events: list[Event] | None) -> bool:
        """Whether the deal must be redone by the same dealer (Scopa's Kings)."""
        return False

    def _after_first_deal(self, s: State, events: list[Event] | None) -> None:
        """Hook after the first deal of a hand (Escoba's dealer sweep)."""

    def _deal_round(self, s: State) -> None:
        n = self.players
        mano = (s.dealer + 1) % n
        count = min(self.hand_size * n, len(s.deck) - s.pos)
        deck, pos = s.deck, s.pos
        s.hands = [deck[pos + (seat - mano) % n : pos + count : n] for seat in range(n)]
        s.pos += count
        s.in_hands = count
        s.deal_round += 1
        s.last_deal = s.pos == len(deck)
        s.turn = mano
        s._legal = None

    def _dealt(self, s: State, events: list[Event] | None) -> None:
        """A deal round is out (Cirulla's automatic declarations follow it)."""
        if events is not None:
            events.append(Dealt(s.hand_no, s.dealer, s.deal_round, s.last_deal))

    def _next_turn(self, s: State, events: list[Event] | None) -> None:
        """After a card is played (``s.in_hands`` already counts it): the next seat
        with cards, a new deal, or the hand's end."""
        if s.in_hands:
            n, seat = self.players, (s.turn + 1) % self.players
            while not s.hands[seat]:
                seat = (seat + 1) % n
            s.turn = seat
        elif s.pos < len(s.deck):
            self._deal_round(s)
            self._dealt(s, events)
        else:
            self._end_hand(s, events)

    def _take_from_table(self, s: State, seat: int, taken: int) -> None:
        """Move the table cards of mask ``taken`` to ``seat``'s pile."""
        s.subsets = tuple([e for e in s.subsets if not e & taken])
        s.tmask ^= taken
        s.piles[seat] |= taken
        s.last_taker = seat

    def _put_on_table(self, s: State, card: int) -> None:
        s.tmask |= BIT[card]
        s.subsets = subsets_add(s.subsets, card)

    def _end_hand(self, s: State, events: list[Event] | None) -> None:
        self._collect_leftovers(s, events)
        score = self.score_hand(s)
        self._add_score(s, score)
        if events is not None:
            piles = tuple(cards_of(pile) for pile in s.side_piles())
            events.append(HandScored(s.hand_no, score, tuple(s.scores), piles))
        result = self._match_result(s, score)
        if result is not None:
            s.winners, reason = result
            s.turn = -1
            s._legal = None
            if events is not None:
                events.append(MatchOver(s.winners, reason, tuple(s.scores)))
            return
        s.hand_no += 1
        s.dealer = (s.dealer + 1) % self.players
        self._start_hand(s, events)

    def _leftover_taker(self, s: State) -> int:
        return s.last_taker

    def _collect_leftovers(self, s: State, events: list[Event] | None) -> None:
        if not s.tmask:
            return
        taker = self._leftover_taker(s)
        left = s.tmask
        if taker >= 0:
            s.piles[taker] |= left
        else:
            s.discards |= left
        if events is not None:
            events.append(LeftoversTaken(taker, s.table))
        s.tmask, s.subsets = 0, ()

    def _add_score(self, s: State, score: HandScore) -> None:
        for side, points in enumerate(score.totals):
            s.scores[side] += points

    def _match_result(self, s: State, score: HandScore) -> tuple[tuple[int, ...], str] | None:
        """``(winning sides, reason)`` when the match is over after this hand, else None."""
        return self._target_result(s.scores)

    def _target_result(self, scores: list[int]) -> tuple[tuple[int, ...], str] | None:
        if max(scores) < self.target:
            return None
        best = max(scores)
        leaders = [side for side, points in enumerate(scores) if points == best]
        return ((leaders[0],), "target") if len(leaders) == 1 else None

    # -- per game -------------------------------------------------------------------

    def legal_moves(self, s: State) -> list[int]:
        raise NotImplementedError

    def play(self, s: State, move: int, events: list[Event] | None) -> None:
        """Apply a legal ``move`` to ``s`` in place, appending to ``events``."""
        raise NotImplementedError

    def score_hand(self, s: State) -> HandScore:
        raise NotImplementedError

    # -- explanations ---------------------------------------------------------------

    def explain_illegal(self, s: State, move: int) -> tuple[str, str]:
        """Why ``move`` is not legal in ``s``: ``(code, message)``."""
        deck = self.deck_name
        if s.winners is not None:
            return "match_over", "the match is over"
        info = describe_move(move)
        label = format_cards((info.card,), deck)
        legal = s.legal_moves()
        if info.claim:
            if not any(m & CLAIM_FLAG for m in legal):
                return "no_claim", "there is no missed capture you can claim now"
            return "bad_claim", f"{label} cannot be claimed with those cards"
        if info.card not in s.hands[s.turn]:
            return "not_in_hand", f"{label} is not in your hand"
        captured = move >> CAPTURE_SHIFT & MASK40
        if captured & ~s.tmask:
            return (
                "not_on_table",
                f"{format_cards(captured & ~s.tmask, deck)} is not on the table",
            )
        same_card = [m for m in legal if m & 63 == info.card and not m & CLAIM_FLAG]
        if not same_card:
            return (
                "must_capture",
                f"{label} cannot capture, and you must play a card that captures",
            )
        if not info.takes:
            return "must_take", f"{label} can take cards here, so it must take"
        options = ", ".join(format_move(m, deck) for m in same_card)
        return "bad_capture", f"{label} cannot take that; its options are: {options}"

    # -- observation ----------------------------------------------------------------

    def observe(self, s: State, seat: int) -> Observation:
        """``seat``'s view of ``s``: the public one plus its hand and legal moves."""
        legal = tuple(s.legal_moves()) if seat == s.turn else ()
        return Observation.from_public(self.public_observation(s), seat, s.hands[seat], legal)

    def public_observation(self, s: State) -> PublicObservation:
        """What every player may see of ``s``."""
        return PublicObservation(
            game=self.name,
            players=self.players,
            sides=self.sides,
            hand_sizes=tuple(len(hand) for hand in s.hands),
            table=s.table,
            piles=tuple(cards_of(pile) for pile in s.piles),
            pile_tops=tuple(s.tops) if self.shows_pile_tops else (),
            sweeps=tuple(s.sweeps),
            scores=tuple(s.scores),
            target=self.target,
            stock=s.stock_size,
            to_act=s.turn,
            dealer=s.dealer,
            hand_number=s.hand_no + 1,
            deal_round=s.deal_round,
            last_deal=s.last_deal,
            seen=cards_of(s.seen_mask()),
            claim=s.claim,
            last_taker=s.last_taker,
            winners=s.winners,
            history=s.history,
            calls=tuple(
                (seat, rnd, points, named, cards_of(cards))
                for seat, rnd, points, cards, named in s.calls
            ),
            revealed=tuple(cards_of(s.revealed(seat)) for seat in range(self.players)),
        )

    def resample(
        self, view: Observation, rng: Random, hidden: Sequence[int] | None = None
    ) -> State:
        """A whole state ``view.seat`` cannot tell from the real one: the cards it
        has not seen are dealt at random to the other hands and the stock, or in
        the order ``hidden`` gives them (the other hands in seat order, then the
        stock), for a player that has its own idea of who holds what.

        This is the determinisation the searching players use; ``observe`` of
        the result equals ``view``. The result's seed is drawn from ``rng``, so
        hands after this one are dealt afresh.
        """
        mine = mask_of(view.hand)
        shown = [mask_of(cards) for cards in view.revealed] or [0] * self.players
        shown[view.seat] = 0
        known = mask_of(view.seen) | mine | sum(shown)
        if hidden is None:
            unseen = [card for card in range(40) if not known >> card & 1]
            rng.shuffle(unseen)
        elif mask_of(hidden) != FULL_DECK & ~known or len(hidden) + known.bit_count() != 40:
            raise ValueError("hidden must hold each card the view has not seen once")
        else:
            unseen = list(hidden)
        s = State(self, rng.getrandbits(32))
        hands, start = [], 0
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(view.hand)
                continue
            size -= shown[seat].bit_count()
            hands.append(cards_of(shown[seat]) + tuple(unseen[start : start + size]))
            start += size
        stock = tuple(unseen[start:])
        if len(stock) != view.stock:
            raise ValueError("the view's hidden cards do not add up")
        s.hands = hands
        s.in_hands = sum(view.hand_sizes)
        s.deck = cards_of(FULL_DECK & ~mask_of(stock)) + stock
        s.pos = len(s.deck) - len(stock)
        self._lay_table(s, view.table)
        s.piles = [mask_of(pile) for pile in view.piles]
        s.tops = list(view.pile_tops) if view.pile_tops else [-1] * self.players
        s.discards = known & ~mine & ~s.tmask & ~sum(s.piles) & ~sum(shown)
        s.sweeps, s.scores = list(view.sweeps), list(view.scores)
        s.hand_no, s.dealer, s.turn = view.hand_number - 1, view.dealer, view.to_act
        s.deal_round, s.last_deal = view.deal_round, view.last_deal
        s.last_taker, s.claim = view.last_taker, view.claim
        s.history = view.history
        s.calls = tuple(
            (seat, rnd, points, mask_of(cards), named)
            for seat, rnd, points, named, cards in view.calls
        )
        s.matta = next((named for *_, named, _ in view.calls if named and named != 7), 0)
        return s

    def hand_points(self, before: Sequence[int], after: Sequence[int]) -> list[int]:
        """Each side's points from the hand scored between two ``scores`` readings."""
        return [now - then for then, now in zip(before, after, strict=True)]


@functools.lru_cache(maxsize=256)
def _saved_game(name: str, options: tuple[tuple[str, Any], ...]) -> Game:
    """One compiled ``Game`` per option set among restored states (options as sorted
    name, value pairs: every option value is a plain scalar)."""
    return make_game(name, dict(options))


def make_game(name: str, options: GameOptions | dict[str, Any] | None = None) -> Game:
    """The ``Game`` for ``name`` ("escoba", "scopa", "rubamazzo") with these options.

    ``options`` may be a validated model or a plain dict (validated here, raising
    ``OptionsError`` with a readable message).
    """
    if options is None or isinstance(options, dict):
        options = parse_options(name, options)
    return Game.registry[options.game](options)


def game_type(name: str) -> type[Game]:
    """The ``Game`` class of ``name``, to read its facts without options. An unknown
    name raises ``OptionsError``, as ``make_game`` does."""
    if name not in GAMES:
        raise unknown_game(name)
    return Game.registry[name]

"""The rules engine for Escoba, Scopa, Scopone, Cirulla and Rubamazzo: pure Python, no I/O.

    from bot.games import make_game

    game = make_game("escoba", {"players": 2, "target_score": 21})
    state = game.new_match(seed=7)
    move = state.legal_moves()[0]
    state, events = state.apply(move)
    view = state.observe(seat=0)
    board = state.public_observation()

See ``docs/engine.md`` for the whole API.
"""

from . import cirulla, escoba, rubamazzo, scopa  # noqa: F401  (registers the games: Scopone with Scopa)
from .cards import (
    CardError,
    card_code,
    card_label,
    cards_of,
    format_cards,
    mask_of,
    mask_value,
    parse_card,
    parse_cards,
)
from .engine import Game, IllegalMoveError, Seed, State, StateFormatError, game_type, make_game
from .events import Event, events_to_dicts
from .moves import (
    MoveInfo,
    MoveParseError,
    describe_move,
    format_move,
    is_claim,
    make_move,
    move_capture,
    move_card,
    move_steals,
    parse_move,
)
from .observation import Observation, PublicObservation
from .options import (
    GAMES,
    ONE_HAND,
    CirullaOptions,
    EscobaOptions,
    GameOptions,
    OptionsError,
    RubamazzoOptions,
    ScopaOptions,
    parse_options,
)
from .scoring import HandScore, score_escoba, score_rubamazzo, score_scopa

__all__ = [
    "GAMES",
    "ONE_HAND",
    "CardError",
    "CirullaOptions",
    "EscobaOptions",
    "Event",
    "Game",
    "GameOptions",
    "HandScore",
    "IllegalMoveError",
    "MoveInfo",
    "MoveParseError",
    "Observation",
    "OptionsError",
    "PublicObservation",
    "RubamazzoOptions",
    "ScopaOptions",
    "Seed",
    "State",
    "StateFormatError",
    "card_code",
    "card_label",
    "cards_of",
    "describe_move",
    "events_to_dicts",
    "format_cards",
    "format_move",
    "game_type",
    "is_claim",
    "make_game",
    "make_move",
    "mask_of",
    "mask_value",
    "move_capture",
    "move_card",
    "move_steals",
    "parse_card",
    "parse_cards",
    "parse_move",
    "parse_options",
    "score_escoba",
    "score_rubamazzo",
    "score_scopa",
]

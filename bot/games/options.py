"""Game options: one pydantic model per game, every RULES.md variant with its default.

Options are validated here, at the boundary; the engine compiles them into plain
attributes once per game (see ``bot.games.engine.Game``). ``parse_options``
turns any validation failure into an ``OptionsError`` whose message a player can
read.

Choices where RULES.md is silent:
- Escoba with 4 players defaults to two teams of two (partners opposite), the
  way the game is usually played in Spain; ``layout="individual"`` is the
  alternative. Six players default to two teams of three (RULES.md §A.2).
- Per-system defaults (``sevens_point``, ``all_oros_mode``, ``all_sevens_mode``,
  ``under10_mode``, ``shutout_rule``) are filled in from ``scoring_system`` when
  not given, so a dumped model always states every rule explicitly.
- Rubamazzo's ``hand_size`` must deal the 36 cards after the table evenly.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    field_validator,
    model_validator,
)

MAX_TARGET = 1000
ONE_HAND = 1
"""The one-hand format: a target of one point, so the first hand decides the match
(a tie plays another hand, as at any target)."""

ESCOBA_SYSTEM_DEFAULTS: dict[str, dict[str, str]] = {
    "fournier": {
        "sevens_point": "majority_no_tiebreak",
        "all_oros_mode": "replace",
        "all_sevens_mode": "replace_all",
        "under10_mode": "two_sided_only",
        "shutout_rule": "lose_match",
    },
    "pagat": {
        "sevens_point": "count_tiebreak",
        "all_oros_mode": "off",
        "all_sevens_mode": "off",
        "under10_mode": "off",
        "shutout_rule": "off",
    },
    "denexa": {
        "sevens_point": "setenta_lex",
        "all_oros_mode": "off",
        "all_sevens_mode": "off",
        "under10_mode": "off",
        "shutout_rule": "off",
    },
}

LAYOUTS_BY_PLAYERS = {
    2: ("individual",),
    3: ("individual",),
    4: ("teams", "individual"),
    6: ("teams_2x3", "teams_3x2"),
}
"""Seat layouts a player count allows, the default first."""


class OptionsError(ValueError):
    """Options a game cannot be played with; the message says why, in plain words."""


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("target_score", check_fields=False)
    @classmethod
    def _target_in_range(cls, value: int) -> int:
        if not 1 <= value <= MAX_TARGET:
            raise ValueError(f"the target score must be between 1 and {MAX_TARGET}, not {value}")
        return value


def _check_players(game: str, value: int, allowed: tuple[int, ...]) -> int:
    if value not in allowed:
        counts = ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"
        reason = ""
        if game == "Escoba" and value == 5:
            reason = " (the 36 cards after the table cannot be dealt to 5 players in threes)"
        raise ValueError(f"{game} is played by {counts} players, not {value}{reason}")
    return value


class EscobaOptions(_Options):
    """Escoba de 15 (RULES.md §A.11)."""

    game: Literal["escoba"] = "escoba"
    deck: Literal["spanish", "french_faces", "french_numeric"] = "spanish"
    players: int = 2
    layout: Literal["individual", "teams", "teams_2x3", "teams_3x2"] = "individual"
    turn_direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    dealer_selection: Literal["random", "high_card_draw"] = "random"
    initial_30_rule: Literal["total", "partition"] = "total"
    initial_sweep_to: Literal["dealer", "mano"] = "dealer"
    refill_after_initial_sweep: bool = False
    capture_rule: Literal[
        "played_card_must_capture", "must_capture_if_able", "optional", "fournier_claim"
    ] = "played_card_must_capture"
    claim_window: Literal["next_player_only", "passes_on"] = "next_player_only"
    claim_counts_as_escoba: bool = False
    leftover_if_no_capturer: Literal["discard", "dealer"] = "discard"
    scoring_system: Literal["fournier", "pagat", "denexa"] = "fournier"
    sevens_point: Literal["majority_no_tiebreak", "count_tiebreak", "setenta_lex", "primiera_sum"]
    all_oros_mode: Literal["replace", "additive", "off"]
    all_sevens_mode: Literal["replace_all", "replace_majority", "additive", "off"]
    under10_mode: Literal["two_sided_only", "per_opponent", "off"]
    majority_definition: Literal["plurality", "absolute"] = "plurality"
    prime_faces: Literal["grouped", "separate"] = "grouped"
    setenta_mode: Literal["lexicographic", "primiera_sum"] = "lexicographic"
    primiera_face_values: Literal["all10", "8_9_10"] = "all10"
    shutout_rule: Literal["lose_match", "off", "multi_side_end_match"]
    target_score: int = 21
    invalid_capture_penalty: Literal["deduct_from_offender", "credit_to_opponents", "off"] = (
        "deduct_from_offender"
    )

    @model_validator(mode="before")
    @classmethod
    def _fill_defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        system = data.get("scoring_system", "fournier")
        for key, value in ESCOBA_SYSTEM_DEFAULTS.get(system, {}).items():
            data.setdefault(key, value)
        players = data.get("players", 2)
        if isinstance(players, int) and players in LAYOUTS_BY_PLAYERS:
            data.setdefault("layout", LAYOUTS_BY_PLAYERS[players][0])
        return data

    @field_validator("players")
    @classmethod
    def _players(cls, value: int) -> int:
        return _check_players("Escoba", value, (2, 3, 4, 6))

    @model_validator(mode="after")
    def _layout_fits_players(self) -> EscobaOptions:
        allowed = LAYOUTS_BY_PLAYERS[self.players]
        if self.layout not in allowed:
            raise ValueError(
                f"with {self.players} players the layout must be {' or '.join(allowed)}, "
                f"not {self.layout}"
            )
        return self


class _ItalianOptions(_Options):
    """What Scopa and Scopone share (RULES.md G.0, G.2): the sums a capture may take,
    the last-play sweep, the primiera, the coin bonuses and Scopa d'Assi."""

    sum_choice: Literal["free", "fewest_cards"] = "free"
    scopa_on_last_play: bool = False
    primiera_face_values: Literal["all10", "8_9_10"] = "all10"
    sevens_point: Literal["primiera_sum", "count_tiebreak"] = "primiera_sum"
    re_bello: bool = False
    napola: bool = False
    napola_all_coins: Literal["wins_match", "ten_points"] = "wins_match"
    ace_takes_all: bool = False
    ace_sweep_is_scopa: bool = False
    ace_on_table: Literal["rank_match", "still_takes_all"] = "rank_match"
    ace_on_empty_table: Literal["takes_itself", "stays"] = "takes_itself"
    first_lead_ace_forbidden: bool = False


class ScopaOptions(_ItalianOptions):
    """Classic Scopa (RULES.md §B). Four players play in pairs, six in two teams of three."""

    game: Literal["scopa"] = "scopa"
    deck: Literal["italian", "french_faces", "french_numeric"] = "italian"
    players: int = 2
    capture_mode: Literal["italian", "fifteen"] = "italian"
    rank_match_priority: bool = True
    target_score: int = 11

    @field_validator("players")
    @classmethod
    def _players(cls, value: int) -> int:
        return _check_players("Scopa", value, (2, 3, 4, 6))

    @model_validator(mode="after")
    def _sums_are_italian(self) -> ScopaOptions:
        """``sum_choice`` narrows the Italian capture's sums (G.0.1); Scopa a 15 has none."""
        if self.capture_mode == "fifteen" and self.sum_choice != "free":
            raise ValueError(
                "sum_choice applies to the Italian capture; Scopa a 15 takes by fifteens"
            )
        return self


class ScoponeOptions(_ItalianOptions):
    """Scopone (RULES.md G.1): four players, partners opposite, the whole deck dealt."""

    game: Literal["scopone"] = "scopone"
    deck: Literal["italian", "french_faces"] = "italian"
    players: int = 4
    scopone_deal: Literal["ten_each", "nine_plus_four"] = "ten_each"
    target_score: int = 21

    @field_validator("players")
    @classmethod
    def _players(cls, value: int) -> int:
        if value != 4:
            raise ValueError(f"Scopone is played by 4 players in two pairs, not {value}")
        return value


class CirullaOptions(_Options):
    """Cirulla (RULES.md G.3): two or three players alone, or four in two pairs; the
    matta (``7c``), hand declarations, the ace that takes all, grande and piccola."""

    game: Literal["cirulla"] = "cirulla"
    deck: Literal["french_faces", "italian"] = "french_faces"
    players: int = 2
    turn_direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    matta_on_initial_table: Literal["wild", "natural"] = "wild"
    initial_low_table: Literal["off", "three_scope"] = "off"
    declaration_points: Literal["genoese", "one_three_two"] = "genoese"
    stack_declarations: Literal["highest_only", "both"] = "highest_only"
    matta_value_in_play: Literal["declared", "natural"] = "declared"
    declaration_mode: Literal["optional", "automatic"] = "optional"
    ace_alternatives: Literal["take_all_only", "also_fifteen"] = "take_all_only"
    cirulla_simple: Literal["rank_match", "fewest_cards", "free"] = "rank_match"
    ace_on_empty_table: Literal["stays", "takes_itself"] = "stays"
    ace_sweep_is_scopa: bool = True
    scopa_on_last_play: bool = False
    grande_extends: bool = False
    piccola_cap: Literal["5", "6", "7", "none"] = "6"
    all_coins_wins: bool = True
    sevens_point: Literal["primiera_sum", "count_tiebreak"] = "primiera_sum"
    target_score: int = 51

    @field_validator("piccola_cap", mode="before")
    @classmethod
    def _cap_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("players")
    @classmethod
    def _players(cls, value: int) -> int:
        return _check_players("Cirulla", value, (2, 3, 4))


class RubamazzoOptions(_Options):
    """Rubamazzo / stealing bundles (RULES.md §C.2). One hand is the whole game."""

    game: Literal["rubamazzo"] = "rubamazzo"
    deck: Literal["italian", "french_faces", "french_numeric"] = "italian"
    players: int = 2
    hand_size: Literal[3, 4, 9] = 3
    allow_sum_capture: bool = True
    rank_match_priority: bool = True
    equal_rank_take: Literal["one", "all"] = "one"
    must_take: bool = True
    steal_vs_capture: Literal["choose_one", "table_first", "both"] = "choose_one"
    steal_by_sum: bool = False
    steal_multiple: Literal["one", "all_matching"] = "one"
    leftover_to_last_taker: bool = True
    tie_policy: Literal["replay", "draw"] = "replay"
    ace_takes_all: bool = False
    ace_takes_all_in_last_round: bool = True

    @field_validator("players")
    @classmethod
    def _players(cls, value: int) -> int:
        return _check_players("Rubamazzo", value, (2, 3, 4))

    @model_validator(mode="after")
    def _hand_size_deals_evenly(self) -> RubamazzoOptions:
        if 36 % (self.hand_size * self.players):
            raise ValueError(
                f"{self.hand_size} cards each cannot be dealt evenly to {self.players} players "
                "from the 36 cards after the table; use 3"
            )
        return self


GameOptions = EscobaOptions | ScopaOptions | ScoponeOptions | CirullaOptions | RubamazzoOptions
OPTION_MODELS: dict[str, type[_Options]] = {
    "escoba": EscobaOptions,
    "scopa": ScopaOptions,
    "scopone": ScoponeOptions,
    "cirulla": CirullaOptions,
    "rubamazzo": RubamazzoOptions,
}
GAMES: tuple[str, ...] = tuple(OPTION_MODELS)
"""The games' names, in the order menus list them."""


def unknown_game(name: str) -> OptionsError:
    """The error for a name that is not one of ``GAMES``."""
    return OptionsError(f"unknown game '{name}': choose {', '.join(GAMES[:-1])} or {GAMES[-1]}")


def parse_options(game: str, values: dict[str, Any] | None = None) -> GameOptions:
    """Validate ``values`` for ``game``; raise ``OptionsError`` with a readable message."""
    model = OPTION_MODELS.get(game)
    if model is None:
        raise unknown_game(game)
    data = {key: value for key, value in (values or {}).items() if key != "game"}
    try:
        return model.model_validate(data)  # type: ignore[return-value]
    except ValidationError as exc:
        raise OptionsError("; ".join(_describe(error) for error in exc.errors())) from None


def _describe(error: Any) -> str:
    field = ".".join(str(part) for part in error["loc"])
    kind = error["type"]
    if kind == "literal_error":
        return f"{field} must be one of {error['ctx']['expected']} (got {error['input']!r})"
    if kind == "extra_forbidden":
        return f"there is no option called '{field}'"
    if kind == "value_error":
        return str(error["ctx"]["error"])
    if kind in ("int_parsing", "int_type", "bool_parsing", "bool_type"):
        expected = "a whole number" if kind.startswith("int") else "true or false"
        return f"{field} must be {expected} (got {error['input']!r})"
    return f"{field}: {error['msg']}"

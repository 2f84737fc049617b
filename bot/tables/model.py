"""What a table is: its seats, its engine state, and what it keeps beyond the engine
(its settings, the turn in play, the match's log), and how it is stored as a row."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from ..games import Game, State, make_game
from ..storage import GuildSettings


class Seat(BaseModel):
    """A seated member or bot. ``team`` is the side asked for in the lobby (team games)."""

    user_id: int
    """A member's Discord id; bots have negative ids."""
    name: str
    locale: str = "en"
    team: int | None = None
    bot: str | None = None
    """A bot seat's level: a name from ``bot.ai.POLICIES``."""
    away: bool = False
    """A member whose seat the bot plays after repeated timeouts, until they come back."""
    timeouts: int = 0
    """Turns in a row the member let the timer run out."""
    moves: int = 0
    """Moves the member made themselves (a tournament forfeits one who made none)."""
    vacation_until: float | None = None
    """At a slow table: until when the member's clock is paused (their vacation)."""

    @property
    def autoplayed(self) -> bool:
        return self.bot is not None or self.away


FRIENDS = 1
"""The "server" of friends' tables in DMs and group DMs (no server has that id)."""


def places_seen_from(where: int | None) -> tuple[int, ...]:
    """Whose finished matches may be looked at from ``where``: a server's own; from a
    DM or group DM (None or 0), quick play's (server 0) and friends' tables'."""
    return (where,) if where else (0, FRIENDS)


class TableSettings(BaseModel):
    """How the table is played beyond the engine's options, set when it opens."""

    turn_timer: int | None = None
    dm_hands: bool = True
    takeover_after: int = 3
    """Timeouts in a row after which the bot takes the seat over."""
    images: bool = True
    """The board and hand panels carry pictures of the cards."""
    advanced: dict[str, Any] = Field(default_factory=dict)
    """The rules chosen in the lobby's Advanced menu (already in the table's options)."""
    hints: bool = False
    """The coach is on: hand panels and ``/hint`` suggest the hard bot's move."""
    tournament: str | None = None
    """``<tournament>/<round>/<board>``: the tournament match this table plays."""
    quick: int | None = None
    """The quick-play pairing this table plays: it is shown in its members' DMs, one
    message a seat, and rated on the global board only."""
    pace: str = "live"
    """``live``, or a slow pace (``pace.PACES``): a turn of hours or days, each turn
    told in its member's DMs."""
    clicks: bool = False
    """A friends' table in a DM or group DM, where the app is no member: shown only in
    answers to its members' clicks, and unrated."""
    private: bool = False
    """The host kept the match from watchers (the lobby's "Private" button)."""
    suited_level: int | None = None
    """The bot level that suits the host (``ai.offer``), marked in the lobby's bot menu."""

    @classmethod
    def of_server(
        cls, server: GuildSettings, turn_timer: int | None, **chosen: Any
    ) -> TableSettings:
        """A new table's settings: the server's (``/settings``), a turn of ``turn_timer``
        seconds, and what its command ``chosen``."""
        return cls(
            turn_timer=turn_timer,
            dm_hands=server.dm_hands,
            takeover_after=server.takeover_after,
            images=server.images,
            **chosen,
        )

    def has_chosen(self, name: str, value: Any) -> bool:
        """Whether the lobby's menu set the rule ``name`` to ``value``."""
        return name in self.advanced and self.advanced[name] == value


class Turn(BaseModel):
    """The turn in play."""

    deadline: float | None = None
    """When the turn runs out (epoch seconds), None without a running clock."""
    opened: int = 0
    """The version at which the turn began (a committed card does not end it)."""
    claimed: bool = False
    """At a friends' table, another member claimed this turn once its time was up."""


class MatchLog(BaseModel):
    """What the match has told so far: the last move, the hand in play, results."""

    last_seat: int | None = None
    last_events: list[dict[str, Any]] = Field(default_factory=list)
    auto_move: bool = False
    """The last move was the bot's, for a member who let the timer run out."""
    hand: list[dict[str, Any]] = Field(default_factory=list)
    """The story of the hand in play, oldest first: its last ``LOG_LENGTH`` events."""
    results: list[dict[str, Any]] = Field(default_factory=list)
    """Every hand's results and the match's, in order; the publisher posts each once."""
    seat_sweeps: list[int] = Field(default_factory=list)
    hands_played: int = 0
    commitment: str = ""
    """The SHA-256 of the match's seed, shown from the first card (``games.fairness``);
    "" for matches dealt before commitments."""
    reactions: list[list[int]] = Field(default_factory=list)
    """A quick-play match's fixed reactions, newest last: [seat, reaction, the version
    its turn opened at] (one a seat a turn; ``REACTIONS`` names them)."""
    left_by: int | None = None
    """The seat whose member abandoned the match in play."""
    forfeited: list[int] = Field(default_factory=list)
    """The seats whose side lost the match by forfeit: a tournament's entrant who
    withdrew or was disqualified, a quick-play member who left or never moved."""
    ratings: list[dict[str, int]] = Field(default_factory=list)
    """Once the match is rated, each member's rating before and after it, shown:
    ``{"seat", "before", "after"}`` in seat order."""
    next_levels: dict[str, int] = Field(default_factory=dict)
    """After a match against a bot level, the level each member is offered next
    (``tables.ladder``): member id → level number."""


@dataclass
class Table:
    """One table: its lobby, its match and what it keeps beyond the engine. Changed
    only by the table service, on a copy that becomes the table once it is saved."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    options: dict[str, Any]
    locale: str
    status: str = "lobby"
    thread_id: int | None = None
    seats: list[Seat] = field(default_factory=list)
    state: State | None = None
    version: int = 0
    settings: TableSettings = field(default_factory=TableSettings)
    turn: Turn = field(default_factory=Turn)
    log: MatchLog = field(default_factory=MatchLog)
    end_reason: str | None = None
    in_channel: bool = False
    """It plays where its lobby is, without a thread of its own: the database keeps
    one such live table per channel (or thread)."""
    rematch_of: int | None = None
    """The finished table it is a rematch of: one live rematch per match."""
    revision: int = 0
    """Saves so far: a save is refused when the stored table has moved past it."""

    @property
    def play_channel_id(self) -> int:
        """The channel or thread where the board lives."""
        return self.thread_id or self.channel_id

    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    @property
    def engine(self) -> Game:
        return self.state.game if self.state is not None else make_game(self.game, self.options)

    @property
    def is_live(self) -> bool:
        return self.status in ("lobby", "playing")

    @property
    def match(self) -> State:
        """The engine state of a started table (a lobby has none)."""
        if self.state is None:
            raise ValueError(f"table {self.id} has not started")
        return self.state

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def copy(self) -> Table:
        """A draft to change: the service saves it, then puts it in the original's place.
        The engine state is shared, since a move gives a new one (``State.apply``)."""
        return dataclasses.replace(
            self,
            options=dict(self.options),
            seats=[seat.model_copy() for seat in self.seats],
            settings=self.settings.model_copy(deep=True),
            turn=self.turn.model_copy(deep=True),
            log=self.log.model_copy(deep=True),
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "thread_id": self.thread_id,
            "host_id": self.host_id,
            "game": self.game,
            "options": self.options,
            "status": self.status,
            "locale": self.locale,
            "seats": [seat.model_dump() for seat in self.seats],
            "state": _stored_state(self.state),
            "version": self.version,
            "ui": {
                "settings": self.settings.model_dump(mode="json"),
                "turn": self.turn.model_dump(mode="json"),
                "log": self.log.model_dump(mode="json"),
                "end_reason": self.end_reason,
            },
            "in_channel": int(self.in_channel),
            "rematch_of": self.rematch_of,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Table:
        kept = row["ui"]
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            game=row["game"],
            options=row["options"],
            locale=row["locale"],
            status=row["status"],
            thread_id=row["thread_id"],
            seats=[Seat.model_validate(seat) for seat in row["seats"]],
            state=_loaded_state(row),
            version=row["version"],
            settings=TableSettings.model_validate(kept["settings"]),
            turn=Turn.model_validate(kept["turn"]),
            log=MatchLog.model_validate(kept["log"]),
            end_reason=kept["end_reason"],
            in_channel=bool(row["in_channel"]),
            rematch_of=row["rematch_of"],
            revision=row.get("revision", 0),
        )


def _stored_state(state: State | None) -> dict[str, Any] | None:
    """The engine state as saved in a row: without its options, which the row's
    ``options`` column already holds (half the state's size)."""
    if state is None:
        return None
    saved = state.to_dict()
    del saved["options"]
    return saved


def _loaded_state(row: dict[str, Any]) -> State | None:
    """The engine state of a row, its options taken from the row's ``options``."""
    saved = row["state"]
    if not saved:
        return None
    return State.from_dict({**saved, "options": {"game": row["game"], **row["options"]}})

"""What a tournament is: its settings, its entrants, its pairings and what Discord
shows of it, stored as one row (JSON), saved whole under the tournament's lock."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from ..tables.pace import LIVE
from .pairing import BYE

Format = Literal["swiss", "knockout"]
Status = Literal["signup", "running", "paused", "finished", "cancelled"]
Answer = Literal["waiting", "accepted", "declined", "withdrawn"]
MIN_ENTRANTS, MAX_ENTRANTS = 4, 256
DEFAULT_MINUTES = 45


class Entrant(BaseModel):
    """A member, or two members registered together for four-player tables."""

    number: int
    """1, 2, … in order of joining: what pairings and results name."""
    members: list[int]
    name: str
    rating: int = 1000
    """The rating it was seeded by (the members' mean, at the start)."""
    bot: bool = False
    """The hard bot, filling an odd field instead of a bye (when the host allows)."""
    withdrawn: bool = False
    disqualified: bool = False

    @property
    def active(self) -> bool:
        return not (self.withdrawn or self.disqualified)


class Invitation(BaseModel):
    """A member's ask to a partner to enter a tournament of pairs with them: the pair is
    an entrant only once the partner accepts."""

    inviter: int
    partner: int
    names: list[str]
    """The inviter's name and the partner's."""
    answer: Answer = "waiting"
    """``withdrawn``: the inviter asked someone else, or either entered with another."""

    @property
    def members(self) -> list[int]:
        return [self.inviter, self.partner]

    @property
    def pair(self) -> str:
        """The pair's name once entered ("Ana & Bob")."""
        return " & ".join(self.names)


class Pairing(BaseModel):
    """One match of a round: ``b`` is ``BYE`` for a bye; ``winner`` an entrant's
    number once decided (None and ``decided_by`` set: a draw)."""

    round: int
    board: int
    a: int
    b: int
    table_id: int | None = None
    winner: int | None = None
    decided_by: str | None = None
    """``played``, ``time`` (the score when the round's time ran out), ``forfeit``
    (an entrant who never moved, withdrew or was disqualified), ``bye``."""
    score_a: int = 0
    score_b: int = 0
    hands: int = 0

    @property
    def decided(self) -> bool:
        return self.decided_by is not None

    @property
    def is_bye(self) -> bool:
        return self.b == BYE


class Shown(BaseModel):
    """What Discord shows of the tournament, so a restart posts nothing twice."""

    signup_message_id: int | None = None
    standings_message_id: int | None = None
    rounds_posted: int = 0
    """Rounds whose pairings were posted (with the entrants' pings)."""
    parts_posted: int = 0
    """Messages of the next round's pairings posted (a round of many boards takes several)."""
    podium_posted: bool = False
    sending: str | None = None
    """The post being sent (``round 2 · 1``, ``podium``), recorded before it goes: after a
    kill before its own record, the channel is searched for it rather than sent twice."""
    invitations_posted: int = 0
    """Invitations (in order) whose message was posted, or needed none."""
    invitation_messages: dict[int, int] = Field(default_factory=dict)
    """Invitation number → its message, while that shows Accept and Decline."""


class Tournament(BaseModel):
    id: int = 0
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    options: dict[str, Any]
    format: Format
    capacity: int
    rounds: int
    rounds_chosen: bool = False
    """The host chose how many rounds a Swiss plays; else they follow the field."""
    round_minutes: int = DEFAULT_MINUTES
    pace: str = LIVE
    """Its matches' pace: live, or slow (``tables.PACES``): a slow round has no clock of
    its own, its matches end by play or by their members' clocks."""
    starts_at: float | None = None
    """When it starts by itself (epoch seconds), None: when the host starts it."""
    bots_fill: bool = False
    team_size: int = 1
    locale: str = "en"
    status: Status = "signup"
    round: int = 0
    round_ends_at: float | None = None
    paused_left: float | None = None
    """Seconds the round had left when the host paused it."""
    entrants: list[Entrant] = Field(default_factory=list)
    left: list[int] = Field(default_factory=list)
    """Members who left the sign-up themselves (a second Leave is answered as the first)."""
    invitations: list[Invitation] = Field(default_factory=list)
    """A tournament of pairs' invitations, in order: a number is an index."""
    pairings: list[Pairing] = Field(default_factory=list)
    bracket: list[int] = Field(default_factory=list)
    """Knock-out: the current round's slots, in bracket order."""
    pairing_ms: list[float] = Field(default_factory=list)
    """How long each round's pairing took (the load benchmark reads it)."""
    shown: Shown = Field(default_factory=Shown)
    revision: int = 0

    @property
    def is_slow(self) -> bool:
        return self.pace != LIVE

    @property
    def is_live(self) -> bool:
        return self.status in ("signup", "running", "paused")

    @property
    def settled(self) -> bool:
        """Over, and everything about it shown: no longer kept in memory."""
        return not self.is_live and (self.status == "cancelled" or self.shown.podium_posted)

    def entrant(self, number: int) -> Entrant:
        return self.entrants[number - 1]

    def entrant_of(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if user_id in e.members), None)

    def round_pairings(self, round_no: int | None = None) -> list[Pairing]:
        wanted = self.round if round_no is None else round_no
        return [p for p in self.pairings if p.round == wanted]

    def pairing_of_table(self, table_id: int) -> Pairing | None:
        return next((p for p in self.pairings if p.table_id == table_id), None)

    def to_row(self) -> dict[str, Any]:
        data = self.model_dump(mode="json", exclude={"id", "revision"})
        return {
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "status": self.status,
            "settled": self.settled,
            "data": data,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Tournament:
        return cls.model_validate({**row["data"], "id": row["id"], "revision": row["revision"]})


def match_of(marker: str) -> tuple[int, int, int]:
    """The tournament, round and board a table's marker (``rules.marker``) names."""
    tournament_id, round_no, board = (int(part) for part in marker.split("/"))
    return tournament_id, round_no, board

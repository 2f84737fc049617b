"""The benchmark's world: table slots, each with its members (and maybe a bot seat)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GAMES = ("escoba", "scopa", "rubamazzo")
DM_CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


@dataclass
class Player:
    actor: Any
    """The SimCord member."""
    dm_closed: bool = False
    ephemeral: Any = None
    """The InteractionResult of the member's latest "My hand" click (their ephemeral panel)."""


@dataclass
class Slot:
    """One place where matches are played one after another by the same members."""

    index: int
    game: str
    players: list[Player]
    with_bot: bool
    table_id: int | None = None
    matches: int = 0

    def player(self, user_id: int) -> Player | None:
        return next((p for p in self.players if p.actor.id == user_id), None)


def seat_members(env: Any, guild: Any, tables: int, *, humans_only: bool) -> list[Slot]:
    """Slots rotating over the games; every fourth has a member and a bot (unless
    ``humans_only``), the others two members; in every fifth the second member has
    closed DMs (SimCord answers their DMs with 50007)."""
    slots = []
    for index in range(tables):
        game = GAMES[index % len(GAMES)]
        with_bot = index % 4 == 3 and not humans_only
        players = [
            Player(guild.add_member(env.create_user(f"t{index}p{seat}")))
            for seat in range(1 if with_bot else 2)
        ]
        if len(players) == 2 and index % 5 == 1:
            closed = players[1]
            closed.dm_closed = True
            dm = closed.actor.user.dm_channel
            env.inject_error("POST", f"/channels/{dm.id}/messages", times=None, **DM_CLOSED)
        slots.append(Slot(index, game, players, with_bot))
    return slots

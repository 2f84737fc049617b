"""The tournament service: every live tournament, in memory and in storage, one lock
per tournament; its matches are tables of the table service.

No Discord here. Each command changes a copy of the tournament under its lock with
the pure ``rules`` and saves it (conditional on its revision) before it becomes the
tournament in memory. Opening a round's tables is idempotent: each table carries its
pairing (``TableSettings.tournament``), so a table opened just before a kill is found
and kept rather than opened twice, and a pairing once decided is never decided
again. ``tick`` is the clock: a tournament due to start starts, a round whose time
ran out is decided by the score at that moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from ..storage import Storage
from ..tables import Seat, Table, TableError, TableService
from . import invitations, rules
from .matches import TURN_SECONDS, open_match
from .model import Tournament, match_of


class TournamentService:
    """The commands on tournaments."""

    def __init__(
        self, storage: Storage, tables: TableService, clock: Callable[[], float] = time.time
    ) -> None:
        self.storage, self.tables, self.clock = storage, tables, clock
        self.tournaments: dict[int, Tournament] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._settling: dict[int, asyncio.Lock] = {}
        """One settling at a time per tournament (a table's end and the clock may both
        ask): two would open the same pairing's table at once."""
        self.turn_seconds: int | None = TURN_SECONDS  # its tables' timer (sandbox: none)
        self.on_changed: Callable[[Tournament], None] = lambda tournament: None
        """Told of each saved change (the tournament's publisher shows it)."""
        self.on_table_changed: Callable[[int], None] = lambda table_id: None
        """Told of each table the tournament opened or ended (its publisher shows it)."""
        tables.on_ended.append(self._table_ended)
        self._pending: set[asyncio.Task] = set()

    async def restore(self) -> list[Tournament]:
        """Load the live tournaments (at start) and take up each running round."""
        for row in await self.storage.live_tournaments():
            tournament = Tournament.from_row(row)
            self.tournaments[tournament.id] = tournament
        for tournament in list(self.tournaments.values()):
            if tournament.status == "running":
                await self.settle(tournament.id)
        return list(self.tournaments.values())

    def get(self, tournament_id: int) -> Tournament:
        tournament = self.tournaments.get(tournament_id)
        if tournament is None:
            raise TableError("tournament.unknown")
        return tournament

    def live_in(self, guild_id: int) -> list[Tournament]:
        return [t for t in self.tournaments.values() if t.guild_id == guild_id and t.is_live]

    # -- the one transaction ----------

    @contextlib.asynccontextmanager
    async def _changing(self, tournament_id: int) -> AsyncIterator[Tournament]:
        async with self._locks.setdefault(tournament_id, asyncio.Lock()):
            draft = self.get(tournament_id).model_copy(deep=True)
            yield draft
            await self.storage.save_tournament(draft.id, draft.to_row(), draft.revision)
            draft.revision += 1
            self.tournaments[draft.id] = draft
            if draft.settled:
                del self.tournaments[draft.id]
        self.on_changed(draft)

    async def mark_shown(self, tournament_id: int, **shown: Any) -> Tournament:
        """Record what Discord shows of the tournament (the publisher's own record: no
        one is told of it)."""
        async with self._locks.setdefault(tournament_id, asyncio.Lock()):
            kept = self.tournaments.get(tournament_id)
            if kept is None:
                row = await self.storage.tournament_row(tournament_id)
                if row is None:
                    raise TableError("tournament.unknown")
                kept = Tournament.from_row(row)
            draft = kept.model_copy(deep=True)
            draft.shown = draft.shown.model_copy(update=shown)
            await self.storage.save_tournament(draft.id, draft.to_row(), draft.revision)
            draft.revision += 1
            if draft.settled:
                self.tournaments.pop(draft.id, None)
            elif draft.id in self.tournaments:
                self.tournaments[draft.id] = draft
        return draft

    # -- sign-up ----------

    async def create(self, tournament: Tournament) -> Tournament:
        rules.check_capacity(tournament.capacity)
        tournament.id = await self.storage.create_tournament(tournament.to_row())
        self.tournaments[tournament.id] = tournament
        self.on_changed(tournament)
        return tournament

    async def join(self, tournament_id: int, members: list[int], name: str) -> Tournament:
        ratings = await self._ratings(tournament_id, members)
        async with self._changing(tournament_id) as draft:
            rules.join(draft, members, name, rules.seed_rating(ratings))
        return draft

    async def invite(
        self, tournament_id: int, inviter: int, partner: int, names: list[str]
    ) -> Tournament:
        """Ask ``partner`` to enter a tournament of pairs with ``inviter``."""
        async with self._changing(tournament_id) as draft:
            invitations.invite(draft, inviter, partner, names)
        return draft

    async def accept(self, tournament_id: int, number: int, user_id: int) -> Tournament:
        """The partner accepts invitation ``number``: the pair is entered."""
        asked = invitations.to_answer(self.get(tournament_id), number, user_id)
        ratings = await self._ratings(tournament_id, asked.members)
        async with self._changing(tournament_id) as draft:
            invitations.accept(draft, number, user_id, rules.seed_rating(ratings))
        return draft

    async def decline(self, tournament_id: int, number: int, user_id: int) -> Tournament:
        async with self._changing(tournament_id) as draft:
            invitations.decline(draft, number, user_id)
        return draft

    async def _ratings(self, tournament_id: int, members: list[int]) -> list[int]:
        tournament = self.get(tournament_id)
        found = await self.storage.ratings(tournament.guild_id, tournament.game, members)
        return [found[member].shown for member in members if member in found]

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """Leave before the start, or withdraw from a running tournament (the match in
        play is forfeited, the rest of the rounds pair without the entrant)."""
        async with self._changing(tournament_id) as draft:
            if draft.status == "signup":
                rules.leave_signup(draft, user_id, by_member=True)
                ended: list[int] = []
                members: list[int] = []
            elif draft.is_live:
                entrant = draft.entrant_of(user_id)
                if entrant is None or not entrant.active:
                    raise TableError("tournament.not_entered")
                ended = rules.withdraw(draft, entrant, disqualified=False)
                members = entrant.members
            else:
                raise TableError("tournament.over")
        await self._after_withdrawal(draft.id, ended, "withdrawn", members)
        return self.tournaments.get(draft.id, draft)

    async def disqualify(
        self, tournament_id: int, user_id: int, member: int, *, can_manage: bool
    ) -> Tournament:
        async with self._changing(tournament_id) as draft:
            rules.hosted_by(draft, user_id, can_manage=can_manage)
            entrant = draft.entrant_of(member)
            if entrant is None or not entrant.active or not draft.is_live:
                raise TableError("tournament.not_an_entrant")
            if draft.status == "signup":
                rules.leave_signup(draft, member)
                ended: list[int] = []
            else:
                ended = rules.withdraw(draft, entrant, disqualified=True)
        await self._after_withdrawal(draft.id, ended, "disqualified", entrant.members)
        return self.tournaments.get(draft.id, draft)

    # -- running ----------

    async def start(self, tournament_id: int, user_id: int, *, can_manage: bool) -> Tournament:
        async with self._changing(tournament_id) as draft:
            rules.hosted_by(draft, user_id, can_manage=can_manage)
            rules.start(draft, self.clock())
        await self.settle(tournament_id)
        return self.tournaments.get(tournament_id, draft)

    async def pause(self, tournament_id: int, user_id: int, *, can_manage: bool) -> Tournament:
        async with self._changing(tournament_id) as draft:
            rules.hosted_by(draft, user_id, can_manage=can_manage)
            rules.pause(draft, self.clock())
        return draft

    async def resume(self, tournament_id: int, user_id: int, *, can_manage: bool) -> Tournament:
        async with self._changing(tournament_id) as draft:
            rules.hosted_by(draft, user_id, can_manage=can_manage)
            rules.resume(draft, self.clock())
        await self.settle(tournament_id)
        return self.tournaments.get(tournament_id, draft)

    async def cancel(self, tournament_id: int, user_id: int, *, can_manage: bool) -> Tournament:
        async with self._changing(tournament_id) as draft:
            rules.hosted_by(draft, user_id, can_manage=can_manage)
            ended = rules.cancel(draft)
        await self._end_tables(ended, "tournament_cancelled")
        return draft

    async def settle(self, tournament_id: int) -> None:
        """Bring a running tournament forward: open the round's tables not open yet,
        take in the results its tables reached, pair the next round when this one is
        decided; again until nothing moves."""
        async with self._settling.setdefault(tournament_id, asyncio.Lock()):
            await self._settle(tournament_id)

    async def _settle(self, tournament_id: int) -> None:
        while True:
            tournament = self.tournaments.get(tournament_id)
            if tournament is None or tournament.status != "running":
                return
            if await self._take_results(tournament):
                continue
            if rules.round_over(tournament):
                async with self._changing(tournament_id) as draft:
                    rules.after_round(draft, self.clock())
                continue
            if not await self._open_tables(tournament):
                return

    async def tick(self) -> None:
        """The clock: start what is due, decide rounds whose time ran out."""
        now = self.clock()
        for tournament in list(self.tournaments.values()):
            if (
                tournament.status == "signup"
                and tournament.starts_at
                and tournament.starts_at <= now
            ):
                await self._start_when_due(tournament.id)
            elif tournament.status == "running" and (tournament.round_ends_at or now + 1) <= now:
                await self._time_out(tournament.id)

    async def _start_when_due(self, tournament_id: int) -> None:
        try:
            async with self._changing(tournament_id) as draft:
                rules.start(draft, self.clock())
        except TableError:  # too few entrants at the start time
            async with self._changing(tournament_id) as draft:
                rules.cancel(draft)
            return
        await self.settle(tournament_id)

    async def _time_out(self, tournament_id: int) -> None:
        """Decide the round's undecided matches by their score now; end their tables."""
        tournament = self.get(tournament_id)
        decisions = {}
        for pairing in tournament.round_pairings():
            if not pairing.decided:
                table = self.tables.tables.get(pairing.table_id or 0)
                decisions[pairing.board] = rules.decision_at_time(tournament, pairing, table)
        async with self._changing(tournament_id) as draft:
            ended = rules.apply_decisions(draft, decisions)
        await self._end_tables(ended)
        await self.settle(tournament_id)

    # -- tables ----------

    async def _open_tables(self, tournament: Tournament) -> bool:
        """Open the tables of the round's undecided pairings that have none (or finish
        opening one a kill interrupted): True when any was opened."""
        waiting = [p for p in tournament.round_pairings() if not p.decided and p.table_id is None]
        if not waiting:
            return False
        server = await self.storage.guild_settings(tournament.guild_id)
        for pairing in waiting:
            table = await open_match(self.tables, tournament, pairing, server, self.turn_seconds)
            async with self._changing(tournament.id) as draft:
                rules.table_opened(draft, pairing.board, table.id)
            self.on_table_changed(table.id)
        return True

    def _table_ended(self, table: Table) -> None:
        """A table's match ended: the tournament it belongs to takes the result in."""
        marker = table.settings.tournament
        if marker is None:
            return
        tournament_id = match_of(marker)[0]
        if tournament_id in self.tournaments:
            task = asyncio.get_running_loop().create_task(self.settle(tournament_id))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _take_results(self, tournament: Tournament) -> bool:
        """Decide the round's pairings whose tables are over: True when any was."""
        decisions: dict[int, Any] = {}
        for pairing in tournament.round_pairings():
            if pairing.decided or pairing.table_id is None:
                continue
            table = self.tables.tables.get(pairing.table_id)
            if table is None:
                row = await self.storage.table_row(pairing.table_id)
                table = Table.from_row(row) if row else None
            if table is not None and not table.is_live:
                decisions[pairing.board] = rules.decision_of(tournament, pairing, table)
        if not decisions:
            return False
        async with self._changing(tournament.id) as draft:
            rules.apply_decisions(draft, decisions)
        return True

    async def _after_withdrawal(
        self, tournament_id: int, ended: list[int], reason: str, members: list[int]
    ) -> None:
        """The tables of an entrant who withdrew or was disqualified (``reason``) end, its
        ``members`` losing by forfeit; the tournament goes on without it."""
        await self._end_tables(ended, reason, members)
        await self.settle(tournament_id)

    async def _end_tables(
        self, table_ids: list[int], reason: str = "tournament", forfeited: Sequence[int] = ()
    ) -> None:
        for table_id in table_ids:
            if table_id in self.tables.tables and self.tables.tables[table_id].is_live:
                await self.tables.end_for_tournament(table_id, reason, forfeited)
                self.on_table_changed(table_id)

    async def idle(self) -> None:  # the results being taken in (tests, the benchmark)
        while self._pending:
            await asyncio.gather(*list(self._pending))


def member_seat(user_id: int, name: str) -> Seat:
    return Seat(user_id=user_id, name=name)

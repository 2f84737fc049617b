"""``python -m bot.loadtest slow-kill --database postgresql://…``: two OS processes sweep
one database's slow deadlines, and the first is killed (SIGKILL) in the middle of a sweep.

The parent opens ``--matches`` slow matches (a day a move) whose members never answer,
then starts the first process with its clock past every first turn's reminder and time
out. Each process is a real ``TableService`` and ``DeadlineSweep`` on its own connection;
what the sweep sends a member is appended to a shared log, one line a message, written
before the send returns. Once it has sent every reminder and half the time outs' notes,
the first process kills itself with SIGKILL as it is about to send the next note: its
time out is saved, its note never sent, its sweep half done. The heir then claims every shard
(fencing the dead one), restores the tables and sweeps on, day by day, until every match
has ended by forfeit (two time outs in a row). What is printed, one JSON line:

- ``duplicate_reminders``: a reminder sent twice for one turn (0);
- ``double_moves``: two moves saved for one table's version (0);
- ``lost_deadlines``: a match still in play at the end, its time outs not all fired (0);
- ``time_outs_untold``: a time out whose note to its member was lost (the note is sent
  once the move is saved: at most one, the kill's);
- ``killed_after_lines`` and ``killed_mid_sweep``: where the kill fell;
- ``stand_in_moves`` and ``forfeits``: what the time outs did.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from ..deadlines import DeadlineSweep
from ..storage import Storage
from ..tables import PACES, Seat, TableService, TableSettings
from .scratch import benchmark_database, described
from .slow_load import Members

DAY = float(PACES["day"])
START = 1_800_000_000.0
FIRST_CLOCK = START + DAY + 60
"""The first process's clock: every first turn's reminder and time out are due."""


class _Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class _Members(Members):
    """The sweep's Discord and publisher (``slow_load``'s, whose members never act):
    each message a member is sent becomes a line of the log (``kind table member
    turn``), flushed before the send returns."""

    def __init__(self, log: Path, service: TableService, die_after: int) -> None:
        super().__init__(random.Random(0))
        self.file = log.open("a", encoding="utf-8")
        self.service = service
        self.sent, self.die_after = 0, die_after

    async def create_dm(self, user: Any) -> Any:
        return _DM(self, user.id)

    def write(self, user_id: int, text: str) -> None:
        if self.sent == self.die_after:
            os.kill(os.getpid(), signal.SIGKILL)  # kill -9, the next message unsent
        self.sent += 1
        table_id = int(text.split("#")[1].split(":")[0].split()[0].rstrip(".,"))
        table = self.service.tables.get(table_id)
        turn = table.turn.opened if table is not None else -1
        kind = "remind" if "is due" in text else "other"
        self.file.write(f"{kind} {table_id} {user_id} {turn}\n")
        self.file.flush()
        os.fsync(self.file.fileno())


class _DM:
    def __init__(self, members: _Members, user_id: int) -> None:
        self.members, self.user_id = members, user_id

    async def send(self, text: str, **_: Any) -> None:
        self.members.write(self.user_id, text)


async def _open_matches(url: str, matches: int, seed: int) -> None:
    storage = await Storage.open(url)
    try:
        await storage.claim_shards(None, "setup")
        service = TableService(storage, deal_seed=seed, clock=_Clock(START))
        settings = TableSettings(turn_timer=int(DAY), pace="day", dm_hands=True)
        for index in range(matches):
            guild, host = (index % 64) << 22, 10_000 + 2 * index
            table = await service.create(
                guild_id=guild,
                channel_id=guild + 1,
                host=Seat(user_id=host, name=f"m{host}"),
                game="scopa",
                options={"players": 2, "target_score": 11},
                locale="en",
                settings=settings.model_copy(),
            )
            await service.join(table.id, Seat(user_id=host + 1, name=f"m{host + 1}"))
            await service.start(table.id, host)
    finally:
        await storage.close()


async def _sweep_as(url: str, log: Path, role: str, days: int, die_after: int) -> None:
    """One process: claim every shard, restore the tables, sweep at the first clock,
    then (the heir) a day later each time, ``days`` days in all; killed by itself as
    it is about to send message ``die_after`` + 1 (-1: never)."""
    storage = await Storage.open(url)
    try:
        await storage.claim_shards(None, role)
        clock = _Clock(FIRST_CLOCK)
        service = TableService(storage, deal_seed=1, clock=clock)
        await service.restore()
        members = _Members(log, service, die_after)
        sweep = DeadlineSweep(members, service, members)  # pyright: ignore[reportArgumentType]
        for day in range(days):
            clock.now = FIRST_CLOCK + day * (DAY + 60)
            while await sweep.sweep():
                pass
    finally:
        await storage.close()


def _lines(log: Path) -> list[list[str]]:
    if not log.exists():
        return []
    return [line.split() for line in log.read_text(encoding="utf-8").splitlines() if line]


async def _child(
    url: str, log: Path, role: str, days: int, die_after: int = -1
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", __name__, url, str(log), role, str(days), str(die_after)
    )


async def run_slow_kill(*, matches: int, database: str | None, seed: int) -> dict[str, Any]:
    """Open ``matches`` slow matches, sweep them with a process killed mid-sweep and its
    heir; the report."""
    if not database or not database.startswith("postgres"):
        raise ValueError("slow-kill needs --database postgresql://…: two processes share it")
    async with benchmark_database(database) as url:
        await _open_matches(url, matches, seed)
        with tempfile.TemporaryDirectory(prefix="escoba-kill-") as scratch:
            log = Path(scratch) / "sent.log"
            first = await _child(url, log, "first", 1, die_after=matches + matches // 2)
            if await first.wait() != -signal.SIGKILL:
                raise RuntimeError("the first process was not killed")
            killed_after = len(_lines(log))
            heir = await _child(url, log, "heir", 4)
            if await heir.wait() != 0:
                raise RuntimeError("the heir process failed")
            report = await _report(url, _lines(log), matches)
    report.update(
        killed_after_lines=killed_after,
        killed_mid_sweep=matches <= killed_after < 2 * matches,
        matches=matches,
        database=described(database),
    )
    return report


async def _report(url: str, lines: list[list[str]], matches: int) -> dict[str, Any]:
    storage = await Storage.open(url)
    try:
        doubles = await storage.db.fetch_one(
            "SELECT COUNT(*) AS n FROM (SELECT table_id, version FROM moves "
            "GROUP BY table_id, version HAVING COUNT(*) > 1) AS twice"
        )
        stand_ins = await storage.db.fetch_one("SELECT COUNT(*) AS n FROM moves WHERE stand_in = 1")
        ended = await storage.db.fetch_all(
            "SELECT id, status FROM game_tables WHERE status <> 'playing'"
        )
        playing = await storage.db.fetch_one(
            "SELECT COUNT(*) AS n FROM game_tables WHERE status = 'playing'"
        )
    finally:
        await storage.close()
    reminders = Counter((t, u, turn) for kind, t, u, turn in lines if kind == "remind")
    notes = Counter(int(t) for kind, t, _, _ in lines if kind == "other")
    moves = stand_ins["n"] if stand_ins else 0
    return {
        "duplicate_reminders": sum(n - 1 for n in reminders.values() if n > 1),
        "double_moves": doubles["n"] if doubles else 0,
        "lost_deadlines": playing["n"] if playing else 0,
        "stand_in_moves": moves,
        "forfeits": len(ended),
        "time_outs_told": sum(notes.values()),
        "time_outs_untold": moves + len(ended) - sum(notes.values()),
        "reminders": sum(reminders.values()),
    }


if __name__ == "__main__":  # a child process: URL, log, role, days, die after
    url_arg, log_arg, role_arg, days_arg, die_arg = sys.argv[1:6]
    asyncio.run(_sweep_as(url_arg, Path(log_arg), role_arg, int(days_arg), int(die_arg)))

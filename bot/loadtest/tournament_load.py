"""``python -m bot.loadtest tournament``: a whole tournament played through the real
``TournamentService`` and ``TableService`` on a database, no Discord.

Entrants sign up, the tournament starts, and each round's tables (opened by the
tournament service) are played to their end by the normal bot deciding for each
member; the tables' ends take the results in and pair the next round, until the
podium. What is reported:

- ``rounds``, ``matches``, ``moves``, ``wall_s``;
- ``repeat_pairings``: pairs of entrants that met twice (goal 0);
- ``double_byes``: entrants given a second bye (goal 0);
- ``unfinished_matches``: matches not decided by their table's end (goal 0);
- ``pairing_ms_max``: the slowest round's pairing (goal ≤ 1,000 for 256 entrants);
- ``champion``: the winner's name.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from ..ai.policies import greedy
from ..games import is_claim, move_card
from ..storage import Storage
from ..tables import TableService, bot_view
from ..tournaments import rules
from ..tournaments.model import Tournament
from ..tournaments.pairing import BYE
from ..tournaments.service import TournamentService
from .scratch import benchmark_database, described

HOST = 1
FIRST_MEMBER = 10_000


async def run_tournament_benchmark(
    *,
    entrants: int,
    format: str,
    database: str | None = None,
    seed: int = 1,
    target: int = 1,
) -> dict[str, Any]:
    async with benchmark_database(database) as url:
        storage = await Storage.open(url)
        try:
            report = await _run(storage, entrants, format, seed, target)
        finally:
            await storage.close()
    return {**report, "database": described(database)}


async def _run(
    storage: Storage, entrants: int, format: str, seed: int, target: int
) -> dict[str, Any]:
    tables = TableService(storage, deal_seed=seed)
    service = TournamentService(storage, tables)
    rng = random.Random(seed)
    started = time.perf_counter()
    tournament = await service.create(
        Tournament(
            guild_id=1,
            channel_id=1,
            host_id=HOST,
            game="escoba",
            options={"players": 2, "target_score": target},
            format=format,  # pyright: ignore[reportArgumentType]
            capacity=entrants,
            rounds=rules.rounds_for(format, entrants, None),
        )
    )
    for number in range(entrants):
        await service.join(tournament.id, [FIRST_MEMBER + number], f"player {number + 1}")
    await service.start(tournament.id, HOST, can_manage=True)
    moves = 0
    while (live := service.get(tournament.id)).status == "running":
        playing = [
            p.table_id for p in live.round_pairings() if not p.decided and p.table_id is not None
        ]
        if not playing:
            raise RuntimeError(f"round {live.round} is stuck with no table playing")
        for table_id in playing:
            moves += await _play_out(tables, table_id, rng)
        await service.idle()
    final = Tournament.from_row(await storage.tournament_row(tournament.id) or {})
    return _report(final, moves, time.perf_counter() - started)


async def _play_out(tables: TableService, table_id: int, rng: random.Random) -> int:
    """Play a table to its end, the normal bot deciding for each member."""
    moves = 0
    while (table := tables.tables.get(table_id)) is not None and table.status == "playing":
        seat = table.seats[table.match.turn]
        move = greedy(table.engine, bot_view(table), rng)
        if is_claim(move):
            await tables.choose(table_id, seat.user_id, table.version, move)
        else:
            outcome = await tables.play_card(table_id, seat.user_id, table.version, move_card(move))
            if outcome.kind == "choose":
                await tables.choose(table_id, seat.user_id, tables.get(table_id).version, move)
        moves += 1
    return moves


def _report(tournament: Tournament, moves: int, wall: float) -> dict[str, Any]:
    met = Counter(frozenset((p.a, p.b)) for p in tournament.pairings if p.b != BYE)
    byes = Counter(p.a for p in tournament.pairings if p.b == BYE)
    champion = rules.champion(tournament)
    return {
        "entrants": len(tournament.entrants),
        "format": tournament.format,
        "rounds": tournament.round,
        "matches": sum(1 for p in tournament.pairings if p.b != BYE),
        "moves": moves,
        "repeat_pairings": sum(count - 1 for count in met.values()),
        "double_byes": sum(1 for count in byes.values() if count > 1),
        "unfinished_matches": sum(
            1 for p in tournament.pairings if p.b != BYE and p.decided_by != "played"
        ),
        "pairing_ms_max": max(tournament.pairing_ms, default=0.0),
        "wall_s": round(wall, 1),
        "champion": tournament.entrant(champion).name if champion else None,
        "status": tournament.status,
    }

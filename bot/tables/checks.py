"""A saved match checked against its commitment (``games.fairness``): what ``/verify``
answers and ``python -m bot.verify`` counts. Reads the database; no Discord here."""

from __future__ import annotations

from dataclasses import dataclass

from ..games.fairness import SavedMove, Verdict, verify
from ..storage import Storage
from .doors import Origin, may_look_at
from .errors import TableError
from .model import Table


@dataclass(frozen=True, slots=True)
class Checked:
    """A saved match and what checking it found."""

    table: Table
    verdict: Verdict


async def check_saved(storage: Storage, table_id: int, asking: Origin | None = None) -> Checked:
    """Check match ``table_id`` (one ``asking`` may look at, when given). ``TableError``:
    no such match there (``fair.unknown``), never dealt (``fair.not_dealt``), or still
    played (``fair.live``: its seed stays secret, the commitment is told)."""
    row = await storage.table_row(table_id)
    table = Table.from_row(row) if row is not None else None
    if table is None or (asking is not None and not may_look_at(table, asking)):
        raise TableError("fair.unknown", table=table_id)
    if table.state is None:
        raise TableError("fair.not_dealt", table=table_id)
    if table.is_live:
        raise TableError("fair.live", table=table_id, commitment=table.log.commitment)
    log = await storage.move_log(table_id)
    moves = [SavedMove(row["move"], row["events"]) for row in log]
    match = table.match
    committed, counted = table.log.commitment, table.version - 1  # a move a version
    verdict = verify(match.game, match.seed, committed, moves, match, _result(table), counted)
    return Checked(table, verdict)


def _result(table: Table) -> dict | None:
    """The result a match played to its end recorded (its ``match_over`` event): its
    move log must reach it; a match that ended before (left, cancelled) recorded none.
    A match recorded as finished with no result recorded has none to reach: an empty
    one, which no log reaches."""
    if table.status != "finished":
        return None
    ended = [event for event in table.log.results if event["kind"] == "match_over"]
    return {k: v for k, v in ended[-1].items() if k != "ratings"} if ended else {}

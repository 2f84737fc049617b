"""Rows written before a migration read the same after it."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.databases import migrations
from bot.tables import Seat, Table, TableService
from tests.test_table_service import lobby

PARTS_MIGRATION = {"sqlite": 10, "postgresql": 3}
"""The migration that splits a table's flat ``ui`` into settings, turn and log."""


def flat_ui(table: Table) -> dict:
    """What a table kept beyond the engine as it was saved before the split."""
    turn, log = table.turn, table.log
    return {
        **table.settings.model_dump(mode="json"),
        "pending": None,
        "turn_deadline": turn.deadline,
        "turn_opened": turn.opened,
        "last_seat": log.last_seat,
        "last_events": log.last_events,
        "auto_move": log.auto_move,
        "log": log.hand,
        "results": log.results,
        "seat_sweeps": log.seat_sweeps,
        "hands_played": log.hands_played,
        "end_reason": table.end_reason,
    }


async def test_a_table_saved_with_a_flat_ui_reads_the_same_after_the_split(database_url):
    storage = await Storage.open(database_url)
    try:
        service = TableService(storage)
        opened = await lobby(service, {}, hints=True, turn_timer=30)
        await service.join(opened.id, Seat(user_id=11, name="bob"))
        table = await service.start(opened.id, 10)
        await storage.save_table(
            table.id,
            {**table.to_row(), "ui": flat_ui(table)},
            revision=table.revision,
            changed=["ui"],
        )
        number = PARTS_MIGRATION[storage.dialect]
        path = dict(migrations(storage.dialect))[number]
        sql = path.read_text(encoding="utf-8")

        async def migrate(tx) -> None:
            await tx.execute(sql)

        await storage.db.write(migrate)
        row = await storage.table_row(table.id)
        assert row is not None
        again = Table.from_row(row)
        assert again.settings == table.settings and again.settings.hints
        assert again.turn == table.turn and again.log == table.log
        assert again.end_reason == table.end_reason and again.state == table.state
    finally:
        await storage.close()

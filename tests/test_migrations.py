"""Rows written before a migration read the same after it."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.databases import migrations
from bot.tables import Seat, Table, TableService
from tests.test_table_service import lobby, playing_table, single_option_card

PARTS_MIGRATION = {"sqlite": 10, "postgresql": 3}
"""The migration that splits a table's flat ``ui`` into settings, turn and log."""
STAND_IN_MIGRATION = {"sqlite": 19, "postgresql": 12}
"""The migration that marks the moves the bot made for a member (``moves.stand_in``)."""


async def apply_migration(storage: Storage, number: int) -> None:
    """Run one of the dialect's migrations again, as on a database saved before it."""
    sql = dict(migrations(storage.dialect))[number].read_text(encoding="utf-8")

    async def migrate(tx) -> None:
        await tx.execute(sql)

    await storage.db.write(migrate)


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
        await apply_migration(storage, PARTS_MIGRATION[storage.dialect])
        row = await storage.table_row(table.id)
        assert row is not None
        again = Table.from_row(row)
        assert again.settings == table.settings and again.settings.hints
        before_commitments = table.log.model_copy(update={"commitment": ""})
        assert again.turn == table.turn and again.log == before_commitments
        assert again.end_reason == table.end_reason and again.state == table.state
    finally:
        await storage.close()


async def test_moves_saved_before_the_stand_in_mark_are_the_members(database_url):
    storage = await Storage.open(database_url)
    try:
        service = TableService(storage, deal_seed=3)
        table = await playing_table(service)
        member = table.seats[table.state.turn].user_id
        await service.play_card(table.id, member, table.version, single_option_card(table))

        async def unmark(tx) -> None:
            await tx.execute("ALTER TABLE moves DROP COLUMN stand_in")

        await storage.db.write(unmark)
        await apply_migration(storage, STAND_IN_MIGRATION[storage.dialect])
        table = service.get(table.id)
        await service.play_for(
            table.id, table.version, table.state.legal_moves()[0], timed_out=True
        )
        log = await storage.move_log(table.id)
        assert [entry["stand_in"] for entry in log] == [False, True]
    finally:
        await storage.close()

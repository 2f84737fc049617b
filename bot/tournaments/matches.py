"""Opening a tournament's match as a table of the table service: created with the
tournament's rules and a turn timer, seated, started. Each step is found done when a
kill came after it: the table carries its pairing (``TableSettings.tournament``), so
it is found again rather than opened twice."""

from __future__ import annotations

from ..storage import GuildSettings
from ..tables import Table, TableService, TableSettings, pace_seconds
from . import rules
from .model import Pairing, Tournament

TURN_SECONDS = 120
"""A tournament table's turn timer where the server sets none (``/settings timer``): a
member away is played for by the bot."""


async def open_match(
    tables: TableService,
    tournament: Tournament,
    pairing: Pairing,
    server: GuildSettings,
    turn_seconds: int | None = TURN_SECONDS,
) -> Table:
    """The pairing's table, opened and started (or the one a kill left half-opened), with
    the ``server``'s settings, and its turn timer else ``turn_seconds`` (None: no timer,
    as in the sandbox, where members switch from table to table as they please)."""
    table = _table_of(tables, tournament, pairing)
    table = table or await _create(tables, tournament, pairing, server, turn_seconds)
    return await _seat_and_start(tables, tournament, pairing, table)


def _table_of(tables: TableService, tournament: Tournament, pairing: Pairing) -> Table | None:
    """The table opened for ``pairing`` before a kill, if any."""
    marker = rules.marker(tournament, pairing)
    return next((t for t in tables.tables.values() if t.settings.tournament == marker), None)


async def _create(
    tables: TableService,
    tournament: Tournament,
    pairing: Pairing,
    server: GuildSettings,
    turn_seconds: int | None,
) -> Table:
    host = rules.seats(tournament, pairing)[0]
    marker = rules.marker(tournament, pairing)
    slow = pace_seconds(tournament.pace)
    turn_timer = slow or server.turn_timer or turn_seconds
    settings = TableSettings.of_server(server, turn_timer, tournament=marker, pace=tournament.pace)
    if slow is not None:  # every turn is told in the member's DMs
        settings.dm_hands = True
    return await tables.create(
        guild_id=tournament.guild_id,
        channel_id=tournament.channel_id,
        host=host,
        game=tournament.game,
        options=tournament.options,
        locale=tournament.locale,
        settings=settings,
    )


async def _seat_and_start(
    tables: TableService, tournament: Tournament, pairing: Pairing, table: Table
) -> Table:
    """Seat the pairing's players not seated yet and start the match (each step is
    skipped when a kill came after it)."""
    if table.status != "lobby":
        return table
    service, host = tables, table.host_id
    bots = sum(1 for seat in table.seats if seat.bot)
    for seat in rules.seats(tournament, pairing)[1:]:
        if seat.bot and bots:
            bots -= 1
        elif seat.bot:
            table = await service.add_bot(table.id, host, seat.bot, seat.name)
        elif table.seat_of(seat.user_id) is None:
            table = await service.join(table.id, seat)
    return await service.start(table.id, host)

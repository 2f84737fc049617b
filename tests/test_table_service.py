"""The table service without Discord: locking, versions, persistence, results."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import move_card
from bot.ratings import Rating
from bot.storage import Storage
from bot.tables import Seat, StalePanel, Table, TableError, TableService, TableSettings


@pytest.fixture
async def service(database_url):
    storage = await Storage.open(database_url)
    yield TableService(storage, deal_seed=3)
    await storage.close()


async def lobby(
    service: TableService,
    options: dict,
    *,
    channel_id: int = 2,
    in_channel: bool = False,
    rematch_of: Table | None = None,
    **settings,
) -> Table:
    """An Escoba lobby hosted by ana (user 10); ``settings``: the table's settings."""
    return await service.create(
        guild_id=1,
        host=Seat(user_id=10, name="ana"),
        game="escoba",
        options=options,
        locale="en",
        channel_id=channel_id,
        in_channel=in_channel,
        rematch_of=rematch_of,
        settings=TableSettings(**settings),
    )


async def playing_table(service: TableService, **options) -> Table:
    table = await lobby(service, options)
    await service.join(table.id, Seat(user_id=11, name="bob"))
    return await service.start(table.id, 10)


def single_option_card(table: Table) -> int:
    moves = table.state.legal_moves()
    cards = [move_card(m) for m in moves]
    return next(card for card in cards if cards.count(card) == 1)


async def test_simultaneous_clicks_apply_exactly_one_move(service):
    table = await playing_table(service)
    user = table.seats[table.state.turn].user_id
    card = single_option_card(table)
    results = await asyncio.gather(
        service.play_card(table.id, user, 1, card),
        service.play_card(table.id, user, 1, card),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    assert len(applied) == 1 and applied[0].kind == "applied"
    assert isinstance(next(r for r in results if isinstance(r, Exception)), StalePanel)
    assert service.get(table.id).version == 2
    assert len(await service.storage.move_log(table.id)) == 1


async def test_a_move_is_committed_before_the_call_returns(service):
    table = await playing_table(service)
    user = table.seats[table.state.turn].user_id
    await service.play_card(table.id, user, 1, single_option_card(table))
    table = service.get(table.id)
    row = await service.storage.table_row(table.id)
    restored = Table.from_row(row)
    assert restored.version == 2
    assert restored.state == table.state
    log = await service.storage.move_log(table.id)
    assert log[0]["seat"] == table.log.last_seat and log[0]["events"]


async def test_refusals_name_the_reason_and_change_nothing(service):
    table = await playing_table(service)
    waiting = table.seats[1 - table.state.turn].user_id
    with pytest.raises(TableError) as refused:
        await service.play_card(table.id, waiting, 1, 0)
    assert refused.value.key == "table.not_your_turn"
    with pytest.raises(TableError) as stranger:
        await service.play_card(table.id, 99, 1, 0)
    assert stranger.value.key == "table.not_seated"
    with pytest.raises(TableError) as bad:
        await service.create(
            guild_id=1,
            channel_id=2,
            host=Seat(user_id=10, name="ana"),
            game="escoba",
            options={"players": 5},
            locale="en",
        )
    assert bad.value.key == "options.invalid" and "not 5" in bad.value.params["reason"]
    assert table.version == 1


async def test_a_finished_match_records_every_seat(service):
    table = await playing_table(service, target_score=1)
    while (table := service.get(table.id)).status == "playing":
        user = table.seats[table.state.turn].user_id
        card = table.state.hands[table.state.turn][0]
        try:
            outcome = await service.play_card(table.id, user, table.version, card)
        except TableError:
            card = move_card(table.state.legal_moves()[0])
            outcome = await service.play_card(table.id, user, table.version, card)
        if outcome.kind == "choose":
            await service.choose(table.id, user, table.version, outcome.moves[0])
    rows, count = await service.storage.leaderboard(1, "escoba", limit=10, offset=0)
    assert count == 2
    assert sum(row.won for row in rows) == 1
    assert all(row.played == 1 and row.hands >= 1 for row in rows)
    assert (await service.storage.table_row(table.id))["status"] == "finished"
    winner, loser = sorted(rows, key=lambda row: -row.won)
    assert winner.rating.shown > 1000 and winner.rating.mu > 25 > loser.rating.mu
    changes = await service.storage.match_rating_changes(table.id)
    assert changes[winner.user_id] == (Rating(), winner.rating)


async def bot_table(service: TableService, **options) -> Table:
    table = await lobby(service, options, turn_timer=30, takeover_after=2)
    await service.add_bot(table.id, 10, "greedy", "🤖 Normal bot")
    return await service.start(table.id, 10)


async def test_a_match_with_a_bot_gives_lines_to_members_only(service):
    table = await bot_table(service, target_score=1)
    assert table.seats[table.seat_of(10) ^ 1].user_id < 0
    while (table := service.get(table.id)).status == "playing":
        seat = table.state.turn
        move = table.state.legal_moves()[0]
        if table.seats[seat].bot:
            outcome = await service.play_for(table.id, table.version, move)
        else:
            user, version = table.seats[seat].user_id, table.version
            outcome = await service.play_card(table.id, user, version, move_card(move))
            if outcome.kind == "choose":
                await service.choose(table.id, user, version, outcome.moves[0])
    rows, count = await service.storage.leaderboard(1, "escoba", limit=10, offset=0)
    assert count == 1 and rows[0].user_id == 10 and rows[0].with_bots == 1
    assert rows[0].rating == Rating(), "a match against a bot level is unrated"


async def test_timeouts_count_in_a_row_and_hand_the_seat_over(service):
    table = await bot_table(service)
    member = table.seat_of(10)
    for expected in (1, 2):
        while (table := service.get(table.id)).state.turn != member:
            await service.play_for(table.id, table.version, table.state.legal_moves()[0])
        version, move = table.version, table.state.legal_moves()[0]
        not_timed_out = await service.play_for(table.id, version, move)
        assert not_timed_out is None, "a member's seat is played only when time is up"
        outcome = await service.play_for(table.id, version, move, timed_out=True)
        table = service.get(table.id)
        assert table.seats[member].timeouts == expected and table.log.auto_move
        assert outcome.took_over == (expected == 2)
    assert table.seats[member].away
    stale = await service.play_for(table.id, 1, table.state.legal_moves()[0])
    assert stale is None, "an old version is never played"
    await service.come_back(table.id, 10)
    table = service.get(table.id)
    assert not table.seats[member].away and table.seats[member].timeouts == 0
    with pytest.raises(TableError, match=r"seat\.not_away"):
        await service.come_back(table.id, 10)


async def test_a_row_keeps_the_state_without_its_options_and_old_rows_still_load(service):
    table = await playing_table(service, target_score=31)
    row = table.to_row()
    assert "options" not in row["state"], "the options column holds them"
    assert Table.from_row({"id": table.id, **row}).state == table.state
    older = {"id": table.id, **row, "state": table.state.to_dict()}
    assert Table.from_row(older).state == table.state
    assert Table.from_row(older).state.game.options.target_score == 31

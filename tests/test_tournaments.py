"""Tournaments through the real tournament and table services on a database: whole
Swiss and knock-out tournaments, a round decided by its clock, a withdrawal, a restart
in the middle of a round (no table opened twice), and every refusal."""

from __future__ import annotations

import random

import pytest

from bot.loadtest.tournament_load import _play_out, run_tournament_benchmark
from bot.storage import Storage
from bot.tables import TableError, TableService
from bot.tournaments import rules
from bot.tournaments.model import Tournament
from bot.tournaments.service import TournamentService

HOST = 1
OPENED: list[Storage] = []


@pytest.fixture(autouse=True)
async def close_storages():
    """Each test's databases are closed after it (their worker threads end with it)."""
    yield
    while OPENED:
        await OPENED.pop().close()


async def services(url: str, now: list[float]) -> tuple[TournamentService, TableService]:
    storage = await Storage.open(url)
    OPENED.append(storage)
    tables = TableService(storage, deal_seed=1, clock=lambda: now[0])
    await tables.restore()
    tournaments = TournamentService(storage, tables, clock=lambda: now[0])
    await tournaments.restore()
    return tournaments, tables


async def new_tournament(service: TournamentService, entrants: int, **settings) -> Tournament:
    tournament = await service.create(
        Tournament(
            guild_id=5,
            channel_id=6,
            host_id=HOST,
            game="escoba",
            options={"players": 2, "target_score": 1},
            format=settings.pop("format", "swiss"),
            capacity=settings.pop("capacity", 16),
            rounds=settings.pop("rounds", rules.default_rounds("swiss", entrants)),
            **settings,
        )
    )
    for number in range(entrants):
        await service.join(tournament.id, [100 + number], f"p{number + 1}")
    return tournament


@pytest.mark.parametrize("format", ["swiss", "knockout"])
async def test_a_whole_tournament_plays_to_its_podium(database_url, format):
    report = await run_tournament_benchmark(entrants=9, format=format, database=database_url)
    assert report["status"] == "finished" and report["champion"]
    assert (report["repeat_pairings"], report["double_byes"], report["unfinished_matches"]) == (
        0,
        0,
        0,
    )
    assert report["rounds"] == (5 if format == "swiss" else 4)


async def test_a_round_out_of_time_is_decided_by_the_score_and_a_member_who_never_moved_forfeits(
    database_url,
):
    now = [1_000_000.0]
    service, tables = await services(database_url, now)
    tournament = await new_tournament(service, 4, round_minutes=30)
    await service.start(tournament.id, HOST, can_manage=False)
    first, second = service.get(tournament.id).round_pairings()
    await _play_out(tables, first.table_id or 0, random.Random(1))
    await service.idle()
    table = tables.get(second.table_id or 0)
    mover = table.seats[table.match.turn]
    await _one_move(tables, table.id)
    now[0] += 31 * 60
    await service.tick()
    live = service.get(tournament.id)
    decided = next(p for p in live.round_pairings(1) if p.board == second.board)
    assert decided.decided_by == "forfeit", "the other member never moved"
    assert live.entrant(decided.winner or 0).members == [mover.user_id]
    assert tables.get(second.table_id or 0).end_reason == "tournament"
    assert live.round == 2 and len(live.round_pairings()) == 2, "the next round is paired"


async def _one_move(tables: TableService, table_id: int) -> None:
    table = tables.get(table_id)
    seat = table.seats[table.match.turn]
    card = table.match.hands[table.match.turn][0]
    outcome = await tables.play_card(table_id, seat.user_id, table.version, card)
    if outcome.kind == "choose":
        await tables.choose(table_id, seat.user_id, tables.get(table_id).version, outcome.moves[0])


async def test_a_withdrawal_forfeits_the_match_in_play_and_pairs_without_the_entrant(
    database_url,
):
    now = [1_000_000.0]
    service, tables = await services(database_url, now)
    tournament = await new_tournament(service, 5)
    await service.start(tournament.id, HOST, can_manage=False)
    pairing = next(p for p in service.get(tournament.id).round_pairings() if not p.is_bye)
    leaver = service.get(tournament.id).entrant(pairing.a)
    await service.leave(tournament.id, leaver.members[0])
    live = service.get(tournament.id)
    decided = next(p for p in live.round_pairings(1) if p.board == pairing.board)
    assert (decided.winner, decided.decided_by) == (pairing.b, "forfeit")
    ended = tables.get(pairing.table_id or 0)
    assert (ended.status, ended.end_reason) == ("cancelled", "withdrawn"), "no result, no rating"
    assert [ended.seats[seat].user_id for seat in ended.log.forfeited] == leaver.members
    with pytest.raises(TableError) as refused:
        await service.leave(tournament.id, leaver.members[0])
    assert refused.value.key == "tournament.not_entered"


async def test_a_restart_in_the_middle_of_a_round_opens_no_table_twice(database_url):
    now = [1_000_000.0]
    service, tables = await services(database_url, now)
    tournament = await new_tournament(service, 8)
    await service.start(tournament.id, HOST, can_manage=False)
    opened = {p.board: p.table_id for p in service.get(tournament.id).round_pairings()}
    # as if killed after the last table was opened, before the tournament saved it
    storage = service.storage
    row = await storage.tournament_row(tournament.id)
    assert row is not None
    killed = Tournament.from_row(row)
    last = max(opened)
    next(p for p in killed.round_pairings() if p.board == last).table_id = None
    await storage.save_tournament(killed.id, killed.to_row(), killed.revision)

    service, tables = await services(database_url, now)
    restored = service.get(tournament.id)
    assert {p.board: p.table_id for p in restored.round_pairings()} == opened
    assert len([t for t in tables.tables.values() if t.settings.tournament]) == len(opened)


async def test_every_refusal_says_why(database_url):
    now = [1_000_000.0]
    service, _ = await services(database_url, now)
    tournament = await new_tournament(service, 3, capacity=4)

    async def refused(action) -> str:
        with pytest.raises(TableError) as error:
            await action
        return error.value.key

    assert await refused(service.join(tournament.id, [100], "again")) == "tournament.joined_twice"
    assert await refused(service.start(tournament.id, HOST, can_manage=False)) == (
        "tournament.too_few"
    )
    assert await refused(service.start(tournament.id, 100, can_manage=False)) == (
        "tournament.host_only"
    )
    await service.join(tournament.id, [200], "p4")
    assert await refused(service.join(tournament.id, [300], "p5")) == "tournament.full"
    await service.start(tournament.id, HOST, can_manage=False)
    assert await refused(service.join(tournament.id, [300], "p5")) == "tournament.not_open"
    await service.cancel(tournament.id, HOST, can_manage=False)
    assert await refused(service.leave(tournament.id, 100)) == "tournament.unknown"
    with pytest.raises(TableError) as capacity:
        rules.check_capacity(300)
    assert capacity.value.key == "tournament.capacity"


async def test_three_members_start_a_swiss_with_the_bot_as_the_fourth(database_url):
    now = [1_000_000.0]
    service, _ = await services(database_url, now)
    without = await new_tournament(service, 3, capacity=4)
    with pytest.raises(TableError) as refused:
        await service.start(without.id, HOST, can_manage=False)
    assert refused.value.key == "tournament.too_few"
    await service.cancel(without.id, HOST, can_manage=False)

    filled = await new_tournament(service, 3, capacity=4, bots_fill=True)
    await service.start(filled.id, HOST, can_manage=False)
    started = service.get(filled.id)
    assert [e.bot for e in started.entrants] == [False, False, False, True]
    assert len(started.round_pairings()) == 2, "two matches, no bye"


def test_points_read_in_each_language():
    from bot.screens.tournament import _points

    assert [_points(2, "en"), _points(3, "en"), _points(2, "es"), _points(5, "it")] == [
        "1 pt",
        "1.5 pts",
        "1 punto",
        "2,5 punti",
    ]


async def test_a_pair_enters_once_the_partner_accepts_and_other_invitations_lapse(database_url):
    now = [1_000_000.0]
    service, _ = await services(database_url, now)
    tournament = await service.create(
        Tournament(
            guild_id=5,
            channel_id=6,
            host_id=HOST,
            game="scopone",
            options={"players": 4},
            format="knockout",
            capacity=8,
            rounds=2,
            team_size=2,
        )
    )

    async def refused(action) -> str:
        with pytest.raises(TableError) as error:
            await action
        return error.value.key

    await service.invite(tournament.id, 10, 11, ["a", "b"])
    await service.invite(tournament.id, 10, 12, ["a", "c"])
    assert [i.answer for i in service.get(tournament.id).invitations] == ["withdrawn", "waiting"]
    assert await refused(service.accept(tournament.id, 0, 11)) == "tournament.invitation_gone"
    assert await refused(service.accept(tournament.id, 1, 11)) == (
        "tournament.invitation_not_yours"
    )
    await service.invite(tournament.id, 13, 12, ["d", "c"])
    assert service.get(tournament.id).entrants == [], "no entrant before an answer"
    entered = await service.accept(tournament.id, 1, 12)
    assert [(e.members, e.name) for e in entered.entrants] == [([10, 12], "a & c")]
    assert entered.invitations[2].answer == "withdrawn", "c is entered with a"
    assert await refused(service.invite(tournament.id, 14, 10, ["e", "a"])) == (
        "tournament.joined_twice"
    )
    await service.invite(tournament.id, 15, 16, ["f", "g"])
    await service.decline(tournament.id, 3, 16)
    assert await refused(service.accept(tournament.id, 3, 16)) == "tournament.invitation_gone"
    await service.invite(tournament.id, 15, 16, ["f", "g"])
    await service.cancel(tournament.id, HOST, can_manage=False)
    assert await refused(service.accept(tournament.id, 4, 16)) == "tournament.unknown"

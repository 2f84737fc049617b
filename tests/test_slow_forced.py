"""Moves with no choice at slow tables: played at once for a member who allows it
(``/profile forced_moves``), and the end of a hand whose every move is forced plays
itself for everyone."""

from __future__ import annotations

import random

from bot.games import make_game
from bot.storage import Storage
from bot.tables import PACES, Seat, TableService, TableSettings
from bot.tables.pace import hand_plays_itself
from tests.discord_helpers import answer, make_world

DAY = PACES["day"]
ANA, BOB = 11, 12


def test_a_hand_plays_itself_only_when_every_move_left_is_forced():
    escoba = make_game("escoba", {"players": 2})
    # One card each, none of them makes fifteen: each play is the only legal move.
    assert hand_plays_itself(escoba.new_position(["1o", "2c"], "5e"))
    # Two cards in the first hand: a choice, so the hand does not play itself.
    assert not hand_plays_itself(escoba.new_position(["1o 3o", "2c"], "5e"))
    # The first seat's five takes fifteen with the king or with the four and the six.
    assert not hand_plays_itself(escoba.new_position(["5c", "1b"], "Rb 4e 6e"))
    # Its ace takes fifteen one way only (1+8+6), then the five cannot take: forced.
    assert hand_plays_itself(escoba.new_position(["1b", "5c"], "Sc 4e 6e"))


async def slow_escoba(service: TableService) -> int:
    table = await service.create(
        guild_id=1 << 22,
        channel_id=5,
        host=Seat(user_id=ANA, name="ana"),
        game="escoba",
        options={"players": 2, "target_score": 1},
        locale="en",
        settings=TableSettings(turn_timer=int(DAY), pace="day", dm_hands=True),
    )
    await service.join(table.id, Seat(user_id=BOB, name="bob"))
    await service.start(table.id, ANA)
    return table.id


async def play_at_random(service: TableService, table_id: int, rng: random.Random) -> list[int]:
    """Both members play at random to the match's end; each turn left to a member,
    the number of legal moves it had."""
    choices = []
    while (table := service.tables[table_id]).status == "playing":
        seat = table.match.turn
        moves = table.match.legal_moves()
        choices.append((table.seats[seat].user_id, len(moves)))
        assert not hand_plays_itself(table.match), "that hand would have played itself"
        move = rng.choice(moves)
        user_id = table.seats[seat].user_id
        outcome = await service.choose(table_id, user_id, table.version, move)
        assert outcome.kind == "applied"
    return choices


async def test_forced_moves_are_played_for_the_member_who_allows_it(tmp_path):
    storage = await Storage.open(f"sqlite:///{tmp_path / 'forced.sqlite3'}")
    try:
        await storage.set_slow_settings(ANA, auto_forced=1)
        service = TableService(storage, deal_seed=3, clock=lambda: 1_800_000_000.0)
        table_id = await slow_escoba(service)
        turns = await play_at_random(service, table_id, random.Random(5))

        assert all(count > 1 for user, count in turns if user == ANA), "ana's were played"
        assert any(count == 1 for user, count in turns if user == BOB), "bob plays his own"
        log = await storage.move_log(table_id)
        assert len(log) > len(turns), "the forced moves are saved as moves"
        assert not any(move["stand_in"] for move in log), "a forced move is the seat's own"
        assert service.tables[table_id].status == "finished"
    finally:
        await storage.close()


async def test_profile_switches_forced_moves_on_and_off(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    shown = answer(await ana.slash(channel, "profile", forced_moves=True))
    assert "Forced moves at slow tables: played for you at once" in shown.content
    shown = answer(await ana.slash(channel, "profile", forced_moves=False))
    assert "Forced moves at slow tables: you play them yourself" in shown.content

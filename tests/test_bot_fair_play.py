"""Fair play at quick play (issue 46): leaving a rated match, or letting the bot play
every turn, loses it, rated, to the side that stayed; leaving a match against the bot
costs no pause from the pool, as its confirmation says; one rematch per finished match
however the clicks race; a member is never seated at two live quick matches."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.pool.matchmaking import WAVE_SECONDS
from bot.storage import RuleBroken, Storage
from bot.tables import Seat, TableError, TableService
from tests.discord_helpers import (
    TableDriver,
    answer,
    current,
    custom_ids,
    enabled,
    make_world,
)
from tests.test_bot_quick import enter, play_out, seat
from tests.test_bot_tables import started

pytestmark = pytest.mark.simcord(settle_timeout=2.0)


async def paired_pair(simcord_env):
    """Ana and Bob, of two servers, paired in Scopa's pool; their servers' channels."""
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    return (here, ana), (there, bob)


def text_of(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f"{f.name}\n{f.value}" for f in embed.fields)])


async def test_leaving_a_rated_quick_match_loses_it_rated_to_who_stayed(simcord_env):
    (_, ana), (_, bob) = await paired_pair(simcord_env)
    asked = answer(await ana.user.click(seat(ana), custom_id="esc:seat:1:leave"))
    assert "You lose it by forfeit (your rating moves as for a loss)" in asked.message.content
    left = answer(await ana.user.click(asked.message, label="Yes, leave"))
    assert "you lose it by forfeit" in left.message.content
    await simcord_env.settle()

    storage = simcord_env.bot.storage
    ratings = await storage.global_ratings("scopa", [ana.id, bob.id])
    assert ratings[ana.id].shown < 1000 < ratings[bob.id].shown, "rated: a loss, a win"
    stayed, gone = text_of(seat(bob)), text_of(seat(ana))
    assert "🏆 You win by forfeit." in stayed and "rated as a loss for" in stayed
    assert re.search(r"You: rating 1000 → 1\d{3} \(\+", stayed), "the stayer's own change"
    assert "You lose by forfeit." in gone and re.search(r"You: rating 1000 → \d{3} \(-", gone)

    stats = answer(await ana.user.slash("stats")).message.embeds[0]
    (quick,) = stats.fields
    assert "1 match, 0 wins" in quick.value and "By forfeit: lost 1 · won 0" in quick.value
    history = answer(await bob.user.slash("history")).message.embeds[0]
    assert re.search(r"`#1` Scopa · .* · .+ forfeited", history.description or "")


async def test_a_member_who_lets_the_bot_play_every_turn_loses_rated(simcord_env):
    (_, ana), (_, bob) = await paired_pair(simcord_env)
    idler = next(p for p in (ana, bob) if enabled(seat(p), "esc:card:"))
    other = bob if idler is ana else ana
    table = simcord_env.bot.service.tables[1]
    for _ in range(40):  # the idler's turns run out until the bot keeps the seat
        await simcord_env.advance_time(61)
        if enabled(seat(other), "esc:card:"):
            await play_one(other)
        if table.seats[table.seat_of(idler.id) or 0].away:
            break
    await play_out(simcord_env, [other])
    await simcord_env.settle()
    assert "made no move (the bot played every turn)" in text_of(seat(other))
    ratings = await simcord_env.bot.storage.global_ratings("scopa", [idler.id, other.id])
    assert ratings[idler.id].shown < 1000 < ratings[other.id].shown


async def test_leaving_a_match_against_the_bot_costs_no_pause_as_its_question_says(
    simcord_env,
):
    _, here, (ana,) = make_world(simcord_env, "ana")
    (searching,) = await enter((here, ana))
    await simcord_env.advance_time(WAVE_SECONDS * 16)  # the hard bot is offered
    await ana.click(current(simcord_env, searching.message), label="Play the bot now: Level 3")
    await simcord_env.settle()
    asked = answer(await ana.user.click(seat(ana), custom_id="esc:seat:1:leave"))
    assert "Against the bot there is no pause from the pool" in asked.message.content
    assert "paused" not in asked.message.content
    await ana.user.click(asked.message, label="Yes, leave")
    await simcord_env.settle()
    (again,) = await enter((here, ana))
    assert "Looking for an opponent" in text_of(current(simcord_env, again.message)), (
        "no pause came"
    )
    ratings = await simcord_env.bot.storage.global_ratings("scopa", [ana.id])
    assert ratings[ana.id].shown == 1000, "a match against a bot level is unrated"


async def play_one(player) -> None:
    """The member plays the first card of their seat (and its first capture)."""
    message = seat(player)
    await player.user.click(message, custom_id=enabled(message, "esc:card:")[0])
    if choices := custom_ids(seat(player), "esc:move:"):
        await player.user.click(seat(player), custom_id=choices[0])


async def test_rematch_clicked_twice_by_both_opens_one_table(simcord_env):
    (_, ana), (_, bob) = await paired_pair(simcord_env)
    await play_out(simcord_env, [ana, bob])
    finished = {p: seat(p) for p in (ana, bob)}
    for player in (ana, bob, ana, bob):
        await player.user.click(finished[player], custom_id="esc:again:1")
    live = [t for t in simcord_env.bot.service.tables.values() if t.is_live]
    assert [t.id for t in live] == [2], "one rematch, once"
    for player in (ana, bob):
        assert seat(player).embeds[0].title.endswith("quick play #2")


@pytest.mark.postgres
async def test_rematch_votes_racing_in_two_processes_record_one_pairing(postgres_url):
    """Ana and Cai each ask twice at once, through two storages (two processes' pools)."""
    storages = [await Storage.open(postgres_url) for _ in range(2)]
    try:
        members = {"1": {}, "2": {}}
        votes = [(storages[i % 2], user) for i, user in enumerate((1, 2, 1, 2) * 3)]
        voted = await asyncio.gather(
            *(s.vote_rematch(7, user, "scopa", [[1], [2]], members) for s, user in votes),
            return_exceptions=True,
        )
        pairings = [v for v in voted if isinstance(v, int)]
        assert len(pairings) == 1, voted
        assert all(v is None or isinstance(v, int | RuleBroken) for v in voted), voted
    finally:
        for storage in storages:
            await storage.close()


async def test_votes_after_the_rematch_was_recorded_are_refused(database_url):
    storage = await Storage.open(database_url)
    try:
        members = {"1": {}, "2": {}}
        asked = [
            await storage.vote_rematch(7, user, "scopa", [[1], [2]], members) for user in (1, 2)
        ]
        assert asked[0] is None and asked[1] is not None
        with pytest.raises(RuleBroken):
            await storage.vote_rematch(7, 1, "scopa", [[1], [2]], members)
    finally:
        await storage.close()


async def test_two_pairings_of_one_member_opening_at_once_open_one_table(database_url):
    storage = await Storage.open(database_url)
    try:
        service = TableService(storage, deal_seed=1)
        pairings = []
        for match in (2, 3):  # ana (1) paired twice: rematches of two matches, say
            pairings.append(await storage.vote_rematch(match, 1, "scopa", [[1]], {"1": {}}))
        sides = [[[Seat(user_id=1, name="ana")], [Seat(user_id=o, name=str(o))]] for o in (2, 3)]
        opened = await asyncio.gather(
            *(service.open_paired(p, "scopa", s) for p, s in zip(pairings, sides, strict=True)),
            return_exceptions=True,
        )
        refused = [o for o in opened if isinstance(o, TableError)]
        assert len(refused) == 1 and refused[0].key == "pool.busy", opened
        assert len([t for t in service.tables.values() if t.is_live]) == 1
    finally:
        await storage.close()


async def test_a_match_abandoned_on_a_server_is_in_history_and_stats_as_what_it_was(
    simcord_env,
):
    first = await started(simcord_env, "ana", "bob")
    await first.play_to_end()
    ana, bob = first.players
    second = TableDriver(simcord_env, first.channel, first.players)
    await second.open("escoba new")
    await second.seat_and_start()
    await second.play_turn()
    asked = answer(await bob.slash(second.thread, "leave"))
    await bob.click(asked.message, label="Yes, leave")
    history = answer(await ana.slash(first.channel, "history")).message.embeds[0]
    lines = (history.description or "").splitlines()
    assert lines[0].startswith("`#2`") and "abandoned by bob" in lines[0]
    assert lines[1].startswith("`#1`") and "abandoned" not in lines[1]
    stats = answer(await ana.slash(first.channel, "stats")).message.embeds[0]
    escoba = next(field for field in stats.fields if field.name == "Escoba")
    assert "1 match" in escoba.value
    assert "Ended with no result (cancelled, abandoned): 1" in escoba.value


async def test_the_pools_line_in_dms_is_kept_once_however_often_a_member_plays(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    for _ in range(3):
        (searching,) = await enter((here, ana))
        await ana.click(current(simcord_env, searching.message), label="Cancel")
    lines = [m for m in ana.user.dm_channel.history() if "quick-play pool" in m.content]
    assert len(lines) == 1, [m.content for m in lines]

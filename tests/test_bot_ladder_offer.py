"""The ladder's offer at quick play (issue 50): after the wait, the level that suits
the member by their record against the levels, and matches against it are unrated."""

from __future__ import annotations

import pytest

from bot.ai.levels import level_number
from bot.ai.offer import offered_level
from bot.tables import Table, winners_of
from tests.discord_helpers import (
    answer,
    current,
    make_world,
    message_text,
    select_ids,
    select_options,
)
from tests.test_bot_quick import enter, play_out, seat


async def last_result(storage, user_id: int) -> tuple[str, bool]:
    """The member's last match against a level: the level, and whether they won."""
    (row,) = await storage.bot_matches(user_id, "scopa", limit=1)
    table = Table.from_row(row)
    index = table.seat_of(user_id)
    assert index is not None
    level = next(seat.bot for seat in table.seats if seat.bot)
    return level, table.engine.side_of[index] in winners_of(table)


async def take_offer(env, here, member, expected: int) -> None:
    """The member enters, waits for the bot's offer, checks its level and plays it out."""
    (searching,) = await enter((here, member))
    await env.advance_time(48)
    offered = current(env, searching.message)
    label = f"Play the bot now: Level {expected}"
    assert label in message_text(offered)
    await member.click(offered, label=label)
    name = {3: "Normal bot", 4: "Sharp bot", 2: "Learner bot"}[expected]
    assert f"vs **🤖 {name}**" in seat(member).embeds[0].description
    await play_out(env, [member])
    assert "A match against a bot level: no rating moves." in message_text(seat(member))


@pytest.mark.simcord(settle_timeout=5.0)
async def test_the_offer_after_the_wait_follows_the_record_against_the_levels(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    storage = simcord_env.bot.storage
    await take_offer(simcord_env, here, ana, 3)  # a newcomer meets the middle
    first = await last_result(storage, ana.id)
    assert first[0] == "greedy"
    expected = offered_level([first]).number
    assert expected == 3, "one result is not yet two in a row"
    assert "Next: Level 3" in message_text(seat(ana))
    await take_offer(simcord_env, here, ana, expected)
    second = await last_result(storage, ana.id)
    expected = offered_level([first, second]).number
    if first[1] == second[1]:
        assert expected == (4 if first[1] else 2), "two in a row move the offer"
    assert f"Next: Level {expected}" in message_text(seat(ana)), "the result says what comes"
    (searching,) = await enter((here, ana))
    await simcord_env.advance_time(48)
    assert f"Level {expected}" in message_text(current(simcord_env, searching.message))
    ratings = await storage.global_ratings("scopa", [ana.id])
    assert ratings[ana.id].shown == 1000, "matches against a level are unrated"
    assert level_number(expected).name in {"learner", "greedy", "sharp"}
    stats = (await ana.slash(here, "stats")).response.embeds[0]
    beaten = [field.value for field in stats.fields if field.name == "Highest bot level beaten"]
    won_levels = [3 for _, won in (first, second) if won]
    assert beaten == ([f"Scopa: 🦊 Level {max(won_levels)}"] if won_levels else [])
    lobby = (await ana.slash(here, "scopa new")).response.message
    menu = select_options(lobby, select_ids(lobby, "esc:bot:")[0])
    suits = [o for o in menu if "suits the host" in (o.description or "")]
    assert [o.description for o in suits] == [f"Level {expected} · suits the host now"]


async def test_a_friends_table_marks_the_level_that_suits_its_host(simcord_env):
    _, _, (ana,) = make_world(simcord_env, "ana")
    lobby = answer(await ana.user.slash("scopa new")).message
    descriptions = [o.description for o in select_options(lobby, select_ids(lobby, "esc:bot:")[0])]
    assert "Level 3 · suits the host now" in descriptions, "a newcomer: the middle level"

"""Watching a match (issue 48), driven as members do: ``/watch``, Watch buttons, a
watcher's Refresh. Watchers see the public board only, answered privately."""

from __future__ import annotations

from tests.discord_helpers import (
    TableDriver,
    answer,
    buttons,
    custom_ids,
    make_world,
    message_text,
    texts,
)


def watch_view(result):
    return answer(result).message


async def test_a_member_watches_a_server_table_from_the_list(simcord_env):
    guild, channel, players = make_world(simcord_env, "ana", "bob", "cleo")
    ana, bob, cleo = players
    driver = TableDriver(simcord_env, channel, [ana, bob])
    await driver.open("scopa new", target=11)
    await driver.seat_and_start()

    listing = watch_view(await cleo.slash(channel, "watch"))
    print(message_text(listing))
    opened = custom_ids(listing, "esc:watch:")
    assert opened == ["esc:watch:1:open"]
    view = watch_view(await cleo.click(listing, custom_id=opened[0]))
    print(message_text(view))
    print([b.custom_id for b in buttons(view)])
    assert custom_ids(view, "esc:watch:") == ["esc:watch:1:refresh"]

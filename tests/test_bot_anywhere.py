"""Friends' tables anywhere: the app installed to a member's account, a table in a group
DM driven by clicks alone (``tests/private_channels`` plays Discord's part there)."""

from __future__ import annotations

import pytest
from simcord.backend.errors import SetupError
from simcord.results import to_discord_message

from tests.discord_helpers import answer, custom_ids, enabled, message_text, select_ids
from tests.private_channels import PrivateActor, PrivateChannels


def friends(env, *names: str):
    """A group DM of members named ``names``; the first installed the app."""
    private = PrivateChannels(env)
    users = [env.create_user(name) for name in names]
    private.install_for(users[0])
    group = private.create_group_dm(*users, name="friends")
    return private, group, [private.actor(user) for user in users]


def latest(actor: PrivateActor, group, prefix: str):
    """The newest message ``actor`` sees in ``group`` with a button starting ``prefix``."""
    shown = [m for m in actor.history(group) if custom_ids(m, prefix)]
    return shown[-1] if shown else None


def current(env, group, message):
    """``message`` of ``group`` as it is now."""
    return to_discord_message(env, env.backend.get_message(group.id, message.id))


def custom_ids_of_select(env, group, message) -> str:
    """The custom id of the lobby's bot select."""
    shown = current(env, group, message)
    return next(i for i in select_ids(shown, "esc:bot:"))


def refused_rest(env) -> list:
    return [
        entry for entry in env.backend.transcript if entry[0] == "HTTP" and "refused" in str(entry)
    ]


async def start_match(group, host: PrivateActor, *others: PrivateActor):
    """``host`` opens a Scopa table in ``group``, the ``others`` join, the host starts."""
    opened = await host.slash(group, "scopa new")
    table = opened.response
    for other in others:
        await other.click(table, label="Join")
    await host.click(table, label="Start")
    return table


async def play_out(env, group, players: list[PrivateActor], max_moves: int = 300) -> int:
    """Each player opens their hand from the board once; then whoever's hand offers a
    card plays the first one (and its first capture) until the match is over."""
    board = latest(players[0], group, "esc:hand:")
    panels = {}
    for player in players:
        opened = await player.click(board, custom_id=custom_ids(board, "esc:hand:")[0])
        panels[player.id] = opened.followups[-1]
    moves = 0
    while moves < max_moves:
        shown = {p.id: current(env, group, panels[p.id]) for p in players}
        mover = next((p for p in players if enabled(shown[p.id], "esc:card:")), None)
        if mover is None:
            return moves
        await mover.click(shown[mover.id], custom_id=enabled(shown[mover.id], "esc:card:")[0])
        choices = custom_ids(current(env, group, panels[mover.id]), "esc:move:")
        if choices:
            await mover.click(current(env, group, panels[mover.id]), custom_id=choices[0])
        moves += 1
    raise AssertionError("the match did not end")


async def test_a_scopa_match_in_a_group_dm_is_played_by_clicks_alone(simcord_env):
    private, group, (ana, bob, cai) = friends(simcord_env, "ana", "bob", "cai")
    table = await start_match(group, ana, bob)
    board = private.backend.get_message(group.id, table.id)
    assert board.flags & (1 << 15), "the lobby became the board, in place"
    hand_button = custom_ids(current(simcord_env, group, table), "esc:hand:")[0]
    watcher = (await cai.click(table, custom_id=hand_button)).followups[-1]
    assert watcher.content == "You are not seated at this table." and watcher.ephemeral
    await play_out(simcord_env, group, [ana, bob])
    said = " ".join(message_text(m) for m in ana.history(group))
    assert "wins the match" in said and "no rating moves" in said
    assert refused_rest(simcord_env) == [], "the bot never called Discord on its own there"
    storage = simcord_env.bot.storage
    ratings = await storage.global_ratings("scopa", [ana.id, bob.id])
    assert ratings[ana.id].shown == ratings[bob.id].shown == 1000, "friendly: unrated"


async def test_a_bot_seat_answers_within_the_click_before_it(simcord_env):
    _, group, (ana, _, _) = friends(simcord_env, "ana", "bob", "cai")
    table = (await ana.slash(group, "scopa new")).response
    await ana.select(table, ["expert"], custom_id=custom_ids_of_select(simcord_env, group, table))
    await ana.click(table, label="Start")
    moves = await play_out(simcord_env, group, [ana])
    assert moves > 10, "every click of hers found the bot's answer already played"
    said = " ".join(message_text(m) for m in ana.history(group))
    assert "wins the match" in said or "draw" in said
    assert refused_rest(simcord_env) == []


async def test_a_member_whose_time_is_up_is_claimed_by_the_others(simcord_env):
    _, group, (ana, bob, _) = friends(simcord_env, "ana", "bob", "cai")
    opened = await ana.slash(group, "scopa new", timer=30)
    table = opened.response
    await bob.click(table, label="Join")
    await ana.click(table, label="Start")
    tables = simcord_env.bot.service.tables
    idle = tables[1].match.turn
    waiting = [ana, bob][1 - idle]
    await simcord_env.advance_time(31)
    assert tables[1].match.turn == idle, "nobody's turn is played on its own there"
    hand_button = custom_ids(current(simcord_env, group, table), "esc:hand:")[0]
    await waiting.click(table, custom_id=hand_button)  # the next look shows it
    board = current(simcord_env, group, table)
    (claim,) = custom_ids(board, "esc:claim:")
    await waiting.click(board, custom_id=claim)
    assert tables[1].match.turn != idle, "the bot played the idle member's turn"
    assert tables[1].seats[idle].timeouts == 1


async def test_a_restart_and_a_board_older_than_its_tokens_come_back_with_the_next_click(
    simcord_env, bot_settings
):
    from bot.client import create_bot

    private, group, (ana, bob, _) = friends(simcord_env, "ana", "bob", "cai")
    table = await start_match(group, ana, bob)
    await simcord_env.advance_time(16 * 60)  # every token at the table has expired
    await simcord_env.restart_bot(create_bot(bot_settings))
    private.rewrap()
    before = current(simcord_env, group, table)
    hand_button = custom_ids(before, "esc:hand:")[0]
    mover = [ana, bob][simcord_env.bot.service.tables[1].match.turn]
    opened = await mover.click(before, custom_id=hand_button)
    panel = opened.followups[-1]
    assert "🤝 Friends' table" in message_text(panel) and "?" not in panel.embeds[0].description
    await mover.click(panel, custom_id=enabled(current(simcord_env, group, panel), "esc:card:")[0])
    after = current(simcord_env, group, table)
    assert message_text(after) != message_text(before), "the board follows the click"
    assert refused_rest(simcord_env) == []


async def test_commands_in_a_group_dm_follow_discords_rules(simcord_env):
    _, group, (ana, bob, _) = friends(simcord_env, "ana", "bob", "cai")
    with pytest.raises(SetupError, match="not installed"):
        await bob.slash(group, "scopa new")
    with pytest.raises(SetupError, match="not offered"):
        await ana.slash(group, "settings")
    await ana.slash(group, "scopa new")
    busy = await ana.slash(group, "escoba new")
    assert "already open in this conversation" in message_text(busy.response)


async def test_a_scopone_of_four_friends_and_their_records_in_dms(simcord_env):
    _, group, players = friends(simcord_env, "ana", "bob", "cai", "dan")
    ana = players[0]
    table = (await ana.slash(group, "scopone new")).response
    for friend in players[1:]:
        await friend.click(table, label="Join")
    await ana.click(table, label="Start")
    await play_out(simcord_env, group, players, max_moves=800)
    said = " ".join(message_text(m) for m in ana.history(group))
    assert "win the match" in said or "wins the match" in said
    history = (await ana.user.slash("history")).response.embeds[0]
    assert "#1" in (history.description or ""), "their friends' match, in their DMs"
    stats = (await ana.user.slash("stats")).response.embeds[0]
    assert [f.name for f in stats.fields] == ["🤝 Friends · Scopone"]
    assert "Rating" not in stats.fields[0].value, "unrated"


async def test_the_host_ends_a_friends_table_from_its_board(simcord_env):
    _, group, (ana, bob, _) = friends(simcord_env, "ana", "bob", "cai")
    table = await start_match(group, ana, bob)
    board = current(simcord_env, group, table)
    refused = answer(await bob.click(board, label="End match"))
    assert "Only the host" in message_text(refused)
    question = answer(await ana.click(board, label="End match"))
    await ana.click(current(simcord_env, group, question), label="Yes, end the match")
    assert simcord_env.bot.service.tables[1].status == "cancelled"
    said = " ".join(message_text(m) for m in bob.history(group))
    assert "cancelled" in said.lower()
    assert refused_rest(simcord_env) == []


async def test_table_brings_a_friends_board_back_as_its_answer(simcord_env):
    _, group, (ana, bob, _) = friends(simcord_env, "ana", "bob", "cai")
    table = await start_match(group, ana, bob)
    again = (await ana.slash(group, "table")).response
    board = current(simcord_env, group, again)
    assert board.id != table.id and custom_ids(board, "esc:hand:"), "the board, anew"
    mover = [ana, bob][simcord_env.bot.service.tables[1].match.turn]
    opened = await mover.click(board, custom_id=custom_ids(board, "esc:hand:")[0])
    panel = current(simcord_env, group, opened.followups[-1])
    await mover.click(panel, custom_id=enabled(panel, "esc:card:")[0])
    assert "move 2" in message_text(current(simcord_env, group, again))
    old = message_text(current(simcord_env, group, table))
    assert "This table's board moved below" in old, "the old board says where it went"
    assert refused_rest(simcord_env) == []


async def test_the_daily_deal_and_the_rules_answer_in_a_group_dm(simcord_env):
    _, group, (ana, _, _) = friends(simcord_env, "ana", "bob", "cai")
    daily = await ana.slash(group, "daily play", game="scopa")
    shown = daily.followups[-1] if daily.followups else daily.response
    assert shown.ephemeral and custom_ids(current(simcord_env, group, shown), "esc:daily:")
    rules = await ana.slash(group, "rules", game="scopa")
    assert "Scopa" in message_text(rules.followups[-1] if rules.followups else rules.response)
    assert refused_rest(simcord_env) == []


async def test_a_server_that_did_not_install_the_app_gets_a_friends_table(simcord_env):
    private = PrivateChannels(simcord_env)
    guild = simcord_env.create_guild("No app here")
    channel = guild.create_text_channel("games")
    users = [simcord_env.create_user(name) for name in ("ana", "bob")]
    for user in users:
        guild.add_member(user)
    private.install_for(users[0])
    private.without_app(guild, channel)
    ana, bob = (private.actor(user) for user in users)
    table = (await ana.slash(channel, "scopa new")).response
    await bob.click(table, label="Join")
    await ana.click(table, label="Start")
    await play_out(simcord_env, channel, [ana, bob])
    said = " ".join(message_text(m) for m in ana.history(channel))
    assert "wins the match" in said and "no rating moves" in said
    assert refused_rest(simcord_env) == [], "as in a group DM: answers only"

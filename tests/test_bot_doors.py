"""Doors (issue 46): every table click is taken only from where its table lives (a
tampered client carries a custom id to another server's or conversation's message),
and a member who is not seated is refused Leave at the first click."""

from __future__ import annotations

from bot.client import create_bot
from tests.discord_helpers import answer, current, custom_ids, make_world
from tests.test_bot_anywhere import friends
from tests.test_bot_fair_play import paired_pair
from tests.test_bot_quick import enter, seat
from tests.test_bot_tables import started
from tests.test_bot_tournament import carry_buttons

ELSEWHERE = "No such table here: that button belongs to a table of another server or conversation."


async def test_a_lobby_click_from_another_server_is_refused(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    lobby = (await ana.slash(channel, "escoba new")).response.message
    _, elsewhere, (zoe, yan) = make_world(simcord_env, "zoe", "yan")
    theirs = (await zoe.slash(elsewhere, "scopa new")).response.message
    carry_buttons(simcord_env, theirs, lobby)
    for label in ("Join", "Start"):
        refused = answer(await yan.click(current(simcord_env, theirs), label=label))
        assert refused.ephemeral and refused.message.content == ELSEWHERE, label
    table = simcord_env.bot.service.get(1)
    assert [seat.name for seat in table.seats] == ["ana"] and table.status == "lobby"


async def test_a_friends_lobby_click_from_another_group_dm_is_refused(simcord_env):
    private, group, (ana, bob) = friends(simcord_env, "ana", "bob")
    lobby = (await ana.slash(group, "scopa new")).response
    eve = simcord_env.create_user("eve")
    other = private.create_group_dm(ana.user, bob.user, eve, name="others")
    decoy = (await ana.slash(other, "escoba new")).response
    stored = simcord_env.backend.get_message(group.id, lobby.id)
    simcord_env.backend.edit_message(other.id, decoy.id, {"components": stored.components})
    refused = answer(await bob.click(decoy, label="Join"))
    assert refused.ephemeral and refused.message.content == ELSEWHERE
    assert [seat.name for seat in simcord_env.bot.service.get(1).seats] == ["ana"]
    await bob.click(lobby, label="Join")  # from its own group DM, the same click is taken
    assert [seat.name for seat in simcord_env.bot.service.get(1).seats] == ["ana", "bob"]


async def test_a_member_who_is_not_seated_is_refused_leave_at_the_first_click(simcord_env):
    (_, ana), _ = await paired_pair(simcord_env)
    _, there, (cai,) = make_world(simcord_env, "cai")
    (searching,) = await enter((there, cai))  # cai's DMs hold the pool's line
    await cai.click(current(simcord_env, searching.message), label="Cancel")
    line = cai.user.dm_channel.history()[-1]
    carry_buttons(simcord_env, line, seat(ana))  # ana's Leave, carried to cai's DMs
    asked = answer(await cai.user.click(current(simcord_env, line), custom_id="esc:seat:1:leave"))
    assert asked.message.content == "You are not seated at this table."
    assert not asked.message.components, "no Yes, leave to press"
    assert simcord_env.bot.service.get(1).status == "playing"


async def test_a_friends_match_is_open_to_its_players_and_its_conversation_only(simcord_env):
    from tests.test_bot_anywhere import play_out, start_match

    private, group, (ana, bob, cai) = friends(simcord_env, "ana", "bob", "cai")
    await start_match(group, ana, bob)
    await play_out(simcord_env, group, [ana, bob])
    eve = simcord_env.create_user("eve")  # guesses the number, from her DM with the bot
    for command, refusal in (
        ("replay", "That match is not a finished match you can look at here"),
        ("review", "That match is not a finished match you can look at here"),
        ("verify", "There is no match #1 here that you can look at."),
    ):
        refused = answer(await eve.slash(command, match=1)).message
        assert refused.content.startswith(refusal), command
        assert not refused.embeds and not refused.attachments, command
    opened = answer(await bob.user.slash("verify", match=1)).message  # a player, elsewhere
    assert opened.embeds[0].title.startswith("✅ Match #1")
    private.install_for(cai.user)
    watched = answer(await cai.slash(group, "verify", match=1)).message  # the group DM
    assert watched.embeds[0].title.startswith("✅ Match #1")
    replayed = answer(await cai.slash(group, "replay", match=1)).message
    assert "not a finished match" not in replayed.content


async def test_a_board_and_a_rematch_carried_to_another_server_are_refused(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    theirs = await started(simcord_env, "zoe", "yan")  # table #2, in another server
    zoe = theirs.players[0]
    carry_buttons(simcord_env, theirs.board(), driver.board())
    refused = answer(await zoe.click(theirs.board(), custom_id="esc:hand:1"))
    assert refused.ephemeral and refused.message.content == ELSEWHERE
    await driver.play_to_end()
    finished = next(m for m in driver.thread.history() if custom_ids(m, "esc:rematch:"))
    decoy = (await zoe.slash(theirs.channel, "scopa new")).response.message
    await simcord_env.restart_bot(create_bot(simcord_env.bot.settings))  # #1 not in memory
    carry_buttons(simcord_env, decoy, finished)
    rematch = answer(await zoe.click(current(simcord_env, decoy), custom_id="esc:rematch:1"))
    assert rematch.message.content == ELSEWHERE
    assert not any(t.rematch_of == 1 for t in simcord_env.bot.service.tables.values())

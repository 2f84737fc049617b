"""Slash commands, lobby options, permissions, timers and pauses, in SimCord."""

from __future__ import annotations

import discord
import simcord

from bot.client import create_bot
from tests.discord_helpers import (
    TableDriver,
    answer,
    board_part,
    current,
    custom_ids,
    make_world,
    select_options,
)
from tests.test_bot_tables import hand_number, started


async def test_missing_permissions_are_named(simcord_env):
    guild = simcord_env.create_guild()
    bot_member = guild.me
    channel = guild.create_text_channel(
        "no-embeds", overwrites={bot_member: discord.PermissionOverwrite(embed_links=False)}
    )
    ana = guild.add_member(simcord_env.create_user("ana"))
    result = await ana.slash(channel, "escoba new")
    assert result.ephemeral
    assert result.response.content == "I need these permissions in this channel: Embed Links."
    assert list(channel.history()) == []


async def test_without_threads_one_table_per_channel(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(
        "no-threads",
        overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    ana = guild.add_member(simcord_env.create_user("ana"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    first = await ana.slash(channel, "escoba new")
    assert "Create Public Threads" in answer(first).content
    assert channel.threads == []
    second = await bob.slash(channel, "scopa new")
    assert second.response.content.startswith("This channel already has a table in play.")

    driver = TableDriver(simcord_env, channel, [ana, bob], lobby=first.response.message)
    await driver.seat_and_start()
    assert driver.board().channel.id == channel.id
    await driver.play_turn()


async def test_lobby_teams_advanced_options_and_cancel(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", scoring="pagat", timer=45)
    lobby = driver.lobby.embeds[0].description
    assert "Scoring: Pagat (classic)" in lobby and "Turn timer: 45 s" in lobby
    assert custom_ids(driver.lobby, "esc:lobby:1:team") == []

    await bob.click(driver.lobby, label="Join")
    refused = await bob.select(driver.lobby, ["1"], custom_id="esc:adv:1")
    assert answer(refused).content == "Only the host can do that."
    await ana.select(driver.lobby, ["1"], custom_id="esc:adv:1")
    current = next(m for m in channel.history() if m.id == driver.lobby.id)
    assert "French deck, 40 cards (no 8, 9, 10)" in current.embeds[0].description
    menu = {option.label: option for option in select_options(current, "esc:adv:1")}
    chosen = "Deck: French cards without 8, 9, 10 (J, Q, K count 8, 9, 10)"
    assert menu[chosen].description.startswith("Chosen")
    assert "Deck: Spanish cards" in menu, "the way back to the default"
    assert "Taking no cards in a hand: no penalty" not in menu, "pagat has none"
    await ana.select(current, ["1"], custom_id="esc:adv:1")
    current = next(m for m in channel.history() if m.id == driver.lobby.id)
    assert "Spanish deck, 40 cards" in current.embeds[0].description, "choosing it again undoes it"

    not_host = await bob.click(current, label="Cancel")
    assert answer(not_host).content == (
        "Only the host or someone with Manage Server can cancel this table."
    )
    await ana.click(current, label="Cancel")
    closed = next(m for m in channel.history() if m.id == driver.lobby.id)
    assert closed.components == []
    assert closed.embeds[0].footer.text == "This table was cancelled."


async def test_teams_are_refused_where_the_players_cannot_sit_in_teams(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    pair = await ana.slash(channel, "escoba new", players=2, teams=True)
    assert answer(pair).content == "Teams need 4 or 6 players."
    six = await ana.slash(channel, "escoba new", players=6, teams=False)
    assert answer(six).content == "Six players always play in teams (two of three)."
    assert channel.threads == [], "no table was opened"


async def test_the_rules_menu_offers_only_what_fits_the_table(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", "carla")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("rubamazzo new", players=3)
    labels = [option.label for option in select_options(driver.lobby, "esc:adv:1")]
    assert "Cards per deal: 9" not in labels, "9 × 3 cannot be dealt from 36 cards"
    assert "On a tie: a draw" in labels and "An ace takes the whole table: yes" in labels


async def test_hand_table_rules_leave_and_rematch(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1)
    assert "Format: one hand (a tie plays another)\n" in driver.lobby.embeds[0].description
    await ana.select(driver.lobby, ["2"], custom_id="esc:adv:1")
    await driver.seat_and_start()
    hand = await ana.slash(driver.thread, "hand")
    assert hand.ephemeral and answer(hand).embeds[0].title.endswith("your hand")
    stranger = simcord_env.guild.add_member(simcord_env.create_user("eve"))
    none = await stranger.slash(driver.thread, "hand")
    assert answer(none).content == "You have no table in play here."

    old_board = driver.board().id
    moved = await bob.slash(driver.thread, "table")
    assert answer(moved).content == "The board is at the bottom again."
    assert driver.board().id != old_board
    assert list(driver.thread.history())[-1].id == driver.board().id

    rules = await ana.slash(driver.thread, "rules")
    text = rules.response.embeds[0].description
    assert "add up to 15" in text
    assert "One hand decides the match" in text
    scopa = await ana.slash(driver.channel, "rules", game="scopa")
    assert "settebello" in scopa.response.embeds[0].description

    await driver.play_to_end()
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    again = await bob.click(final, label="Rematch")
    lobby = again.response.message
    assert lobby.embeds[0].title == "Escoba · table #2"
    assert "French deck, 40 cards (no J, Q, K)" in lobby.embeds[0].description, "the same rules"
    twice = await ana.click(final, label="Rematch")
    assert answer(twice).content.startswith("This thread already has a table in play: join it")
    await ana.click(lobby, label="Join")
    left = await ana.slash(driver.thread, "leave")
    assert answer(left).content == "You left table #2."


async def test_cancel_where_several_tables_are_open(simcord_env):
    _, channel, (ana, bob, mod) = make_world(simcord_env, "ana", "bob", "mod", admin="mod")
    await ana.slash(channel, "escoba new")
    await bob.slash(channel, "scopa new")
    refused = await mod.slash(channel, "cancel")
    assert answer(refused).content == (
        "Several tables are open here: use /cancel in the table's own thread."
    )
    thread = channel.threads[-1]
    cancelled = await mod.slash(thread, "cancel")
    assert answer(cancelled).content == "Table #2 is cancelled."


async def test_leaving_a_match_abandons_it(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    ana, bob = driver.players
    await driver.play_turn()
    asked = answer(await bob.slash(driver.thread, "leave"))
    assert asked.content == ("Leaving ends match #1 for everyone, and it counts for nobody. Leave?")
    assert not any("A player left" in m.content for m in driver.thread.history())
    await bob.click(asked.message, label="Yes, leave")
    assert current(driver.env, asked.message).content == "You left table #1."
    assert any("A player left" in m.content for m in driver.thread.history())
    assert custom_ids(driver.board(), "esc:") == []
    hand = await ana.slash(driver.thread, "hand")
    assert answer(hand).content == "You have no table in play here."


async def test_next_hand_is_dealt_after_a_pause(bot_settings):
    settings = bot_settings.model_copy(update={"hand_pause": 3.0})
    async with simcord.run(create_bot(settings)) as env:
        driver = await started(env, "ana", "bob")
        while hand_number(driver) == 1:
            await driver.play_turn()
        sheet = next(
            m for m in driver.thread.history() if m.embeds and "hand 1 results" in m.embeds[0].title
        )
        board = driver.board()
        assert (board.created_at - sheet.created_at).total_seconds() >= 3, "a fresh board"


async def test_a_spanish_server_plays_in_spanish_by_default(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bea", locale="es-ES")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new")
    assert driver.lobby.embeds[0].footer.text.startswith("Únete")
    await players[1].click(driver.lobby, label="Unirme")
    await players[0].click(driver.lobby, label="Empezar")
    assert driver.thread.name == "Mesa #1 de Escoba"
    for _ in range(4):
        await driver.play_turn()
    board = driver.board()
    assert board_part(board, "turn").startswith("### ▶ Turno: <@")
    assert " juega " in board_part(board, "log")
    assert board_part(board, "status").count("en mano") == 2
    assert driver.board_counts() == 40


async def test_dev_guild_gets_the_commands_at_once_and_nothing_global(bot_settings):
    dev_id = 4242424242
    env = simcord.Env(create_bot(bot_settings.model_copy(update={"dev_guild_id": dev_id})))
    guild = env.create_guild(id=dev_id)
    await env.start()
    try:
        channel = guild.create_text_channel("dev")
        ana = guild.add_member(env.create_user("ana"))
        assert "escoba new" in ana.available_commands(channel)
        syncs = [r.path for r in env.http_requests if r.method == "PUT" and "commands" in r.path]
        assert syncs and all(f"/guilds/{dev_id}/" in path for path in syncs)
        result = await ana.slash(channel, "escoba new")
        assert result.response.embeds[0].title == "Escoba · table #1"
    finally:
        await env.shutdown()


async def test_an_italian_server_plays_scopa_in_italian(simcord_env):
    _, channel, players = make_world(simcord_env, "ada", "bice", locale="it")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new")
    assert driver.lobby.embeds[0].title == "Scopa · tavolo #1"
    await players[1].click(driver.lobby, label="Unisciti")
    await players[0].click(driver.lobby, label="Inizia")
    status = board_part(driver.board(), "status")
    assert "Scopa · tavolo #1" in status
    assert status.count("3 in mano") == 2 and "scope 0" in status


async def test_cancel_without_the_right_is_refused_before_any_question(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    eve = driver.channel.guild.add_member(simcord_env.create_user("eve"))
    refused = await eve.slash(driver.thread, "cancel")
    assert answer(refused).content == (
        "Only the host or someone with Manage Server can cancel this table."
    )
    assert not custom_ids(answer(refused), "esc:confirm:"), "no 'end the match?' to confirm"
    assert simcord_env.bot.service.tables[1].status == "playing"


async def test_a_discord_failure_after_a_save_is_told_as_saved(simcord_env, caplog):
    driver = await started(simcord_env, "ana", "bob")
    ana = driver.players[0]
    asked = await ana.slash(driver.thread, "cancel")
    simcord_env.inject_error("PATCH", "/webhooks/*/messages/@original", status=500, times=1)
    confirmed = await ana.click(answer(asked).message, label="Yes, end the match")
    said = [followup.content for followup in confirmed.followups]
    assert any("That was saved, but showing it failed" in text for text in said), said
    assert not any("nothing was changed" in text for text in said)
    assert simcord_env.bot.service.tables[1].status == "cancelled", "and it was"

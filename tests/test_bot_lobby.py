"""Lobbies and results as a newcomer meets them: rematch, rating changes, the lobby's
lines and controls (issue 13)."""

from __future__ import annotations

import re

import pytest

from bot.games import game_type
from bot.games.scoring import score_escoba
from bot.i18n import tr
from bot.screens.cards import CardFaces
from bot.screens.common import advanced_text
from bot.screens.hand_score import hand_score_embed
from bot.tables import Seat, Table, validate_options
from tests.discord_helpers import (
    BOT_SELECT,
    TableDriver,
    answer,
    board_part,
    current,
    custom_ids,
    enabled,
    field_value,
    make_world,
    message_text,
    select_options,
)

ALL_CARDS = (1 << 40) - 1


def latest(channel, message):
    """The current state of ``message``."""
    return next(m for m in channel.history() if m.id == message.id)


def final_message(driver: TableDriver):
    return [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]


async def test_rematch_seats_the_presser_and_the_bots_and_pings_the_others(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", players=3, target=1)
    await ana.select(driver.lobby, ["expert"], custom_id=BOT_SELECT)
    await driver.seat_and_start()
    await driver.play_to_end()

    again = await bob.click(final_message(driver), label="Rematch")
    lobby = again.response.message
    assert lobby.embeds[0].title == "Escoba · table #2"
    seats = field_value(lobby.embeds[0], "Seats")
    assert seats.splitlines() == [
        "1. bob (host)",
        "2. 🤖 Hard bot",
        "3. free seat",
    ], "the presser hosts, the bot sits again at its level"
    assert lobby.content == f"Rematch of table #1: {ana.mention}, press Join to play again."
    assert ana.id in {user.id for user in lobby.mentions}, "ana is pinged"

    await ana.click(lobby, label="Join")
    await bob.click(latest(driver.thread, lobby), label="Start")
    started = latest(driver.thread, lobby)
    assert started.embeds[0].footer.text.startswith("The match has started")


async def test_a_rematch_against_bots_alone_is_ready_to_start(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    driver = TableDriver(simcord_env, channel, [ana])
    await driver.open("scopa new", target=11)
    await ana.select(driver.lobby, ["greedy"], custom_id=BOT_SELECT)
    await ana.click(latest(channel, driver.lobby), label="Start")
    await driver.play_to_end()

    again = await ana.click(final_message(driver), label="Rematch")
    lobby = again.response.message
    assert lobby.content == "", "nobody else to invite"
    assert field_value(lobby.embeds[0], "Seats").endswith("2. 🤖 Normal bot")
    await ana.click(lobby, label="Start")
    assert "Normal bot" in board_part(driver.board(), "status")


async def test_the_match_result_shows_each_members_rating_change(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana = players[0]
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    await driver.play_to_end()

    result = final_message(driver).embeds[0]
    lines = field_value(result, "Ratings").splitlines()
    changes = {}
    for line in lines:
        match = re.fullmatch(r"(\w+): rating 1000 → (\d+) \(([+-]\d+)\)", line)
        assert match, line
        name, after, change = match.group(1), int(match.group(2)), int(match.group(3))
        assert after - 1000 == change
        changes[name] = change
    assert set(changes) == {"ana", "bob"}
    winner = "ana" if "ana wins" in result.title else "bob"
    loser = "bob" if winner == "ana" else "ana"
    assert changes[winner] > 0 > changes[loser]

    board = await ana.slash(channel, "leaderboard", game="escoba", season="all")
    text = board.response.embeds[0].description
    for name in ("ana", "bob"):
        assert f"**{1000 + changes[name]}**" in text, "the leaderboard agrees"


def sheet_lines(embed) -> dict[str, list[str]]:
    return {item.name: item.value.splitlines() for item in embed.fields}


def escoba_table(**options) -> Table:
    return Table(
        id=1,
        guild_id=1,
        channel_id=2,
        host_id=10,
        game="escoba",
        options=validate_options("escoba", options),
        locale="en",
        seats=[Seat(user_id=10, name="ana"), Seat(user_id=11, name="bob")],
    )


def hand_event(table: Table, ana_pile: int) -> dict:
    """A hand where ana took ``ana_pile`` and bob the rest of the deck, scored by the
    table's own rules."""
    piles = [ana_pile, ALL_CARDS & ~ana_pile]
    score = score_escoba(piles, [1, 0], table.engine.scoring)
    return {"kind": "hand_scored", "hand": 0, "score": score.to_dict(), "totals": [5, 0]}


def pile_with(*cards: int, size: int = 24) -> int:
    """``cards`` and the lowest other cards up to ``size`` cards (no more sevens or coins)."""
    pile = sum(1 << card for card in cards)
    for card in range(40):
        if pile.bit_count() >= size:
            break
        if card % 10 != 6 and card >= 10:
            pile |= 1 << card
    return pile


SEVENS = (6, 16, 26, 36)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_all_four_sevens_reads_as_one_line_in_place_of_the_sevens_rows(lang):
    table = escoba_table()
    embed = hand_score_embed(table, hand_event(table, pile_with(*SEVENS)), lang, CardFaces())
    ana, bob = sheet_lines(embed)["ana"], sheet_lines(embed)["bob"]
    names = {key: tr(lang, f"category.{key}") for key in ("all_sevens", "seven_of_coins", "sevens")}
    expected = {
        "en": "All four sevens: **3** (instead of seven of coins and sevens)",
        "es": "Los cuatro sietes: **3** (en lugar del siete de oros y los sietes)",
        "it": "Tutti e quattro i sette: **3** (al posto di settebello e sette)",
    }
    assert expected[lang] in ana
    for line in ana + bob:
        assert not line.startswith((f"{names['seven_of_coins']}:", f"{names['sevens']}:")), line
    assert not any(line.startswith(names["all_sevens"]) for line in bob)


def test_without_all_sevens_the_sheet_lists_the_seven_of_coins_and_sevens():
    table = escoba_table()
    embed = hand_score_embed(table, hand_event(table, pile_with(6, 16, 26)), "en", CardFaces())
    ana = sheet_lines(embed)["ana"]
    assert "Seven of coins: **1**" in ana and "Sevens: **1** (3)" in ana
    assert not any(line.startswith("All four sevens") for line in ana)


def test_all_sevens_in_place_of_most_sevens_keeps_the_seven_of_coins_row():
    table = escoba_table(all_sevens_mode="replace_majority")
    embed = hand_score_embed(table, hand_event(table, pile_with(*SEVENS)), "en", CardFaces())
    ana = sheet_lines(embed)["ana"]
    assert "All four sevens: **3** (instead of sevens)" in ana
    assert "Seven of coins: **1**" in ana
    assert not any(line.startswith("Sevens:") for line in ana)


def test_all_ten_coins_reads_in_place_of_the_coins_row():
    table = escoba_table()
    embed = hand_score_embed(table, hand_event(table, pile_with(*range(10))), "en", CardFaces())
    ana, bob = sheet_lines(embed)["ana"], sheet_lines(embed)["bob"]
    assert "All ten coins: **2** (instead of coins)" in ana
    assert not any(line.startswith("Coins:") for line in ana + bob)


def lobby_lines(message) -> list[str]:
    return message.embeds[0].description.splitlines()


async def test_the_lobby_names_the_deck_and_the_host_picks_the_target(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new")
    assert lobby_lines(driver.lobby)[:3] == [
        "Players: 2",
        "Spanish deck, 40 cards",
        "Target: 21 points",
    ]
    menu = select_options(driver.lobby, "esc:target:1")
    assert [option.label for option in menu] == [  # Escoba's targets (RULES.md)
        "One hand (a tie plays another)",
        "Play to 15 points",
        "Play to 21 points",
        "Play to 31 points",
    ]
    assert [option.label for option in menu if option.default] == ["Play to 21 points"]

    refused = await bob.select(driver.lobby, ["31"], custom_id="esc:target:1")
    assert answer(refused).content == "Only the host can do that."
    await ana.select(driver.lobby, ["15"], custom_id="esc:target:1")
    lobby = latest(channel, driver.lobby)
    assert "Target: 15 points" in lobby_lines(lobby)
    assert [o.label for o in select_options(lobby, "esc:target:1") if o.default] == [
        "Play to 15 points"
    ]
    await driver.seat_and_start()
    assert (
        "first side to reach 15 points"
        in (await ana.slash(driver.thread, "rules")).response.embeds[0].description
    )


async def test_scopa_and_rubamazzo_lobbies_name_their_deck(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    scopa = await ana.slash(channel, "scopa new")
    lines = lobby_lines(scopa.response.message)
    assert lines[1] == "Italian deck, 40 cards" and "Target: 11 points" in lines
    rubamazzo = await ana.slash(channel, "rubamazzo new")
    message = rubamazzo.response.message
    assert lobby_lines(message)[1] == "Italian deck, 40 cards"
    assert select_options(message, "esc:target:3") == [], "Rubamazzo has no target"


async def test_a_one_hand_match_is_decided_by_its_first_hand(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, _ = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new")
    await ana.select(driver.lobby, ["1"], custom_id="esc:target:1")
    assert "Format: one hand (a tie plays another)" in lobby_lines(latest(channel, driver.lobby))
    await driver.seat_and_start()
    board = (await ana.slash(driver.thread, "rules")).response.embeds[0].description
    assert "One hand decides the match; if the sides tie, another hand is played." in board
    assert "Score (one hand)" in message_text(driver.board())
    await driver.play_to_end()

    line = next(t for t in message_text(driver.board()).splitlines() if "Score (one hand)" in t)
    scores = [int(n) for n in re.findall(r"\*\*(\d+)\*\*", line)]
    assert len(scores) == 2 and max(scores) >= 1
    assert scores.count(max(scores)) == 1, "a tie would have played another hand"
    assert "The hand decided the match." in message_text(final_message(driver))


async def test_join_is_disabled_while_the_table_is_full(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    bob = players[1]
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new")
    join = "esc:lobby:1:join"
    assert join in enabled(driver.lobby, "esc:lobby:")
    await bob.click(driver.lobby, label="Join")
    assert join not in enabled(latest(channel, driver.lobby), "esc:lobby:")
    await bob.click(latest(channel, driver.lobby), label="Leave")
    assert join in enabled(latest(channel, driver.lobby), "esc:lobby:")


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("game", ["escoba", "scopa", "scopone", "cirulla", "rubamazzo"])
def test_every_lobby_rule_reads_as_plain_words(game, lang):
    """Every line a lobby can show for a rule: no option codes, no bare card ranges,
    within Discord's 100 characters for a menu entry."""
    for name, value in game_type(game).menu_choices:
        line = advanced_text(name, value, lang)
        assert len(line) <= 100, line
        assert "_" not in line and "A–" not in line, line
        assert not line.lower().startswith(("initial ", "majority", "shut-out")), line
    assert tr(lang, f"lobby.deck.{validate_options(game, {})['deck']}")


async def test_the_team_lobby_shows_the_team_each_bot_will_join(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    driver = TableDriver(simcord_env, channel, [ana])
    await driver.open("escoba new", players=4, teams=True)
    await ana.click(driver.lobby, label="Team B")
    for level in ("random", "greedy", "expert"):
        await ana.select(latest(channel, driver.lobby), [level], custom_id=BOT_SELECT)
    lobby = latest(channel, driver.lobby)
    lines = field_value(lobby.embeds[0], "Seats").splitlines()
    teams = [line.rsplit("· team ", 1)[1] for line in lines]
    assert teams == ["B", "A", "A", "B"], "ana's choice, then the bots in the free places"
    await ana.click(lobby, label="Start")
    table = simcord_env.bot.service.tables[1]
    side_of = table.engine.side_of
    played = {seat.user_id: "AB"[side_of[index]] for index, seat in enumerate(table.seats)}
    joined = [ana.id, -1, -2, -3]  # seated in this order; bots have negative ids
    assert played == dict(zip(joined, teams, strict=True)), "seated as the lobby said"


async def test_a_named_variant_sets_its_rules_in_the_lobby(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    driver = TableDriver(simcord_env, channel, [ana])
    await driver.open("scopa new", variant="scopa_d_assi")
    summary = driver.lobby.embeds[0].description or ""
    assert "An ace takes the whole table: yes" in summary and "Target: 31 points" in summary
    assert "Napola: a run of coins from the ace scores its length: yes" in summary
    table = simcord_env.bot.service.tables[1]
    assert table.options["ace_takes_all"] is True and table.options["target_score"] == 31
    assert table.settings.advanced == {"ace_takes_all": True, "napola": True}
    await ana.select(latest(channel, driver.lobby), ["expert"], custom_id=BOT_SELECT)
    await ana.click(latest(channel, driver.lobby), label="Start")
    assert simcord_env.bot.service.tables[1].engine.aces
    assert driver.lobby.embeds[0].title == "Scopa d'Assi · table #1", "named where it shows"
    assert "Scopa d'Assi · table #1" in board_part(driver.board(), "status")
    rules = (await ana.slash(driver.thread, "rules")).response.embeds[0]
    assert rules.title.startswith("Scopa d'Assi")


async def test_scopa_takes_the_sums_of_fewest_cards_from_the_advanced_rules(simcord_env):
    """RULES.md G.0.1's sum_choice, for Scopa as for Scopone: in the lobby's menu, then
    in the table's rules and in /rules."""
    _, channel, (ana,) = make_world(simcord_env, "ana")
    driver = TableDriver(simcord_env, channel, [ana])
    await driver.open("scopa new")
    fewest = "Sums: only the sums with the fewest cards"
    menu = {option.label: option.value for option in select_options(driver.lobby, "esc:adv:1")}
    await ana.select(driver.lobby, [menu[fewest]], custom_id="esc:adv:1")
    assert fewest in (latest(channel, driver.lobby).embeds[0].description or "")
    await ana.select(latest(channel, driver.lobby), ["expert"], custom_id=BOT_SELECT)
    await ana.click(latest(channel, driver.lobby), label="Start")
    assert simcord_env.bot.service.tables[1].engine.fewest_cards
    rules = (await ana.slash(driver.thread, "rules")).response.embeds[0].description
    assert f"• {fewest}" in rules


async def test_a_managers_rights_hold_only_in_their_own_server(simcord_env):
    """A lobby's Cancel carried to another server's message (a tampered client): that
    server's manager is no manager of the table."""
    _, channel, (ana,) = make_world(simcord_env, "ana")
    lobby = (await ana.slash(channel, "escoba new")).response.message
    _, elsewhere, (zoe,) = make_world(simcord_env, "zoe", admin="zoe")
    theirs = (await zoe.slash(elsewhere, "scopa new")).response.message
    stored = simcord_env.backend.get_message(lobby.channel.id, lobby.id)
    simcord_env.backend.edit_message(
        theirs.channel.id, theirs.id, {"components": stored.components}
    )
    refused = answer(await zoe.click(current(simcord_env, theirs), label="Cancel"))
    assert refused.ephemeral
    assert simcord_env.bot.service.get(1).status == "lobby", "table #1 is still open"

"""Drive tables in SimCord the way players do: slash commands, lobby buttons, DM or
ephemeral hand panels, board buttons. Everything here reads what users see."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import discord
from simcord.results import to_discord_message

from bot.screens.cards import wanted_emojis

CARD_CODE = re.compile(r"(?<![\w#@:])([1-7SFCR][ocebds])(?![\w])")
"""A card as the Spanish (``7o``, ``Sc``) and Italian (``7d``, ``Fc``) decks code it:
what members should never read."""
CARD_EMOJI = re.compile(r"<:(\w+):\d+>")
CARD_OF_EMOJI = {name: card for name, (card, _) in wanted_emojis().items()}
SCORE_SHEET = re.compile(r"hand \d+ results|resultado de la mano")
BOARD_FOOTER = re.compile(r"· (move|jugada|mossa) (\d+)$", re.M)


def components(message: discord.Message) -> list:
    """Every component of a message, nested ones (V2 containers, rows) included."""
    found, stack = [], list(reversed(message.components))
    while stack:
        component = stack.pop()
        found.append(component)
        stack.extend(reversed(getattr(component, "children", []) or []))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return found


def buttons(message: discord.Message) -> list[discord.Button]:
    return [c for c in components(message) if isinstance(c, discord.Button)]


def texts(message: discord.Message) -> list[str]:
    """The text displays of a Components V2 message, in order."""
    return [c.content for c in components(message) if isinstance(c, discord.TextDisplay)]


def board_part(board: discord.Message, part: str) -> str:
    """One text of the board: ``turn`` (whose turn, the clock), ``table`` (the cards on
    it), ``log`` (the hand so far) or ``status`` (scores, players, stock, footer)."""
    turn, table, log, status = texts(board)
    return {"turn": turn, "table": table, "log": log, "status": status}[part]


def board_picture(board: discord.Message) -> str | None:
    """The URL of the board's picture, or None when it shows none."""
    for component in components(board):
        if isinstance(component, discord.MediaGalleryComponent):
            return component.items[0].media.url
    return None


def select_options(message: discord.Message, custom_id: str) -> list[discord.SelectOption]:
    """The options of the message's select menu ``custom_id`` (none if it has no such menu)."""
    for child in components(message):
        if isinstance(child, discord.SelectMenu) and child.custom_id == custom_id:
            return child.options
    return []


def select_ids(message: discord.Message, prefix: str) -> list[str]:
    """The custom ids of the message's select menus that start with ``prefix``."""
    return [
        child.custom_id
        for child in components(message)
        if isinstance(child, discord.SelectMenu) and child.custom_id.startswith(prefix)
    ]


def custom_ids(message: discord.Message, prefix: str) -> list[str]:
    return [b.custom_id for b in buttons(message) if (b.custom_id or "").startswith(prefix)]


def enabled(message: discord.Message, prefix: str) -> list[str]:
    return [
        b.custom_id
        for b in buttons(message)
        if (b.custom_id or "").startswith(prefix) and not b.disabled
    ]


def current(env, message: discord.Message) -> discord.Message:
    """``message`` as it is now (an ephemeral or DM message edited since it was shown)."""
    return to_discord_message(env, env.backend.get_message(message.channel.id, message.id))


def answer(result):
    """What an interaction showed its user: a followup, else the (deferred) response."""
    return result.followups[-1] if result.followups else result.response


def field_value(embed: discord.Embed, *names: str) -> str:
    for item in embed.fields:
        if item.name.split(" (")[0] in names:
            return item.value
    raise KeyError(names)


def message_text(message: discord.Message) -> str:
    """Everything a viewer can read on a message: content, embeds, button labels."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        for item in embed.fields:
            parts += [item.name, item.value]
    parts += texts(message)
    parts += [b.label or "" for b in buttons(message)]
    return "\n".join(parts)


def shown_cards(text: str) -> list[int]:
    """The cards a text shows by their emojis, in order."""
    return [CARD_OF_EMOJI[name] for name in CARD_EMOJI.findall(text) if name in CARD_OF_EMOJI]


def hand_cards(panel: discord.Message) -> set[int]:
    hand = field_value(panel.embeds[0], "Your hand", "Tu mano", "La tua mano")
    return set(shown_cards(hand))


@dataclass
class TableDriver:
    """One table, from the lobby to the end, as its players see it."""

    env: object
    channel: object
    players: list
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    dm_closed: set[int] = field(default_factory=set)
    lobby: discord.Message | None = None

    async def open(self, command: str = "escoba new", **options):
        host = self.players[0]
        result = await host.slash(self.channel, command, **options)
        self.lobby = result.response.message
        return result

    async def seat_and_start(self) -> None:
        for player in self.players[1:]:
            await player.click(self.lobby, label="Join")
        await self.players[0].click(self.lobby, label="Start")

    @property
    def thread(self):
        threads = self.channel.threads
        return threads[-1] if threads else self.channel

    def public_messages(self) -> list[discord.Message]:
        return list(self.channel.history()) + (
            list(self.thread.history()) if self.thread is not self.channel else []
        )

    def board(self) -> discord.Message:
        for message in reversed(list(self.thread.history())):
            if any(BOARD_FOOTER.search(text) for text in texts(message)):
                return message
        raise AssertionError("no board in the thread")

    def board_version(self) -> int:
        return int(BOARD_FOOTER.search(board_part(self.board(), "status")).group(2))

    def actor(self):
        """The player the board names at its top, or None when the match is over."""
        turn = board_part(self.board(), "turn")
        match = re.search(r"<@(\d+)>", turn)
        if match is None:
            return None
        return next(p for p in self.players if p.id == int(match.group(1)))

    def dm_panel(self, player) -> discord.Message:
        """The player's DM panel: their latest DM with a hand (a turn ping may follow it)."""
        return [m for m in player.user.dm_channel.history() if m.embeds][-1]

    async def panel(self, player) -> tuple[discord.Message, object]:
        """The player's hand panel and who clicks on it: the DM one (as the user), or
        the ephemeral one from "My hand" (as the member)."""
        if player.id not in self.dm_closed:
            return self.dm_panel(player), player.user
        result = await player.click(
            self.board(), custom_id=custom_ids(self.board(), "esc:hand:")[0]
        )
        return answer(result).message, player

    async def play_turn(self, *, claim: bool = False) -> None:
        """The player to act plays a random card, and picks a capture if its panel asks."""
        actor = self.actor()
        board = self.board()
        claims = custom_ids(board, "esc:move:")
        if claims and claim:
            await actor.click(board, custom_id=self.rng.choice(claims))
            return
        panel, clicker = await self.panel(actor)
        calls = custom_ids(panel, "esc:move:")
        if calls:  # a hand to declare (Cirulla): declare it, then play from the new panel
            await clicker.click(panel, custom_id=self.rng.choice(calls))
            panel, clicker = await self.panel(actor)
            assert not custom_ids(panel, "esc:move:"), "a hand is declared once a round"
        cards = enabled(panel, "esc:card:")
        assert cards, "the player to act has no enabled card"
        await clicker.click(panel, custom_id=self.rng.choice(cards))
        shown = current(self.env, panel)
        choices = custom_ids(shown, "esc:move:")
        if choices:  # a card that takes in several ways: its panel offers each
            await clicker.click(shown, custom_id=self.rng.choice(choices))

    def is_over(self) -> bool:
        return any(custom_ids(m, "esc:rematch:") for m in self.thread.history())

    async def play_to_end(self, *, max_turns: int = 2000, after_turn=None) -> int:
        turns = 0
        while not self.is_over():
            await self.play_turn()
            turns += 1
            if after_turn is not None:
                after_turn(self)
            assert turns < max_turns, "the match did not end"
        return turns

    def board_counts(self) -> int:
        """Cards the board accounts for: in hands, in piles, on the table and in the stock."""
        board = self.board()
        status = board_part(board, "status")
        in_hands = sum(int(n) for n in re.findall(r"(\d+) (?:in hand|en mano|in mano)", status))
        piles = sum(int(n) for n in re.findall(r"(?:pile|montón|mazzetto) (\d+)", status))
        table = len(shown_cards(board_part(board, "table")))
        shown = re.search(r"(?:Stock|Mazo|Mazzo):\*\* (\d+)", status)
        stock = int(shown.group(1)) if shown else 0  # no stock line: the deck is all dealt
        return in_hands + piles + table + stock


class LeakChecker:
    """After each turn: no card of any hand (read from the DM panels) is in the board or in
    any public message posted since the last check. A hand's score sheet is about the
    finished hand, whose cards are dealt again in the next one, so it is not compared."""

    def __init__(self) -> None:
        self.seen: set[int] = set()
        self.checks = 0

    def __call__(self, driver: TableDriver) -> None:
        hidden = set()
        for player in driver.players:
            hidden |= hand_cards(driver.dm_panel(player))
        hidden -= declared_cards(driver.board())
        fresh = [driver.board()]
        for message in driver.public_messages():
            if message.id not in self.seen:
                self.seen.add(message.id)
                if not is_score_sheet(message):
                    fresh.append(message)
        for message in fresh:
            text = message_text(message)
            leaked = set(shown_cards(text)) & hidden
            assert not leaked, f"hidden {leaked} shown in public: {text!r}"
            assert not CARD_CODE.search(text), f"a card code in public: {text!r}"
        self.checks += 1


SHOWN_HAND = re.compile(r"(?:shows|enseña|mostra) ([^·\n]*)")
"""A declared hand on the board's seat lines (Cirulla): public until played."""


def declared_cards(board: discord.Message) -> set[int]:
    """The cards the board shows as declared, still in their players' hands."""
    status = board_part(board, "status")
    return {card for found in SHOWN_HAND.findall(status) for card in shown_cards(found)}


def is_score_sheet(message: discord.Message) -> bool:
    title = message.embeds[0].title if message.embeds else ""
    return SCORE_SHEET.search(title or "") is not None


BOT_SELECT = "esc:bot:1"
"""The lobby's bot menu of table #1."""


async def against_bot(env, command: str, level: str, **options) -> TableDriver:
    """Member "ana" opens table #1 with ``command`` and ``options``, seats a ``level``
    bot and starts the match."""
    _, channel, players = make_world(env, "ana")
    driver = TableDriver(env, channel, players)
    await driver.open(command, **options)
    await players[0].select(driver.lobby, [level], custom_id=BOT_SELECT)
    await players[0].click(current(env, driver.lobby), label="Start")
    return driver


def make_world(env, *names: str, admin: str | None = None, locale: str | None = None):
    """A server with a #cartas channel and these members; ``admin`` gets Manage Server;
    ``locale`` is the server's preferred locale."""
    guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
    channel = guild.create_text_channel("cartas")
    roles = {}
    if admin:
        managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
        roles[admin] = [managers]
    players = [guild.add_member(env.create_user(name), roles=roles.get(name, [])) for name in names]
    return guild, channel, players

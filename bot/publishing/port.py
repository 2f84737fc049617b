"""The narrow port the publishing side talks to Discord and the bots through: what it
needs of the bot, as a protocol, so it depends on no bot class (``EscobaBot``
satisfies it)."""

from __future__ import annotations

from typing import Protocol

import discord

from ..ai.coach import Hint
from ..ai.review import Decision
from ..games import Game, Observation
from ..metrics import Metrics
from ..screens.cards import CardFaces
from ..tables import TableError


class BotSeats(Protocol):
    """Decisions for bot seats, the coach's hints and reviews, off the event loop."""

    async def decide(self, level: str, game: Game, view: Observation, seed: str) -> int: ...

    async def decide_daily(self, game: Game, view: Observation, seed: str) -> int: ...

    async def hint(self, game: Game, view: Observation, seed: str) -> Hint: ...

    async def review(
        self, game: Game, view: Observation, played: int, step: int, seed: str
    ) -> Decision: ...


class DiscordPort(Protocol):
    """What a table's publisher (and the croupier) use of the bot."""

    @property
    def bots(self) -> BotSeats: ...

    @property
    def metrics(self) -> Metrics: ...

    @property
    def card_faces(self) -> CardFaces: ...

    @property
    def simulated(self) -> bool: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_partial_messageable(self, id: int) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_channel(self, id: int, /) -> object | None: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    def answer_webhook(self, token: str) -> discord.Webhook:
        """The webhook of an interaction's token: its answer may be edited through it
        (from any process) while the token lives."""
        ...


async def send_dm(
    port: DiscordPort, user_id: int, text: str, view: discord.ui.View | None = None
) -> discord.Message:
    """A line (and its buttons) in a member's DMs with the bot. Raises what Discord
    answers: ``discord.Forbidden`` when the member's DMs are closed to the bot."""
    channel = await port.create_dm(discord.Object(user_id))
    return await channel.send(text, view=view or discord.utils.MISSING)


async def dm_or_refuse(
    port: DiscordPort, user_id: int, text: str, refusal: str, view: discord.ui.View | None = None
) -> discord.Message:
    """``send_dm``, or ``TableError(refusal)`` when the member's DMs are closed to the bot."""
    try:
        return await send_dm(port, user_id, text, view)
    except discord.Forbidden:
        raise TableError(refusal) from None

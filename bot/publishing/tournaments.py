"""Each tournament's messages brought in line with the saved tournament: the sign-up,
each round's pairings (posted once: each post is recorded as being sent before it goes,
so one sent just before a kill and not recorded is found in the channel and recorded,
not sent twice), the standings (one message, edited in place, at most every few
seconds) and the podium (once, as the pairings). Its tables are shown by their own
publishers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from ..screens.invitation import invitation_message
from ..screens.tournament import (
    pairings_posts,
    podium_message,
    signup_message,
    standings_message,
)
from ..screens.watch_list import tournament_watch_view
from ..tournaments import invitations
from ..tournaments.model import Tournament
from ..tournaments.service import TournamentService
from .port import DiscordPort

log = logging.getLogger(__name__)

LOOK_BACK = 100
"""Recent messages of the channel read for a post sent before a restart."""
RETRY_SECONDS = 10


class TournamentPublisher:
    """Shows every tournament of this process; ``poke`` after each change."""

    def __init__(self, port: DiscordPort, service: TournamentService, pause: float) -> None:
        self.port, self.service = port, service
        self.latest: dict[int, Tournament] = {}
        self.dirty: set[int] = set()
        self.workers: dict[int, asyncio.Task] = {}
        self.keys: dict[tuple[int, str], Any] = {}
        self.pause = pause
        """Seconds between two edits of the standings (a channel takes 5 edits in 5 s)."""

    def poke(self, tournament: Tournament) -> None:
        self.latest[tournament.id] = tournament
        self.dirty.add(tournament.id)
        worker = self.workers.get(tournament.id)
        if worker is None or worker.done():
            self.workers[tournament.id] = asyncio.create_task(self._work(tournament.id))

    def restore(self) -> None:
        for tournament in self.service.tournaments.values():
            self.poke(tournament)

    def stop(self) -> None:
        for worker in self.workers.values():
            worker.cancel()

    async def _work(self, tournament_id: int) -> None:
        while tournament_id in self.dirty:
            self.dirty.discard(tournament_id)
            try:
                await self.show(self.latest[tournament_id])
            except Exception:
                log.exception("tournament %d: publishing failed; trying again", tournament_id)
                await asyncio.sleep(RETRY_SECONDS)
                self.dirty.add(tournament_id)

    async def show(self, tournament: Tournament) -> None:
        channel = self.port.get_partial_messageable(tournament.channel_id)
        lang = tournament.locale
        await self._signup(channel, tournament, lang)
        tournament = await self._invitations(channel, tournament, lang)
        for round_no in range(tournament.shown.rounds_posted + 1, tournament.round + 1):
            tournament = await self._post_pairings(channel, tournament, round_no, lang)
        if tournament.round:
            await self._standings(channel, tournament, lang)
        if tournament.status == "finished" and not tournament.shown.podium_posted:
            await self._podium(channel, tournament, lang)

    async def _signup(self, channel, tournament: Tournament, lang: str) -> None:
        names = [(e.name, e.active) for e in tournament.entrants]
        embed, view = signup_message(tournament, lang)
        await self._keep(channel, tournament, "signup", (tournament.status, names), embed, view)

    async def _invitations(self, channel, tournament: Tournament, lang: str) -> Tournament:
        """Each invitation's message: posted while it waits, then saying how it ended.
        Returns the tournament as recorded."""
        tournament = await self._post_invitations(channel, tournament, lang)
        return await self._end_invitations(channel, tournament, lang)

    async def _post_invitations(self, channel, tournament: Tournament, lang: str) -> Tournament:
        """Post each new invitation still waiting, pinging the partner."""
        for number in range(tournament.shown.invitations_posted, len(tournament.invitations)):
            posted = dict(tournament.shown.invitation_messages)
            if invitations.state(tournament, tournament.invitations[number]) == "waiting":
                content, view = invitation_message(tournament, number, lang)
                mentions = discord.AllowedMentions(users=True)
                message = await channel.send(content, view=view, allowed_mentions=mentions)
                posted[number] = message.id
            tournament = await self.service.mark_shown(
                tournament.id, invitations_posted=number + 1, invitation_messages=posted
            )
        return tournament

    async def _end_invitations(self, channel, tournament: Tournament, lang: str) -> Tournament:
        """An invitation answered, withdrawn or closed: its message says so, its buttons
        go."""
        for number, message_id in list(tournament.shown.invitation_messages.items()):
            if invitations.state(tournament, tournament.invitations[number]) == "waiting":
                continue
            content, view = invitation_message(tournament, number, lang)
            with contextlib.suppress(discord.NotFound):
                await channel.get_partial_message(message_id).edit(content=content, view=view)
            posted = dict(tournament.shown.invitation_messages)
            del posted[number]
            tournament = await self.service.mark_shown(tournament.id, invitation_messages=posted)
        return tournament

    async def _post_pairings(
        self, channel, tournament: Tournament, round_no: int, lang: str
    ) -> Tournament:
        """The round's pairings posted (the parts not posted yet); returns the tournament
        as recorded."""
        posts = pairings_posts(tournament, round_no, lang)
        mentions = discord.AllowedMentions(users=True)
        for part in range(tournament.shown.parts_posted, len(posts)):
            post = posts[part]
            done = (
                {"rounds_posted": round_no, "parts_posted": 0}
                if part + 1 == len(posts)
                else {"parts_posted": part + 1}
            )
            tournament = await self._send_once(
                channel,
                tournament,
                f"round {round_no} · {part + 1}",
                lambda message, post=post: post.sent_as(message.content or ""),
                lambda post=post: channel.send(post.text, allowed_mentions=mentions),
                **done,
            )
        return tournament

    async def _send_once(
        self,
        channel,
        tournament: Tournament,
        what: str,
        sent_as: Callable[[discord.Message], bool],
        send: Callable[[], Awaitable[Any]],
        **done: Any,
    ) -> Tournament:
        """Post ``what`` once: it is recorded as being sent before it goes, ``done``
        after. After a kill between the two, the bot's recent messages are searched for
        it (``sent_as``) before it is sent again. Returns the tournament as recorded."""
        if tournament.shown.sending != what or not await self._found(channel, sent_as):
            await self.service.mark_shown(tournament.id, sending=what)
            await send()
        return await self.service.mark_shown(tournament.id, sending=None, **done)

    async def _found(self, channel, sent_as: Callable[[discord.Message], bool]) -> bool:
        """Whether one of the bot's last messages in the channel is the one sought."""
        me = self.port.user
        async for message in channel.history(limit=LOOK_BACK):
            if me is not None and message.author.id == me.id and sent_as(message):
                return True
        return False

    async def _standings(self, channel, tournament: Tournament, lang: str) -> None:
        key = (tournament.status, tournament.round, [p.model_dump() for p in tournament.pairings])
        if self.keys.get((tournament.id, "standings")) == key:
            return  # unchanged: the bracket picture is not drawn again
        embed, files = standings_message(tournament, lang)
        view = tournament_watch_view(tournament, lang)  # a Watch button by each match
        await self._keep(channel, tournament, "standings", key, embed, view, files)
        await asyncio.sleep(self.pause)

    async def _keep(
        self,
        channel,
        tournament: Tournament,
        kind: str,
        key: Any,
        embed: discord.Embed,
        view: discord.ui.View | None = None,
        files: Sequence[discord.File] = (),
    ) -> None:
        """The tournament's one ``kind`` message: sent once and its id recorded, then
        edited when ``key`` changed; forgotten (to be sent again) when Discord lost it."""
        if self.keys.get((tournament.id, kind)) == key:
            return
        field = f"{kind}_message_id"
        message_id = getattr(tournament.shown, field)
        if message_id is None:
            message = await channel.send(embed=embed, view=view, files=list(files))
            await self.service.mark_shown(tournament.id, **{field: message.id})
        else:
            try:
                await channel.get_partial_message(message_id).edit(
                    embed=embed, view=view, attachments=list(files)
                )
            except discord.NotFound:
                await self.service.mark_shown(tournament.id, **{field: None})
                raise
        self.keys[(tournament.id, kind)] = key

    async def _podium(self, channel, tournament: Tournament, lang: str) -> None:
        embed, picture = podium_message(tournament, lang)
        mentions = discord.AllowedMentions(users=True)
        await self._send_once(
            channel,
            tournament,
            "podium",
            lambda message: any(shown.title == embed.title for shown in message.embeds),
            lambda: channel.send(embed=embed, file=picture, allowed_mentions=mentions),
            podium_posted=True,
        )

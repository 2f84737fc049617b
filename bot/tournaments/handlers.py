"""``/tournament …`` and the sign-up's buttons, for the croupier: defer, one command of
the tournament service (which saves, then tells its publisher), a private answer."""

from __future__ import annotations

import discord

from ..boundary import ErrorBoundary, refusals_answered
from ..games import make_game, parse_options
from ..i18n import language_of, tr
from ..opening import public_lang, require_permissions, tell_slow_seat
from ..publishing import DiscordPort
from ..screens.tournament import results_message
from ..tables import LIVE, TableError, pace_seconds, validate_options
from ..tournaments import rules
from .model import Tournament
from .service import TournamentService

PAST_SHOWN = 25


class TournamentHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    port: DiscordPort
    tournaments: TournamentService

    @refusals_answered
    async def tournament_new(
        self,
        interaction: discord.Interaction,
        *,
        game: str,
        format: str,
        entrants: int,
        rounds: int | None,
        minutes: int,
        start_in: int | None,
        bots: bool,
        pairs: bool,
        pace: str = LIVE,
        target: int | None = None,
    ) -> None:
        guild_id, channel_id = _where(interaction)
        pace_seconds(pace)
        self._check_channel(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.tournaments
        settings = await service.storage.guild_settings(guild_id)
        if not (_manages(interaction) or settings.tournaments_open):
            raise TableError("tournament.host_forbidden")
        if any(t.channel_id == channel_id for t in service.live_in(guild_id)):
            raise TableError("tournament.channel_busy")
        rules.check_capacity(entrants)
        options = _options(game, pairs, target or settings.default_target)
        tournament = await service.create(
            Tournament(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=interaction.user.id,
                game=game,
                options=options,
                format=format,  # pyright: ignore[reportArgumentType]
                capacity=entrants,
                rounds=rules.rounds_for(format, entrants, rounds),
                rounds_chosen=rounds is not None and format == "swiss",
                round_minutes=minutes,
                pace=pace,
                starts_at=service.clock() + start_in * 60 if start_in else None,
                bots_fill=bots,
                team_size=2 if options["players"] == 4 else 1,
                locale=await public_lang(service.storage, interaction),
            )
        )
        lang = language_of(interaction.locale)
        await interaction.edit_original_response(
            content=tr(lang, "tournament.opened", id=tournament.id)
        )

    def _check_channel(self, interaction: discord.Interaction) -> None:
        """A text channel where the bot may post, with pictures, and open the matches'
        threads (the sandbox's matches play in the channel: its page shows no thread)."""
        if not isinstance(interaction.channel, discord.TextChannel):
            raise TableError("tournament.text_channel_only")
        needed = ("view_channel", "send_messages", "embed_links", "attach_files")
        if not self.port.simulated:
            needed += ("create_public_threads", "send_messages_in_threads")
        require_permissions(interaction, needed)

    @refusals_answered
    async def on_tournament(
        self, interaction: discord.Interaction, tournament_id: int, action: str
    ) -> None:
        """The sign-up's Join, Leave, Start and Cancel."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        self._of_server(interaction, tournament_id)
        if action == "join":
            await self._join(interaction, tournament_id, None)
        elif action == "leave":
            await self._leave(interaction, tournament_id)
        else:
            await self._host(interaction, tournament_id, action)

    @refusals_answered
    async def tournament_command(
        self,
        interaction: discord.Interaction,
        action: str,
        member: discord.abc.User | None = None,
    ) -> None:
        """``/tournament join|leave|start|pause|resume|cancel|disqualify`` on the live
        tournament of this channel (or the server's only one)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament_id = self._here(interaction).id
        if action == "join":
            await self._join(interaction, tournament_id, member)
        elif action == "leave":
            await self._leave(interaction, tournament_id)
        elif action == "disqualify":
            if member is None:
                raise TableError("tournament.name_member")
            await self.tournaments.disqualify(
                tournament_id, interaction.user.id, member.id, can_manage=_manages(interaction)
            )
            await _say(interaction, "tournament.disqualified", member=f"<@{member.id}>")
        else:
            await self._host(interaction, tournament_id, action)

    @refusals_answered
    async def tournament_results(
        self, interaction: discord.Interaction, tournament_id: int | None
    ) -> None:
        """``/tournament results``: any tournament of the server (the last one if none)."""
        await interaction.response.defer(thinking=True)
        lang = await public_lang(self.tournaments.storage, interaction)
        guild_id, _ = _where(interaction)
        rows = await self.tournaments.storage.past_tournaments(guild_id, limit=PAST_SHOWN)
        if tournament_id is not None:
            row = await self.tournaments.storage.tournament_row(tournament_id)
            rows = [row] if row and row["guild_id"] == guild_id else []
        if not rows:
            raise TableError("tournament.none_past")
        tournament = Tournament.from_row(rows[0])
        embeds, files = results_message(tournament, lang)
        await interaction.edit_original_response(embeds=embeds, attachments=files)

    # -- steps ----------

    async def _join(
        self, interaction: discord.Interaction, tournament_id: int, partner: discord.abc.User | None
    ) -> None:
        """Join alone, or, in a tournament of pairs, ask ``partner`` to join together."""
        user = interaction.user
        tournament = self.tournaments.get(tournament_id)
        if tournament.is_slow:  # its turns come in the member's DMs
            await tell_slow_seat(self.port, interaction)
        if tournament.team_size == 2:
            await self._invite(interaction, tournament_id, partner)
            return
        joined = await self.tournaments.join(tournament_id, [user.id], _name(user))
        await _say_joined(interaction, joined)

    async def _invite(
        self, interaction: discord.Interaction, tournament_id: int, partner: discord.abc.User | None
    ) -> None:
        """The partner is asked in the tournament's channel; the pair is entered once they
        accept."""
        user = interaction.user
        if partner is None:
            raise TableError("tournament.join_with_partner")
        if partner.id == user.id or partner.bot:
            raise TableError("tournament.partner_self")
        if not isinstance(partner, discord.Member):
            raise TableError("tournament.partner_not_member")
        names = [_name(user), _name(partner)]
        asked = await self.tournaments.invite(tournament_id, user.id, partner.id, names)
        where, mention = f"<#{asked.channel_id}>", partner.mention
        await _say(interaction, "tournament.invited", partner=mention, id=asked.id, channel=where)

    @refusals_answered
    async def on_invitation(
        self, interaction: discord.Interaction, tournament_id: int, number: int, action: str
    ) -> None:
        """The partner's Accept (the pair is entered) or Decline of invitation ``number``."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        self._of_server(interaction, tournament_id)
        service, user_id = self.tournaments, interaction.user.id
        if action == "accept":
            await _say_joined(interaction, await service.accept(tournament_id, number, user_id))
        else:
            declined = await service.decline(tournament_id, number, user_id)
            inviter = declined.invitations[number].names[0]
            await _say(interaction, "tournament.declined", inviter=inviter, id=tournament_id)

    async def _leave(self, interaction: discord.Interaction, tournament_id: int) -> None:
        user_id = interaction.user.id
        try:
            tournament = await self.tournaments.leave(tournament_id, user_id)
        except TableError as refused:  # a second Leave (a double click): as the first
            tournament = self.tournaments.get(tournament_id)
            if refused.key != "tournament.not_entered" or not _gone(tournament, user_id):
                raise
        key = "tournament.left" if tournament.status == "signup" else "tournament.withdrew"
        await _say(interaction, key, id=tournament_id)

    async def _host(self, interaction: discord.Interaction, tournament_id: int, action: str):
        service, user_id, manages = self.tournaments, interaction.user.id, _manages(interaction)
        command = {
            "start": service.start,
            "pause": service.pause,
            "resume": service.resume,
            "cancel": service.cancel,
        }[action]
        await command(tournament_id, user_id, can_manage=manages)
        await _say(interaction, f"tournament.done.{action}", id=tournament_id)

    def _of_server(self, interaction: discord.Interaction, tournament_id: int) -> Tournament:
        """Tournament ``tournament_id``, when it is of the server where ``interaction``
        came from: another server's is no such tournament here (its host's and managers'
        rights are theirs in its own server)."""
        guild_id, _ = _where(interaction)
        kept = self.tournaments.tournaments.get(tournament_id)
        if kept is not None and kept.guild_id != guild_id:
            raise TableError("tournament.none_past")
        return self.tournaments.get(tournament_id)

    def _here(self, interaction: discord.Interaction) -> Tournament:
        guild_id, channel_id = _where(interaction)
        live = self.tournaments.live_in(guild_id)
        here = [t for t in live if t.channel_id == channel_id] or (live if len(live) == 1 else [])
        if not here:
            raise TableError("tournament.none_here")
        return here[0]


def _options(game: str, pairs: bool, target: int | None) -> dict:
    """The tables' rules: the game's defaults (and the server's target), four players in
    two pairs when ``pairs`` or when the game is played so (Scopone); refused for a
    game whose four players play alone."""
    players = 4 if pairs or parse_options(game).players == 4 else 2
    options = validate_options(game, {"players": players})
    if target and "target_score" in options:
        options = validate_options(game, {**options, "target_score": target})
    if players == 4 and len(make_game(game, options).sides) != 2:
        raise TableError("tournament.no_pairs")
    return options


def _where(interaction: discord.Interaction) -> tuple[int, int]:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError("error.guild_only")
    return interaction.guild_id, interaction.channel_id


def _manages(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


async def _say_joined(interaction: discord.Interaction, joined: Tournament) -> None:
    count = f"{len(joined.entrants)}/{joined.capacity}"
    await _say(interaction, "tournament.joined", id=joined.id, count=count)


async def _say(interaction: discord.Interaction, key: str, **params: object) -> None:
    """The private answer to a deferred command or click."""
    text = tr(language_of(interaction.locale), key, **params)
    await interaction.edit_original_response(content=text)


def _gone(tournament: Tournament, user_id: int) -> bool:
    """The member left the sign-up, or withdrew from the running tournament, already."""
    entrant = tournament.entrant_of(user_id)
    if tournament.status == "signup":
        return entrant is None and user_id in tournament.left
    return entrant is not None and entrant.withdrawn

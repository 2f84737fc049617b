"""Opening a table: where it may play (its own thread, or the channel), with what
settings, and showing its lobby as the answer to the command that opened it."""

from __future__ import annotations

from typing import Any

import discord

from .i18n import language_of, public_language, tr
from .publishing import DiscordPort, Publisher
from .publishing.port import dm_or_refuse
from .screens.lobby import rematch_invite
from .storage import Storage
from .tables import (
    FRIENDS,
    LIVE,
    Seat,
    Table,
    TableError,
    TableService,
    TableSettings,
    pace_seconds,
)
from .tables.ladder import level_for

DEFAULT_TARGET = 21
"""Escoba's target when neither the command nor ``/settings`` names one."""


def interaction_lang(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


async def public_lang(storage: Storage, interaction: discord.Interaction) -> str:
    """The language of a public answer in this server (see ``i18n.public_language``)."""
    settings = await storage.guild_settings(interaction.guild_id or 0)
    return public_language(settings.language, interaction.locale)


def seat_for(interaction: discord.Interaction) -> Seat:
    user = interaction.user
    return Seat(user_id=user.id, name=user.display_name, locale=interaction_lang(interaction))


async def open_table(
    port: DiscordPort,
    service: TableService,
    publisher: Publisher,
    interaction: discord.Interaction,
    game: str,
    options: dict[str, Any],
    timer: int | None,
    *,
    pace: str = LIVE,
    advanced: dict[str, Any] | None = None,
    rematch_of: Table | None = None,
) -> None:
    """The lobby is the answer to the interaction; its thread opens when the channel
    allows. ``pace``: live or slow (a slow table's host is told in their DMs first,
    which proves they are open); ``advanced``: the lobby menu's rules already in
    ``options``; ``rematch_of``: the finished match a rematch follows."""
    seconds = pace_seconds(pace)
    if driven_by_clicks(interaction):
        if seconds is not None:  # the app may not write to a DM or group DM unasked
            raise TableError("slow.not_here")
        await _open_by_clicks(service, publisher, interaction, game, options, timer, rematch_of)
        return
    can_thread = where_to_play(interaction, service)
    await interaction.response.defer(thinking=True)
    guild, channel = interaction.guild, interaction.channel
    if guild is None or channel is None:
        raise TableError("error.guild_only")
    if seconds is not None:
        await _told_or_refused(port, interaction)
    server = await service.storage.guild_settings(guild.id)
    if "target_score" in options and options["target_score"] is None:
        options = {**options, "target_score": server.default_target or DEFAULT_TARGET}
    turn = seconds or (timer if timer is not None else server.turn_timer)
    settings = TableSettings.of_server(server, turn, advanced=advanced or {}, pace=pace)
    if seconds is not None:  # every turn is told in the member's DMs
        settings.dm_hands = True
    await _create_and_show(
        service,
        publisher,
        interaction,
        rematch_of,
        can_thread,
        guild_id=guild.id,
        channel_id=channel.id,
        game=game,
        options=options,
        locale=server.language or language_of(guild.preferred_locale),
        settings=settings,
        in_channel=not can_thread,
    )
    in_thread = isinstance(channel, discord.Thread)
    if not can_thread and not in_thread and not port.simulated:
        await interaction.followup.send(
            tr(interaction_lang(interaction), "lobby.no_thread"), ephemeral=True
        )


async def tell_slow_seat(port: DiscordPort, interaction: discord.Interaction) -> None:
    """A member about to sit at a slow table is told in their DMs where their turns
    will come; ``TableError("slow.dms_closed")`` when their DMs are closed to the bot
    (told before they sit, never after)."""
    lang = interaction_lang(interaction)
    await dm_or_refuse(port, interaction.user.id, tr(lang, "slow.seated"), "slow.dms_closed")


async def _told_or_refused(port: DiscordPort, interaction: discord.Interaction) -> None:
    """``tell_slow_seat`` for a host whose command's answer is deferred: a refusal
    takes the "thinking…" answer away first."""
    try:
        await tell_slow_seat(port, interaction)
    except TableError:
        await interaction.delete_original_response()
        raise


def driven_by_clicks(interaction: discord.Interaction) -> bool:
    """Whether a table opened here is a friends' table driven by clicks alone: in a DM
    or group DM, or in a server that did not install the app (a member uses the one
    they installed to their account), where the app is no member and can only answer
    interactions. (The bot's own DM with one member is one too.)"""
    through_member = interaction.is_user_integration() and not interaction.is_guild_integration()
    return interaction.guild_id is None or through_member


async def _open_by_clicks(
    service: TableService,
    publisher: Publisher,
    interaction: discord.Interaction,
    game: str,
    options: dict[str, Any],
    timer: int | None,
    rematch_of: Table | None,
) -> None:
    """A friends' table: its lobby, then its board, is the command's own answer, and
    every click edits it. One live table a DM or group DM."""
    channel_id = interaction.channel_id or 0
    if service.live_in(channel_id):
        raise TableError("error.private_busy")
    await interaction.response.defer(thinking=True)
    if "target_score" in options and options["target_score"] is None:
        options = {**options, "target_score": DEFAULT_TARGET}
    await _create_and_show(
        service,
        publisher,
        interaction,
        rematch_of,
        False,
        guild_id=FRIENDS,
        channel_id=channel_id,
        game=game,
        options=options,
        locale=interaction_lang(interaction),
        settings=TableSettings(turn_timer=timer, dm_hands=False, clicks=True),
        in_channel=True,
    )


async def _create_and_show(
    service: TableService,
    publisher: Publisher,
    interaction: discord.Interaction,
    rematch_of: Table | None,
    can_thread: bool,
    **table: Any,
) -> None:
    """Create the table (``table``: what ``TableService.create`` takes besides its host)
    and show its lobby as the (deferred) answer to ``interaction``."""
    suited = await level_for(service.storage, table["game"], interaction.user.id)
    table["settings"] = table["settings"].model_copy(update={"suited_level": suited.number})
    try:
        created = await service.create(host=seat_for(interaction), rematch_of=rematch_of, **table)
    except TableError:
        await interaction.delete_original_response()
        raise
    interaction.extras["saved"] = True
    invite = rematch_invite(created, rematch_of, created.locale) if rematch_of else None
    await publisher.of(created.id).open(interaction, created, can_thread, invite)


def where_to_play(interaction: discord.Interaction, service: TableService) -> bool:
    """Whether the table gets its own thread; a ``TableError`` when the bot lacks a
    permission here, or the channel already hosts the one table it can."""
    channel = interaction.channel
    if interaction.guild is None or channel is None:
        raise TableError("error.guild_only")
    perms = interaction.app_permissions
    in_thread = isinstance(channel, discord.Thread)
    needed = ("view_channel", "send_messages", "embed_links")
    require_permissions(interaction, needed + (("send_messages_in_threads",) if in_thread else ()))
    can_thread = (
        not in_thread
        and isinstance(channel, discord.TextChannel)
        and perms.create_public_threads
        and perms.send_messages_in_threads
    )
    if not can_thread and service.live_in(channel.id):
        raise TableError("error.thread_busy" if in_thread else "error.channel_busy")
    return can_thread


def require_permissions(interaction: discord.Interaction, needed: tuple[str, ...]) -> None:
    """A ``TableError`` naming the permissions the bot lacks here, of ``needed``."""
    perms = interaction.app_permissions
    missing = [name for name in needed if not getattr(perms, name)]
    if missing:
        lang = interaction_lang(interaction)
        names = ", ".join(tr(lang, f"perm.{name}") for name in missing)
        raise TableError("error.missing_permissions", perms=names)

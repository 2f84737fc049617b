"""SimCord extended with what Discord does for an app installed to a user's account, in
private channels: a DM between two members and a group DM. SimCord 3.2.1 knows guilds and
the bot's own DM only; these are Discord's rules, each from its documentation:

- An app is installed to a guild (integration type 0) or to a user (1); a command lists
  the installs it is available to (``integration_types``) and the contexts it can be
  used in (``contexts``: 0 guild, 1 the bot's DM, 2 private channels: DMs between users
  and group DMs). A user sees only the commands of apps they installed there.
  https://discord.com/developers/docs/interactions/application-commands#contexts
  https://discord.com/developers/docs/resources/application#application-object-application-integration-types
- An interaction carries ``context`` and ``authorizing_integration_owners`` (installation
  type → the id of the user or guild that installed it); in a private channel, ``channel``
  is a partial channel (type 1 DM or 3 group DM, with its recipients) and there is no
  ``guild_id``; the app's permissions there are ATTACH_FILES, EMBED_LINKS and
  MENTION_EVERYONE. A component's interaction carries the owners of the interaction
  whose message it is on.
  https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
- The app has no bot member in such a channel: it receives no gateway event about it and
  cannot send, edit or read messages there through its bot token (403, Missing Access):
  it speaks only by answering interactions.
  https://discord.com/developers/docs/tutorials/developing-a-user-installable-app
- Interaction tokens are valid for 15 minutes (then 401, Invalid Webhook Token); an app
  installed only to the user may send at most 5 follow-up messages an interaction.
  https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
- Components are clickable by everyone who sees the message: every recipient.
- A member may use a user-installed app in a server that did not install it (the
  server lets members use external apps): the interaction is of context 0 with the
  server's id, but its owners name the user only, and there too the app is no member.
  https://discord.com/developers/docs/interactions/application-commands#installation-context

``PrivateChannels(env)`` wraps one running Env's transports (``rewrap`` after
``env.restart_bot``); ``actor(user)`` slashes and clicks there as that user.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord
from simcord import interactions as simcord_interactions
from simcord.actors import _find_component
from simcord.backend import serializers
from simcord.backend.errors import BackendError, SetupError
from simcord.builders import ChannelHandle, UserHandle
from simcord.enums import AppCommandType, ComponentType, InteractionType
from simcord.http.client import _path_of, _raise_for
from simcord.results import InteractionResult, ResponseMessage, to_discord_message
from simcord.types import HttpLogEntry

DM, GROUP_DM = 1, 3
GUILD, PRIVATE_CHANNEL = 0, 2
"""The interaction context of DMs between users and group DMs."""
USER_INSTALL = 1
PRIVATE_APP_PERMISSIONS = discord.Permissions(
    attach_files=True, embed_links=True, mention_everyone=True
).value
MAX_FOLLOWUPS = 5

CHANNEL_PATH = re.compile(r"^/channels/(\d+)(?:/|$)")
WEBHOOK_PATH = re.compile(r"^/webhooks/(\d+)/([^/]+)(/.*)?$")


class PrivateChannels:
    """Private channels on one running Env, and who installed the app to their account."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.backend = env.backend
        self.channel_ids: set[int] = set()
        self.in_servers: dict[int, int] = {}
        """Server channels where the app is used through a member's install: their
        server."""
        self.installed_by: set[int] = set()
        self._wrap_emit()
        self.rewrap()

    def install_for(self, *users: UserHandle) -> None:
        self.installed_by.update(user.id for user in users)

    def create_group_dm(self, *users: UserHandle, name: str | None = None) -> ChannelHandle:
        return self._create(GROUP_DM, users, name)

    def create_user_dm(self, first: UserHandle, second: UserHandle) -> ChannelHandle:
        return self._create(DM, (first, second), None)

    def _create(self, kind: int, users: tuple[UserHandle, ...], name: str | None):
        channel = self.backend.create_channel(None, name, type=kind)  # no event: no guild
        channel.recipient_ids = [user.id for user in users]
        channel.owner_id = users[0].id
        self.channel_ids.add(channel.id)
        return ChannelHandle(self.env, None, channel)

    def without_app(self, guild: Any, channel: ChannelHandle) -> None:
        """``channel`` of ``guild`` is in a server that did not install the app: members
        who installed it to their account use it there, and the app is no member."""
        self.channel_ids.add(channel.id)
        self.in_servers[channel.id] = guild.id

    def actor(self, user: UserHandle) -> PrivateActor:
        return PrivateActor(self, user)

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        """The partial channel of an interaction there, with its recipients."""
        channel = self.backend.get_channel(channel_id)
        users = self.backend.users
        payload = {
            "id": str(channel.id),
            "type": channel.type,
            "recipients": [dict(serializers.user_payload(users[u])) for u in channel.recipient_ids],
            "flags": 0,
            "last_message_id": str(channel.last_message_id) if channel.last_message_id else None,
        }
        if channel.type == GROUP_DM:
            payload.update(name=channel.name, icon=None, owner_id=str(channel.owner_id))
        return payload

    def _wrap_emit(self) -> None:
        """No gateway event about these channels reaches the app, which is no member."""
        original = self.backend.emit

        def emit(event: str, payload: Mapping[str, Any]) -> None:
            channel_id = payload.get("channel_id") if isinstance(payload, Mapping) else None
            if event != "INTERACTION_CREATE" and channel_id and int(channel_id) in self.channel_ids:
                self.backend.transcript.append(("DROPPED", event, "the app is not a member"))
                return
            original(event, payload)

        self.backend.emit = emit

    def rewrap(self) -> None:
        """Refuse what Discord refuses, on the bot's transports (new ones at a restart)."""
        http, adapter = self.env.bot.http, self.env._webhook_adapter
        http_request, hook_request = http.request, adapter.request

        async def through_http(route, **kwargs):
            self._gate(route.method, _path_of(route.url))
            return await http_request(route, **kwargs)

        async def through_webhook(route, session, **kwargs):
            self._gate(route.method, _path_of(route.url))
            return await hook_request(route, session, **kwargs)

        http.request = through_http
        adapter.request = through_webhook

    def _gate(self, method: str, path: str) -> None:
        try:
            self._check(method, path)
        except BackendError as exc:
            self.backend.http_requests.append(HttpLogEntry(method, path, {}, None, None))
            self.backend.transcript.append(("HTTP", f"{method} {path}", {"refused": exc.code}))
            _raise_for(exc)

    def _check(self, method: str, path: str) -> None:
        by_bot = CHANNEL_PATH.match(path)
        if by_bot and int(by_bot.group(1)) in self.channel_ids:
            raise BackendError(403, 50001, "Missing Access")
        hook = WEBHOOK_PATH.match(path)
        if not hook or hook.group(2) not in self.backend.interaction_tokens:
            return
        record = self.backend.interactions[self.backend.interaction_tokens[hook.group(2)]]
        if record.channel_id not in self.channel_ids:
            return
        if record.expires_at is not None and self.backend.now_iso() >= record.expires_at:
            raise BackendError(401, 50027, "Invalid Webhook Token")
        follow_up = method == "POST" and not hook.group(3) and not record.loading
        if follow_up and len(record.followup_ids) >= MAX_FOLLOWUPS:
            raise BackendError(400, 40094, "This interaction has hit the maximum follow-ups")


class PrivateActor:
    """A member in a private channel, using the app through their own install."""

    def __init__(self, private: PrivateChannels, user: UserHandle) -> None:
        self.private, self.env, self.user = private, private.env, user

    @property
    def id(self) -> int:
        return self.user.id

    def _check_recipient(self, channel_id: int) -> None:
        backend = self.private.backend
        guild_id = self.private.in_servers.get(channel_id)
        if guild_id is not None:
            if self.id not in backend.get_guild(guild_id).members:
                raise SetupError("that server's channel is not open to this user")
            return
        channel = backend.get_channel(channel_id)
        if channel_id not in self.private.channel_ids or self.id not in channel.recipient_ids:
            raise SetupError("that private channel is not open to this user")

    async def slash(self, channel: ChannelHandle, name: str, /, **options: Any):
        """A command of the app, as the user's picker offers it there."""
        self._check_recipient(channel.id)
        if self.id not in self.private.installed_by:
            raise SetupError("the user has not installed the app: no command in their picker")
        parts = name.split()
        root = self.private.backend.find_command(parts[0], None)
        if root is None:
            raise SetupError(f"no global command {parts[0]!r}")
        contexts = root.get("contexts") or []
        installs = root.get("integration_types") or [0]
        context = GUILD if channel.id in self.private.in_servers else PRIVATE_CHANNEL
        if context not in contexts or USER_INSTALL not in installs:
            raise SetupError(f"/{parts[0]} is not offered here to a user install")
        leaf, nesting = simcord_interactions.walk_to_subcommand(root, parts[1:])
        leaf_options, resolved = simcord_interactions.build_options(
            self.user, name, leaf, options, channel_id=channel.id
        )
        data: dict[str, Any] = {
            "id": root["id"],
            "name": root["name"],
            "type": AppCommandType.CHAT_INPUT,
            "options": simcord_interactions.nest_options(root, nesting, leaf_options),
        }
        if resolved:
            data["resolved"] = resolved
        owners = {str(USER_INSTALL): str(self.id)}
        return await self._dispatch(InteractionType.APPLICATION_COMMAND, channel.id, data, owners)

    async def click(self, message: Any, *, label: str | None = None, custom_id: str | None = None):
        """A button of a message there (every recipient sees and may click it)."""
        stored = self._visible(message)
        button = _find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=custom_id, label=label
        )
        data = {"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON}
        return await self._component(stored, data)

    async def select(self, message: Any, values: list[str], *, custom_id: str):
        """Options of a string select there."""
        stored = self._visible(message)
        menu = _find_component(
            stored.components, types=(ComponentType.STRING_SELECT,), custom_id=custom_id, label=None
        )
        offered = {option["value"] for option in menu.get("options") or []}
        if not set(values) <= offered:
            raise SetupError(f"no such option in {sorted(offered)}")
        data = {
            "custom_id": menu["custom_id"],
            "component_type": ComponentType.STRING_SELECT,
            "values": values,
        }
        return await self._component(stored, data)

    def _visible(self, message: Any) -> Any:
        channel_id = (
            message.channel_id if isinstance(message, ResponseMessage) else message.channel.id
        )
        self._check_recipient(channel_id)
        stored = self.private.backend.get_message(channel_id, message.id)
        if not stored.visible_to(self.id):
            raise SetupError("that (ephemeral) message is not visible to this user")
        return stored

    async def _component(self, stored: Any, data: dict[str, Any]) -> InteractionResult:
        """A component's interaction: it carries the owners of the message's own."""
        meta = stored.interaction_metadata or {}
        owners = dict(meta.get("authorizing_integration_owners") or {})
        owners = owners or {str(USER_INSTALL): str(self.id)}
        extra = {"message": dict(serializers.message_payload(self.private.backend, stored))}
        return await self._dispatch(
            InteractionType.MESSAGE_COMPONENT,
            stored.channel_id,
            data,
            owners,
            extra=extra,
            source_message_id=stored.id,
        )

    async def _dispatch(
        self,
        kind: InteractionType,
        channel_id: int,
        data: dict[str, Any],
        owners: dict[str, str],
        *,
        extra: dict[str, Any] | None = None,
        source_message_id: int | None = None,
    ) -> InteractionResult:
        env, backend = self.env, self.private.backend
        env._begin_operation("private_interaction")
        try:
            guild_id = self.private.in_servers.get(channel_id)
            record, payload = simcord_interactions.base_payload(
                backend,
                type=kind,
                channel_id=channel_id,
                guild_id=guild_id,
                user_id=self.id,
                data=data,
            )
            payload["authorizing_integration_owners"] = owners
            payload["app_permissions"] = str(PRIVATE_APP_PERMISSIONS)
            if guild_id is None:
                payload["context"] = PRIVATE_CHANNEL
                payload["channel"] = self.private.channel_payload(channel_id)
            payload.update(extra or {})
            if source_message_id is not None:
                record.source_message_id = source_message_id
            env._notify_dispatch_observers(record)
            backend.emit("INTERACTION_CREATE", payload)
            await env._settle_internal(dispatch="INTERACTION_CREATE")
            self._stamp_owners(channel_id, record, owners, source_message_id)
            return InteractionResult(env, record)
        finally:
            env._end_operation()

    def _stamp_owners(self, channel_id: int, record: Any, owners: dict, source: int | None):
        """The messages this interaction created carry its owners (SimCord writes none)."""
        stored = self.private.backend.messages.get(channel_id, {})
        for message_id in [record.message_id, *record.followup_ids]:
            message = stored.get(message_id) if message_id else None
            if message is not None and message.interaction_metadata and message.id != source:
                message.interaction_metadata["authorizing_integration_owners"] = owners

    def history(self, channel: ChannelHandle) -> list[discord.Message]:
        """The channel's messages this user sees, oldest first."""
        self._check_recipient(channel.id)
        messages = sorted(self.private.backend.messages[channel.id].values(), key=lambda m: m.id)
        return [to_discord_message(self.env, m) for m in messages if m.visible_to(self.id)]

"""The sandbox's page of the members' DMs with the bot (``python -m bot --sandbox --dms``).

SimCord 3.2's preview shows one channel, and its "Viewing as" menu changes who looks
at that channel: a DM has one member, so a DM page had one viewer, and a quick-play
match between two members could not be played. ``DmsPreview`` makes the menu open the
chosen member's own DMs: one person plays both seats of a quick match, Alex's turn
as Alex, Bea's as Bea, each from their DMs, in one page.

It follows the viewer wherever SimCord's preview reads "the channel it shows": a
page is published with its viewer's DMs, its first message is found there, and a
command or a target is resolved in the DMs of the member it is run for. Written for
the SimCord the project pins (3.2.1); tests/test_sandbox.py plays it over HTTP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simcord import UserHandle
from simcord.preview import Preview


class DmsPreview(Preview):
    """A preview of several members' DMs with the bot, one member's at a time."""

    _acting: UserHandle | None = None
    """The member whose DMs the preview works in now (the first viewer's until then)."""

    @property
    def channel(self) -> Any:
        """The DMs of the member the preview works for now: SimCord reads it to open a
        page, to resolve a message and to run a slash command."""
        return (self._acting or self.viewers[0]).dm_channel

    @channel.setter
    def channel(self, _first: Any) -> None:
        """SimCord sets the channel once: here it follows the member instead."""

    def _initial_target(self, viewer: Any, channel_id: int) -> int | None:
        return super()._initial_target(viewer, dms_id(viewer))

    def _publish(self, page: Any, **kwargs: Any) -> None:
        page.channel_id = dms_id(page.viewer)  # "Viewing as" shows that member's DMs
        super()._publish(page, **kwargs)

    def _open_page(self, viewer_id: Any = None, target_id: Any = None) -> Any:
        self._acting = self.viewers[0] if viewer_id is None else self._viewer(viewer_id)
        page = super()._open_page(viewer_id, target_id)
        if self._python is not None and page.channel_id != self._python.channel_id:
            page.window_end_id = page.target_id  # not the first member's place in theirs
            self._publish(page, reason="initial")
        return page

    def _target_id(self, target_id: Any, viewer: Any = None, **kwargs: Any) -> int | None:
        self._acting = viewer or (self._python.viewer if self._python else None)
        return super()._target_id(target_id, viewer, **kwargs)

    def _resolve_target(self, viewer: Any, target: Any, **kwargs: Any) -> Any:
        self._acting = viewer
        return super()._resolve_target(viewer, target, **kwargs)

    async def _action(self, context_id: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
        page = self._pages.get(context_id or "")
        if page is not None:  # SimCord runs one action at a time: this member's
            self._acting = page.viewer
        return await super()._action(context_id, body)


def dms_id(member: UserHandle) -> int:
    """The id of the member's DM channel with the bot."""
    return member.dm_channel.id


def dms_preview(
    env: Any,
    members: Sequence[UserHandle],
    *,
    assets: Mapping[str, tuple[str, bytes]],
    port: int | None = None,
) -> DmsPreview:
    """The page of ``members``' DMs, the first's shown first; the "Viewing as" menu
    lists them all."""
    return DmsPreview(
        env,
        members[0].dm_channel,
        tuple(members),
        layout="channel",
        display="responsive",
        width=960,
        height=720,
        locale="en-US",
        timezone="UTC",
        presentation_time=None,
        assets=assets,
        port=port or 0,
    )

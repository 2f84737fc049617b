"""The sandbox's page driven as the browser drives it: SimCord's preview HTTP API (open
a page, run a slash command, click, select, switch "Viewing as"), and what it shows."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import aiohttp


@dataclass
class PageClient:
    """One browser page of a running preview: its context, its last snapshot."""

    http: aiohttp.ClientSession
    base: str
    headers: dict[str, str]
    shown: dict[str, Any] = field(default_factory=dict)
    sequence: itertools.count = field(default_factory=lambda: itertools.count(1))

    @classmethod
    async def open(cls, http: aiohttp.ClientSession, preview) -> PageClient:
        """The page the browser opens at the preview's URL."""
        base, capability = preview.url.split("#")
        page = cls(http, base, {"X-Simcord-Capability": capability})
        page.shown = await page._call("post", "api/pages", {})
        page.headers["X-Simcord-Context"] = page.shown["context"]["id"]
        return page

    async def _call(self, method: str, path: str, body: Any = None) -> Any:
        async with self.http.request(
            method, self.base + path, json=body, headers=self.headers
        ) as answered:
            assert answered.status == 200, await answered.text()
            return await answered.json()

    async def refresh(self) -> dict[str, Any]:
        """What the page shows now."""
        self.shown = await self._call("get", "api/state")
        return self.shown

    async def act(self, kind: str, **body: Any) -> dict[str, Any]:
        """One action of the page, as its scripts send it; its receipt (the page is
        read again after it)."""
        number = next(self.sequence)
        envelope = {
            "protocol_version": 3,
            "sequence": number,
            "request_id": f"r{number}",
            "generation": self.shown["context"]["generation"],
            "bot_generation": self.shown["botGeneration"],
            "published_revision": self.shown["publishedRevision"],
            "kind": kind,
            **body,
        }
        receipt = await self._call("post", "api/action", envelope)
        assert not receipt["rejected"], receipt
        await self.refresh()
        return receipt

    def viewer_names(self) -> list[str]:
        return [viewer["name"] for viewer in self.shown["viewers"]]

    async def view_as(self, name: str) -> None:
        """Pick ``name`` in the "Viewing as" menu."""
        (viewer,) = [v for v in self.shown["viewers"] if v["name"] == name]
        await self.act("viewer", viewer_id=viewer["id"])

    async def slash(self, invocation: str, **options: Any) -> dict[str, Any]:
        """Run a slash command from the composer."""
        catalog = await self._call("get", "api/commands")
        (entry,) = [e for e in catalog["entries"] if e["invocation"] == invocation]
        return await self.act(
            "run_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            options=options,
        )

    def messages(self) -> list[dict[str, Any]]:
        """The messages shown, oldest first."""
        return [self.shown["messages"][key] for key in self.shown["timeline"]]

    async def click(self, message: dict[str, Any], custom_id: str) -> dict[str, Any]:
        control = _control(message, custom_id)
        return await self.act("click", target_id=message["id"], control_key=control)

    async def select(
        self, message: dict[str, Any], custom_id: str, values: list[str]
    ) -> dict[str, Any]:
        control = _control(message, custom_id)
        return await self.act("select", target_id=message["id"], control_key=control, values=values)


def controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button and menu of a shown message, nested ones too."""
    found, stack = [], list(message.get("components") or [])
    while stack:
        component = stack.pop(0)
        if component.get("custom_id"):
            found.append(component)
        stack.extend(component.get("components") or [])
        if component.get("accessory"):
            stack.append(component["accessory"])
    return found


def live_ids(message: dict[str, Any], prefix: str) -> list[str]:
    """The custom ids of the message's enabled controls that start with ``prefix``."""
    return [
        c["custom_id"]
        for c in controls(message)
        if c["custom_id"].startswith(prefix) and not c.get("disabled")
    ]


def _control(message: dict[str, Any], custom_id: str) -> str:
    (found,) = [c["control_key"] for c in controls(message) if c["custom_id"] == custom_id]
    return found


def shown_text(message: dict[str, Any]) -> str:
    """A shown message's words: its content, embeds and text displays."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
    stack = list(message.get("components") or [])
    while stack:
        component = stack.pop(0)
        parts.append(component.get("content") or "")
        stack.extend(component.get("components") or [])
    return "\n".join(part for part in parts if part)

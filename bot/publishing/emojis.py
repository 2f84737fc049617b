"""The card emojis on Discord: the application's own emojis (2,000 allowed, usable in
every server), found at start-up and, the first time, uploaded (132 of them, a few
minutes under Discord's rate limits, in the background: until a deck's set is
complete, that deck's cards are written in words)."""

from __future__ import annotations

import logging
from typing import Protocol

import discord

from ..pictures.emoji import card_emoji_png
from ..screens.cards import CardFaces

log = logging.getLogger(__name__)


class EmojiOwner(Protocol):
    """What the bot offers to find and upload its emojis (``discord.Client`` does)."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


async def find_card_faces(owner: EmojiOwner, faces: CardFaces) -> None:
    """Add the card emojis the application already has."""
    try:
        emojis = await owner.fetch_application_emojis()
    except discord.HTTPException as exc:
        log.warning(
            "cannot list the card emojis (%s %s): cards are written in words", exc.status, exc.text
        )
        return
    faces.add({emoji.name: emoji.id for emoji in emojis})


async def upload_card_faces(owner: EmojiOwner, faces: CardFaces) -> int:
    """Upload the card emojis the application lacks; returns how many. The first refusal
    stops it (one WARNING): the decks without their set keep their cards in words."""
    uploaded = 0
    for name, card, deck in list(faces.missing()):
        image = card_emoji_png(card, deck)  # 10 ms, between uploads: no worker thread
        try:
            emoji = await owner.create_application_emoji(name=name, image=image)
        except discord.HTTPException as exc:
            log.warning(
                "cannot upload the card emoji %s (%s %s): %d uploaded; cards without one are"
                " written in words",
                name,
                exc.status,
                exc.text,
                uploaded,
            )
            break
        faces.add({emoji.name: emoji.id})
        uploaded += 1
    if uploaded:
        log.info("uploaded %d card emojis", uploaded)
    return uploaded

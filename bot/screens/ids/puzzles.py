"""The custom ids of puzzles: ``esc:pz:<puzzle>:<step>:<c|m|b|r|w>:<card or move hex>[:<day>]``
(a puzzle's card, capture, Back, Retry and its answer line; ``day`` on the puzzle of
the day's buttons), ``esc:pzsel:<puzzle>:<step>[:<day>]`` (a card's captures as a menu)
and ``esc:pznext:<game|->:<theme|->[:<move>]`` (Next puzzle, and the review's "practise
this" at a move).
The step is the answer line's moves played: a click from an older message is known."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from .base import FromCustomId, handlers, selected

PUZZLE_ID = r"(?P<puzzle_id>[0-9]{1,12}):(?P<step>[0-9]{1,3})"
DAY = r"(?::(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2}))?"
ANY = "-"
"""A Next button's game or theme left open."""


class PuzzleButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:pz:" + PUZZLE_ID + r":(?P<kind>[cmbrw]):(?P<move>[0-9a-f]{1,14})" + DAY,
):
    """A puzzle's card (``c``), capture (``m``), Back (``b``), Retry (``r``) or its
    answer line (``w``)."""

    def __init__(
        self, puzzle_id: int, step: int, kind: str, move: int, day: str | None = None, **button: Any
    ) -> None:
        tail = f":{day}" if day else ""
        custom_id = f"esc:pz:{puzzle_id}:{step}:{kind}:{move:x}{tail}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.where, self.kind, self.move, self.day = (puzzle_id, step), kind, move, day

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_puzzle(
            interaction, *self.where, self.kind, self.move, self.day
        )


class PuzzleSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:pzsel:" + PUZZLE_ID + DAY
):
    """A card's captures as a menu, when there are too many for buttons."""

    def __init__(self, puzzle_id: int, step: int, day: str | None = None, **select: Any) -> None:
        tail = f":{day}" if day else ""
        super().__init__(ui.Select(custom_id=f"esc:pzsel:{puzzle_id}:{step}{tail}", **select))
        self.where, self.day = (puzzle_id, step), day

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["x"]
        move = int(values[0], 16) if re.fullmatch(r"[0-9a-f]{1,14}", values[0]) else -1
        await handlers(interaction).on_puzzle(interaction, *self.where, "m", move, self.day)


class PuzzleNextButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:pznext:(?P<game>[a-z]{1,20}|-):(?P<theme>[a-z_]{1,40}|-)(?::(?P<tag>[0-9]{1,5}))?",
):
    """A new puzzle (of ``game``, with ``theme``; ``-``: any); ``tag`` tells apart two
    such buttons of one message (the review's moments)."""

    def __init__(self, game: str | None, theme: str | None, tag: int = 0, **button: Any) -> None:
        custom_id = f"esc:pznext:{game or ANY}:{theme or ANY}" + (f":{tag}" if tag else "")
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.game = None if game in (None, ANY) else game
        self.theme = None if theme in (None, ANY) else theme

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_puzzle_next(interaction, self.game, self.theme)

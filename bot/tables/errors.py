"""Refusals: what the table service raises when an action is not allowed."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """An action the table refuses: ``key`` names the catalog message, ``params`` fill it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StalePanel(TableError):
    """A click on buttons from an older version of the table."""

    def __init__(self) -> None:
        super().__init__("panel.stale")

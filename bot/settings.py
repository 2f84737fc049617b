"""Settings from the environment and ``.env`` (pydantic-settings)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .storage import Shards
from .storage.databases import is_postgres

SQLITE_CLUSTER = (
    "shard clusters (SHARD_IDS or --shards) share one PostgreSQL database: set "
    "DATABASE_URL=postgresql://… (SQLite serves a single process)"
)


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``0-3``, ``0,2,4`` or ``0-3,8`` as shard ids; ``ValueError`` otherwise."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        found = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not found:
            raise ValueError(f"not a shard id or range: {part!r} (write 0-3 or 0,1,2,3)")
        first, last = int(found.group(1)), int(found.group(2) or found.group(1))
        if last < first:
            raise ValueError(f"empty shard range: {part!r}")
        ids.extend(range(first, last + 1))
    return tuple(sorted(set(ids)))


class Settings(BaseSettings):
    """What the bot needs to run. See ``.env.example`` for each setting."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    @classmethod
    def of(cls, **values: Any) -> Settings:
        """Settings from ``values`` and the environment, never from a ``.env`` file (the
        sandbox and the benchmarks run beside whatever ``.env`` a developer keeps)."""
        return cls(_env_file=None, **values)  # pyright: ignore[reportCallIssue]

    discord_token: str = Field(default="", repr=False)
    database_url: str = ""
    """``postgresql://…`` or ``sqlite:///path``; empty: SQLite at ``database_path``."""
    database_path: Path = Path("data/escoba.sqlite3")
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    hand_pause: float = Field(default=3.0, ge=0, le=30)
    bot_pause: float = Field(default=0.5, ge=0, le=10)
    deal_seed: int | None = None
    shard_count: int | None = Field(default=None, ge=1)
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    """Serve Prometheus metrics on this port (``bot.metrics``); None: not served."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (a cluster); None: every shard."""
    publish_pause: float = Field(default=0.6, ge=0, le=10)
    ping_quiet: float = Field(default=8.0, ge=0, le=300)
    edit_window: float = Field(default=5.0, ge=0, le=60)
    puzzle_stock: int = Field(default=2000, ge=0, le=1_000_000)
    """The process of shard 0 mines its own play for puzzles while fewer are stored
    (``puzzles.stock``; 0: never)."""
    sweep_seconds: float = Field(default=600.0, ge=1, le=86400)
    """The slow tables' sweep looks at least this often (it also records that the bot
    is up: a restart gives slow turns back the time it was away)."""

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ids(cls, value: Any) -> Any:
        if isinstance(value, str):
            return parse_shard_ids(value) if value.strip() else None
        return value

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str) -> str:
        if value and not (is_postgres(value) or value.startswith("sqlite:///")):
            raise ValueError("expected postgresql://… or sqlite:///path")
        return value

    @model_validator(mode="after")
    def _cluster(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards of every cluster")
        if self.shard_ids[-1] >= self.shard_count:
            raise ValueError(f"shard ids run from 0 to SHARD_COUNT - 1 ({self.shard_count - 1})")
        if not is_postgres(self.database):
            raise ValueError(SQLITE_CLUSTER)
        return self

    @property
    def database(self) -> str:
        """The database's URL."""
        return self.database_url or f"sqlite:///{self.database_path}"

    @property
    def shards(self) -> Shards | None:
        """The shards this process runs, when it is one cluster of several."""
        if self.shard_ids is None or self.shard_count is None:
            return None
        return Shards(self.shard_ids, self.shard_count)

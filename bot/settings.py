"""Settings from the environment and ``.env`` (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """What the bot needs to run. See ``.env.example`` for each setting."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", repr=False)
    database_path: Path = Path("data/escoba.sqlite3")
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    hand_pause: float = Field(default=3.0, ge=0, le=30)
    bot_pause: float = Field(default=0.5, ge=0, le=10)
    deal_seed: int | None = None
    shard_count: int | None = Field(default=None, ge=1)
    publish_pause: float = Field(default=0.6, ge=0, le=10)
    ping_quiet: float = Field(default=8.0, ge=0, le=300)
    edit_window: float = Field(default=5.0, ge=0, le=60)

"""``python -m bot`` that cannot start says why in one line and exits with status 2,
before it calls Discord: a database it cannot use, cluster flags without PostgreSQL."""

from __future__ import annotations

import socket
import sqlite3

import pytest

from bot.__main__ import main


@pytest.fixture
def environment(monkeypatch, tmp_path):
    """A token and an SQLite file of the test's own, whatever the machine's .env says."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not.a.token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "escoba.sqlite3"))
    for name in ("DATABASE_URL", "SHARD_IDS", "SHARD_COUNT", "METRICS_PORT"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def one_line_failure(capsys, argv: list[str] | None = None) -> str:
    assert main(argv or []) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error and "Traceback" not in error
    return error


def test_a_database_from_a_newer_version_is_refused(environment, tmp_path, capsys):
    with sqlite3.connect(tmp_path / "escoba.sqlite3") as database:
        database.execute("PRAGMA user_version = 999")
    error = one_line_failure(capsys)
    assert error.startswith("database: the database was written by a newer version")
    assert "schema 999" in error


def test_an_unreachable_postgresql_is_one_line(environment, capsys):
    environment.setenv("DATABASE_URL", "postgresql://bot:secret@127.0.0.1:1/escoba")
    error = one_line_failure(capsys)
    assert error.startswith("database: cannot connect to PostgreSQL at ")
    assert "secret" not in error, "the password is not printed"


def test_cluster_flags_need_postgresql(environment, capsys):
    error = one_line_failure(capsys, ["--shards", "0-1", "--shard-count", "4"])
    assert error.startswith("shard clusters (SHARD_IDS or --shards) share one PostgreSQL")


@pytest.mark.parametrize(
    ("shards", "count", "expected"),
    [
        ("0-x", "4", "bad setting SHARD_IDS: not a shard id or range: '0-x'"),
        ("2-5", "4", "shard ids run from 0 to SHARD_COUNT - 1 (3)"),
        ("0-1", None, "SHARD_IDS needs SHARD_COUNT"),
    ],
)
def test_bad_shard_settings_are_named(environment, capsys, shards, count, expected):
    environment.setenv("DATABASE_URL", "postgresql://127.0.0.1:1/escoba")
    environment.setenv("SHARD_IDS", shards)
    if count:
        environment.setenv("SHARD_COUNT", count)
    assert one_line_failure(capsys).startswith(expected)


def test_a_metrics_port_in_use_is_one_line(environment, capsys):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        environment.setenv("METRICS_PORT", str(port))
        error = one_line_failure(capsys)
    assert error.startswith(f"cannot serve metrics on port {port}")

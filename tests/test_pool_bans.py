"""Pool bans from strikes (``pool.bans``): 10 minutes, three times longer for each
strike in the 72 hours before, at most 48 hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.pool.bans import ban_length, banned_until

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def test_the_ban_grows_threefold_and_stops_at_two_days():
    assert [ban_length(n) for n in range(3)] == [
        timedelta(minutes=10),
        timedelta(minutes=30),
        timedelta(minutes=90),
    ]
    assert ban_length(9) == timedelta(hours=48)


def test_a_strike_bans_for_ten_minutes_then_lets_go():
    strike = NOW - timedelta(minutes=4)
    assert banned_until([strike], NOW) == strike + timedelta(minutes=10)
    assert banned_until([strike], NOW + timedelta(minutes=7)) is None


def test_repeats_within_72_hours_escalate_and_older_ones_are_forgiven():
    old = NOW - timedelta(hours=80)
    recent = NOW - timedelta(hours=2)
    assert banned_until([old, NOW], NOW) == NOW + timedelta(minutes=10)
    assert banned_until([recent, NOW], NOW) == NOW + timedelta(minutes=30)
    assert banned_until([recent - timedelta(hours=1), recent, NOW], NOW) == NOW + timedelta(
        minutes=90
    )

"""The Discord load benchmark runs end to end on a tiny load and reports sane figures."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from simcord.types import HttpLogEntry

from bot.loadtest.__main__ import parser
from bot.loadtest.discord_load import run_discord_benchmark
from bot.loadtest.metering import counts_against_global_limit, normalized_route
from bot.loadtest.probes import custom_ids, panel_version
from bot.loadtest.sandbox_load import run_daily_benchmark

FIELDS = (
    "moves",
    "rate_limited_calls_per_move",
    "calls_by_route",
    "db_writes_per_move",
    "stale_panels",
    "click_to_board_ms_p50",
    "click_to_board_ms_p95",
    "pictures",
    "tables",
    "seed",
    "seconds",
)


async def test_a_tiny_benchmark_reports_every_field():
    report = await run_discord_benchmark(tables=2, moves=60, seed=1, pictures=False)
    json.dumps(report)
    for name in FIELDS:
        assert name in report, name
    assert report["moves"] >= 60
    assert report["tables"] == 2 and report["seed"] == 1 and report["pictures"] == "off"
    assert report["rate_limited_calls_per_move"] > 0
    assert report["db_writes_per_move"] > 0
    assert report["stale_panels"] >= 0
    assert 0 <= report["click_to_board_ms_p50"] <= report["click_to_board_ms_p95"]
    assert report["bot_errors"] == 0
    routes = report["calls_by_route"]
    assert sum(routes.values()) == report["rate_limited_calls"]
    assert not any("/interactions/" in route or "/webhooks/" in route for route in routes)
    assert not any(char.isdigit() for route in routes for char in route.split(" ")[1])


def test_interaction_tokens_do_not_count_against_the_global_limit():
    def entry(method, path):
        return HttpLogEntry(method, path, {}, None, None)

    app = 42
    assert not counts_against_global_limit(entry("POST", "/interactions/9/tok/callback"), app)
    assert not counts_against_global_limit(
        entry("PATCH", "/webhooks/42/tok/messages/@original"), app
    )
    assert counts_against_global_limit(entry("POST", "/webhooks/77/other"), app)
    assert counts_against_global_limit(entry("PATCH", "/channels/1234/messages/5678"), app)
    assert normalized_route("patch", "/channels/1234/messages/5678") == (
        "PATCH /channels/{id}/messages/{id}"
    )
    assert normalized_route("POST", "/interactions/123/abc/callback") == (
        "POST /interactions/{id}/{token}/callback"
    )


def test_custom_ids_are_found_in_classic_rows_and_nested_v2_layouts():
    message = SimpleNamespace(
        components=[
            {"type": 1, "components": [{"type": 2, "custom_id": "esc:card:7:3:12"}]},
            {
                "type": 17,
                "components": [
                    {
                        "type": 9,
                        "components": [{"type": 10, "content": "hand"}],
                        "accessory": {"type": 2, "custom_id": "esc:card:7:4:5", "disabled": True},
                    },
                    {"type": 1, "components": [{"type": 2, "custom_id": "esc:hand:7"}]},
                ],
            },
        ]
    )

    ids = custom_ids(message)
    assert ids == ["esc:card:7:3:12", "esc:card:7:4:5", "esc:hand:7"]
    assert "esc:card:7:4:5" not in custom_ids(message, enabled_only=True)
    assert panel_version(message, 7) == 4
    assert panel_version(message, 8) is None


def test_the_command_line_has_a_discord_subcommand():
    args = parser().parse_args(["discord", "--tables", "3", "--moves", "9", "--no-pictures"])
    assert (args.command, args.tables, args.moves, args.seed, args.pictures) == (
        "discord",
        3,
        9,
        1,
        False,
    )


def test_custom_ids_are_found_in_discord_py_v2_components():
    from discord.components import _component_factory

    payload = [
        {
            "type": 17,
            "components": [
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "· move 4"}],
                    "accessory": {"type": 2, "style": 1, "custom_id": "esc:card:7:4:5"},
                },
                {"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "esc:hand:7"}]},
            ],
        }
    ]
    message = SimpleNamespace(components=[_component_factory(item) for item in payload])
    assert custom_ids(message) == ["esc:card:7:4:5", "esc:hand:7"]
    assert panel_version(message, 7) == 4


async def test_the_service_benchmark_reports_moves_and_commit_latency():
    from bot.loadtest.service_load import run_service_benchmark

    report = await run_service_benchmark(tables=3, rate=40, seconds=0.5, database=None)
    json.dumps(report)
    assert report["benchmark"] == "service" and report["tables"] == 3
    assert report["moves"] > 0 and report["moves_per_s"] > 0
    assert 0 < report["click_to_commit_ms_p50"] <= report["click_to_commit_ms_p99"]
    assert 0 < report["commits"] <= report["moves"] + report["tables"], "starts commit too"


def test_the_service_benchmark_refuses_a_database_it_cannot_open(capsys):
    from bot.loadtest.__main__ import main

    assert main(["service", "--database", "mysql://localhost/escoba", "--seconds", "1"]) == 2
    assert "not an SQLite database URL" in capsys.readouterr().err


@pytest.mark.postgres
async def test_the_takeover_benchmark_finds_no_write_after_the_claim(postgres_url):
    from bot.loadtest.takeover_load import run_takeover_benchmark

    report = await run_takeover_benchmark(tables=4, rate=40, seconds=1, database=postgres_url)
    json.dumps(report)
    assert report["moves_before_claim"] > 0 and report["refused_after_claim"] > 0
    assert report["moves_after_claim"] == 0 and report["stale_restored"] == 0
    assert report["tables_restored"] == 4


def test_the_takeover_benchmark_needs_postgresql(capsys):
    from bot.loadtest.__main__ import main

    assert main(["takeover", "--database", "load.sqlite3"]) == 2
    assert "an SQLite file serves one process" in capsys.readouterr().err


async def leaderboard_report(database: str | None) -> dict:
    from bot.loadtest.leaderboard_load import run_leaderboard_benchmark

    report = await run_leaderboard_benchmark(
        matches=3000, members=400, servers=10, seasons=3, database=database, queries=20
    )
    json.dumps(report)
    for board in ("season_board", "alltime_board", "global_board", "stats"):
        assert 0 < report[f"{board}_ms_p50"] <= report[f"{board}_ms_p95"], board
    assert report["season_close_s"] > 0 and report["matches"] == 3000
    return report


async def test_the_leaderboard_benchmark_times_every_board_and_the_close():
    assert (await leaderboard_report(None))["database"] == "sqlite (temporary file)"


@pytest.mark.postgres
async def test_the_leaderboard_benchmark_runs_on_postgresql(postgres_url):
    assert (await leaderboard_report(postgres_url))["database"] == "postgresql (scratch schema)"


async def test_the_pool_benchmark_pairs_everyone_once_and_honours_blocks():
    from bot.loadtest.pool_load import run_pool_benchmark

    report = await run_pool_benchmark(
        minutes=20, arrivals=6, games=("escoba", "scopone"), database=None, processes=1, seed=3
    )
    json.dumps(report)
    assert report["matches"] > 20 and report["entered"] > report["matches"]
    assert report["double_paired"] == report["lost_entries"] == report["blocked_pairs"] == 0
    assert report["wait_s_p50"] is not None and report["rating_gap_p90"] is not None
    assert 0 < report["wave_ms_1000_waiting"] <= report["wave_ms_max"]
    assert 0 < report["bot_taken"] <= report["bot_offers"], "offered once each, by the waves"


@pytest.mark.postgres
async def test_the_pool_benchmark_races_two_storages_on_postgresql(postgres_url):
    from bot.loadtest.pool_load import run_pool_benchmark

    report = await run_pool_benchmark(
        minutes=10, arrivals=8, games=("scopa",), database=postgres_url, processes=2, seed=4
    )
    assert report["processes"] == 2 and report["matches"] > 10
    assert report["double_paired"] == report["lost_entries"] == 0


def test_the_pool_benchmark_needs_postgresql_for_two_processes(capsys):
    from bot.loadtest.__main__ import main

    assert main(["pool", "--minutes", "1", "--processes", "2"]) == 2
    assert "needs PostgreSQL" in capsys.readouterr().err


async def test_the_pool_mix_plays_quick_matches_in_dms_and_counts_their_calls():
    from bot.loadtest.pool_discord import run_pool_mix

    report = await run_pool_mix(tables=2, moves=60, seed=2)
    json.dumps(report)
    assert report["mix"] == "pool" and report["moves"] >= 60
    assert report["stale_panels"] == 0 and report["panel_checks"] > 0
    assert report["bot_errors"] == 0
    assert report["rate_limited_calls_per_move"] <= 1.2


async def test_the_pool_mix_finishes_on_a_machine_too_busy_for_simcords_settle_timeout():
    """A busy machine answered slower than SimCord's settle timeout and the benchmark
    stopped ("bot did not settle while advancing time"); a timeout of 1 ms stands for
    a machine far busier: a step cut short is taken on to its end."""
    from bot.loadtest.pool_discord import run_pool_mix

    report = await run_pool_mix(tables=2, moves=40, seed=2, settle_timeout=0.001)
    assert report["moves"] >= 40 and report["bot_errors"] == 0
    assert report["stale_panels"] == 0


async def test_the_groupdm_mix_plays_friends_tables_on_interactions_alone():
    from bot.loadtest.groupdm_discord import run_groupdm_mix

    report = await run_groupdm_mix(tables=2, moves=80, seed=4)
    assert report["mix"] == "groupdm" and report["moves"] >= 80
    assert report["rate_limited_calls"] == 0 and report["refused_calls"] == 0
    assert report["stale_panels"] == 0 and report["panel_checks"] > 0
    assert report["bot_errors"] == 0


async def test_the_verify_benchmark_plays_matches_that_all_check_out():
    from bot.loadtest.verify_load import run_verify_benchmark

    report = await run_verify_benchmark(matches=4, seed=2, database=None)
    assert report["matches"] == 4 and report["hands"] >= 4
    assert report["mismatches"] == report["uncommitted"] == 0


async def test_the_daily_benchmark_plays_every_days_deal_on_the_page():
    report = await run_daily_benchmark(matches=1, kept=150, seed=1)
    json.dumps(report)
    assert report["daily"] and report["matches"] == 1 and report["messages"] > 0
    assert report["clicks"] >= 4 * 15, "each game's hand played to its end"
    assert 0 < report["daily_click_ms_p50"] <= report["daily_click_ms_p95"]
    assert report["daily_play_ms_max"] > 0
    args = parser().parse_args(["sandbox", "--daily", "--matches", "3"])
    assert args.daily and args.matches == 3


async def test_watchers_cost_no_rate_limited_call_and_see_no_stale_view():
    from bot.loadtest.watchers import run_watched_benchmark

    alone = await run_watched_benchmark(watchers=0, tables=2, moves=40, seed=3, pictures=False)
    watched = await run_watched_benchmark(watchers=6, tables=2, moves=40, seed=3, pictures=False)
    assert alone["watch_views"] == 0 and watched["watch_views"] >= 40
    assert watched["rate_limited_calls"] == alone["rate_limited_calls"]
    assert watched["stale_watch_views"] == 0
    assert watched["broadcast_edits_per_5s_max"] == 1
    assert watched["bot_errors"] == 0


@pytest.mark.postgres
async def test_a_sweep_process_killed_mid_sweep_loses_and_repeats_nothing(postgres_url):
    from bot.loadtest.slow_kill import run_slow_kill

    report = await run_slow_kill(matches=12, database=postgres_url, seed=2)
    assert report["killed_mid_sweep"], report
    assert report["duplicate_reminders"] == 0 and report["double_moves"] == 0
    assert report["lost_deadlines"] == 0 and report["forfeits"] == 12
    assert report["time_outs_untold"] == 1, "the note of the time out the kill fell on"

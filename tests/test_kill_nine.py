"""Kill -9 in the middle of a season's close, a daily hand and a tournament: a child
process does the work on the test's database and is SIGKILLed at random moments, again
and again; after each kill the database holds only whole steps (a season closed with
all its standings or not at all; a daily hand whose saved moves are the start of the
moves an uninterrupted run makes), and the work, taken up again, ends as if never
killed (a tournament with no pairing repeated and no table opened twice)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from bot.ai.seats import daily_in_worker
from bot.daily.deal import MEMBER
from bot.daily.service import SECRET, DailyService, Played
from bot.games import Game, Observation
from bot.loadtest.tournament_load import _play_out
from bot.seasons import RANKED_AFTER
from bot.storage import Storage
from bot.tables import TableService
from bot.tournaments.model import Tournament
from bot.tournaments.pairing import BYE
from bot.tournaments.service import TournamentService

ROOT = Path(__file__).resolve().parent.parent
SERVERS, MEMBERS = 400, 6
DAY = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
KILLS = 6

CLOSE = """
import asyncio, sys
from datetime import UTC, datetime
from bot.storage import Storage
from bot.tables import TableService
from bot.tournaments.model import Tournament
from bot.tournaments.pairing import BYE
from bot.tournaments.service import TournamentService

async def main(url):
    storage = await Storage.open(url)
    for guild_id, season in await storage.seasons_due(datetime(2026, 12, 1, 1, tzinfo=UTC)):
        await storage.close_season(guild_id, season)
        print("step", flush=True)
    print("done", flush=True)
    await storage.close()

asyncio.run(main(sys.argv[1]))
"""

DAILY = """
import asyncio, sys
from tests.test_kill_nine import play_daily

async def main(url):
    await play_daily(url, step=lambda: print("step", flush=True))
    print("done", flush=True)

asyncio.run(main(sys.argv[1]))
"""


class InProcessBot:
    """The daily bot's own decision (``seats.daily_in_worker``), run in this process."""

    async def decide_daily(self, game: Game, view: Observation, seed: str) -> int:
        options = json.dumps(game.options.model_dump(mode="json"), sort_keys=True)
        return daily_in_worker(options, view, seed)


async def play_daily(url: str, step=lambda: None) -> None:
    """Ana's daily hand, begun or taken up, played to its end: first card, first capture."""
    storage = await Storage.open(url)
    await storage.meta_once(SECRET, "one deployment")  # the reference deals the same
    service = DailyService(storage, InProcessBot(), lambda: DAY)
    played: Played = await service.open("escoba", 7, 1, "ana")
    step()
    while not played.position.finished:
        at = played.position
        card = sorted(at.state.hands[MEMBER])[0]
        played = await service.play_card(at.day, "escoba", 7, at.ply, card)
        if played.choice:
            played = await service.choose(at.day, "escoba", 7, at.ply, played.choice[0])
        step()
    await storage.close()


def run_killed(script: str, url: str, steps: int, pause: float) -> bool:
    """Run ``script`` and SIGKILL it ``pause`` seconds after it reports its ``steps``-th
    step (a saved move, a closed season); True when it finished first."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, url], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    for _ in range(steps):
        if child.stdout.readline().strip() != "step":
            child.wait()
            return child.returncode == 0
    time.sleep(pause)
    child.kill()
    child.wait()
    return False


async def seed_seasons(url: str) -> int:
    """November's results on ``SERVERS`` servers; returns how many members are ranked."""
    storage = await Storage.open(url)
    rows = []
    for guild in range(1, SERVERS + 1):
        for member in range(MEMBERS):
            played = RANKED_AFTER + member - 2
            rows.append(
                (guild, "escoba", "2026-11", 1000 + member, played, member % 3, 25.0 + member)
            )
    await storage.db.write(
        lambda tx: tx.execute_many(
            "INSERT INTO season_results (guild_id, game, season, user_id, played, won, mu) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    )
    await storage.close()
    return sum(1 for row in rows if row[4] >= RANKED_AFTER)


async def closed(url: str) -> tuple[int, int, int]:
    """(closes, standings, closes without their standings)."""
    storage = await Storage.open(url)
    db = storage.db
    closes = (await db.fetch_one("SELECT COUNT(*) AS n FROM season_closes"))["n"]
    standings = (await db.fetch_one("SELECT COUNT(*) AS n FROM season_standings"))["n"]
    torn = await db.fetch_one(
        "SELECT COUNT(*) AS n FROM season_closes c WHERE NOT EXISTS (SELECT 1 FROM "
        "season_standings s WHERE s.guild_id = c.guild_id AND s.season = c.season)"
    )
    await storage.close()
    return closes, standings, torn["n"]


async def test_a_season_close_killed_at_random_keeps_whole_closes_and_ends_once(database_url):
    ranked = await seed_seasons(database_url)
    per_server = ranked // SERVERS
    draws, partial = random.Random(1), 0
    for _ in range(KILLS):
        steps, pause = draws.randint(1, 200), draws.uniform(0, 0.01)
        finished = run_killed(CLOSE, database_url, steps, pause)
        closes, standings, torn = await closed(database_url)
        assert torn == 0, "a close is kept with all its standings or not at all"
        assert standings == closes * per_server
        partial += 0 < closes < SERVERS
        if finished:
            break
    assert partial, "a kill fell in the middle of the closes"
    subprocess.run([sys.executable, "-c", CLOSE, database_url], cwd=ROOT, check=True)
    assert await closed(database_url) == (SERVERS, ranked, 0), "every server closed once"


async def test_a_daily_hand_killed_at_random_resumes_where_it_was(database_url, tmp_path):
    reference_url = f"sqlite:///{tmp_path / 'reference.sqlite3'}"
    await play_daily(reference_url)
    reference = await saved_hand(reference_url)
    assert reference.finished
    draws, partial = random.Random(2), 0
    for _ in range(KILLS):
        finished = run_killed(DAILY, database_url, draws.randint(1, 4), draws.uniform(0, 0.1))
        hand = await saved_hand(database_url)
        assert hand.moves == reference.moves[: hand.ply], "only whole moves, the same ones"
        partial += 0 < hand.ply < reference.ply
        if finished:
            break
    assert partial, "a kill fell in the middle of the hand"
    await play_daily(database_url)
    assert await saved_hand(database_url) == reference, "the same hand as never killed"


async def saved_hand(url: str):
    storage = await Storage.open(url)
    hand = await storage.daily_hand("2026-11-26", "escoba", 7)
    await storage.close()
    assert hand is not None
    return hand


TOURNAMENT = """
import asyncio, sys
from tests.test_kill_nine import run_tournament

asyncio.run(run_tournament(sys.argv[1], step=lambda: print("step", flush=True)))
print("done", flush=True)
"""


async def run_tournament(url: str, step=lambda: None) -> None:
    """A 12-entrant Swiss begun, or taken up where it was, and played to its end: each
    table by the normal bot deciding for its members."""
    storage = await Storage.open(url)
    tables = TableService(storage, deal_seed=3)
    await tables.restore()
    service = TournamentService(storage, tables)
    await service.restore()
    rows = await storage.past_tournaments(1)
    tournament = Tournament.from_row(rows[0]) if rows else twelve_entrant_swiss()
    tournament_id = tournament.id or (await service.create(tournament)).id
    await sign_up(service, tournament_id, step)
    rng = random.Random(4)
    while service.get(tournament_id).status == "running":
        playing = [
            p.table_id
            for p in service.get(tournament_id).round_pairings()
            if not p.decided and p.table_id is not None
        ]
        assert playing, "a running round with no table to play"
        for table_id in playing:
            await _play_out(tables, table_id, rng)
            await service.idle()
            step()
    await storage.close()


def twelve_entrant_swiss() -> Tournament:
    return Tournament(
        guild_id=1,
        channel_id=2,
        host_id=1,
        game="escoba",
        options={"players": 2, "target_score": 1},
        format="swiss",
        capacity=12,
        rounds=5,
    )


async def sign_up(service: TournamentService, tournament_id: int, step) -> None:
    """The entrants not in yet join (p0 … p11, in that order) and the host starts it;
    nothing when it has started."""
    if service.get(tournament_id).status != "signup":
        return
    for number in range(len(service.get(tournament_id).entrants), 12):
        await service.join(tournament_id, [100 + number], f"p{number}")
        step()
    await service.start(tournament_id, 1, can_manage=True)


KILLED_AT = """
import asyncio, os, signal, sys
from itertools import count
from tests.test_kill_nine import run_tournament

steps = count(1)

def step():
    if next(steps) == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(run_tournament(sys.argv[1], step=step))
"""


async def test_a_tournament_killed_in_its_sign_up_is_taken_up_and_ends(database_url):
    """Killed at its tenth entrant's join (the process kills itself there, whatever the
    machine's speed), the sign-up is taken up where it was: the last two join, the
    host starts it and it is played to its end (the random kills below once left it in
    sign-up, when a busy machine made a kill fall before the start)."""
    killed = subprocess.run([sys.executable, "-c", KILLED_AT, database_url, "10"], cwd=ROOT)
    assert killed.returncode == -9
    storage = await Storage.open(database_url)
    left = Tournament.from_row((await storage.past_tournaments(1))[0])
    await storage.close()
    assert left.status == "signup" and len(left.entrants) == 10
    await run_tournament(database_url)
    await assert_played_once(database_url)


async def test_a_tournament_killed_at_random_opens_no_table_twice_and_ends(database_url):
    draws, partial = random.Random(3), 0
    for _ in range(KILLS):
        if run_killed(TOURNAMENT, database_url, draws.randint(3, 30), draws.uniform(0, 0.05)):
            break
        partial += 1
    assert partial, "a kill fell in the middle of the tournament"
    await run_tournament(database_url)
    await assert_played_once(database_url)


async def assert_played_once(url: str) -> None:
    """The tournament finished its five rounds, no pairing repeated, no table opened
    twice, every table finished."""
    storage = await Storage.open(url)
    row = (await storage.past_tournaments(1))[0]
    tournament = Tournament.from_row(row)
    every_table = await storage.db.fetch_all("SELECT status, ui FROM game_tables")
    markers = Counter(json.loads(t["ui"])["settings"]["tournament"] for t in every_table)
    unfinished = [t for t in every_table if t["status"] != "finished"]
    await storage.close()
    assert tournament.status == "finished" and tournament.round == 5
    met = Counter(frozenset((p.a, p.b)) for p in tournament.pairings if p.b != BYE)
    assert max(met.values()) == 1, "no pairing repeated"
    assert len(tournament.pairings) == 5 * 6 and all(p.decided for p in tournament.pairings)
    assert sum(markers.values()) == 30 and max(markers.values()) == 1, "no table opened twice"
    assert not unfinished

"""No orphaned workers: the bot's AI workers exit by themselves when its process is killed."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BOT = """
import asyncio, time
from bot.ai.seats import BotPlayers
from bot.games import make_game

async def main():
    bots = BotPlayers(workers=2)
    game = make_game("escoba", {"players": 2, "target_score": 21})
    state = game.new_match(seed=1)
    view = state.observe(state.turn)
    # workers are spawned on demand: two decisions at once start both
    await asyncio.gather(*(bots.decide("random", game, view, f"orphans/{i}") for i in range(2)))
    print(*bots.executor._processes, flush=True)
    time.sleep(600)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as gone)."""
    try:
        os.kill(pid, 0)
        status = Path(f"/proc/{pid}/status").read_text()
    except (ProcessLookupError, FileNotFoundError):
        return False
    return "\nState:\tZ" not in status


def test_workers_exit_when_the_bot_is_killed(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as stderr:  # the killed bot's resource tracker warns there
        bot = subprocess.Popen(
            [sys.executable, "-c", BOT],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    workers: list[int] = []
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(workers) == 2, errors.read_text()
        assert all(alive(pid) for pid in workers), "the workers run before the kill"
        bot.kill()
        bot.wait()
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)], "a worker outlived the bot"
    finally:
        bot.kill()
        bot.wait()
        if bot.stdout is not None:
            bot.stdout.close()
        for pid in workers:
            if alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

"""The AI pool heals: a worker killed (kill -9, the OOM killer) is replaced, and the
decisions it took down with it are tried again."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.ai import seats
from bot.ai.seats import BotPlayers
from bot.games import make_game

DECISIONS = 20


def views(count: int):
    """The rules and ``count`` positions of an Escoba match, each with a choice to make."""
    game = make_game("escoba", {"players": 2, "target_score": 21})
    found = []
    match = 1
    while len(found) < count:
        state = game.new_match(seed=match)
        while not state.is_over and len(found) < count:
            view = state.observe(state.turn)
            found.append(view)
            state, _ = state.apply(view.legal_moves[0])
        match += 1
    return game, found


def kill_a_worker(bots: BotPlayers) -> None:
    """SIGKILL one of the pool's worker processes, as the OOM killer would."""
    pid = next(iter(bots.executor._processes))
    os.kill(pid, signal.SIGKILL)


def kill_own_worker(*_args) -> int:
    """A job that kills the worker running it, every time."""
    os.kill(os.getpid(), signal.SIGKILL)
    return 0


def pool_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == seats.__name__]


async def test_a_killed_worker_is_replaced_and_every_decision_answers(caplog):
    caplog.set_level(logging.WARNING, logger=seats.__name__)
    game, positions = views(2 * DECISIONS)
    bots = BotPlayers(workers=2)
    try:
        in_flight = [
            asyncio.ensure_future(bots.decide("expert", game, view, f"heal/{n}"))
            for n, view in enumerate(positions[:DECISIONS])
        ]
        await asyncio.wait(in_flight, return_when=asyncio.FIRST_COMPLETED)
        kill_a_worker(bots)
        answered = await asyncio.gather(*in_flight, return_exceptions=True)
        after = await asyncio.gather(
            *(bots.decide("greedy", game, view, "after") for view in positions[DECISIONS:]),
            return_exceptions=True,
        )
        workers = len(bots.executor._processes)
    finally:
        bots.close()
    for view, move in zip(positions, answered + after, strict=True):
        assert move in view.legal_moves, f"a decision failed: {move!r}"
    assert workers <= 2, "one fresh pool, not one per decision that saw the break"
    assert len(pool_warnings(caplog)) == 1, "one warning for the breakage"


async def test_a_decision_that_kills_its_worker_every_time_fails_and_the_pool_goes_on(
    caplog, monkeypatch
):
    caplog.set_level(logging.WARNING, logger=seats.__name__)
    game, (view,) = views(1)
    bots = BotPlayers(workers=1)
    try:
        with monkeypatch.context() as poisoned:
            poisoned.setattr(seats, "decide_in_worker", kill_own_worker)
            with pytest.raises(BrokenProcessPool, match="died 3 times"):
                await bots.decide("greedy", game, view, "poison")
        move = await bots.decide("greedy", game, view, "after")
    finally:
        bots.close()
    assert move in view.legal_moves
    assert len(pool_warnings(caplog)) == 3, "one warning per breakage"

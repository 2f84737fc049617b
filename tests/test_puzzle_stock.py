"""The puzzle stock: a bot with too few puzzles mines its own play in a worker process
until it has enough, and one with enough mines nothing."""

from __future__ import annotations

import asyncio

from bot.puzzles.stock import PuzzleStock
from bot.storage import Storage


async def test_a_new_bot_mines_puzzles_until_its_stock_is_full(tmp_path):
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stock.sqlite3'}")
    try:
        stock = PuzzleStock(storage, target=20)
        stock.start()
        for _ in range(600):  # a spawned worker, then a batch of ten matches
            if await storage.count_puzzles() >= 20:
                break
            await asyncio.sleep(0.1)
        assert await storage.count_puzzles() >= 20
        assert stock._task is not None
        await asyncio.wait_for(stock._task, 30)
        assert await storage.duplicate_puzzles() == 0
        stored = await storage.count_puzzles()
        again = PuzzleStock(storage, target=20)
        again.start()
        assert again._task is not None
        await asyncio.wait_for(again._task, 5)
        assert await storage.count_puzzles() == stored, "a full stock mines nothing"
    finally:
        await storage.close()

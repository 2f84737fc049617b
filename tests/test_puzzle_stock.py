"""The puzzle stock: a bot with too few puzzles starts a miner process that stores
puzzles until the stock is full; a bot with enough starts none."""

from __future__ import annotations

import asyncio

from bot.puzzles.stock import PuzzleStock
from bot.storage import Storage


async def test_a_new_bot_mines_puzzles_until_its_stock_is_full(tmp_path):
    url = f"sqlite:///{tmp_path / 'stock.sqlite3'}"
    storage = await Storage.open(url)
    try:
        stock = PuzzleStock(storage, url, target=20)
        await stock.start()
        assert stock.miner is not None
        for _ in range(600):  # the miner starts, then stores a batch of ten matches
            if stock.miner.poll() is not None:
                break
            await asyncio.sleep(0.1)
        assert stock.miner.returncode == 0, "it exits once the stock is full"
        assert await storage.count_puzzles() >= 20
        assert await storage.duplicate_puzzles() == 0
        full = PuzzleStock(storage, url, target=20)
        await full.start()
        assert full.miner is None, "a full stock starts no miner"
    finally:
        await storage.close()

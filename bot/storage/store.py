"""The bot's storage: every statement the bot runs on its data is in this package,
written once for both databases (``databases``: SQLite, the embedded default, or
PostgreSQL for several processes on one database), one module per kind of data."""

from __future__ import annotations

from .daily import DailyData
from .daily_puzzle import DailyPuzzleData
from .deadlines import DeadlineData
from .pool import PoolData
from .puzzle_play import PuzzlePlayData
from .puzzles import PuzzleData
from .results import Results
from .seasons import SeasonData
from .server import ServerData
from .tables import TableRows
from .tournaments import TournamentData


class Storage(
    TableRows,
    Results,
    SeasonData,
    DailyData,
    TournamentData,
    PoolData,
    ServerData,
    DeadlineData,
    PuzzleData,
    PuzzlePlayData,
    DailyPuzzleData,
):
    """The bot's data. Open with ``await Storage.open(url)``."""

"""Publishing: one publisher per table brings Discord in line with the saved table.

- ``port``: what publishing needs of the bot (a protocol: no bot class imported).
- ``context``: what one table's parts share; ``Shown``, the record of what Discord shows.
- ``clock``: automatic moves (bots, timers) and when they fall due.
- ``messages``: the lobby, the results, the lines waiting.
- ``board``: the board message. ``panels``: members' hand panels. ``pings``: turn pings.
- ``table``: ``TablePublisher``, the loop that runs them in order.
- ``hub``: ``Publisher``, every table's publisher for one bot.
"""

from .context import Shown, Timings
from .hub import Publisher
from .port import DiscordPort, send_dm
from .table import TablePublisher

__all__ = ["DiscordPort", "Publisher", "Shown", "TablePublisher", "Timings", "send_dm"]

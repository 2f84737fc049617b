"""``python -m bot.puzzles <command>``: each command's arguments and code in its own
module (``mine``: ``mine_cli.py``, ``bench``: ``bench.py``), so commands are added
without touching another's.

    python -m bot.puzzles mine --matches 400 --seed 1 [--database URL]   mine and store
    python -m bot.puzzles bench --database URL   puzzle ratings vs solvers; serving speed
"""

from __future__ import annotations

import argparse
import json

from . import bench, mine_cli

COMMANDS = {"mine": mine_cli, "bench": bench}
"""Each command's module: ``add_arguments(parser)`` and ``run(args) -> dict``."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.puzzles", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        module.add_arguments(commands.add_parser(name, description=module.__doc__))
    args = parser.parse_args(argv)
    print(json.dumps(COMMANDS[args.command].run(args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

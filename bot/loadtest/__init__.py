"""Load benchmarks: ``python -m bot.loadtest <subcommand>`` (see ``__main__``).

- ``discord``: whole matches through SimCord's simulated Discord, counting the REST
  calls, database commits and stale hand panels per move (``discord_load``).
- ``service``: moves at a steady rate through the ``TableService`` and the storage,
  without Discord: moves per second and click-to-commit latency (``service_load``).
"""

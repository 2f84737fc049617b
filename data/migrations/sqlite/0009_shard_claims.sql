-- Hand-over between processes (issue 14): the process that drives a shard's tables
-- claims it at start; one that finds its claim taken (a newer process of a rolling
-- deploy) stops, so two publishers never keep showing one table. Shard -1 stands for
-- every shard of a process that runs them all.
CREATE TABLE shard_claims (
    shard INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    claimed_at TEXT NOT NULL
);

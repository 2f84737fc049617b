-- Quick play (issue 37): one pool for every server and cluster, paired in waves.
-- A member waits once (``user_id`` is the key); partners entering Scopone together
-- are two rows naming each other. ``token`` and ``message_id``: the interaction that
-- entered them and its answer ("searching…"), which any process may edit through the
-- token while it lives (15 minutes); ``message_id`` is 0 until that answer is shown.
CREATE TABLE pool_entries (
    user_id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    partner_id INTEGER,
    rating INTEGER NOT NULL,
    name TEXT,
    locale TEXT NOT NULL,
    guild_id INTEGER NOT NULL,
    token TEXT NOT NULL,
    message_id INTEGER NOT NULL DEFAULT 0,
    joined_at TEXT NOT NULL,
    waves INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pool_entries_game ON pool_entries (game, joined_at);

-- What a wave paired: its sides and members (``data``), then the table it opened
-- (set in the table's own insert, so a pairing opens one table, once).
CREATE TABLE pool_pairings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    data TEXT NOT NULL,
    table_id INTEGER,
    created_at TEXT NOT NULL
);
CREATE INDEX pool_pairings_open ON pool_pairings (table_id, id);

-- Rematch asked at a finished quick-play match: once every member of it asked, their
-- votes are taken and a pairing of the same sides recorded, in one transaction.
CREATE TABLE pool_rematches (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

-- "Don't pair me with them again": honoured both ways.
CREATE TABLE pool_blocks (
    user_id INTEGER NOT NULL,
    blocked_id INTEGER NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
);

-- Fair play: each abandoned quick-play match or seat lost to the clock; pool bans are
-- worked out from the recent ones.
CREATE TABLE pool_strikes (
    user_id INTEGER NOT NULL,
    at TEXT NOT NULL,
    kind TEXT NOT NULL
);
CREATE INDEX pool_strikes_member ON pool_strikes (user_id, at);

-- Each match's change of its members' global ratings (what /stats shows as the
-- global trend); a server's changes stay in rating_changes.
CREATE TABLE global_changes (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    rated_at TEXT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX global_changes_member ON global_changes (user_id, game, table_id);

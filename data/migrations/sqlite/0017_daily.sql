-- The daily deal (issue 25): each member's hand of a game's deal of the day, saved
-- move by move (``moves``: the move texts, ``ply`` their number, checked on each save),
-- and its result once the hand is scored (the margin, then cards and sweeps rank it).
CREATE TABLE daily_hands (
    day TEXT NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    moves TEXT NOT NULL DEFAULT '[]',
    ply INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    margin INTEGER NOT NULL DEFAULT 0,
    cards INTEGER NOT NULL DEFAULT 0,
    sweeps INTEGER NOT NULL DEFAULT 0,
    points INTEGER NOT NULL DEFAULT 0,
    bot_points INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    PRIMARY KEY (day, game, user_id)
);
CREATE INDEX daily_hands_rank ON daily_hands (day, game, finished, margin, cards, sweeps);
CREATE INDEX daily_hands_server ON daily_hands (day, game, guild_id, finished);
CREATE INDEX daily_hands_member ON daily_hands (user_id, finished, day);

-- The database enforces the one-table rules (issue 14): one live table per channel or
-- thread where tables play without a thread of their own, and one live rematch lobby
-- per finished match. Rows from before keep in_channel = 0: the service's own check
-- still guards them, and an index could not be built over a pair they may hold.
ALTER TABLE game_tables ADD COLUMN in_channel INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN rematch_of INTEGER;
CREATE UNIQUE INDEX game_tables_one_in_channel ON game_tables (channel_id)
    WHERE in_channel = 1 AND status IN ('lobby', 'playing');
CREATE UNIQUE INDEX game_tables_one_rematch ON game_tables (rematch_of)
    WHERE rematch_of IS NOT NULL AND status IN ('lobby', 'playing');

-- Bot seats (issue 4): matches played with bots are counted per member, and each
-- server sets after how many timeouts in a row the bot takes a seat over.
ALTER TABLE player_results ADD COLUMN with_bots INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN takeover_after INTEGER NOT NULL DEFAULT 3;

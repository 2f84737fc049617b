-- Matches where the coach gave hints, marked like matches with bots.
ALTER TABLE player_results ADD COLUMN with_hints INTEGER NOT NULL DEFAULT 0;

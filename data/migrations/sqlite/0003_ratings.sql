-- Ratings and history (issue 5): each member's OpenSkill rating per game and server
-- (the model's starting values, mu 25 and sigma 25/3, for members rated before),
-- and the change each finished match made, which gives the trend and the history.
ALTER TABLE player_results ADD COLUMN mu REAL NOT NULL DEFAULT 25.0;
ALTER TABLE player_results ADD COLUMN sigma REAL NOT NULL DEFAULT 8.333333333333334;

CREATE TABLE rating_changes (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    rated_at TEXT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE INDEX rating_changes_member ON rating_changes (guild_id, user_id, game, table_id);
CREATE INDEX game_tables_finished ON game_tables (guild_id, status, updated_at);

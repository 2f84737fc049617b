-- Season close (issue 25): when a season is over, each game's final standings are kept
-- for good (places among the members ranked that season) and the close is recorded
-- once per server and season, with when its results were posted (NULL: not yet).
CREATE TABLE season_closes (
    guild_id BIGINT NOT NULL,
    season TEXT NOT NULL,
    closed_at TEXT NOT NULL,
    posted_at TEXT,
    PRIMARY KEY (guild_id, season)
);

CREATE TABLE season_standings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    season TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    place INTEGER NOT NULL,
    rating INTEGER NOT NULL,
    won INTEGER NOT NULL,
    played INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season, user_id)
);
CREATE INDEX season_standings_member ON season_standings (guild_id, user_id);

ALTER TABLE guild_settings ADD COLUMN season_channel BIGINT;

-- Seasons (issue 25): each server's leaderboards run in seasons (monthly unless
-- /settings says weekly, quarterly or none). A season's standings are their own lines,
-- rated afresh from the starting rating; a match counts in the season it ended in.
ALTER TABLE guild_settings ADD COLUMN season_length TEXT NOT NULL DEFAULT 'monthly';

CREATE TABLE season_results (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    season TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    points INTEGER NOT NULL DEFAULT 0,
    escobas INTEGER NOT NULL DEFAULT 0,
    hands INTEGER NOT NULL DEFAULT 0,
    with_bots INTEGER NOT NULL DEFAULT 0,
    with_hints INTEGER NOT NULL DEFAULT 0,
    mu DOUBLE PRECISION NOT NULL DEFAULT 25.0,
    sigma DOUBLE PRECISION NOT NULL DEFAULT 8.333333333333334,
    PRIMARY KEY (guild_id, game, season, user_id)
);

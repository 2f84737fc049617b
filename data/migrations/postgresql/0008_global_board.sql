-- The global board (issue 25): ratings from every server's matches, per game, rated
-- afresh from the starting rating; a server may keep its matches off it, and a member
-- appears there by name only after choosing to (their name kept with the choice).
ALTER TABLE guild_settings ADD COLUMN global_board INTEGER NOT NULL DEFAULT 1;

CREATE TABLE member_settings (
    user_id BIGINT PRIMARY KEY,
    global_name TEXT              -- the name shown on the global board; NULL: anonymous
);

CREATE TABLE global_results (
    game TEXT NOT NULL,
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
    PRIMARY KEY (game, user_id)
);

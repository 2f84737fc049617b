-- The name each member last played a recorded match under on a server (their display
-- name as seated): what the server's leaderboards and season results list, a list of
-- names rather than of mentions (issue 39).
CREATE TABLE member_names (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

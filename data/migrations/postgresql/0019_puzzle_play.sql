-- Puzzles served (issue 49): each member's attempts (one row per member and puzzle:
-- a retry starts the same row again), their one puzzle rating (Glicko-2, all games
-- together, as lichess), the puzzle of the day and who solved it.
-- ``step``: the answer line's moves played so far; ``status``: playing, solved or
-- failed; ``first_solved``: how the first attempt ended (NULL until it did: it alone
-- moves the ratings); ``rating_after``: the member's rating once it did (the trend);
-- ``asked_game``/``asked_theme``: what the member asked for (Next serves alike).
CREATE TABLE puzzle_attempts (
    user_id BIGINT NOT NULL,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    step INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'playing',
    first_solved INTEGER,
    wrong_move BIGINT,
    retries INTEGER NOT NULL DEFAULT 0,
    rating_before DOUBLE PRECISION,
    rating_after DOUBLE PRECISION,
    asked_game TEXT,
    asked_theme TEXT,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_trend ON puzzle_attempts (user_id, finished_at);
CREATE INDEX puzzles_by_rating_only ON puzzles (rating);
CREATE TABLE puzzle_ratings (
    user_id BIGINT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL DEFAULT 1500,
    deviation DOUBLE PRECISION NOT NULL DEFAULT 350,
    volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0
);
-- The puzzle of each day, the same everywhere; ``commitment`` seals its answer (the
-- SHA-256 of ``seal:line``, the seal revealed once the day is over).
CREATE TABLE daily_puzzles (
    day TEXT PRIMARY KEY,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    commitment TEXT NOT NULL,
    chosen_at TEXT NOT NULL
);
CREATE TABLE daily_puzzle_solves (
    day TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    solved INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (day, user_id)
);
CREATE INDEX daily_puzzle_solves_here ON daily_puzzle_solves (day, guild_id);
-- Each puzzle's themes, one row a theme, with its game and rating (kept equal to the
-- puzzle's): a theme's puzzles found along their rating without reading the others.
-- Filled from ``puzzles`` as they come (``bot_meta`` ``puzzle_themes_upto``: the last
-- puzzle id read).
CREATE TABLE puzzle_themes (
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    theme TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (puzzle_id, theme)
);
CREATE INDEX puzzle_themes_by_rating ON puzzle_themes (theme, game, rating);
CREATE INDEX puzzle_themes_any_game ON puzzle_themes (theme, rating);

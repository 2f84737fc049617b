-- Puzzles (issue 49): positions mined from finished matches. ``key`` identifies the
-- position (bot/puzzles/puzzle.py); ``state`` is the engine state's JSON, ``line`` the
-- answer's moves as JSON, ``themes`` a space-separated list. ``rating``/``deviation``/
-- ``volatility`` are the puzzle's Glicko-2 rating, moved by members' first attempts.
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    state TEXT NOT NULL,
    line TEXT NOT NULL,
    loss REAL NOT NULL,
    exact INTEGER NOT NULL,
    themes TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    rating REAL NOT NULL DEFAULT 1500,
    deviation REAL NOT NULL DEFAULT 350,
    volatility REAL NOT NULL DEFAULT 0.06,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (game, rating);

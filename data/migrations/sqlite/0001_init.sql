-- Tables (lobbies and matches), their move log, server settings and results.

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT,                -- 'es', 'en' or NULL for the server's preferred locale
    default_target INTEGER,       -- Escoba target for new tables, NULL for the game default
    dm_hands INTEGER NOT NULL DEFAULT 1,
    turn_timer INTEGER            -- seconds, NULL for no timer
);

CREATE TABLE game_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,  -- where the lobby message is
    thread_id INTEGER,            -- the table's thread, NULL when it plays in the channel
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    host_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,        -- JSON, the engine's options
    status TEXT NOT NULL,         -- lobby, playing, finished, cancelled
    locale TEXT NOT NULL,
    seats TEXT NOT NULL,          -- JSON list of seated players
    state TEXT,                   -- JSON, the engine state (State.to_dict)
    version INTEGER NOT NULL DEFAULT 0,
    ui TEXT NOT NULL,             -- JSON, what the board and panels show
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE INDEX game_tables_live ON game_tables (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE moves (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    version INTEGER NOT NULL,     -- the table version the move produced
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,           -- format_move text
    events TEXT NOT NULL,         -- JSON list of event dicts
    played_at TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
);

CREATE TABLE player_results (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    points INTEGER NOT NULL DEFAULT 0,
    escobas INTEGER NOT NULL DEFAULT 0,
    hands INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE TABLE bot_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

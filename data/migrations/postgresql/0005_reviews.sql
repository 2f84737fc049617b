-- Reviews (issue 27): the hard bot's verdict on every decision the members of a
-- finished match made, computed once and kept, so a second look costs nothing.
CREATE TABLE reviews (
    table_id BIGINT PRIMARY KEY REFERENCES game_tables (id),
    data TEXT NOT NULL,
    created_at TEXT NOT NULL
);

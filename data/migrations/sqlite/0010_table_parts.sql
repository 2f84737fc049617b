-- What a table keeps beyond the engine, in parts that say what they are (issue 23):
-- the flat ``ui`` object becomes {settings, turn, log, end_reason}. Keys an older row
-- lacks stay absent, so their defaults apply when the row is read.
UPDATE game_tables SET ui = json_object(
    'settings', json_remove(ui, '$.pending', '$.turn_deadline', '$.turn_opened',
        '$.last_seat', '$.last_events', '$.auto_move', '$.log', '$.results',
        '$.seat_sweeps', '$.hands_played', '$.end_reason'),
    'turn', json_object(
        'pending', json(COALESCE(ui -> '$.pending', 'null')),
        'deadline', json(COALESCE(ui -> '$.turn_deadline', 'null')),
        'opened', COALESCE(json_extract(ui, '$.turn_opened'), 0)),
    'log', json_object(
        'last_seat', json_extract(ui, '$.last_seat'),
        'last_events', json(COALESCE(ui -> '$.last_events', '[]')),
        'auto_move', json(CASE WHEN json_extract(ui, '$.auto_move') THEN 'true' ELSE 'false' END),
        'hand', json(COALESCE(ui -> '$.log', '[]')),
        'results', json(COALESCE(ui -> '$.results', '[]')),
        'seat_sweeps', json(COALESCE(ui -> '$.seat_sweeps', '[]')),
        'hands_played', COALESCE(json_extract(ui, '$.hands_played'), 0)),
    'end_reason', json_extract(ui, '$.end_reason'))
WHERE json_type(ui, '$.settings') IS NULL;

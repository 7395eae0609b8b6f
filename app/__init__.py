"""The browser app: start-up, screens, the game at the table, the computer seats, storage. Pure parts run under CPython.

Only `dom` touches the browser (and `browser_store`, the saved games on localStorage and IndexedDB). The parts at
work, each holding its own state, made by the one `controller.App` and talking through its `events` (the table
announces a move applied, a game opened, a screen shown; the saver, the computer seats, the clock and the friends'
host subscribe): `router` (the screen, Back and
Forward, a `#save=` link, a reload), `home`, `new_game`, `table` (the game in play: a move, undo, the seat holding
the device), `computer_seats` (their loop, the hint, a battle fought for a player), `stored_game` (autosave, other
tabs, old saves), `replay`, `dialogs` (share, import, rules) and `notices`. The pure parts: `decision` (whose
decision it is and who answers it), `gameview` and `computer_help` (the game screen's regions), `screens`,
`home_screen`, `setup_screen` (HTML), `setup_form`, `options_form`, `storage`, `saving`, `ai`, `views/` (one board
per game), `markup`, `markdown`.
docs/app.md maps them and follows a click from the DOM to the engine and back.

URL parameters: `#save=<save string>` opens a shared game; `?ai-pause=MS` changes the computer's
visible pause before each decision (default 400 ms; the browser tests use 40).
"""

"""The browser app: start-up, screens, per-game views, storage. Pure parts run under CPython too.

Layout (only `dom` touches the browser; everything else is pure and tested in tests/app):

- `main`: the entry point PyScript runs; links assets/app.css, starts `controller.App`, or calls
  `window.titanFail(message)`.
- `controller`: what to show and when: screens, clicks (one delegated listener on #app reading
  `data-action` / `data-cmd`), the game loop, computer seats, autosave, share/import, undo, rules.
- `dom`: the thin binding to JS (innerHTML writes, listeners, localStorage, clipboard, URL).
- `screens`: home, setup, game-screen regions, rules and dialogs as HTML strings.
- `gameview`: the game screen's regions from a game and its state (status line, choices, log).
- `views/`: one board view per game (`titan_dice`, `titan_race` draw SVG; `generic` for games without one).
- `setup_form`, `options_form`: the new-game form (seats, levels, pydantic Options) as pure logic.
- `storage`: saved games over a key-value store, robust to damage, full or missing storage.
- `ai`: computer seats stepped in ~15 ms time-boxed slices that yield to the browser.
- `markdown`: a tiny converter for the rulebooks that escapes everything first.
- `markup`: `esc` (html.escape) and attribute helpers: every player or save-string text goes through it.

URL parameters: `#save=<save string>` opens a shared game; `?ai-pause=MS` changes the computer's
visible pause before each decision (default 500 ms; the browser tests use 40).
"""

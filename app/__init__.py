"""The browser app: start-up, screens, per-game views, storage. Pure parts run under CPython too."""

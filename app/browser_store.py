"""The saved-games Backend in the browser: localStorage, each game's check-then-write one step across tabs."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from app.storage import ConflictError, StorageFullError, StorageUnavailableError


def _py(value: Any) -> Any:
    """JS null arrives as `jsnull` (not None) in recent Pyodide: map it to None."""
    return None if value is None or type(value).__name__ == "JsNull" else value


FULL = (
    "The browser's storage for this page is full, so this game could not be saved. "
    "Your game goes on; delete old saved games or use Share to keep a save string."
)


class LocalStorageBackend:
    """The saved-games Backend on window.localStorage, mapping its errors to StorageError."""

    def __init__(self) -> None:
        try:
            self.store = _py(js.window.localStorage)
            if self.store is not None:
                self.store.getItem("titan-table:probe")
        except Exception as error:
            raise StorageUnavailableError(
                "This browser does not let the page keep saved games (storage is blocked or unavailable). "
                "Your game goes on, but it is not saved: use Share to keep a save string."
            ) from error
        if self.store is None:
            raise StorageUnavailableError("This browser has no local storage: games are not saved.")
        # assets/tab_store.js: a game's revision check and write in one step across tabs. Without it (the
        # script did not load) SaveStore checks and writes as before.
        self.tab_store = _py(getattr(js.window, "titanTabStore", None))
        if self.tab_store is None:
            self.commit = None

    async def commit(self, key: str, value: str, expected: int | None, revision: int) -> None:
        """Write `value` if the stored revision is `expected`, checked and written as one step across tabs."""
        try:
            answer = (await self.tab_store.commit(key, value, expected, revision)).to_py()
        except Exception as error:
            raise StorageUnavailableError(f"Storage cannot be changed: {error}") from error
        if answer.get("ok"):
            return
        if "error" not in answer:
            stored = answer.get("stored")
            raise ConflictError(None if stored is None else int(stored))
        text = str(answer.get("message", ""))
        if answer["error"] == "full":
            raise StorageFullError(FULL)
        raise StorageUnavailableError(
            f"The game could not be saved ({text}). Your game goes on; use Share to keep a save string."
        )

    def get(self, key: str) -> str | None:
        """The value of a key, or None."""
        try:
            value = _py(self.store.getItem(key))
        except Exception as error:
            raise StorageUnavailableError(f"Storage cannot be read: {error}") from error
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> None:
        """Write a value, mapping QuotaExceededError to StorageFullError."""
        try:
            self.store.setItem(key, value)
        except Exception as error:
            text = str(error)
            if "quota" in text.lower():
                raise StorageFullError(FULL) from error
            raise StorageUnavailableError(
                f"The game could not be saved ({text}). Your game goes on; use Share to keep a save string."
            ) from error

    def remove(self, key: str) -> None:
        """Delete a key."""
        try:
            self.store.removeItem(key)
        except Exception as error:
            raise StorageUnavailableError(f"Storage cannot be changed: {error}") from error

    def all_keys(self) -> list[str]:
        """Every key in the store."""
        try:
            return [str(k) for k in js.Object.keys(self.store).to_py()]
        except Exception as error:
            raise StorageUnavailableError(f"Storage cannot be read: {error}") from error

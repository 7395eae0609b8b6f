"""Saved games: listing, damaged entries, storage full, never overwriting a save with something broken."""

from __future__ import annotations

import json

import pytest

from app.storage import (
    INDEX_KEY,
    SAVE_PREFIX,
    MemoryBackend,
    SavedGame,
    SaveStore,
    StorageFullError,
    format_date,
)
from engine.core.errors import InvalidSave
from engine.core.save import dumps
from engine.registry import GAMES


def make_entry(entry_id: str, updated: int = 1000, names: tuple[str, ...] = ("Ann", "Bot")) -> SavedGame:
    game = GAMES["titan_dice"]
    state = game.new_game(len(names), None, 5, [{"name": n} for n in names])
    return SavedGame(
        id=entry_id,
        game_id=game.id,
        title=game.title,
        players=list(names),
        updated=updated,
        turn="Round 1",
        save=dumps(state),
    )


def test_put_list_get_delete():
    store = SaveStore(MemoryBackend())
    store.put(make_entry("a", 1000))
    store.put(make_entry("b", 2000))
    listing = store.listing()
    assert [g.id for g in listing.games] == ["b", "a"]
    assert listing.last_id == "b" and not listing.notices
    assert store.get("a").players == ["Ann", "Bot"]
    store.delete("b")
    assert [g.id for g in store.listing().games] == ["a"]


def test_damaged_entry_is_skipped_with_notice_and_others_listed():
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.put(make_entry("good"))
    store.put(make_entry("bad"))
    backend.data[SAVE_PREFIX + "bad"] = "{not json"
    backend.data[SAVE_PREFIX + "worse"] = json.dumps({**json.loads(make_entry("worse").to_json()), "save": "TT.1.@@"})
    listing = store.listing()
    assert [g.id for g in listing.games] == ["good"]
    assert sorted(listing.damaged) == ["bad", "worse"]
    assert len(listing.notices) == 2 and all("skipped" in n for n in listing.notices)
    assert SAVE_PREFIX + "bad" in backend.data  # kept untouched: nothing is lost


def test_damaged_index_is_rebuilt_from_the_games_found():
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.put(make_entry("a"))
    backend.data[INDEX_KEY] = "[[["
    listing = store.listing()
    assert [g.id for g in listing.games] == ["a"]
    assert any("rebuilt" in n for n in listing.notices)


def test_storage_full_keeps_the_previous_save():
    first = make_entry("a")
    store = SaveStore(MemoryBackend(quota=len(first.to_json()) + len(SAVE_PREFIX) + 200))
    store.put(first)
    bigger = make_entry("a", names=("Ann", "Bot", "Cat", "Dan"))
    bigger.extra = {"padding": "x" * 5000}
    with pytest.raises(StorageFullError):
        store.put(bigger)
    assert store.get("a").players == ["Ann", "Bot"]


def test_a_broken_save_string_is_never_written():
    store = SaveStore(MemoryBackend())
    store.put(make_entry("a"))
    broken = make_entry("a")
    broken.save = "TT.1.garbage!"
    with pytest.raises(InvalidSave):
        store.put(broken)
    assert store.get("a").save.startswith("TT.2.")


def test_game_whose_index_update_failed_is_still_listed():
    backend = MemoryBackend()
    store = SaveStore(backend)
    entry = make_entry("orphan")
    backend.data[SAVE_PREFIX + "orphan"] = entry.to_json()  # written, index never updated
    assert [g.id for g in store.listing().games] == ["orphan"]


def test_format_date_uses_offset():
    assert format_date(0, 0) == "1970-01-01 00:00"
    assert format_date(0, -60) == "1970-01-01 01:00"


def test_index_update_failing_still_saves_the_game():
    entry = make_entry("a")
    backend = MemoryBackend(quota=len(SAVE_PREFIX) + 1 + len(entry.to_json()) + 5)
    store = SaveStore(backend)
    store.put(entry)  # the game fits, its index entry does not: no error, the game is listed
    assert INDEX_KEY not in backend.data
    assert [g.id for g in store.listing().games] == ["a"]

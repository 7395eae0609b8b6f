"""Saved games: listing, damaged entries, storage full, never overwriting a save with something broken."""

from __future__ import annotations

import json

import pytest

from app.storage import (
    INDEX_KEY,
    MAX_DATE_MS,
    SAVE_PREFIX,
    ConflictError,
    MemoryBackend,
    SavedGame,
    SaveStore,
    StorageFullError,
    format_date,
)
from engine.core.errors import InvalidSave
from engine.core.save import VERSION, dumps
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
        store.put(bigger, 1)
    assert store.get("a").players == ["Ann", "Bot"]


def test_a_broken_save_string_is_never_written():
    store = SaveStore(MemoryBackend())
    store.put(make_entry("a"))
    broken = make_entry("a")
    broken.save = "TT.1.garbage!"
    with pytest.raises(InvalidSave):
        store.put(broken, 1)
    assert store.get("a").save.startswith(f"TT.{VERSION}.")


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


def test_every_write_names_the_revision_it_replaces():
    store = SaveStore(MemoryBackend())
    entry = make_entry("a")
    assert store.put(entry) == 1 and entry.revision == 1
    assert store.put(make_entry("a"), 1) == 2
    assert store.get("a").revision == 2 and store.stored_revision("a") == 2
    with pytest.raises(ConflictError) as conflict:  # another tab wrote revision 2 since this one read 1
        store.put(make_entry("a", updated=5), 1)
    assert conflict.value.stored_revision == 2
    assert store.get("a").updated == 1000  # nothing was written
    with pytest.raises(ConflictError):  # a new game never overwrites a stored one
        store.put(make_entry("a"))
    store.delete("a")
    with pytest.raises(ConflictError) as gone:  # deleted in another tab
        store.put(make_entry("a"), 2)
    assert gone.value.stored_revision is None


def test_an_entry_without_a_revision_reads_as_revision_0():
    backend = MemoryBackend()
    data = json.loads(make_entry("old").to_json())
    del data["revision"]
    backend.data[SAVE_PREFIX + "old"] = json.dumps(data)
    store = SaveStore(backend)
    assert store.get("old").revision == 0 and store.stored_revision("old") == 0
    assert store.put(make_entry("old"), 0) == 1


@pytest.mark.parametrize(
    "field, value",
    [
        ("updated", 10**17),
        ("updated", -1),
        ("updated", 1.5),
        ("updated", True),
        ("players", ["x"] * 50),
        ("players", [{"a": 1}]),
        ("title", "t" * 5000),
        ("id", "../../x"),
        ("save", "TT.2.@@@"),
        ("save", "TT.2." + "A" * 300_000),
        ("extra", [1, 2]),
        ("revision", -3),
    ],
)
def test_an_entry_with_a_bad_field_is_skipped_with_a_notice(field, value):
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.put(make_entry("good", updated=2000))
    data = {**json.loads(make_entry("bad").to_json()), field: value}
    backend.data[SAVE_PREFIX + "bad"] = json.dumps(data)
    listing = store.listing()
    assert [g.id for g in listing.games] == ["good"]
    assert listing.damaged == ["bad"] and len(listing.notices) == 1
    assert len(listing.notices[0]) < 200
    assert SAVE_PREFIX + "bad" in backend.data


def test_hostile_stored_text_is_skipped_quickly():
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.put(make_entry("good"))
    backend.data[SAVE_PREFIX + "deep"] = "[" * 100_000
    backend.data[SAVE_PREFIX + "wide"] = json.dumps({"id": "wide", "players": ["a"] * 500_000})
    backend.data[SAVE_PREFIX + "huge"] = "x" * 5_000_000
    backend.data[INDEX_KEY] = '{"order":' + "[" * 50_000
    listing = store.listing()
    assert [g.id for g in listing.games] == ["good"]
    assert sorted(listing.damaged) == ["deep", "huge", "wide"]


def test_format_date_never_fails():
    assert format_date(MAX_DATE_MS, 0).startswith("9999-12-31")
    assert format_date(MAX_DATE_MS, -24 * 60) == "unknown date"
    assert format_date(10**17) == "unknown date"

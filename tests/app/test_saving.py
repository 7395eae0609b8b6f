"""The saved copy of the game in play: two tabs on one store never lose a move; old saves are upgraded."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from app.saving import Saver, finish_now, upgrade_old_save
from app.storage import SAVE_PREFIX, MemoryBackend, SavedGame, SaveStore
from engine.core import Rng
from engine.core.save import VERSION, loads, peek_format
from engine.registry import GAMES

GAME = GAMES["titan_dice"]
CORPUS = Path(__file__).resolve().parents[1] / "saves" / "corpus"


def tab(store: SaveStore, ids: itertools.count) -> Saver:
    """A tab's saver on a shared store (its own id maker, the same clock)."""
    return Saver(store, lambda: 1_000, lambda: f"game{next(ids)}")


def play(state, moves: int, seed: int):
    chooser = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return state


def test_two_tabs_playing_one_game_lose_no_move():
    store = SaveStore(MemoryBackend())
    ids = itertools.count()
    first, second = tab(store, ids), tab(store, ids)
    state = GAME.new_game(2, seed=4, seats=[{"name": "Ann"}, {"name": "Bob"}])
    first.track_new()
    assert first.save(GAME, state).notice is None
    second.track(store.get(first.entry_id))  # the second tab opens the same saved game
    ahead_in_first = play(state, 5, seed=1)
    ahead_in_second = play(state, 5, seed=2)
    assert ahead_in_first.snapshot() != ahead_in_second.snapshot()
    assert first.save(GAME, ahead_in_first).notice is None
    notice = second.save(GAME, ahead_in_second).notice  # the second tab is behind: its write is refused...
    assert notice is not None and "separate game" in notice[1]
    assert second.entry_id != first.entry_id  # ... and its game saved as a separate one
    assert loads(store.get(first.entry_id).save) == ahead_in_first
    assert loads(store.get(second.entry_id).save) == ahead_in_second
    assert len(store.listing().games) == 2


def test_the_same_position_reached_in_two_tabs_is_no_conflict():
    store = SaveStore(MemoryBackend())
    ids = itertools.count()
    first, second = tab(store, ids), tab(store, ids)
    state = GAME.new_game(2, seed=4)
    first.track_new()
    first.save(GAME, state)
    second.track(store.get(first.entry_id))
    later = play(state, 3, seed=7)
    first.save(GAME, later)
    assert second.save(GAME, later).notice is None  # a computer move made in both tabs: nothing to keep apart
    assert second.entry_id == first.entry_id and second.revision == store.stored_revision(first.entry_id)
    assert len(store.listing().games) == 1


def test_a_storage_event_tells_the_tab_behind():
    store = SaveStore(MemoryBackend())
    ids = itertools.count()
    first, second = tab(store, ids), tab(store, ids)
    first.track_new()
    first.save(GAME, GAME.new_game(2, seed=1))
    second.track(store.get(first.entry_id))
    key = SAVE_PREFIX + first.entry_id
    first.save(GAME, play(GAME.new_game(2, seed=1), 2, seed=3))
    value = store.backend.get(key)
    assert second.newer_elsewhere(key, value)
    assert not first.newer_elsewhere(key, value)  # its own write
    assert not second.newer_elsewhere(SAVE_PREFIX + "other", value)
    assert second.deleted_elsewhere(key, None) and not second.newer_elsewhere(key, None)


def test_a_game_deleted_in_another_tab_is_saved_again_when_played_on():
    store = SaveStore(MemoryBackend())
    saver = tab(store, itertools.count())
    saver.track_new()
    saver.save(GAME, GAME.new_game(2, seed=1))
    store.delete(saver.entry_id)
    notice = saver.save(GAME, play(GAME.new_game(2, seed=1), 2, seed=3)).notice
    assert notice is not None and "deleted in another tab" in notice[1]
    assert [g.id for g in store.listing().games] == [saver.entry_id]


def test_a_full_store_is_said_once_and_again_when_it_works():
    backend = MemoryBackend()
    saver = tab(SaveStore(backend), itertools.count())
    saver.track_new()
    state = GAME.new_game(2, seed=1)
    saver.save(GAME, state)
    backend.quota = 10
    first = saver.save(GAME, play(state, 2, 1)).notice
    assert first is not None and first[0] == "warn"
    assert saver.save(GAME, play(state, 3, 1)).notice is None  # said once
    backend.quota = None
    again = saver.save(GAME, play(state, 4, 1)).notice
    assert again == ("info", "Saving works again: the game is saved.")


def test_format_1_saves_are_rewritten_in_today_s_format_and_open_the_same():
    body = json.loads((CORPUS / "r5.json").read_text(encoding="utf-8"))
    store = SaveStore(MemoryBackend())
    for index, entry in enumerate(body["entries"]):
        store.put(
            SavedGame(
                id=f"g{index}", game_id=entry["game"], title="", players=[], updated=1, turn="", save=entry["save"]
            )
        )
    for listed in store.listing().games:
        before = loads(listed.save)
        assert upgrade_old_save(store, listed) is None
        after = store.get(listed.id)
        assert peek_format(after.save) == VERSION and after.revision == listed.revision + 1
        assert loads(after.save) == before
        assert upgrade_old_save(store, after) is None and store.get(listed.id).revision == after.revision


def test_a_format_1_save_today_s_rules_cannot_open_is_kept_with_its_reason():
    body = json.loads((CORPUS / "r4.json").read_text(encoding="utf-8"))
    refused = next(e for e in body["entries"] if e["name"] == "titan_race-2p-two_player-end-52")
    store = SaveStore(MemoryBackend())
    store.put(SavedGame(id="old", game_id="titan_race", title="", players=[], updated=1, turn="", save=refused["save"]))
    reason = upgrade_old_save(store, store.get("old"))
    assert reason is not None and "older version of Titan Table" in reason
    assert store.get("old").save == refused["save"] and store.get("old").revision == 1  # untouched


def test_opening_the_same_save_twice_gives_one_entry():
    store = SaveStore(MemoryBackend())
    saver = tab(store, itertools.count())
    state = play(GAME.new_game(2, seed=2), 6, seed=2)
    assert not saver.open_shared(state)
    saver.track_new()
    saver.save(GAME, state)
    other = tab(store, itertools.count(50))
    assert other.open_shared(loads(store.get(saver.entry_id).save))
    assert other.entry_id == saver.entry_id and other.revision == store.stored_revision(saver.entry_id)
    assert store.get(saver.entry_id).extra == {"variant": ""}
    solo = GAME.new_game(1, seed=1)
    saver.track_new()
    saver.save(GAME, solo)
    assert store.get(saver.entry_id).extra == {"variant": "Solo against Exodus"}


def test_a_write_at_this_tab_s_own_revision_with_other_content_is_heard():
    store = SaveStore(MemoryBackend())
    ids = itertools.count()
    saver = tab(store, ids)
    state = GAME.new_game(2, seed=4, seats=[{"name": "Ann"}, {"name": "Bob"}])
    saver.track_new()
    saver.save(GAME, state)
    key = SAVE_PREFIX + saver.entry_id
    own = store.backend.get(key)
    assert not saver.overwritten_elsewhere(key, own)  # its own write: nothing to do
    other = saver.entry(GAME, play(state, 3, seed=2), saver.entry_id)
    other.revision = saver.revision  # an older release's tab wrote over it at the same revision
    assert not saver.newer_elsewhere(key, other.to_json())  # not newer: the old check missed it...
    assert saver.overwritten_elsewhere(key, other.to_json())  # ... this one hears it
    store.backend.set(key, other.to_json())
    kept = finish_now(saver.save_apart(GAME, state))
    assert kept.notice is not None and "separate game" in kept.notice[1]
    assert loads(store.get(saver.entry_id).save) == state and len(store.listing().games) == 2

"""Every save string a release ever made opens into the position its player saw (tests/saves/corpus/).

Each corpus file was written by scripts/make_save_corpus.py on one release's own code: save strings
of both games (several player counts and variants; mid-game, mid-rule and finished), with, at the
moment of saving, the position (the game's own fields and the dice), every seat's view and what an
undo could take back.

Three checks per save:
- it opens (today's `loads`) into the same position (through `migrate_position` if it was made under
  an older rules version) and the same undo;
- every seat sees what it saw, up to the deliberate changes to the views since (VIEW_CHANGES, each
  named by its release and issue);
- if it was made under today's rules version, replaying its moves with today's rules reaches that
  same position again: a rules change that would play a saved game differently must come with a
  new rules version (and format-1 saves keep replaying with the frozen rules of version 1).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import InvalidSave, save
from engine.core.undo import undo_steps
from engine.registry import GAMES
from scripts.make_save_corpus import seat_view

CORPUS = Path(__file__).resolve().parents[1] / "saves" / "corpus"
FILES = sorted(CORPUS.glob("*.json"))
RELEASES = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]  # in order; add each new release's file

# Release 4 (commit 5dc70ec) changed Titan Race's designed cards and one circuit before release 5
# without a new rules version, so its format-1 saves replay with release 5's rules (the frozen version
# 1): some are refused (a move no longer allowed); some open in the same position with release 5's card
# texts; some in another position (the Life Point release 5's Hourglass gives, Estenggaard's D2 ice).
# docs/saves.md says what the player is told. Each release's move-questions file holds its format-1
# Titan Race saves made while a move waits for an answer (`make_save_corpus.py --plan move-questions`).
KNOWN_LOSSES: dict[str, dict[str, str]] = {
    "r4": {
        "titan_race-2p-standard-mid-51": "view",
        "titan_race-2p-two_player-end-52": "refused",
        "titan_race-2p-two_player-answer-1053": "view",
        "titan_race-3p-standard-answer-1061": "refused",
        "titan_race-3p-standard-end-62": "view",
        "titan_race-4p-teams-mid-71": "refused",
        "titan_race-4p-grand_slam-end-72": "view",
        "titan_race-5p-standard-mid-81": "refused",
        "titan_race-6p-teams-end-91": "refused",
        "titan_race-6p-grand_slam-mid-92": "position",
        # a move waiting for an answer (r4-move-questions.json): the position as saved, release 5's cards
        **dict.fromkeys(
            [
                "titan_race-2p-standard-move-answer-300",
                "titan_race-2p-two_player-move-answer-301",
                "titan_race-3p-standard-move-answer-305",
                "titan_race-3p-grand_slam-move-answer-306",
                "titan_race-4p-teams-move-answer-1304",
                "titan_race-4p-standard-move-answer-307",
                "titan_race-4p-grand_slam-move-answer-308",
            ],
            "card texts",
        ),
    }
}


def _titan_race_release_6(view: dict[str, Any], seat: int | None, deciding: int | None) -> dict[str, Any]:
    """Release 6: previews and a question's options only for the deciding seat; hand holders; the
    purple die's Life Point, lost with the move under version 1, no longer due once the move is made."""
    view = dict(view)
    turn = view.get("turn") or {}
    if turn.get("moved") and turn.get("penalty"):
        view["turn"] = {**turn, "penalty": False}
    if seat is None or seat != deciding:
        view["previews"] = []
        if view.get("question"):
            view["question"] = {k: v for k, v in view["question"].items() if k != "options"}
    view["titans"] = [{**titan, "hand_holder": titan.get("hand_holder", titan["index"])} for titan in view["titans"]]
    return view


def _born_of_titans_release_11(view: dict[str, Any], seat: int | None, deciding: int | None) -> dict[str, Any]:
    """Release 11 (rules version 2): each Hero's Prophecy committed in the Challenge under way (still on
    her track until it ends), and the die of a Crew roll's moment (none before: those rolls had no moment); the
    Challenge just over (``ended``: none in a position saved before it was kept) and whose Quest is being placed
    (``placing``: the corpus holds no save made while a Quest is placed, which this could not tell)."""
    assert view.get("phase") != "place_quest"
    view = {**view, "ended": None, "placing": None}
    challenge = view.get("challenge") or {}
    view["heroes"] = [
        {**hero, "prophecy_committed": challenge.get("committed", 0) if challenge.get("seat") == hero["seat"] else 0}
        for hero in view["heroes"]
    ]
    if view.get("moment"):
        view["moment"] = {**view["moment"], "dice": []}
    return view


# (the release that made the change, the game, the change): applied to views recorded before that release. A
# change made since the last release in RELEASES names the next one ("r11" after "r10"): it applies to them all.
VIEW_CHANGES: list[tuple[str, str, Callable[[dict[str, Any], int | None, int | None], dict[str, Any]]]] = [
    ("r6", "titan_race", _titan_race_release_6),
    ("r11", "born_of_titans", _born_of_titans_release_11),
]


def _entries() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in FILES:
        body = json.loads(path.read_text(encoding="utf-8"))
        found += [(body["release"], entry) for entry in body["entries"]]
    return found


ENTRIES = _entries()
IDS = [f"{r}:{e['name']}" for r, e in ENTRIES]


def expected_view(release: str, entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The view a seat saw, brought up to today's shape by the deliberate changes made since."""
    view = seat_view(entry, seat)
    for since, game_id, change in VIEW_CHANGES:
        later = since not in RELEASES or RELEASES.index(release) < RELEASES.index(since)  # (not yet released)
        if entry["game"] == game_id and later:
            view = change(view, seat, entry["seat"])
    return view


def expected_position(entry: dict[str, Any]) -> dict[str, Any]:
    """The game's own fields as saved, in today's shape."""
    game = GAMES[entry["game"]]
    own = entry["own"]
    return game.migrate_position(own, entry["rules_version"]) if entry["rules_version"] < game.rules_version else own


def test_the_corpus_covers_every_release_every_game_and_both_formats():
    releases = {release for release, _ in ENTRIES}
    assert releases == set(RELEASES)
    for release in releases:
        games = {entry["game"] for r, entry in ENTRIES if r == release}
        number = int(release[1:])
        released = {"titan_dice", "titan_race"} | ({"titan"} if number >= 6 else set())  # Titan: r6
        released |= {"born_of_titans"} if number >= 10 else set()  # Born of Titans: r10
        assert games == released, release
    formats = {entry["save"][:5] for _, entry in ENTRIES}
    assert formats == {"TT.1.", "TT.2.", "TT.3.", "TT.4."}


@pytest.mark.parametrize("release, entry", ENTRIES, ids=IDS)
def test_a_saved_game_opens_as_its_player_saw_it(release, entry):
    expected = KNOWN_LOSSES.get(release, {}).get(entry["name"])
    if expected == "refused":
        with pytest.raises(InvalidSave, match="older version of Titan Table"):
            save.loads(entry["save"])
        return
    state = save.loads(entry["save"])
    game = GAMES[entry["game"]]
    snapshot = state.snapshot()
    same_position = snapshot["own"] == expected_position(entry) and snapshot["rng"] == entry["rng"]
    if expected == "position":
        assert not same_position
        return
    assert same_position
    assert state.current_player == entry["seat"]
    undo = [0] * state.num_players if state.is_over else entry["undo_steps"]  # no undo after the end (since r6)
    assert [undo_steps(state, seat) for seat in range(state.num_players)] == undo
    views_equal = all(
        game.view(state, seat) == expected_view(release, entry, seat) for seat in [None, *range(state.num_players)]
    )
    if expected == "view":
        assert not views_equal
        return
    if expected == "card texts":  # all the same but the texts of the designed cards (release 5's)
        for seat in [None, *range(state.num_players)]:
            view, saw = game.view(state, seat), expected_view(release, entry, seat)
            assert view.pop("cards") != saw.pop("cards")
            assert view == saw, f"seat {seat}"
        return
    for seat in [None, *range(state.num_players)]:
        assert game.view(state, seat) == expected_view(release, entry, seat), f"seat {seat}"
    again = save.loads(save.dumps(state))
    assert again == state


@pytest.mark.parametrize("release, entry", ENTRIES, ids=IDS)
def test_today_s_rules_replay_a_game_of_today_s_rules_version_to_the_same_position(release, entry):
    game = GAMES[entry["game"]]
    if entry["rules_version"] != game.rules_version or entry["name"] in KNOWN_LOSSES.get(release, {}):
        pytest.skip("made under other rules")
    state = game.new_game(entry["players"], entry["options"], entry["seed"], entry["seats"])
    for index in entry["choices"]:
        state = game.apply(state, game.legal_actions(state)[index])
    assert state.snapshot()["own"] == entry["own"], (
        "Today's rules play this saved game differently: bump the game's rules_version "
        "(and keep the saves of older versions opening, see docs/saves.md)."
    )

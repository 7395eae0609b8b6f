"""Seeded games of every game at every computer level play exactly as the stored run (scripts/play_fingerprint.py,
docs/fingerprints/play.json): the check a refactor that must not change play runs."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("play_fingerprint", ROOT / "scripts" / "play_fingerprint.py")
assert _spec is not None and _spec.loader is not None
play_fingerprint = importlib.util.module_from_spec(_spec)
sys.modules["play_fingerprint"] = play_fingerprint
_spec.loader.exec_module(play_fingerprint)

STORED: dict[str, dict[str, object]] = json.loads(play_fingerprint.STORED.read_text())
CASES = play_fingerprint.cases()
# Games of a few seconds of CPython together: the random level and Born of Titans' levels, checked in every run.
QUICK = [case for case in CASES if case[4] == 0 or case[1] == "born_of_titans"]


def test_the_stored_run_covers_every_game_and_level() -> None:
    """Every game of the registry and every level its bots offer has a stored fingerprint, and nothing else."""
    assert sorted(STORED) == sorted(case[0] for case in CASES)
    assert {case[1] for case in CASES} == {"titan_dice", "titan_race", "titan", "born_of_titans"}
    assert any(" battle " in key for key in STORED) and any(" standard " in key for key in STORED)


@pytest.mark.parametrize("case", QUICK, ids=[case[0] for case in QUICK])
def test_quick_games_play_as_stored(case: tuple[str, str, dict[str, object], int, int, int]) -> None:
    key, game_id, options, players, level, seed = case
    assert play_fingerprint.fingerprint(game_id, options, players, level, seed) == STORED[key]


@pytest.mark.slow
def test_every_game_plays_as_stored() -> None:
    """All of them (about 20 s of CPython): run with `-m slow`."""
    assert play_fingerprint.differences(STORED, play_fingerprint.run()) == []

"""The measuring scripts run end to end on tiny inputs: AI strength (with trial overrides) and Titan Race balance."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def load(name: str) -> ModuleType:
    """Import scripts/<name>.py as a module."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_ai_strength_plays_seeded_games_and_repeats(tmp_path):
    strength = load("ai_strength")
    out = tmp_path / "s.json"
    argv = ["--game", "toy_pig", "--games", "4", "--jobs", "1", "--pairings", "2-0", "--json", str(out)]
    assert strength.main([*argv, "--set", "mcts.iterations=20"]) == 0
    first = json.loads(out.read_text())[0]
    assert first["games"] == 4 and first["overrides"] == {"mcts": {"iterations": 20}}
    assert 0 <= first["wins"] <= 4 and first["levels"]["2"]["decisions"] > 0
    assert strength.main([*argv, "--set", "mcts.iterations=20"]) == 0
    assert json.loads(out.read_text())[0]["wins"] == first["wins"]  # same seeds, same games


def test_ai_strength_overrides_are_checked():
    strength = load("ai_strength")
    assert strength.parse_overrides(["mcts.max_turns=3", "greedy.samples=4", "mcts.exploration=0.1"]) == {
        "mcts": {"max_turns": 3, "exploration": 0.1},
        "greedy": {"samples": 4},
    }
    with pytest.raises(SystemExit, match=r"greedy\.KNOB=VALUE"):
        strength.parse_overrides(["depth=3"])


def test_titan_race_balance_counts_every_titan(tmp_path):
    balance = load("titan_race_balance")
    out = tmp_path / "b.json"
    assert balance.main(["--games", "2", "--circuits", "lagoon", "--jobs", "1", "--json", str(out)]) == 0
    (summary,) = json.loads(out.read_text())
    assert summary["circuit"] == "lagoon" and summary["finished"] == 2
    assert sum(row["titans"] for row in summary["start"]) == 2 * 3  # 3 players by default
    assert sum(row["titans"] for row in summary["dealt"]) == 2 * 3
    assert sum(row["wins"] for row in summary["titan"]) == 2
    assert {row["key"] for row in summary["dealt"]} == set(balance.BONUS_CARDS)
    assert sum(row["titans"] for row in summary["start_die"]) == 2 * 3  # every start split by its first die


def test_titan_race_balance_overview_flags_cards_and_start_spaces_not_titans():
    balance = load("titan_race_balance")

    def rows(keys, points):
        return [{"key": key, "points_from_fair": points} for key in keys]

    summary = {
        "circuit": "lagoon",
        "start": rows(balance.START_SPACES, 11.0),
        "dealt": rows(balance.BONUS_CARDS, -3.0),
        "titan": rows(balance.TITAN_ORDER, 20.0),
    }
    text = balance.overview([summary, {**summary, "circuit": "kaldheira"}], 10.0)
    assert "| lagoon | kaldheira |" in text
    assert "| start A1 | +11.0 | +11.0 | +11.0 (!) |" in text
    assert "| Winged Boots | -3.0 | -3.0 | -3.0 |" in text
    assert "| Rassik | +20.0 | +20.0 | +20.0 |" in text


def test_titan_race_balance_random_starts_draws_the_start_spaces(tmp_path):
    balance = load("titan_race_balance")
    chosen = [balance.play_one(("estenggaard", 3, seed)) for seed in range(4)]
    drawn = [balance.play_one(("estenggaard", 3, seed, True)) for seed in range(4)]
    starts = [[t["start"] for t in game["titans"]] for game in chosen]
    assert starts != [[t["start"] for t in game["titans"]] for game in drawn]
    assert all(t["start"] in balance.START_SPACES for game in drawn for t in game["titans"])

"""The measuring scripts run end to end on tiny inputs: AI strength (with trial overrides) and Titan Race balance."""

from __future__ import annotations

import importlib.util
import json
import math
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


def test_ai_strength_resumes_from_its_results_file(tmp_path):
    """Games already in the --results file are not played again, and still count in the win rate."""
    strength = load("ai_strength")
    out = tmp_path / "games.jsonl"
    first = strength.run_pairing("toy_pig", 1, 0, 4, 50, 1, record=out)
    assert first["played_now"] == 4 and len(strength.read_records(out)) == 4
    again = strength.run_pairing("toy_pig", 1, 0, 6, 50, 1, record=out)
    records = strength.read_records(out)
    assert again["played_now"] == 2 and again["games"] == 6 and len(records) == 6
    assert again["wins"] == sum(r["share"] for r in records)
    assert [r["a_seat"] for r in records] == [0, 1, 0, 1, 0, 1] and [r["seed"] for r in records] == list(range(50, 56))
    out.write_text(out.read_text() + '{"game": "toy_pig", "pla')  # a run killed while writing a line
    assert len(strength.read_records(out)) == 6


def test_ai_strength_seats_one_a_against_three_bs_in_turn(monkeypatch):
    """With --players 4, game i puts level A in seat i mod 4 and level B in the three others."""
    strength = load("ai_strength")
    seated: list[tuple[int, int]] = []
    make_bot = strength.make_bot

    def spy(game, level, seed):
        seated.append((level, seed))
        return make_bot(game, level, seed)

    monkeypatch.setattr(strength, "make_bot", spy)
    summary = strength.run_pairing("titan", 1, 0, 4, 1000, 1, players=4)
    assert summary["fair_share"] == 0.25 and summary["games"] == 4
    for index in range(4):
        game = seated[4 * index : 4 * index + 4]
        # the bot of seat s is seeded seed * 7 + s + 1: read the seat back from the seed
        assert [level for level, _seed in game] == [1 if seat == index else 0 for seat in range(4)]
        assert [seed - (1000 + index) * 7 - 1 for _level, seed in game] == [0, 1, 2, 3]
    low, high = summary["ci95"]
    assert low <= summary["win_rate"] <= high


def _games(a: int, b: int, wins: float, n: int) -> list[dict]:
    """n two-player game records of level a against level b, a winning `wins` of them (a half: one tie)."""
    shares = [1.0] * int(wins) + ([0.5] if wins % 1 else []) + [0.0] * (n - int(wins) - (1 if wins % 1 else 0))
    return [
        {"game": "titan", "players": 2, "a": a, "b": b, "index": k, "seed": k, "a_seat": k % 2, "share": share}
        for k, share in enumerate(shares)
    ]


def test_bradley_terry_fit_recovers_known_ratings():
    rating = load("ai_rating")
    # two levels, 75 wins of 100: the gap is 400 log10(75 / 25)
    scores = rating.outcomes(_games(1, -1, 75, 100), [-1, 1])
    fitted = rating.fit(rating.tally(scores), [-1, 1], -1, prior=0)
    assert fitted[-1] == 1500 and abs(fitted[1] - 1500 - 400 * math.log10(3)) < 1e-6
    # three levels whose results are exactly what ratings 1000, 1500 and 1700 predict: the fit gives them back
    truth = {0: 1000.0, -1: 1500.0, 1: 1700.0}
    pairings = {(i, j): (1000 * rating.expected(truth[i], truth[j]), 1000) for i, j in ((-1, 0), (-1, 1), (0, 1))}
    for anchor in (-1, 0):
        fitted = rating.fit(pairings, [0, -1, 1], anchor, prior=0)
        shift = rating.ANCHORS[anchor] - truth[anchor]
        assert all(abs(fitted[level] - truth[level] - shift) < 1e-4 for level in truth)


def test_a_pairing_won_every_time_has_a_finite_rating_from_the_add_half_prior():
    rating = load("ai_rating")
    scores = rating.outcomes(_games(-1, 0, 10, 10), [-1, 0])
    fitted = rating.fit(rating.tally(scores), [-1, 0], -1)
    # 10.5 wins against 0.5: the gap is 400 log10(21)
    assert abs(fitted[-1] - fitted[0] - 400 * math.log10(21)) < 1e-6
    text = rating.table(scores, [-1, 0], -1, samples=50)
    assert "won every game" in text and "rests on the prior" in text


def test_rating_outcomes_orient_each_game_and_count_it_once():
    rating = load("ai_rating")
    records = _games(1, -1, 7, 10) + _games(-1, 1, 2.5, 10)  # the same pairing, the other way round
    records += _games(1, -1, 7, 10)[:3]  # the same games read from a second file
    records += [{**r, "players": 4} for r in _games(1, -1, 10, 10)]  # four-player games are not rated
    scores = rating.outcomes(records, [-1, 1])
    assert rating.tally(scores) == {(-1, 1): (3 + 2.5, 20)}


def test_rating_intervals_hold_the_estimate_and_narrow_with_more_games():
    rating = load("ai_rating")
    levels = [-1, 0, 1]

    def width(n: int) -> float:
        scores = rating.outcomes(
            _games(1, -1, 0.6 * n, n) + _games(-1, 0, 0.8 * n, n) + _games(1, 0, 0.9 * n, n), levels
        )
        fitted = rating.fit(rating.tally(scores), levels, -1)
        intervals = rating.bootstrap(scores, levels, -1, 200)
        assert intervals[-1] == (1500, 1500)
        for level in levels:
            assert intervals[level][0] <= fitted[level] <= intervals[level][1]
        return intervals[1][1] - intervals[1][0]

    assert width(200) < width(20) / 2


def test_ai_rating_plays_a_round_robin_and_prints_the_table(tmp_path, capsys):
    rating = load("ai_rating")
    out = tmp_path / "rr.jsonl"
    # Titan's Random and baseline games are short (a few hundred actions)
    argv = ["--game", "titan", "--levels", "0,B", "--games", "2", "--results", str(out), "--bootstrap", "20"]
    assert rating.main(argv) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["a"], r["b"], r["a_seat"]) for r in records] == [(0, -1, 0), (0, -1, 1)]
    text = capsys.readouterr().out
    assert "| baseline (B) | 1500 | anchor | 2 |" in text
    assert rating.main([*argv, "--levels", "0,1,B", "--no-play"]) == 0 and len(out.read_text().splitlines()) == 2
    assert "No games yet: baseline (B) vs Standard (1), Random (0) vs Standard (1)." in capsys.readouterr().out


def _decision(seat: int, phase: str, shown: float, start: float = 0.0, think_ms: float = 1.0) -> dict:
    return {"seat": seat, "phase": phase, "shown": shown, "start": start, "think_ms": think_ms, "legal": 2}


def test_bench_titan_ai_times_turns_and_half_rounds_from_the_other_seats_last_action():
    bench = load("bench_titan_ai")
    records = [
        _decision(0, "muster", 1000),  # the "human" seat's last action
        *(_decision(1, phase, t) for phase, t in (("split", 1500), ("move", 2000), ("move", 2600), ("muster", 3400))),
        _decision(0, "split", 4000),
        _decision(0, "move", 4500),
        _decision(1, "engagement", 5000),  # an engagement: seat 0's turn is not a masterboard turn
        _decision(0, "engage", 5200),  # begun on the masterboard: not a half-round
        _decision(0, "maneuver", 6000),
        _decision(0, "strike", 7000),
        _decision(1, "strike", 7500),  # strikes back, maneuvers and strikes
        _decision(1, "maneuver", 8000),
        _decision(1, "maneuver", 8400),
        _decision(1, "strike", 9100),
        _decision(0, "strike", 9600),  # strikes back, the battle is won
        _decision(0, "aftermath", 9900),
    ]
    assert bench.turns_watched(records) == [2400]
    assert bench.half_rounds_watched(records) == [9100 - 7000]


def test_bench_titan_ai_tells_long_tasks_of_thinking_from_those_holding_the_drawing_before():
    bench = load("bench_titan_ai")
    records = [_decision(1, "move", 0, start=1000, think_ms=400)]
    tasks = [
        {"start": 950, "ms": 120},  # the drawing of the move before and the first slice
        {"start": 1100, "ms": 70},  # a slice of thinking alone
        {"start": 1500, "ms": 300},  # after the thinking: not counted
    ]
    assert bench.longest_tasks_while_thinking(records, tasks) == {"any": 120, "thinking only": 70}


def test_bench_battle_titan_reports_each_ending_its_cap_and_the_finished_saves(tmp_path):
    bench = load("bench_battle_titan")
    out = tmp_path / "b.json"
    argv = ["--games", "1", "--players", "2", "--options", '{"rounds": 2, "minutes": 5}', "--json", str(out)]
    assert bench.main([*argv, "--endings", "rounds,time"]) == 0
    rounds, timed = json.loads(out.read_text())["rows"]
    assert rounds["ending"] == "rounds" and rounds["options"]["rounds"] == 2
    assert (rounds["reached_end"], rounds["capped"], rounds["rounds"]["max"]) == (1, 0, 2)
    assert rounds["decisions"] > 0 and rounds["cpu_ms"]["median"] is not None
    assert 0 < rounds["save_bytes"]["max"] < rounds["entry_bytes"]["max"]  # the stored entry holds the save
    assert rounds["save_bytes"]["max"] < rounds["format2_bytes"]["max"]  # the history as a list was longer
    assert timed["reached_end"] == 1 and timed["minutes"]["max"] >= 5  # the clock, fed to the game, ended it
    assert bench.main([*argv, "--endings", "rounds"]) == 0
    assert json.loads(out.read_text())["rows"][0]["actions"] == rounds["actions"]  # same seeds, same games
    # A Colossus does not appear in two rounds: the game is stopped by the cap and counted apart.
    assert (
        bench.main(
            ["--games", "1", "--players", "2", "--endings", "appearance", "--cap-rounds", "2", "--json", str(out)]
        )
        == 0
    )
    (capped,) = json.loads(out.read_text())["rows"]
    assert (capped["reached_end"], capped["capped"], capped["rounds"]["max"]) == (0, 1, 2)
    assert capped["by_creature"]["Titan"]["appeared"] == 1 and "Colossus" not in capped["by_creature"]


def test_bench_battle_titan_clock_counts_a_human_and_the_computer_seats_pauses():
    bench = load("bench_battle_titan")
    clock = {**bench.app_pauses(), "human": 5.0, "forced_human": 1.0}
    rolled, calm = type("S", (), {"last_chance": True})(), type("S", (), {"last_chance": False})()
    assert bench.clock_seconds(calm, 0, 3, 0.0, clock) == 5.0 and bench.clock_seconds(calm, 0, 1, 0.0, clock) == 1.0
    base = clock["AI_PAUSE_SECONDS"]
    assert bench.clock_seconds(rolled, 1, 3, 0.0, clock) == base * clock["AI_PAUSE_AFTER_ROLL"]
    assert bench.clock_seconds(calm, 1, 1, 0.0, clock) == base * clock["AI_PAUSE_FORCED"]
    assert bench.clock_seconds(calm, 1, 3, 2.5, clock) == 2.5  # a slow decision takes longer than the pause


def test_ai_strength_loads_a_game_outside_the_catalog_and_counts_its_rounds(tmp_path):
    """Born of Titans is registered by importing its package; its games are measured in rounds too."""
    strength = load("ai_strength")
    out = tmp_path / "bot.json"
    argv = ["--game", "born_of_titans", "--games", "2", "--jobs", "1", "--pairings", "2-1", "--json", str(out)]
    assert strength.main(argv) == 0
    summary = json.loads(out.read_text())[0]
    assert summary["games"] == 2 and summary["rounds_per_game"] >= 3 and summary["rounds_max"] >= 3


def test_bench_browser_loads_without_playwright(monkeypatch):
    for name in [n for n in sys.modules if n.split(".")[0] in ("playwright", "bench_page", "bench_browser")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "playwright", None)  # any import of it fails
    bench = load("bench_browser")
    assert callable(bench.bench_input)


def test_bench_browser_passes_half_the_moments_and_draws_nothing_where_there_is_no_choice():
    import random

    bench = load("bench_browser")
    rng = random.Random(1)
    kinds = [bench.next_click(True, True, 0, rng)[0] for _ in range(200)]
    assert 60 < kinds.count("pass") < 140 and kinds.count("pass") + kinds.count("reveal") == 200
    assert bench.next_click(True, True, 0, random.Random(2))[1] in (bench.PASS_SELECTOR, bench.REVEAL_SELECTOR)
    plain = random.Random(7)
    before = plain.getstate()
    assert bench.next_click(True, False, 0, plain) == ("reveal", bench.REVEAL_SELECTOR, 0)
    assert plain.getstate() == before  # Titan Race's hand-overs: its clicks stay as they were
    assert bench.next_click(False, False, 5, random.Random(3)) == ("action", bench.ACTION_SELECTOR, 1)


def test_bench_browser_times_born_of_titans_heroes_without_random_unless_asked():
    from engine.core.bots import bot_levels
    from engine.registry import get_game

    bench = load("bench_browser")
    assert [level for level, _ in bench.ai_levels("born_of_titans", None)] == [1, 2]
    assert [level for level, _ in bench.ai_levels("born_of_titans", "0,2")] == [0, 2]
    assert bench.ai_levels("titan_race", None) == bot_levels(get_game("titan_race"))


def test_bench_browser_prints_the_one_tap_passes_in_their_own_columns(capsys):
    bench = load("bench_browser")
    stats = {"n": 2, **{key: {"n": 2, "median": 1.0, "p95": 2.0, "max": 3.0} for key in bench.INPUT_STAGES}}
    result = {"players": 3, "clicks": 2, "warmup": 0, "games": 1, "reveal_clicks": 2, "pass_clicks": 2}
    bench.print_input("born_of_titans", {**result, "action": stats, "reveal": stats, "pass": stats, "all": stats})
    text = capsys.readouterr().out
    assert "| 'I am X' median | 'I am X' p95 | 'I am X' max | 'Pass' median | 'Pass' p95 | 'Pass' max |" in text
    assert "2 'Pass without looking' clicks" in text and "'I am X' and Pass included" in text
    bench.print_input("titan_race", {**result, "pass_clicks": 0, "action": stats, "reveal": stats, "all": stats})
    assert "Pass" not in capsys.readouterr().out


def test_bench_watch_counts_the_long_tasks_of_a_games_set_up_apart_and_thinks_only_of_choices():
    bench = load("bench_watch")
    records = [
        {"legal": 1, "think_ms": 0.1, "max_slice_ms": 0.1, "render_ms": 4.0},  # forced: drawn, not thought
        {"legal": 3, "think_ms": 2.0, "max_slice_ms": 2.0, "render_ms": 6.0},
        {"legal": 2, "think_ms": 4.0, "max_slice_ms": 3.0, "render_ms": 8.0},
    ]
    tasks = [{"start": 100.0, "ms": 400.0}, {"start": 2000.0, "ms": 60.0}, {"start": 5000.0, "ms": 80.0}]
    result = bench.digest(records, tasks, [(50.0, 900.0)], {"game": "born_of_titans"})
    assert result["decisions"] == 3 and result["think_ms"]["n"] == 2 and result["think_ms"]["max"] == 4.0
    assert result["render_ms"]["n"] == 3
    assert result["long_tasks"] == 2 and result["long_task_ms"]["max"] == 80.0
    assert result["setup_long_task_ms"] == {"n": 1, "median": 400.0, "p95": 400.0, "max": 400.0}


def test_titans_club_player_is_level_c_and_may_anchor_the_ratings():
    from engine.titan.ai.levels import CLUB

    strength, rating = load("ai_strength"), load("ai_rating")
    assert strength.level_of("C") == CLUB and strength.level_name(CLUB) == "the club player"
    assert rating.ANCHORS[CLUB] == 1500.0 and rating.name(CLUB) == "club player (C)"

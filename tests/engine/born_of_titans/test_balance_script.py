"""The balance script (scripts/born_balance.py): a couple of tiny games, the report's shape, Challenges found by
watching the state, stalls reported and left out of the shares. The runs themselves are not tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from engine.born_of_titans.data import HEROES, MONSTERS, QUESTS, SEA_MONSTERS

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "born_balance.py"
LEVEL = 2  # the level the script measures by default


@pytest.fixture(scope="module")
def balance():
    spec = importlib.util.spec_from_file_location("born_balance", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_tiny_run_has_every_table(balance, capsys):
    report = balance.run(games=2, counts=[2, 3], seed=1, level=LEVEL, jobs=1, flag=8.0)
    assert [c["players"] for c in report["counts"]] == [2, 3]
    for count in report["counts"]:
        players, finished = count["players"], count["finished"]
        assert count["games"] == 2 and finished + len(count["stalled_seeds"]) == 2
        assert [h["key"] for h in count["heroes"]] == list(HEROES)
        assert sum(h["games"] for h in count["heroes"]) == players * finished  # every seat's Hero counted once
        assert sum(h["wins"] for h in count["heroes"]) == finished
        assert [s["key"] for s in count["seats"]] == [str(p + 1) for p in range(players)]
        assert sum(s["wins"] for s in count["seats"]) == finished
        assert all(row["fair"] == round(1 / players, 3) for row in count["heroes"] + count["seats"])
        for measure in ("rounds", "actions", "save_bytes"):
            assert set(count[measure]) == {"median", "p90", "max"}
        assert 0 < count["save_bytes"]["max"] < 8192
    assert [q["key"] for q in report["foes"]["quests"]] == list(QUESTS)
    assert [m["key"] for m in report["foes"]["monsters"]] == list(MONSTERS) + list(SEA_MONSTERS)
    balance.print_overview(report["counts"])
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("|")]
    assert table[0] == "| | 2 players | 3 players |"
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in table[2:]]
    assert [row[0] for row in cells] == [hero.name for hero in HEROES.values()] + [
        f"seat {place} in turn order" for place in (1, 2, 3)
    ]
    assert cells[-1][1] == "" and cells[-1][2] != ""  # no third seat in a 2-player game


def test_challenges_are_found_by_watching_the_state(balance):
    record = balance.play_one((3, 5, LEVEL))
    assert not record["stalled"]
    quests = [c for c in record["challenges"] if c[0] == "quest"]
    completed = [q for q in record["quests"] if q[2] is not None]
    # Every Quest is completed by winning a Challenge against it, and only so.
    assert sum(won for _, _, won in quests) == len(completed) >= 3
    assert sorted(face for _, face, won in quests if won) == sorted(q[0] for q in completed)
    assert all(placed <= done for _, placed, done in completed)


def test_shares_count_the_seat_in_turn_order_and_leave_out_stalls(balance):
    hero = list(HEROES)
    games = [
        # Seat 1 plays first in both games, and wins both: the first to play has won twice.
        {"seed": 1, "stalled": False, "heroes": hero[:2], "order": [1, 0], "winner": 1, "rounds": 8, "actions": 90,
         "save_bytes": 3000},
        {"seed": 2, "stalled": False, "heroes": hero[1:3], "order": [1, 0], "winner": 1, "rounds": 12,
         "actions": 150, "save_bytes": 4000},
        {"seed": 3, "stalled": True, "heroes": hero[:2], "order": [0, 1], "winner": -1, "rounds": 301,
         "actions": 9000, "save_bytes": 9000},
    ]  # fmt: skip
    count = balance.summarise_count(games, 2, flag=8.0)
    assert count["finished"] == 2 and count["stalled_seeds"] == [3]
    first, second = count["seats"]
    assert (first["wins"], second["wins"]) == (2, 0) and first["share"] == 1.0 and first["points_from_fair"] == 50
    rows = {h["key"]: h for h in count["heroes"]}
    assert [(rows[k]["games"], rows[k]["wins"]) for k in hero[:4]] == [(1, 0), (2, 1), (1, 1), (0, 0)]
    assert rows[hero[2]]["points_from_fair"] == 50.0 and rows[hero[2]]["flag"] and not rows[hero[1]]["flag"]
    assert not rows[hero[3]]["flag"]
    assert count["rounds"] == {"median": 10, "p90": 12, "max": 12}
    assert count["largest_hero_gap"] == 50.0 and count["largest_seat_gap"] == 50.0


def test_a_challenge_is_won_only_if_its_foe_was_overcome(balance):
    from engine.born_of_titans import GAME
    from engine.born_of_titans.state import IDS, Challenge
    from engine.core.records import NoDecision

    state = GAME.new_game(2, None, seed=1)
    sheet = state.sheets[0]
    watch = balance.Watch()

    def challenge(cid, kind, node):
        return Challenge(seat=0, node=node, foe=cid, foe_kind=kind, attribute="", monster_attribute="", successes=0,
                         committed=0, kills=1, athena_dice=0, any_attribute=False, lion_skin=False, less=0)  # fmt: skip

    def fight(kind, cid, node, outcome):
        state.challenge = challenge(cid, kind, node)
        watch.after(state)
        state.challenge = NoDecision()
        outcome()
        watch.after(state)
        return watch.challenges[-1]

    quest = IDS["quest"][0]
    assert fight("quest", quest, "quest_1", lambda: None) == ["quest", state.faces[quest], False]  # retreated
    assert fight("quest", quest, "quest_1", lambda: sheet.quests.update({"1": quest}))[2] is True
    city = "athens"
    monster = state.encounters.setdefault(city, IDS["encounter"][0])
    sheet.node, sheet.in_city = city, False
    assert fight("encounter", monster, city, lambda: None)[2] is False  # still at the gates
    assert fight("encounter", monster, city, lambda: state.encounters.pop(city))[2] is False  # not inside
    state.encounters[city] = monster
    assert fight("encounter", monster, city, lambda: (state.encounters.pop(city), setattr(sheet, "in_city", True)))[2]
    site = next(iter(state.sea_monsters))
    sheet.node = site
    assert fight("sea_monster", state.sea_monsters[site], site, lambda: None)[2] is False
    assert fight("sea_monster", state.sea_monsters[site], site, lambda: setattr(sheet, "passage", True))[2] is True
    # One Challenge ending as another begins (no empty state between): both are counted.
    state.challenge = challenge(quest, "quest", "quest_1")
    watch.after(state)
    state.challenge = challenge(monster, "encounter", city)
    watch.after(state)
    assert len(watch.challenges) == 8 and watch.open["foe"] == monster


def test_a_game_past_the_cap_is_a_stall(balance, monkeypatch):
    monkeypatch.setattr(balance, "MAX_ROUNDS", 1)
    record = balance.play_one((2, 3, LEVEL))
    assert record["stalled"] and record["rounds"] == 2 and record["winner"] == -1

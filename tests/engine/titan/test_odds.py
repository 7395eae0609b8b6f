"""Titan's battle odds (engine/titan/ai/odds.py): hand-worked battles, the land, the Titan, the cache, and a seat's
knowledge (the odds of a legion it has not seen whole must not depend on what it has not seen)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import Rng, Seat
from engine.core.bots import make_bot
from engine.titan.ai import odds
from engine.titan.ai.odds import MODEL, Odds, battle_odds, contest, play_out
from engine.titan.data import LANDS, character_value
from engine.titan.state import TitanState, seen
from tests.engine.titan.helpers import GAME

TROLLS = ("Ogre", "Ogre", "Troll", "Troll")
BRAMBLE_NATIVES = ("Cyclops", "Cyclops", "Gargoyle", "Gargoyle")


def test_a_lone_ogre_against_a_colossus_loses_almost_always():
    attack = contest(("Ogre",), ("Colossus",), "Plains", 0, 0)
    assert attack.defender_wins > 0.95
    assert attack.attacker_left < 1.0
    defence = contest(("Colossus",), ("Ogre",), "Plains", 0, 0)
    assert defence.attacker_wins > 0.95
    assert defence.attacker_left > 0.95 * character_value("Colossus")


def test_equal_legions_are_near_even_with_the_defender_favoured_by_time():
    legion = ("Centaur", "Centaur", "Lion", "Ogre", "Troll")
    # no angel, no reinforcement, no hazard on the Plains: only time tells the sides apart
    result = play_out(legion, legion, "Plains", 0, 0, "", "", replace(MODEL, samples=800))
    assert 0.25 < result.attacker_wins < result.defender_wins < 0.75
    assert result.time_loss > 0.0


def test_the_time_limit_is_what_favours_the_defender_of_equal_legions():
    legion = ("Centaur", "Centaur", "Lion", "Ogre", "Troll")
    # with contact from the first strike phase, the attacker has two more phases to finish the job
    early = play_out(legion, legion, "Plains", 0, 0, "", "", replace(MODEL, contact=0, samples=400))
    late = play_out(legion, legion, "Plains", 0, 0, "", "", replace(MODEL, contact=6, samples=400))
    assert late.time_loss > early.time_loss
    assert late.attacker_wins < early.attacker_wins


@pytest.mark.parametrize(
    ("terrain", "defenders"),
    [
        ("Brush", BRAMBLE_NATIVES),  # Bramble natives in Brambles
        ("Jungle", BRAMBLE_NATIVES),
        ("Hills", ("Lion", "Ogre", "Ogre", "Ogre")),  # Slope natives on the hilltops
        ("Mountains", ("Lion", "Lion", "Ogre", "Ogre")),
        ("Desert", ("Lion", "Lion", "Lion", "Griffon")),  # Dune natives behind the dunes
        ("Tower", ("Centaur", "Centaur", "Ogre", "Ogre")),  # anyone inside the walls
    ],
)
def test_a_native_defender_does_better_in_its_terrain_than_on_the_plains(terrain, defenders):
    model = replace(MODEL, samples=600)
    home = play_out(TROLLS, defenders, terrain, 0, 0, "", "", model)
    away = play_out(TROLLS, defenders, "Plains", 0, 0, "", "", model)
    assert home.defender_wins > away.defender_wins + 0.03
    assert home.defender_left > away.defender_left


def test_a_land_is_asked_by_its_label_as_by_its_terrain():
    brush = next(label for label, land in LANDS.items() if land.terrain == "Brush")
    assert contest(TROLLS, BRAMBLE_NATIVES, brush, 0, 0) == contest(TROLLS, BRAMBLE_NATIVES, "Brush", 0, 0)


def test_a_titans_power_grows_with_his_players_score():
    weak = contest(("Titan",), ("Troll", "Troll"), "Plains", 0, 0)
    strong = contest(("Titan",), ("Troll", "Troll"), "Plains", 500, 0)
    assert strong.attacker_wins > weak.attacker_wins + 0.2
    assert strong.attacker_left > weak.attacker_left
    # as a defender too, and a slain Titan loses the battle however many of his side still stand
    assert (
        contest(("Troll", "Troll"), ("Titan",), "Plains", 0, 500).defender_wins
        > contest(("Troll", "Troll"), ("Titan",), "Plains", 0, 0).defender_wins
    )


def test_a_titan_keeping_back_is_still_caught_now_and_then_and_his_fall_loses_a_won_battle():
    attackers, defenders = ("Titan", "Lion", "Lion", "Lion", "Centaur", "Centaur"), ("Troll", "Troll", "Ogre")
    model = replace(MODEL, samples=800, sure_after=0)
    kept_back = play_out(attackers, defenders, "Plains", 0, 0, "", "", replace(model, titan_exposed=0.0))
    caught = play_out(attackers, defenders, "Plains", 0, 0, "", "", model)
    assert MODEL.titan_exposed > 0.0
    assert caught.attacker_wins < kept_back.attacker_wins - 0.015
    assert caught.defender_wins + caught.mutual > kept_back.defender_wins + kept_back.mutual


def test_an_angel_to_summon_helps_the_attacker_and_a_reinforcement_the_defender():
    model = replace(MODEL, samples=600, summon_below=99.0)
    attackers, defenders = ("Lion", "Lion", "Centaur"), ("Troll", "Troll", "Ogre")
    alone = play_out(attackers, defenders, "Marsh", 0, 0, "", "", model)
    helped = play_out(attackers, defenders, "Marsh", 0, 0, "Archangel", "", model)
    assert helped.attacker_wins > alone.attacker_wins + 0.2
    reinforced = play_out(attackers, defenders, "Marsh", 0, 0, "", "Troll", model)
    assert reinforced.defender_wins > alone.defender_wins + 0.1
    # with no reinforcement named, the defender's most valuable on the terrain (an Ogre musters a Troll, two Trolls
    # a Ranger, both worth 16: the Troll by name)
    assert contest(attackers, defenders, "Marsh", 0, 0, "", None) == contest(
        attackers, defenders, "Marsh", 0, 0, "", "Troll"
    )


@pytest.mark.parametrize(
    ("attackers", "defenders", "terrain"),
    [
        (("Ogre",), ("Colossus",), "Plains"),
        (("Titan", "Angel", "Centaur"), ("Titan", "Gargoyle", "Ogre", "Ogre"), "Tower"),
        (("Hydra", "Ranger", "Ranger"), ("Giant", "Warbear", "Gorgon"), "Tundra"),
        (("Dragon", "Dragon", "Minotaur"), ("Dragon", "Colossus"), "Mountains"),
        ((), ("Ogre",), "Plains"),
        (("Ogre",), (), "Plains"),
    ],
)
def test_the_odds_add_up(attackers, defenders, terrain):
    result = contest(attackers, defenders, terrain, 200, 300, "Angel")
    assert 0.0 <= result.attacker_wins <= 1.0 and 0.0 <= result.defender_wins <= 1.0
    assert 0.0 <= result.mutual <= 1.0
    assert result.attacker_wins + result.defender_wins + result.mutual == pytest.approx(1.0)
    assert 0.0 <= result.time_loss <= result.defender_wins
    most = sum(character_value(name, 200) for name in attackers) + character_value("Angel")
    assert 0.0 <= result.attacker_left <= most * result.attacker_wins + 1e-9
    assert 0.0 <= result.defender_left <= sum(character_value(name, 300) for name in defenders) + 100


def test_the_same_question_is_answered_from_the_cache_and_a_new_one_is_seeded_from_itself():
    key = (("Lion", "Lion", "Ranger"), ("Troll", "Ogre", "Ogre"), "Woods", 0, 40)
    first = contest(*key)
    assert contest(*key) is first
    contest.cache_clear()
    again = contest(*key)
    assert again is not first and again == first  # the same dice: a pure function of the question
    assert odds.play_out(*key[:2], "Woods", *key[3:], "", None, MODEL) == first


# -- a seat's knowledge --------------------------------------------------------------------------------------


def _midgame(players: int = 4, seed: int = 3, actions: int = 700) -> TitanState:
    state = GAME.new_game(players, None, seed, [Seat(name=f"P{i}") for i in range(players)])
    bots = [make_bot(GAME, 1, seed=seed * 10 + seat) for seat in range(players)]
    for _ in range(actions):
        seat = state.current_player
        state = GAME.apply(state, bots[seat].choose(state, seat))
    return state  # type: ignore[return-value]


@pytest.fixture(scope="module")
def midgame() -> TitanState:
    return _midgame()


def test_what_the_seat_has_not_seen_is_dealt_again_without_changing_the_answer(midgame):
    seat = 0
    mine = midgame.legions_of(seat)[0].marker
    hidden = [
        legion.marker
        for legion in midgame.legions.values()
        if legion.owner != seat and len(seen(midgame, legion, seat)) < legion.height
    ]
    assert hidden, "the position must hold a legion the seat has not seen whole"
    for marker in hidden[:3]:
        answer = battle_odds(midgame, mine, marker, seat, Rng(5))
        for deal in range(3):
            copy = GAME.determinize(midgame, seat, Rng(100 + deal))
            assert battle_odds(copy, mine, marker, seat, Rng(5)) == answer
            assert battle_odds(midgame, marker, mine, seat, Rng(6)) == battle_odds(copy, marker, mine, seat, Rng(6))


def test_a_legion_seen_whole_is_asked_once_and_answered_as_contest(midgame):
    seat = 0
    mine = midgame.legions_of(seat)
    other = next(legion for legion in midgame.legions.values() if legion.owner != seat)
    known = midgame.clone(record=False)
    known.legions[other.marker].reveal([seat])  # the seat has now seen it whole
    result = battle_odds(known, mine[0].marker, other.marker, seat, Rng(1))
    land = known.legions[other.marker].land
    angels = [
        name
        for legion in mine[1:]
        for name in legion.contents
        if name in ("Angel", "Archangel") and legion.land != land and not known.summoned
    ]
    angel = "Archangel" if "Archangel" in angels else ("Angel" if angels else "")
    expected = contest(
        tuple(mine[0].contents),
        tuple(known.legions[other.marker].contents),
        land,
        known.players[seat].score,
        known.players[other.owner].score,
        angel,
        odds._reinforcement(known, other.marker, land),
    )
    assert result is expected


def test_an_odds_is_a_frozen_record():
    result = Odds(0.5, 0.3, 10.0, 5.0)
    assert result.mutual == pytest.approx(0.2) and result.time_loss == 0.0
    with pytest.raises(AttributeError):
        result.attacker_wins = 1.0  # type: ignore[misc]


# -- the calibration script ----------------------------------------------------------------------------------


def test_the_calibration_script_records_real_battles_and_scores_the_predictors(tmp_path, capsys):
    import importlib.util
    import json
    import sys
    from pathlib import Path

    from engine.titan import battle_end as battle

    finish = battle._finish
    path = Path(__file__).resolve().parents[3] / "scripts" / "battle_odds.py"
    spec = importlib.util.spec_from_file_location("battle_odds_script", path)
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    sys.modules["battle_odds_script"] = script
    spec.loader.exec_module(script)
    out = tmp_path / "battles.jsonl"
    script.main(["collect", "--games", "2", "--seed", "5", "--out", str(out)])
    assert battle._finish is finish  # the end of battle it listened to is the engine's again
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records and {r["seed"] for r in records} <= {5, 6}
    for record in records:
        assert record["winner"] in ("attacker", "defender", "none")
        for side in ("attacker", "defender"):
            arrived = record["summoned"] if side == "attacker" else record["reinforced"]
            rest = list(record[side]) + list(arrived)
            for name in record[f"{side}_kept"]:
                rest.remove(name)  # a survivor was there at the start, or came in during the battle
            if record["winner"] != side:
                assert record[f"{side}_kept"] == []
        assert record["time"] is False or record["winner"] == "defender"
    capsys.readouterr()
    script.main(["report", str(out)])
    printed = capsys.readouterr().out
    assert "| odds.contest |" in printed and "baseline a^4/(a^4+b^4)" in printed
    assert "Value kept, mean absolute error" in printed

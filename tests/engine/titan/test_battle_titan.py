"""Battle Titan, the engine so far: the option, the house rules' 2.B scoring ("warmongering"), characters
returned to the stock rather than retired (2.B.3), war trophies (2.B.4), and a battle under it that no
longer ends at a Titan's death (point 4). Each test is named from the house rules' words."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from app.options_form import option_fields, render_fields
from engine.core import Seat, save
from engine.titan import battle as battles
from engine.titan.actions import (
    Accept,
    Concede,
    EndManeuver,
    EndStrikes,
    Engage,
    Flee,
    Maneuver,
    Propose,
    Strike,
)
from engine.titan.battle_titan.war_record import ATTACK_LOST, ATTACK_WON, DEFENCE_WON
from engine.titan.battle_titan.warmongering import Result, points_of
from engine.titan.game import TitanOptions
from engine.titan.invariants import violations
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase
from tests.engine.titan.helpers import (
    GAME,
    act,
    dice,
    engaged,
    engaged_in_battle_titan,
    fight_in_battle_titan,
    index_of,
    set_battle,
)

CORPUS = Path(__file__).resolve().parents[2] / "saves" / "corpus" / "r7.json"


# -- 1. the option


def test_standard_titan_unless_battle_titan_is_chosen():
    assert TitanOptions().variant == "standard"
    state = GAME.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    assert state.war is None and "war" not in state.position()["own"]
    chosen = GAME.new_game(2, {"variant": "battle"}, 3, [Seat(name="Ann"), Seat(name="Bob")])
    assert chosen.war is not None and chosen.position()["own"]["war"]["points"] == [0, 0]


def test_a_save_of_the_last_release_has_no_variant_and_opens_as_standard_titan():
    entries = [e for e in json.loads(CORPUS.read_text(encoding="utf-8"))["entries"] if e["game"] == "titan"]
    assert entries
    for entry in entries:
        assert "variant" not in entry["options"]
        state = save.loads(entry["save"])
        assert state.options.variant == "standard" and state.war is None
        assert state.snapshot()["own"] == entry["own"]


def test_battle_titan_is_offered_on_the_set_up_form():
    field = next(f for f in option_fields(TitanOptions) if f.name == "variant")
    assert field.is_shown(2, {}, option_fields(TitanOptions))
    assert dict(field.choices) == {"standard": "Standard Titan", "battle": "Battle Titan"}
    assert "Battle Titan" in render_fields(option_fields(TitanOptions), {}, 2)


def test_a_record_of_the_war_must_match_the_rules_it_is_saved_under():
    state = GAME.new_game(2, {"variant": "battle"}, 3, [Seat(name="Ann"), Seat(name="Bob")])
    own = state.position()["own"]
    standard = GAME.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    with pytest.raises(ValueError, match="record of the war"):
        GAME.restore_own(standard.clone(), own)
    with pytest.raises(ValueError, match="record of the war"):
        GAME.restore_own(state.clone(), standard.position()["own"])


# -- 2. scoring: the house rules' 2.B


def _result(**changes) -> Result:
    base = {"attacker": 1, "defender": 0, "winner": "defender", "how": "battle", "attacking": 60, "enemy": 100}
    return Result(**{**base, "attackers_killed": 60, "defenders_killed": 0, **changes})


def test_an_attacking_legion_which_wins_scores_full_points_as_normal_for_enemy_dead():
    (scored,) = points_of(_result(winner="attacker", attackers_killed=12, defenders_killed=100))
    assert (scored.seat, scored.kind, scored.points) == (1, ATTACK_WON, 100)


def test_an_attack_which_loses_scores_even_if_unsuccessful_in_inflicting_casualties():
    _defence, attack = points_of(_result())
    assert (attack.seat, attack.kind, attack.points) == (1, ATTACK_LOST, 30)  # half of 60
    assert attack.rule == "warmongering, half the attackers' value"


def test_an_attacker_scores_at_least_half_unless_greater_than_the_full_value_of_the_enemys_legion():
    *_, attack = points_of(_result(attacking=300, attackers_killed=300))
    assert attack.points == 100 and attack.rule == "warmongering, at most the whole enemy legion"
    *_, attack = points_of(_result(defenders_killed=90))  # the enemy dead, worth more than his 60: half of them
    assert attack.points == 45 and attack.rule == "warmongering, half the enemy dead"


def test_battle_titan_2b2_a_losing_attacker_scores_his_kills_at_half_value():
    """ "To score full points, you must attack and win": a losing attacker's kills count at half value at most,
    with 2.B.1's floor, half his participants, and its cap, the whole enemy legion."""
    *_, attack = points_of(_result(defenders_killed=90))
    assert attack.points == 45  # not the 90 a winner would score
    *_, attack = points_of(_result(defenders_killed=50))  # half the kills (25) is less than half his 60
    assert attack.points == 30 and attack.rule == "warmongering, half the attackers' value"
    *_, attack = points_of(_result(attacking=10, defenders_killed=15, enemy=14, winner=""))  # both gone
    assert attack.points == 7


def test_a_defender_if_he_wins_only_scores_half_not_full_points_for_the_attackers_units():
    defence, _attack = points_of(_result(attackers_killed=61))
    assert (defence.seat, defence.kind, defence.points) == (0, DEFENCE_WON, 30)  # halves rounded down


def test_a_winning_defender_in_battle_scores_half_and_the_losing_attacker_half_his_participants():
    state = fight_in_battle_titan(["Centaur"], ["Serpent"])
    serpent, centaur = index_of(state, "Serpent", DEFENDER), index_of(state, "Centaur", ATTACKER)
    set_battle(state, {serpent: "C3", centaur: "C4"})
    battles.begin_strike(state)
    dice(state, *([6] * 18))
    state = act(state, Strike(unit=serpent, target=centaur, number=6))
    state = act(state, EndStrikes())
    dice(state, 1, 1, 1)
    state = act(state, Strike(unit=centaur, target=serpent, number=2))
    state = act(state, EndStrikes())
    assert state.battle is None and "Bu01" not in state.legions
    assert state.war.points == [6, 6] and state.players[0].score == 6 and state.players[1].score == 6
    assert state.war.kinds == [{DEFENCE_WON: 6}, {ATTACK_LOST: 6}]
    assert (
        "Battle Titan: Bob's attack on Ann loses (battle); the attackers who took part are worth 12, the "
        "defending legion 36; killed: attackers 12, defenders 0." in state.log
    )
    assert "Battle Titan (defence won, battle): Ann scores 6, a winning defender scores half." in state.log
    assert "Battle Titan (attack lost, battle): Bob scores 6, warmongering, half the attackers' value." in state.log
    assert state.war.trophies == [{"Centaur": 1}, {}] and state.slain == {"Centaur": 1}


def test_a_winning_attacker_in_battle_scores_full_points_and_keeps_his_trophy():
    state = fight_in_battle_titan(["Serpent"], ["Centaur"])
    serpent, centaur = index_of(state, "Serpent", ATTACKER), index_of(state, "Centaur", DEFENDER)
    set_battle(state, {serpent: "C3", centaur: "C4"}, active=ATTACKER)
    battles.begin_strike(state)
    dice(state, *([6] * 18))
    state = act(state, Strike(unit=serpent, target=centaur, number=6))
    state = act(state, EndStrikes())
    dice(state, 1, 1, 1)
    state = act(state, Strike(unit=centaur, target=serpent, number=2))
    state = act(state, EndStrikes())
    while state.phase == Phase.AFTERMATH:
        state = act(state, GAME.legal_actions(state)[-1])
    assert state.war.points == [0, 12] and state.war.kinds[1] == {ATTACK_WON: 12}
    assert state.war.trophies[1] == {"Centaur": 1}


def test_a_flight_scores_half_for_the_attacker_and_the_fled_are_his_trophies():
    state = act(engaged_in_battle_titan(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Ogre"]), Engage(land=6))
    state = act(state, Flee())
    assert state.war.points == [0, 18] and state.war.kinds[1] == {ATTACK_WON: 18}
    assert state.war.trophies[1] == {"Centaur": 1, "Ogre": 2} and state.war.returned == {}


def test_concessions_result_in_kills_and_a_conceding_attacker_scores_at_most_the_enemy_legion():
    state = act(engaged_in_battle_titan(["Colossus", "Serpent"], ["Centaur"]), Engage(land=6))
    state.decider = 1  # Bob, the attacker, concedes at once
    state = act(state, Concede())
    assert state.war.kinds == [{DEFENCE_WON: 38}, {ATTACK_LOST: 12}]  # half of 40 + 36; at most the Centaur's 12
    assert state.war.trophies[0] == {"Colossus": 1, "Serpent": 1}
    assert state.slain == {"Colossus": 1, "Serpent": 1} and state.war.returned == {}


def test_terms_agreed_are_kills_and_what_the_winner_gives_up_is_the_losers_trophy():
    state = act(engaged_in_battle_titan(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"]), Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))
    state = act(state, Accept())
    while state.phase == Phase.AFTERMATH:
        state = act(state, GAME.legal_actions(state)[-1])
    assert state.war.kinds[1] == {ATTACK_WON: 24} and state.war.points == [0, 24]
    assert state.war.trophies == [{"Ogre": 1}, {"Centaur": 1, "Ogre": 1}]


def test_both_legions_gone_by_agreement_the_attacker_scores_warmongering():
    state = act(engaged_in_battle_titan(["Lion", "Ogre"], ["Centaur", "Ogre"]), Engage(land=6))
    state = act(state, Propose(eliminated="both", losses=()))
    state = act(state, Accept())
    assert state.war.kinds == [{}, {ATTACK_LOST: 13}]  # half the greater of his 27 and the enemy dead's 24


def test_every_point_scored_counts_for_titan_power_and_angels():
    state = act(engaged_in_battle_titan(["Colossus", "Serpent"], ["Centaur"]), Engage(land=6))
    state.players[0].score = state.war.points[0] = 90
    state.war.kinds[0] = {DEFENCE_WON: 90}
    state.decider = 1
    state = act(state, Concede())
    assert state.players[0].score == 128 and state.players[0].titan_power == 7
    assert state.phase == Phase.AFTERMATH and state.aftermath_now().angels == ["Angel"]


# -- 3. returned, not retired


def test_creatures_which_do_not_participate_in_a_battle_are_returned_to_the_available_pile():
    """The winner's characters left off the battleland go back to the stock once the battle is won."""
    state = fight_in_battle_titan(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    ogres = state.stock["Ogre"]
    state = act(state, Maneuver(unit=index_of(state, "Centaur", DEFENDER), hex="E5"))
    state = act(state, EndManeuver())
    assert state.legions["Bk01"].contents == ["Centaur"] and state.battle.off == {ATTACKER: [], DEFENDER: ["Ogre"]}
    assert "Ogre never came on the battleland: back to the stock if Bk01 wins, killed if it loses (Battle Titan)." in (
        state.log
    )
    assert state.decider == 1
    state = act(state, Concede())  # Bob concedes: Ann's legion wins
    assert state.stock["Ogre"] == ogres + 1 and state.war.returned == {"Ogre": 1}
    assert state.slain == {"Lion": 2, "Ogre": 1}  # Bob's, conceded; Ann's Ogre is not among them
    assert "Ogre never came on the battleland: back to the stock (Battle Titan)." in state.log
    assert state.war.trophies[0] == {"Lion": 2, "Ogre": 1} and state.war.trophies[1] == {}


def test_battle_titan_2b3_loser_left_off_counts_as_killed():
    """A doomed defender who keeps his whole legion off the battleland loses it all as kills: the winner scores
    it in full and keeps it as his trophies; his Titan is killed, not merely gone from the board."""
    state = fight_in_battle_titan(["Lion", "Lion", "Ogre"], ["Titan", "Centaur", "Ogre"])
    slain = dict(state.slain)
    state = act(state, EndManeuver())  # Ann brings nobody on
    assert state.battle is None and "Bk01" not in state.legions
    assert state.war.kinds[1] == {ATTACK_WON: 48} and state.players[1].score == 48  # Titan 24, Centaur 12, Ogre 12
    assert state.war.trophies[1] == {"Titan": 1, "Centaur": 1, "Ogre": 1} and state.war.returned == {}
    assert state.slain == {**slain, "Centaur": 1, "Ogre": 1}
    assert "Centaur, Ogre, Titan, left off the battleland, lose with Bk01: killed (Battle Titan)." in state.log


def test_battle_titan_2b3_loser_left_off_after_a_fight_counts_as_killed_and_the_winner_scores_half():
    """The same for an attacker: those he left off are killed when his legion loses (the defender, winning,
    scores half of them), and they never count among his participants."""
    state = fight_in_battle_titan(["Lion", "Ogre", "Troll"], ["Centaur"])
    state = act(state, Maneuver(unit=index_of(state, "Centaur", DEFENDER), hex="E5"))
    state = act(state, EndManeuver())
    state = act(state, Maneuver(unit=index_of(state, "Lion", ATTACKER), hex="B1"))
    state = act(state, EndManeuver())
    assert state.battle.off == {ATTACKER: ["Ogre", "Troll"], DEFENDER: []}
    assert "Ogre" in state.position()["own"]["battle"]["off"]["attacker"]
    assert save.loads(save.dumps(state)) == state and violations(state) == []
    while state.decider != 1:
        state = act(state, next(a for a in GAME.legal_actions(state) if isinstance(a, (EndStrikes, EndManeuver))))
    state = act(state, Concede())
    assert state.war.trophies[0] == {"Lion": 1, "Ogre": 1, "Troll": 1} and state.war.returned == {}
    assert state.war.kinds[0] == {DEFENCE_WON: (15 + 12 + 16) // 2}
    assert state.war.kinds[1] == {ATTACK_LOST: 12 // 2 + 1}  # half his Lion's 15, the only participant


def test_battle_titan_2b1_cap_is_the_whole_enemy_legion_left_off_included():
    """ "The full value of the enemy's legion (all involved units)": the whole defending legion, with those it
    left off the battleland."""
    state = fight_in_battle_titan(["Colossus", "Serpent"], ["Lion", "Ogre", "Ogre", "Centaur"])
    state = act(state, Maneuver(unit=index_of(state, "Lion", DEFENDER), hex="E5"))
    state = act(state, EndManeuver())
    assert state.decider == 1
    state = act(state, Concede())
    assert state.war.kinds[1] == {ATTACK_LOST: 38}  # half his 76, under the whole legion's 51 (the Lion is 15)
    assert "the defending legion 51" in " ".join(state.log)


def test_battle_titan_2b3_both_sides_left_off_go_back_when_nobody_wins_and_on_time_the_attackers_too():
    state = fight_in_battle_titan(["Ogre", "Lion"], ["Lion", "Centaur"])
    a, d = index_of(state, "Ogre", ATTACKER), index_of(state, "Lion", DEFENDER)
    for side, name in ((ATTACKER, "Lion"), (DEFENDER, "Centaur")):  # held off in their first maneuver
        unit = state.battle.units[index_of(state, name, side)]
        state.battle.units.remove(unit)
        state.legions["Bu01" if side == ATTACKER else "Bk01"].remove(name)
        state.battle.off[side].append(name)
    a, d = index_of(state, "Ogre", ATTACKER), index_of(state, "Lion", DEFENDER)
    set_battle(state, {a: "A1", d: "F1"}, active=ATTACKER, round_number=7)
    battles.begin_maneuver(state)
    assert violations(state) == []
    stock = dict(state.stock)
    state = act(state, EndManeuver())  # time runs out
    assert state.battle is None and state.slain == {}
    assert state.war.returned == {"Ogre": 1, "Lion": 1, "Centaur": 1}
    assert state.stock["Lion"] == stock["Lion"] + 1 and state.stock["Centaur"] == stock["Centaur"] + 1


def test_attackers_which_lose_after_seven_rounds_are_returned_not_retired():
    state = fight_in_battle_titan(["Ogre"], ["Lion"])
    a, d = index_of(state, "Ogre", ATTACKER), index_of(state, "Lion", DEFENDER)
    set_battle(state, {a: "A1", d: "F1"}, active=ATTACKER, round_number=7)
    battles.begin_maneuver(state)
    ogres = state.stock["Ogre"]
    state = act(state, EndManeuver())
    assert state.battle is None and "Bu01" not in state.legions
    assert state.stock["Ogre"] == ogres + 1 and state.war.returned == {"Ogre": 1} and state.slain == {}
    assert state.war.kinds == [{DEFENCE_WON: 0}, {ATTACK_LOST: 6}]  # the defender, nothing; Bob half his Ogre
    assert state.war.trophies == [{}, {}]


def test_a_titan_slain_ends_neither_the_battle_nor_its_player():
    state = fight_in_battle_titan(["Serpent", "Ogre"], ["Titan", "Ogre"])
    serpent = index_of(state, "Serpent", ATTACKER)
    titan, ogre = index_of(state, "Titan", DEFENDER), index_of(state, "Ogre", DEFENDER)
    set_battle(
        state, {serpent: "C3", titan: "C4", ogre: "F1", index_of(state, "Ogre", ATTACKER): "A1"}, active=ATTACKER
    )
    battles.begin_strike(state)
    dice(state, *([6] * 18))
    state = act(state, Strike(unit=serpent, target=titan, number=6))
    dice(state, *([1] * 30))
    state = act(state, EndStrikes())
    while state.phase == Phase.STRIKE and state.battle.step == "strikeback":  # the slain Titan strikes back
        state = act(state, next(a for a in GAME.legal_actions(state) if not isinstance(a, Concede)))
    assert state.battle is not None and state.players[0].alive and not state.is_over
    assert state.legions["Bk01"].contents == ["Ogre"] and state.players[1].score == 0


# -- the invariants over a few battles under the variant


@pytest.mark.parametrize("seed", [1, 2])
def test_random_battles_under_battle_titan_keep_every_counter_and_point_accounted_for(seed):
    """Random decisions for a while (to the default ending at most): the counters (slain + alive + stock = the box,
    the returned among the stock), points = score = the sum by kind, nobody out; a save round-trips."""
    rng = random.Random(seed)
    state = GAME.new_game(3, {"variant": "battle"}, seed, [Seat(name=n) for n in ("Ann", "Bob", "Cy")])
    battles_seen = 0
    for _ in range(2500):
        actions = GAME.legal_actions(state)
        if not actions:
            break
        fighting = state.battle is not None
        state = GAME.apply(state, rng.choice(actions))
        battles_seen += fighting and state.battle is None
        assert violations(state) == []
    assert battles_seen >= 2 and sum(state.war.points) > 0
    assert save.loads(save.dumps(state)) == state


# -- 4. war trophies ----------------------------------------------------------------------------------------------


def test_players_keep_and_display_the_counters_of_creatures_they_kill_as_war_trophies():
    state = act(engaged_in_battle_titan(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Ogre"]), Engage(land=6))
    state = act(state, Flee())
    for seat in (None, 0, 1):
        war = GAME.view(state, seat)["war"]
        assert war["trophies"] == [{}, {"Centaur": 1, "Ogre": 2}] and war["points"] == [0, 18]
        assert war["kinds"] == [{}, {ATTACK_WON: 18}] and war["returned"] == {}
    standard = act(engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Ogre"]), Engage(land=6))
    assert "war" not in GAME.view(act(standard, Flee()), 0)


def test_an_attacker_conceding_in_battle_loses_his_legion_as_kills_and_still_scores():
    state = fight_in_battle_titan(["Lion", "Ogre"], ["Centaur"])
    state = act(state, Maneuver(unit=index_of(state, "Centaur", DEFENDER), hex="E5"))
    state = act(state, EndManeuver())
    assert state.decider == 1
    state = act(state, Concede())
    while state.phase == Phase.AFTERMATH:
        state = act(state, GAME.legal_actions(state)[-1])
    assert state.war.kinds == [{DEFENCE_WON: 13}, {ATTACK_LOST: 12}]  # half of 15 + 12; at most the Centaur
    assert state.war.trophies[0] == {"Lion": 1, "Ogre": 1} and state.slain == {"Lion": 1, "Ogre": 1}


def test_the_rules_pages_worked_example_scores_as_it_says():
    """The in-app rules' example of a lost attack (Battle Titan's page): Bob's Troll and Lion (31) kill Ann's
    Cyclops, Gargoyle and Centaur (42) of her 66 and fall: 21 for Bob, 15 for Ann; only the Centaur: 15."""
    assert "he scores 21, half the 42, and Ann 15, half his 31" in GAME.rules_markdown()
    ann, bob = points_of(_result(attacking=31, enemy=66, attackers_killed=31, defenders_killed=42))
    assert (ann.points, bob.points) == (15, 21)
    *_, bob = points_of(_result(attacking=31, enemy=66, attackers_killed=31, defenders_killed=12))
    assert bob.points == 15
    (won,) = points_of(_result(winner="attacker", attacking=31, enemy=66, attackers_killed=0, defenders_killed=66))
    assert won.points == 66


def test_a_position_holding_characters_off_the_battleland_opens_only_where_the_rules_could_have_put_them():
    state = fight_in_battle_titan(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    state = act(state, Maneuver(unit=index_of(state, "Centaur", DEFENDER), hex="E5"))
    state = act(state, EndManeuver())
    position = state.position()
    assert save.loads(save.dumps(state)) == state
    standard = json.loads(json.dumps(position))
    standard["own"].pop("war")
    with pytest.raises(ValueError, match="held off"):  # outside Battle Titan
        GAME.restore(2, {}, 1, state.seats, standard)
    early = json.loads(json.dumps(position))  # one of Bob's Lions held off before his first maneuver is over
    early["own"]["battle"]["off"]["attacker"] = ["Lion"]
    early["own"]["battle"]["units"].pop(1)
    bob = next(lg for lg in early["own"]["legions"] if lg["marker"] == "Bu01")
    for names in (bob["contents"], *bob["known"]):
        if "Lion" in names:
            names.remove("Lion")
    with pytest.raises(ValueError, match="held off"):
        GAME.restore(2, TitanOptions(variant="battle"), 1, state.seats, early)
    uncounted = json.loads(json.dumps(position))
    uncounted["own"]["battle"]["off"]["defender"] = ["Ogre", "Ogre"]  # a counter made from nothing
    with pytest.raises(ValueError, match="counters accounted for"):
        GAME.restore(2, TitanOptions(variant="battle"), 1, state.seats, uncounted)
    assert GAME.restore(2, TitanOptions(variant="battle"), 1, state.seats, position).position() == position

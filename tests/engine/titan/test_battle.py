"""Battles [10-15]: the sequence, entering (and the Tower's set-up), forced strikes and the strike numbers
announced, carries, rangestrikes, drift, the summoned angel, the reinforcement, time loss, the end."""

from __future__ import annotations

from engine.core import IllegalAction
from engine.titan import battle as battles
from engine.titan.actions import (
    Acquire,
    Carry,
    Concede,
    EndManeuver,
    EndStrikes,
    Maneuver,
    Rangestrike,
    Reinforce,
    Strike,
    Summon,
)
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase
from tests.engine.titan.helpers import GAME, act, dice, fight, index_of, set_battle


def test_a_battle_shows_both_legions_to_everyone_and_the_defender_maneuvers_first():
    state = fight(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    assert state.phase == Phase.MANEUVER and state.decider == 0  # Ann defends
    assert state.battle.attacker_edge == 3 and state.battle.defender_edge == 0  # entered through side 0 of land 1
    assert state.legions["Bu01"].public() == ["Lion", "Lion", "Ogre"] and state.legions["Bk01"].public() == [
        "Centaur",
        "Ogre",
    ]
    moves = [a for a in GAME.legal_actions(state) if isinstance(a, Maneuver)]
    centaur = index_of(state, "Centaur", DEFENDER)
    # edge 0 is D6 E5 F4; a Centaur (skill 4) enters there and walks up to 3 hexes more on open Plains
    reach = {a.hex for a in moves if a.unit == centaur}
    assert {"D6", "E5", "F4"} <= reach and "A1" not in reach


def test_characters_not_brought_on_in_their_first_maneuver_are_eliminated():
    state = fight(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    state = act(state, Maneuver(unit=index_of(state, "Centaur", DEFENDER), hex="E5"))
    state = act(state, EndManeuver())
    assert [u.name for u in state.battle.units if u.side == DEFENDER] == ["Centaur"]
    assert "Ogre never came on the battleland and is eliminated." in state.log
    assert state.legions["Bk01"].contents == ["Centaur"]
    assert state.phase == Phase.MANEUVER and state.decider == 1  # nobody to strike: on to the attacker


def test_the_towers_defender_sets_up_inside_the_walls():
    state = fight(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"], land=100)
    actions = GAME.legal_actions(state)
    assert EndManeuver() not in actions  # every defender must be placed
    hexes = {a.hex for a in actions if isinstance(a, Maneuver)}
    assert hexes == {"C3", "C4", "D3", "D4", "D5", "E3", "E4"}
    state = act(state, Maneuver(unit=0, hex="D4"))
    state = act(state, Maneuver(unit=1, hex="C4"))
    assert EndManeuver() in GAME.legal_actions(state)
    assert state.battle.attacker_edge == 3


def test_characters_in_contact_must_strike_before_the_phase_ends_and_may_announce_a_higher_number():
    # Ann's Ogre (skill 2) in D3 touches Bob's Lion (skill 3) in D4 and Centaur... no: Bob's Lion and Troll
    state = fight(["Lion", "Troll"], ["Ogre", "Centaur"])
    ogre, centaur = index_of(state, "Ogre", DEFENDER), index_of(state, "Centaur", DEFENDER)
    lion, troll = index_of(state, "Lion", ATTACKER), index_of(state, "Troll", ATTACKER)
    set_battle(state, {ogre: "D3", centaur: "A1", lion: "D4", troll: "C3"})
    battles.begin_strike(state)
    actions = GAME.legal_actions(state)
    assert EndStrikes() not in actions  # the Ogre must strike first
    strikes = {(a.target, a.number) for a in actions if isinstance(a, Strike)}
    # Ogre at Lion: 4 - 2 + 3 = 5; at Troll (skill 2): 4. At the Troll it may announce the Lion's 5 to carry
    assert strikes == {(lion, 5), (troll, 4), (troll, 5)}
    dice(state, 6, 5, 4, 1, 2, 3)  # 6 dice (Ogre power 6) at 5: two hits
    state = act(state, Strike(unit=ogre, target=lion, number=5))
    assert state.battle.units[lion].hits == 2 and "needs 5, rolls 6, 5, 4, 1, 2, 3: 2 hits." in state.log[-1]
    assert EndStrikes() in GAME.legal_actions(state)


def test_excess_hits_carry_to_another_enemy_the_striker_touches():
    state = fight(["Ogre", "Ogre"], ["Serpent"])  # Serpent: power 18, skill 2
    serpent = index_of(state, "Serpent", DEFENDER)
    first, second = [i for i, u in enumerate(state.battle.units) if u.side == ATTACKER]
    set_battle(state, {serpent: "C3", first: "C4", second: "D3"})
    battles.begin_strike(state)
    # Serpent at Ogre: 4 - 2 + 2 = 4; 18 dice; 6 hits slay an Ogre (power 6), the rest may carry
    dice(state, *([6] * 10 + [1] * 8))
    state = act(state, Strike(unit=serpent, target=first, number=4))
    assert state.phase == Phase.CARRY and state.battle.carrying().hits == 4
    assert GAME.legal_actions(state) == [Carry(target=second), Carry(target=-1)]
    state = act(state, Carry(target=second))
    assert state.battle.units[second].hits == 4 and not state.battle.units[second].slain
    assert state.battle.units[first].slain


def test_the_slain_strike_back_before_they_leave_and_the_battle_ends_when_a_side_is_gone():
    state = fight(["Centaur"], ["Serpent"])
    serpent, centaur = index_of(state, "Serpent", DEFENDER), index_of(state, "Centaur", ATTACKER)
    set_battle(state, {serpent: "C3", centaur: "C4"})
    battles.begin_strike(state)
    dice(state, *([6] * 18))  # Serpent slays the Centaur (power 3): 4 - 2 + 4 = 6 needed
    state = act(state, Strike(unit=serpent, target=centaur, number=6))
    state = act(state, EndStrikes())
    assert state.battle.step == "strikeback" and state.decider == 1  # the slain Centaur still strikes
    dice(state, 6, 6, 6)
    state = act(state, Strike(unit=centaur, target=serpent, number=2))  # 4 - 4 + 2
    state = act(state, EndStrikes())
    assert state.battle is None and "Bu01" not in state.legions
    assert state.players[0].score == 12  # Ann scores Bob's Centaur (3 x 4)
    assert state.slain["Centaur"] == 1


def test_a_rangestriker_out_of_contact_rangestrikes_at_range_three_or_four():
    state = fight(["Ranger", "Ogre"], ["Troll", "Ogre"])
    ranger = index_of(state, "Ranger", ATTACKER)
    troll = index_of(state, "Troll", DEFENDER)
    others = {index_of(state, "Ogre", ATTACKER): "A1", index_of(state, "Ogre", DEFENDER): "F1"}
    set_battle(state, {ranger: "C3", troll: "C5", **others}, active=ATTACKER)
    battles.begin_strike(state)
    assert Rangestrike(unit=ranger, target=troll) in GAME.legal_actions(state)  # C3 to C5: range 3
    dice(state, 6, 1)  # Ranger power 4: 2 dice; 4 - 4 + 2 = 2
    state = act(state, Rangestrike(unit=ranger, target=troll))
    assert state.battle.units[troll].hits == 1 and "needs 2" in state.log[-1]


def test_drift_hits_non_natives_at_the_start_of_every_strike_phase():
    state = fight(["Ogre", "Troll"], ["Centaur"], land=2000)  # Tundra
    troll, ogre = index_of(state, "Troll", ATTACKER), index_of(state, "Ogre", ATTACKER)
    centaur = index_of(state, "Centaur", DEFENDER)
    set_battle(state, {troll: "A1", ogre: "B2", centaur: "F1"})  # A1 and B2 are Drift; the Troll is native
    battles.begin_strike(state)
    assert state.battle.units[ogre].hits == 1 and state.battle.units[troll].hits == 0


def test_the_attacker_may_summon_an_angel_after_the_first_strike_phase_that_slew_a_defender():
    state = fight(["Ogre", "Ogre"], ["Centaur", "Gargoyle"])
    a1, a2 = [i for i, u in enumerate(state.battle.units) if u.side == ATTACKER]
    centaur, gargoyle = index_of(state, "Centaur", DEFENDER), index_of(state, "Gargoyle", DEFENDER)
    set_battle(state, {a1: "C3", a2: "A1", centaur: "C4", gargoyle: "F1"}, active=ATTACKER)
    battles.begin_strike(state)
    dice(state, 6, 6, 6, 6, 6, 6)  # Ogre at Centaur: 6 needed, six 6s: slain (power 3)
    state = act(state, Strike(unit=a1, target=centaur, number=6))
    state = act(state, EndStrikes())  # no strike back: the Centaur was alone in contact... it strikes back
    if state.battle.step == "strikeback":
        dice(state, 1, 1, 1)
        state = act(state, GAME.legal_actions(state)[0])
        state = act(state, EndStrikes())
    # the defender maneuvers, strikes (nobody in contact), then the attacker's maneuver opens with the summon
    state = act(state, EndManeuver())
    assert state.battle.active == ATTACKER and state.phase == Phase.MANEUVER
    actions = GAME.legal_actions(state)
    assert actions == [Summon(donor="Bu02", angel="Angel"), Summon()]
    state = act(state, actions[0])
    angel = len(state.battle.units) - 1
    assert state.battle.units[angel].name == "Angel" and "Angel" in state.legions["Bu01"].contents
    entries = {a.hex for a in GAME.legal_actions(state) if isinstance(a, Maneuver) and a.unit == angel}
    assert entries and state.legions["Bu02"].contents == ["Titan"]  # the donor keeps its Titan
    state = act(state, Maneuver(unit=angel, hex=sorted(entries)[0]))
    assert state.summoned


def test_the_defender_may_muster_a_reinforcement_at_his_fourth_maneuver():
    state = fight(["Ogre"], ["Lion", "Lion"])  # Plains: two Lions qualify for a Ranger; one for a Lion
    a = index_of(state, "Ogre", ATTACKER)
    l1, l2 = [i for i, u in enumerate(state.battle.units) if u.side == DEFENDER]
    set_battle(state, {a: "A1", l1: "F1", l2: "F2"}, active=DEFENDER, round_number=4)
    battles.begin_maneuver(state)
    actions = GAME.legal_actions(state)
    assert Reinforce(creature="Ranger") in actions and Reinforce() in actions
    state = act(state, Reinforce(creature="Ranger"))
    assert state.legions["Bk01"].mustered and state.battle.units[-1].name == "Ranger"
    state = act(state, EndManeuver())  # the Ranger did not come on: back to the stock, not a muster
    assert "Ranger" not in state.legions["Bk01"].contents and not state.legions["Bk01"].mustered


def test_time_runs_out_after_the_seventh_round_and_the_attacker_is_eliminated():
    state = fight(["Ogre"], ["Lion"])
    a, d = index_of(state, "Ogre", ATTACKER), index_of(state, "Lion", DEFENDER)
    set_battle(state, {a: "A1", d: "F1"}, active=ATTACKER, round_number=7)
    battles.begin_maneuver(state)
    state = act(state, EndManeuver())  # the attacker's 7th maneuver; nobody in contact
    assert state.battle is None and "Time runs out: the attacking legion is eliminated." in state.log
    assert "Bu01" not in state.legions and state.players[0].score == 0  # the defender scores nothing


def test_a_titan_slain_in_battle_ends_it_and_its_player_is_out():
    state = fight(["Serpent", "Ogre"], ["Titan", "Ogre"])  # Ann's Titan (power 6) defends
    serpent = index_of(state, "Serpent", ATTACKER)
    titan, ogre = index_of(state, "Titan", DEFENDER), index_of(state, "Ogre", DEFENDER)
    set_battle(
        state, {serpent: "C3", titan: "C4", ogre: "F1", index_of(state, "Ogre", ATTACKER): "A1"}, active=ATTACKER
    )
    battles.begin_strike(state)
    dice(state, *([6] * 18))  # 4 - 2 + 4 = 6 needed; 18 sixes
    state = act(state, Strike(unit=serpent, target=titan, number=6))
    dice(state, 1, 1, 1, 1, 1, 1)
    state = act(state, EndStrikes())  # the Titan strikes back (slain, it strikes on) ...
    if state.phase == Phase.STRIKE:
        state = act(state, GAME.legal_actions(state)[0])
        state = act(state, EndStrikes())
    assert not state.players[0].alive and state.is_over and GAME.winners(state) == [1]
    # Bob scores the Titan (6 x 4), not the Ogre still standing [19.3]; then half of Ann's legions, the
    # standing Ogre among them: Bk01's Ogre and Bk02 (Centaur, Ogre), added up and halved [19.4]
    assert state.players[1].score == 24 + (12 + 12 + 12) // 2
    assert "Bob scores 18 for Ann's legions." in state.log


def test_a_defender_who_slays_the_movers_titan_scores_takes_his_angel_and_musters():
    """[19.3] Bob, the mover, attacks with his Titan alone; Ann's Serpent slays it. Bob is out, but his turn
    ends only once Ann has taken what any winning defender may: her battle points (the Titan, 6 x 4 = 24,
    from 90 to 114) bring an Angel, and her two Centaurs on the Plains may muster a Lion. Bob's other legion
    (an Angel) gives her half its value, which brings no angel [19.4]. Then the next player's turn begins,
    with nothing of the engagement left on the table."""
    state = fight(["Titan"], ["Serpent", "Centaur", "Centaur"], players=3)
    state.players[0].score = 90
    serpent, titan = index_of(state, "Serpent", DEFENDER), index_of(state, "Titan", ATTACKER)
    centaurs = [i for i, unit in enumerate(state.battle.units) if unit.name == "Centaur"]
    set_battle(state, {serpent: "C3", titan: "C4", centaurs[0]: "F1", centaurs[1]: "F2"}, active=DEFENDER)
    battles.begin_strike(state)
    dice(state, *([6] * 18))  # Serpent (skill 2) at the Titan (skill 4): 6 needed
    state = act(state, Strike(unit=serpent, target=titan, number=6))
    dice(state, *([1] * 6))
    state = act(state, EndStrikes())  # Bob's slain Titan strikes back, and misses
    if state.phase == Phase.STRIKE and state.battle.step == "strikeback":
        state = act(state, Strike(unit=titan, target=serpent, number=2))
        state = act(state, EndStrikes())
    assert state.battle is None and not state.players[1].alive and not state.is_over
    assert state.players[0].score == 90 + 24 + 24 // 2
    assert state.phase == Phase.AFTERMATH and state.decider == 0 and state.mover == 1
    legal = GAME.legal_actions(state)
    assert Acquire(angel="Angel") in legal and Reinforce(creature="Lion") in legal
    assert not any(isinstance(action, Summon) for action in legal)
    state = act(state, Acquire(angel="Angel"))
    state = act(state, Reinforce(creature="Lion"))
    assert state.legions["Bk01"].contents == ["Angel", "Centaur", "Centaur", "Lion", "Serpent"]
    assert state.phase == Phase.SPLIT and state.mover != 1 and state.players[state.mover].alive
    assert state.engagement.snapshot() == {} and state.aftermath.snapshot() == {}


def test_a_defender_who_slays_the_movers_titan_with_nothing_to_take_ends_the_turn_at_once():
    state = fight(["Titan"], ["Serpent", "Ogre", "Ogre", "Ogre", "Ogre", "Ogre", "Ogre"], players=3)
    serpent, titan = index_of(state, "Serpent", DEFENDER), index_of(state, "Titan", ATTACKER)
    set_battle(state, {serpent: "C3", titan: "C4"}, active=DEFENDER)
    for unit in state.battle.units:
        if unit.name == "Ogre":
            unit.hex = ("A1", "A2", "A3", "B1", "B2", "B3")[state.battle.units.index(unit) % 6]
    battles.begin_strike(state)
    dice(state, *([6] * 18))
    state = act(state, Strike(unit=serpent, target=titan, number=6))
    dice(state, *([1] * 6))
    state = act(state, EndStrikes())
    if state.phase == Phase.STRIKE and state.battle.step == "strikeback":
        state = act(state, Strike(unit=titan, target=serpent, number=2))
        state = act(state, EndStrikes())
    assert not state.players[1].alive and state.players[0].score == 24 + 24 // 2  # a full legion: no angel
    assert state.phase == Phase.SPLIT and state.mover != 1 and state.engagement.snapshot() == {}


def test_conceding_after_slaying_the_other_titan_ends_the_battle_as_the_titans_death_does():
    """Found by the random-play test (5 players): Bob's Centaur slays Ann's Titan in his strikeback, and Bob
    concedes before the phase ends. The battle ends as in 19.3: Ann is out; Bob, with nobody left on the
    battleland, scores nothing for the battle, but as the slayer gets half of Ann's legions (her standing
    Ogre engaged with his legion, and Bk02) [19.4]; the game goes on for Bob and Cy."""
    state = fight(["Centaur"], ["Titan", "Ogre"], players=3)
    centaur = index_of(state, "Centaur", ATTACKER)
    titan, ogre = index_of(state, "Titan", DEFENDER), index_of(state, "Ogre", DEFENDER)
    set_battle(state, {centaur: "C3", titan: "C4", ogre: "F1"}, active=DEFENDER)
    state.battle.units[titan].hits = 4  # the Titan (power 6) has taken 4 hits already
    battles.begin_strike(state)
    dice(state, 1, 1, 1, 1, 1, 1)
    state = act(state, Strike(unit=titan, target=centaur, number=4))  # Ann's Titan misses
    state = act(state, EndStrikes())
    assert state.battle.step == "strikeback" and state.decider == 1
    dice(state, 6, 6, 6)
    state = act(state, Strike(unit=centaur, target=titan, number=4))  # Centaur (skill 4) vs Titan (skill 4)
    assert "Titan is slain." in state.log
    state = act(state, Concede())
    assert state.battle is None and not state.players[0].alive and state.players[1].alive
    assert "A Titan is slain and his slayers are gone: nobody scores." in state.log
    assert state.players[1].score == (12 + 12 + 12) // 2
    assert "Bk01" not in state.legions and "Bu01" not in state.legions and "Bk02" not in state.legions
    assert not state.is_over and state.mover == 1 and GAME.legal_actions(state)


def test_conceding_after_slaying_the_last_defender_destroys_both_legions():
    """Found by random play (3 players): the attacker slays the defender's last character, then concedes
    before the phase ends. Both legions are gone and nobody scores [10.5]: no empty legion stays behind."""
    state = fight(["Lion"], ["Gargoyle"])
    lion, gargoyle = index_of(state, "Lion", ATTACKER), index_of(state, "Gargoyle", DEFENDER)
    set_battle(state, {lion: "C3", gargoyle: "C4"}, active=ATTACKER)
    battles.begin_strike(state)
    dice(state, 6, 6, 6, 6, 6)
    state = act(state, Strike(unit=lion, target=gargoyle, number=4))  # Lion (5, skill 3) vs Gargoyle (4, 3)
    assert "Gargoyle is slain." in state.log
    state = act(state, Concede())
    assert state.battle is None and "Both legions are destroyed: nobody scores." in state.log
    assert "Bk01" not in state.legions and "Bu01" not in state.legions
    assert state.players[0].score == 0 and state.players[1].score == 0


def test_a_wrong_strike_is_refused_and_changes_nothing():
    state = fight(["Lion"], ["Ogre"])
    set_battle(state, {0: "D3", 1: "D4"})
    battles.begin_strike(state)
    before = state.snapshot()
    try:
        GAME.apply(state, Strike(unit=0, target=1, number=2))
        raise AssertionError("a strike number lower than needed was accepted")
    except IllegalAction:
        pass
    assert state.snapshot() == before


def test_the_choices_name_the_characters_and_their_hexes():
    state = fight(["Lion"], ["Ogre", "Centaur"])
    names = {GAME.describe_action(state, action) for action in GAME.legal_actions(state)}
    assert any(name.startswith("Bring the Ogre on at ") for name in names), names
    lion, ogre = index_of(state, "Lion", ATTACKER), index_of(state, "Ogre", DEFENDER)
    set_battle(state, {lion: "D3", ogre: "D4", index_of(state, "Centaur", DEFENDER): "F1"})
    battles.begin_strike(state)
    names = {GAME.describe_action(state, action) for action in GAME.legal_actions(state)}
    assert "The Ogre (D4) strikes the Lion (D3): needs 5" in names, names  # 4 - skill 2 + skill 3
    assert (
        GAME.describe_action(state, Strike(unit=9, target=0, number=4)) == Strike(unit=9, target=0, number=4).describe()
    )

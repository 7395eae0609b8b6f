"""What a battle decision would cost, told before it is made (engine/titan/consequences.py): the characters a
"Done maneuvering" eliminates, and the moves that leave another character no hex to come on. Checked on the
game lost by one tap (four Gargoyles on the attacker's edge, the Titan behind them) and, over many entry
positions, against what the rules then really allow and do."""

from __future__ import annotations

import random

from engine.titan import consequences
from engine.titan.actions import EndManeuver, Maneuver
from engine.titan.battle_state import Arrival, Unit
from engine.titan.sides import ATTACKER
from engine.titan.state import Phase
from tests.engine.titan.helpers import GAME, act, attacker_to_enter, fight, gargoyles, index_of

LANDS_OF_EVERY_TERRAIN = (1, 2, 3, 4, 5, 7, 8, 14, 100, 1000, 2000)


def test_the_fourth_gargoyle_on_the_attackers_edge_leaves_the_titan_no_hex_and_says_so():
    state = attacker_to_enter(["Titan", "Gargoyle", "Gargoyle", "Gargoyle", "Gargoyle"])
    titan = index_of(state, "Titan", ATTACKER)
    first, second, third, fourth = gargoyles(state)
    assert consequences.eliminated_if_maneuver_ends(state) == sorted([titan, first, second, third, fourth])
    for unit, label in ((first, "A1"), (second, "B1"), (third, "C1")):
        assert consequences.stranded_by_entry(state, unit).get(label, []) == []
        state = act(state, Maneuver(unit=unit, hex=label))
    warnings = consequences.stranded_by_entry(state, fourth)
    assert warnings == {"D1": [titan]}  # D1 closes the edge (A1 B1 C1 D1): the Titan walks, it cannot come on
    assert consequences.stranded_by_entry(state, titan) == {}  # the Titan first: the Gargoyle flies over
    state = act(state, Maneuver(unit=fourth, hex="D1"))
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, Maneuver) and a.unit == titan]
    assert consequences.eliminated_if_maneuver_ends(state) == [titan]
    names = [state.battle.units[i].name for i in consequences.eliminated_if_maneuver_ends(state)]
    after = act(state, EndManeuver())
    assert "Titan never came on the battleland and is eliminated." in after.log
    assert names == ["Titan"] and not after.players[1].alive  # the tap that lost the game


def test_nothing_is_owed_once_the_side_has_entered_or_outside_a_maneuver():
    state = attacker_to_enter(["Titan", "Ogre"])
    titan, ogre = index_of(state, "Titan", ATTACKER), index_of(state, "Ogre", ATTACKER)
    state = act(state, Maneuver(unit=titan, hex="C1"))
    state = act(state, Maneuver(unit=ogre, hex="B1"))
    assert consequences.eliminated_if_maneuver_ends(state) == []
    state = act(state, EndManeuver())
    assert state.phase != Phase.MANEUVER or state.battle.active != ATTACKER
    assert consequences.eliminated_if_maneuver_ends(state) == []
    assert consequences.stranded_by_entry(state, titan) == {}
    assert consequences.sent_back_if_maneuver_ends(state) == []


def test_a_summoned_angel_not_brought_on_is_sent_back_not_eliminated():
    state = attacker_to_enter(["Titan", "Ogre"])
    state.battle.entered[ATTACKER] = True  # later in the battle: the attacker's legion is on the battleland
    state.battle.units[index_of(state, "Titan", ATTACKER)].hex = "C1"
    state.battle.units[index_of(state, "Ogre", ATTACKER)].hex = "B1"
    state.battle.units.append(Unit(name="Angel", side=ATTACKER))
    state.battle.carry = Arrival(arriving=len(state.battle.units) - 1)
    assert consequences.sent_back_if_maneuver_ends(state) == [len(state.battle.units) - 1]
    assert consequences.eliminated_if_maneuver_ends(state) == []


def test_over_many_entries_the_warnings_agree_with_what_the_rules_then_allow_and_do():
    """Random legions entering on every terrain, moved at random: each warning (and each silence) is what the
    legal moves after that move show, and "Done" eliminates exactly the characters named."""
    rng = random.Random(12)
    kinds = ["Titan", "Gargoyle", "Ogre", "Troll", "Centaur", "Cyclops", "Lion", "Ranger", "Wyvern", "Behemoth"]
    checked_strands = 0
    for trial in range(44):
        land = LANDS_OF_EVERY_TERRAIN[trial % len(LANDS_OF_EVERY_TERRAIN)]
        legion = ["Titan", *rng.choices(kinds[1:], k=rng.randint(3, 6))]
        defending = trial % 2 == 1  # the defender's entry too (the Tower's defender places inside the walls)
        state = fight(["Ogre"], legion, land) if defending else attacker_to_enter(legion, land)
        while True:
            moves = [a for a in GAME.legal_actions(state) if isinstance(a, Maneuver)]
            if not moves or rng.random() < 0.15:
                break
            unit = rng.choice(sorted({a.unit for a in moves}))
            warnings = consequences.stranded_by_entry(state, unit)
            able = {a.unit for a in moves} - {unit}
            for action in (a for a in moves if a.unit == unit):
                after = GAME.apply(state, action)
                still = {a.unit for a in GAME.legal_actions(after) if isinstance(a, Maneuver)}
                assert sorted(able - still) == warnings.get(action.hex, []), (land, legion, action)
                checked_strands += bool(warnings.get(action.hex))
            state = act(state, rng.choice([a for a in moves if a.unit == unit]))
        named = [state.battle.units[i].name for i in consequences.eliminated_if_maneuver_ends(state)]
        if EndManeuver() not in GAME.legal_actions(state):
            assert named and state.battle.map.is_tower  # the Tower's defender must place every character
            continue
        after = act(state, EndManeuver())
        gone = [line.split(" never came on")[0] for line in after.log[len(state.log) :] if "never came on" in line]
        assert sorted(gone) == sorted(named)
    assert checked_strands > 0  # some moves did strand a character

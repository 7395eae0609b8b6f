"""DIVINE INFLUENCE (rulings 27-33)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, ChooseMatch, EncounterAction, PlayDivine, Roll
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import successes, totals
from tests.engine.born_of_titans.helpers import (
    act,
    dice,
    hand,
    legal,
    my_turn,
    pass_all,
    refused,
    set_encounter,
    successes_roll,
)


def _challenge(face="centaur", **parts):
    state, seat = my_turn(node="athens", came_from="p_saronic", **parts)
    set_encounter(state, "athens", face)
    return state, seat


def test_ruling_28_athenas_pair_any_attribute_against_any_usable_number():
    state, seat = _challenge("centaur")  # Battle 5, Wits 4
    hand(state, seat, "athena", "athena")
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="athena", pair=True, target=seat))
    state = pass_all(state)
    matches = {(a.hero_attribute, a.monster_attribute) for a in legal(state, "choose_match")}
    assert ("navigation", "wits") in matches and ("navigation", "navigation") not in matches
    state = act(state, ChooseMatch(hero_attribute="navigation", monster_attribute="wits"))
    count = totals(state, seat)["navigation"]
    successes_roll(state, count, 4)
    state = act(state, Roll(commit=0))
    assert not state.challenge and state.sheets[seat].in_city  # 4 of Wits 4 with her Navigation dice


def test_ruling_28_athena_alone_two_more_dice_in_every_roll():
    state, seat = _challenge("centaur")
    hand(state, seat, "athena")
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="athena", target=seat))
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"] + 2
    successes_roll(state, count, 0)
    state = act(state, Roll(commit=0))
    assert len(state.rolls[-1]) == count
    successes_roll(state, count, 0)
    state = act(state, Roll(commit=0))
    assert len(state.rolls[-1]) == count


def test_ruling_29_aphrodites_pair_defeats_the_monster_as_if_by_challenge():
    state, seat = _challenge("cyclops")
    hand(state, seat, "aphrodite", "aphrodite")
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="aphrodite", pair=True, target=seat))
    assert not state.challenge and state.sheets[seat].in_city and "athens" not in state.encounters
    assert state.phase == Phase.TURN and state.moment == {}


def test_ruling_29_aphrodite_alone_two_fewer_successes_never_fewer_than_one():
    state, seat = _challenge("procrustes")  # Wits 3
    hand(state, seat, "aphrodite", "aphrodite")
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="aphrodite", target=seat))
    state = pass_all(state)
    state = act(state, ChooseAttribute(attribute="wits"))
    assert GAME.view(state, seat)["challenge"]["needed"] == 1
    state = act(state, PlayDivine(counter="aphrodite", target=seat))
    assert GAME.view(state, seat)["challenge"]["needed"] == 1


def test_ruling_30_ares_each_attack_kills_two_and_the_pair_three():
    state, seat = _challenge("cyclops", crew=6)
    other = 1 - seat
    hand(state, other, "ares", "ares", "ares")
    state = act(state, EncounterAction())
    assert state.current_player == other
    state = act(state, PlayDivine(counter="ares", target=seat))
    state = pass_all(state)
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    state = act(state, PlayDivine(counter="ares", pair=True, target=seat))  # after the roll, before it counts
    state = pass_all(state)
    assert state.sheets[seat].crew == 3


def test_ruling_27_muses_add_one_to_a_die_just_rolled_and_fates_roll_chosen_dice_again():
    state, seat = _challenge("centaur", crew=6)
    hand(state, seat, "muses", "fates")
    state = act(state, EncounterAction())
    state = pass_all(state)
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"]
    dice(state, *([3] + [1] * (count - 1)))
    state = act(state, Roll(commit=0))
    assert state.phase == Phase.REACT and state.moment["kind"] == "challenge_roll"
    muses = [a for a in legal(state, "play_divine") if a.counter == "muses"]
    assert {a.detail for a in muses} == {0, 1}  # a die of each value: the 3 and the 1s
    state = act(state, PlayDivine(counter="muses", target=seat, detail=0))
    assert state.rolls[-1][0] == 4
    fates = [a.detail for a in legal(state, "play_divine") if a.counter == "fates"]
    assert (1,) in fates and (0,) in fates  # the lowest failure, the lowest success
    dice(state, 6, 6)
    state = act(state, PlayDivine(counter="fates", target=seat, detail=(1, 2)))  # any dice (is_legal)
    assert state.rolls[-1][:3] == [4, 6, 6]
    # nobody holds a counter any more: the moment is over and the roll counts, 3 of 5, and the Centaur attacks
    assert state.phase == Phase.CHALLENGE and state.challenge["successes"] == 3 == successes(state.rolls[-1])
    assert state.sheets[seat].crew == 5


def test_ruling_27_muses_and_fates_not_on_a_selection_roll_or_crew_for_hire():
    state, seat = my_turn(node="athens", came_from="p_saronic", crew=2)
    hand(state, 1 - seat, "muses", "fates")
    set_encounter(state, "athens", "crew_for_hire")
    dice(state, 3)
    state = act(state, EncounterAction())
    assert state.phase == Phase.TURN and state.sheets[seat].crew == 5  # no moment after that die


def test_ruling_33_poseidon_changes_a_move_roll_by_two_courses():
    state, seat = my_turn(node="p_saronic")
    hand(state, 1 - seat, "poseidon")
    successes_roll(state, totals(state, seat)["navigation"], 1)
    state = act(state, {"kind": "move"})
    assert state.phase == Phase.REACT and state.moment["kind"] == "move_roll"
    assert state.current_player == 1 - seat  # the only player holding a counter is asked
    assert GAME.view(state, 1 - seat)["move"]["reachable"]  # where she could go, shown during the moment
    options = {a.detail for a in legal(state, "play_divine") if a.counter == "poseidon"}
    assert options == {2, -2}
    state = act(state, PlayDivine(counter="poseidon", target=seat, detail=-2))
    assert GAME.view(state, seat)["move"]["courses"] == 0  # not below 0
    assert GAME.view(state, seat)["move"]["reachable"] == {}


def test_ruling_33_apollo_one_prophecy_alone_three_as_a_pair():
    state, seat = my_turn(prophecy=1)
    hand(state, seat, "apollo", "apollo", "apollo")
    state = act(state, PlayDivine(counter="apollo", target=seat))
    assert state.sheets[seat].prophecy == 2
    state = act(state, PlayDivine(counter="apollo", pair=True, target=1 - seat))
    assert state.sheets[1 - seat].prophecy == 5


def test_ruling_32_furies_only_against_hubris_or_more_quests_two_crew():
    state, seat = my_turn()
    other = 1 - seat
    hand(state, seat, "furies", "furies")
    assert not [a for a in legal(state, "play_divine") if a.counter == "furies"]
    refused(state, PlayDivine(counter="furies", target=other))
    state.hubris = other
    state = act(state, PlayDivine(counter="furies", target=other))
    assert state.sheets[other].crew == 4
    state.hubris = -1
    assert not [a for a in legal(state, "play_divine") if a.counter == "furies"]


def test_ruling_32_furies_to_zero_inside_a_challenge_defeat_her():
    state, seat = _challenge("cyclops", crew=2, gear="aegis")
    other = 1 - seat
    hand(state, other, "furies")
    state.hubris = seat
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="furies", target=seat))
    assert not state.challenge and state.sheets[seat].crew == 0 and state.sheets[seat].gear is None
    assert state.sheets[seat].node == "p_saronic"


def test_ruling_31_hera_needs_hubris_in_play():
    state, seat = my_turn()
    hand(state, seat, "hera")
    assert not [a for a in legal(state, "play_divine") if a.counter == "hera"]
    state.hubris = 1 - seat
    assert [a.target for a in legal(state, "play_divine") if a.counter == "hera"] == [1 - seat]


def test_ruling_29_aphrodite_alone_after_a_loss_can_finish_the_challenge_at_once():
    state, seat = _challenge("centaur")  # Battle 5
    hand(state, seat, "aphrodite")
    state = act(state, EncounterAction())
    state = pass_all(state)
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 3)
    state = act(state, Roll(commit=0))
    state = pass_all(state)
    assert state.challenge["successes"] == 3 and state.phase == Phase.CHALLENGE
    state = act(state, PlayDivine(counter="aphrodite", target=seat))  # 5 - 2 = 3 needed: already there
    assert not state.challenge and state.sheets[seat].in_city


def test_ruling_27_fates_on_her_own_move_roll_without_move_moments():
    state, seat = my_turn(node="p_saronic", options={"moments": "challenges"})
    hand(state, seat, "fates")
    count = totals(state, seat)["navigation"]
    successes_roll(state, count, 0)
    state = act(state, {"kind": "move"})
    assert state.phase == Phase.MOVE  # no moment after a Move roll under this option
    fates = [a for a in legal(state, "play_divine") if a.counter == "fates"]
    assert fates and fates[-1].detail == tuple(range(count))  # all the failures
    dice(state, *([6] * count))
    state = act(state, fates[-1])
    assert GAME.view(state, seat)["move"]["courses"] == count and state.phase == Phase.MOVE

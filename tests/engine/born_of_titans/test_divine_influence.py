"""DIVINE INFLUENCE (rulings 27-33)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import (
    ChooseAttribute,
    ChooseMatch,
    DragonsTeeth,
    EncounterAction,
    PlayDivine,
    Roll,
)
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import successes, totals
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import (
    act,
    dice,
    hand,
    kinds,
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
    assert state.challenge == NoDecision() and state.sheets[seat].in_city  # 4 of Wits 4 with her Navigation dice


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
    assert state.challenge == NoDecision() and state.sheets[seat].in_city and "athens" not in state.encounters
    assert state.phase == Phase.TURN and state.moment == NoDecision()


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
    assert state.phase == Phase.REACT and state.moment.kind == "challenge_roll"
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
    assert state.phase == Phase.CHALLENGE and state.challenge.successes == 3 == successes(state.rolls[-1])
    assert state.sheets[seat].crew == 5


def test_ruling_27_muses_and_fates_on_the_crew_for_hire_die():
    state, seat = my_turn(node="athens", came_from="p_saronic", crew=2)
    hand(state, 1 - seat, "muses", "fates")
    set_encounter(state, "athens", "crew_for_hire")
    dice(state, 3)
    state = act(state, EncounterAction())
    assert state.phase == Phase.REACT and state.moment.kind == "crew_for_hire"
    assert state.current_player == 1 - seat and state.sheets[seat].crew == 2  # the die waits in its moment
    assert GAME.view(state, seat)["moment"]["dice"] == [3] == GAME.view(state, 1 - seat)["moment"]["dice"]
    muses = [a for a in legal(state, "play_divine") if a.counter == "muses"]
    assert [(a.target, a.detail) for a in muses] == [(seat, 0)]
    state = act(state, PlayDivine(counter="muses", target=seat, detail=0))  # "adds one to any single die result"
    assert state.moment.dice == [4] and state.current_player == 1 - seat  # asked again
    state = pass_all(state)
    assert state.phase == Phase.TURN and state.sheets[seat].crew == 6  # 2 + 4


def test_ruling_27_fates_roll_the_dragons_teeth_die_again_and_a_new_moment_follows():
    state, seat = my_turn(node="p_saronic", crew=1, gear="dragons_teeth")
    hand(state, 1 - seat, "fates", "apollo")
    dice(state, 1)
    state = act(state, DragonsTeeth())
    assert state.phase == Phase.REACT and state.moment.kind == "dragons_teeth"
    assert state.sheets[seat].gear is None and state.sheets[seat].crew == 1
    dice(state, 5)
    state = act(state, PlayDivine(counter="fates", target=seat, detail=(0,)))
    assert state.moment.dice == [5] and state.phase == Phase.REACT  # asked again about the new roll
    state = pass_all(state)
    assert state.phase == Phase.TURN and state.sheets[seat].crew == 6


def test_ruling_27_the_crew_roll_moment_asks_whoever_holds_a_counter_and_shows_only_the_die():
    state, seat = my_turn(node="athens", came_from="p_saronic", crew=2)
    hand(state, 1 - seat, "hera")  # nothing she could play on that die: asked all the same (ruling 26)
    set_encounter(state, "athens", "crew_for_hire")
    before = len(state.piles["encounter"])
    dice(state, 2)
    state = act(state, EncounterAction())
    assert state.phase == Phase.REACT and kinds(state) == ["pass_moment"]
    mine, theirs = GAME.view(state, seat), GAME.view(state, 1 - seat)
    assert (
        mine["moment"]
        == theirs["moment"]
        == {
            "kind": "crew_for_hire",
            "asked": 1 - seat,
            "roll_owner": seat,
            "dice": [2],
        }
    )
    assert len(state.piles["encounter"]) == before + 1 and "athens" not in mine["sites"]  # the counter is gone
    state = pass_all(state)
    assert state.sheets[seat].crew == 4


def test_ruling_27_a_crew_roll_counts_when_poseidons_pair_ends_the_turn_in_its_moment():
    state, seat = my_turn(node="athens", came_from="p_saronic", crew=2)
    hand(state, 1 - seat, "poseidon", "poseidon")
    set_encounter(state, "athens", "crew_for_hire")
    dice(state, 3)
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="poseidon", pair=True, target=seat))
    assert state.sheets[seat].crew == 5  # the die already rolled still counts (2 + 3)
    assert state.sheets[seat].lose_turn and state.mover == 1 - seat  # her turn ended at once (ruling 24)


def test_ruling_27_no_crew_roll_moment_with_the_moments_in_challenges_option():
    state, seat = my_turn(node="athens", came_from="p_saronic", crew=2, options={"moments": "challenges"})
    hand(state, 1 - seat, "muses")
    set_encounter(state, "athens", "crew_for_hire")
    dice(state, 3)
    state = act(state, EncounterAction())
    assert state.phase == Phase.TURN and state.sheets[seat].crew == 5


def test_ruling_33_poseidon_changes_a_move_roll_by_two_courses():
    state, seat = my_turn(node="p_saronic")
    hand(state, 1 - seat, "poseidon")
    successes_roll(state, totals(state, seat)["navigation"], 1)
    state = act(state, {"kind": "move"})
    assert state.phase == Phase.REACT and state.moment.kind == "move_roll"
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
    assert state.challenge == NoDecision() and state.sheets[seat].crew == 0 and state.sheets[seat].gear is None
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
    assert state.challenge.successes == 3 and state.phase == Phase.CHALLENGE
    state = act(state, PlayDivine(counter="aphrodite", target=seat))  # 5 - 2 = 3 needed: already there
    assert state.challenge == NoDecision() and state.sheets[seat].in_city


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

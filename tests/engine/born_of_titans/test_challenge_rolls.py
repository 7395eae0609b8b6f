"""CHALLENGE ROLLS (rulings 11, 13, 14) and MONSTER DEFEATED."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, PlayDivine, Retreat, Roll
from engine.born_of_titans.state import Challenge, Phase
from engine.born_of_titans.table import successes, totals
from engine.core.records import NoDecision
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

CITY = "athens"


def _challenge(face="centaur", **parts):
    state, seat = my_turn(node=CITY, came_from="p_saronic", in_city=False, **parts)
    set_encounter(state, CITY, face)
    state = act(state, EncounterAction())
    assert state.phase == Phase.CHALLENGE
    return state, seat


def test_dice_of_four_to_six_succeed():
    assert successes([1, 2, 3]) == 0 and successes([4, 5, 6]) == 3 and successes([3, 4]) == 1


def test_ruling_11_one_usable_attribute_for_the_whole_challenge():
    state, seat = _challenge("centaur")  # Battle 5, Wits 4; not by Navigation
    assert [a.attribute for a in legal(state, "choose_attribute")] == ["battle", "wits"]
    refused(state, ChooseAttribute(attribute="navigation"))
    refused(state, Roll(commit=0))  # the attribute first
    state = act(state, ChooseAttribute(attribute="wits"))
    assert not legal(state, "choose_attribute")  # chosen for the whole Challenge
    count = totals(state, seat)["wits"]
    successes_roll(state, count, 1)
    state = act(state, Roll(commit=0))
    assert len(state.rolls[-1]) == count  # the same attribute on every roll
    successes_roll(state, count, 1)
    state = act(state, Roll(commit=0))
    assert len(state.rolls[-1]) == count


def test_successes_add_up_across_rolls_and_each_short_roll_kills_one_crew():
    state, seat = _challenge("centaur", crew=6)
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"]
    for hits, crew in ((2, 5), (2, 4)):
        successes_roll(state, count, hits)
        state = act(state, Roll(commit=0))
        assert state.sheets[seat].crew == crew
    assert state.challenge.successes == 4
    successes_roll(state, count, 1)
    state = act(state, Roll(commit=0))  # 5 of 5: the Centaur is defeated
    assert state.challenge == NoDecision() and state.sheets[seat].in_city and state.sheets[seat].crew == 4


def test_ruling_13_monsters_heal_every_challenge_starts_from_zero():
    state, seat = _challenge("centaur")
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"]
    successes_roll(state, count, 4)
    state = act(state, Roll(commit=0))
    state = act(state, Retreat())
    state.turn.regular = 0
    successes_roll(state, totals(state, seat)["navigation"], 1)
    state = act(state, {"kind": "move"})
    state = act(state, {"kind": "move_to", "node": CITY})
    state = act(state, EncounterAction())
    assert state.challenge.successes == 0
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 1)
    state = act(state, Roll(commit=0))
    assert isinstance(state.challenge, Challenge) and state.challenge.successes == 1  # 1 of 5 again, not 5 of 5


def test_ruling_14_committed_prophecy_adds_a_die_to_every_later_roll_and_is_spent():
    state, seat = _challenge("centaur", prophecy=4)
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"]
    assert [a.commit for a in legal(state, "roll")] == [0, 1, 2, 3, 4]
    successes_roll(state, count + 2, 1)
    state = act(state, Roll(commit=2))
    assert len(state.rolls[-1]) == count + 2 and state.sheets[seat].prophecy == 2
    assert "commits 2 Prophecy (2 committed in all)." in " ".join(state.log[-4:])
    successes_roll(state, count + 3, 1)
    state = act(state, Roll(commit=1))
    assert len(state.rolls[-1]) == count + 3 and state.sheets[seat].prophecy == 1
    state = act(state, Retreat())
    assert state.sheets[seat].prophecy == 1  # spent at the end of the Challenge, whatever its end


def test_committed_prophecy_is_spent_at_the_end_of_the_challenge_and_counts_toward_six():
    """The issue's Argo case: 6 Prophecy, 2 committed and a miss. The 2 stay on her track until the Challenge
    ends, so the Argo cannot lift her above six; after a retreat she has 4 (not 5)."""
    state, seat = _challenge("centaur", crew=6, prophecy=6, gear="argo")
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"] + 2, 0)
    state = act(state, Roll(commit=2))
    assert state.phase == Phase.CHALLENGE and state.sheets[seat].crew == 5
    hero = GAME.view(state, 1 - seat)["heroes"][seat]
    assert (hero["prophecy"], hero["prophecy_committed"]) == (4, 2)  # her track still shows 6
    assert not legal(state, "argo")  # no more than six Prophecy points at any time
    assert [a.commit for a in legal(state, "roll")] == [0, 1, 2, 3, 4]  # the committed 2 are not committed again
    state = act(state, Retreat())
    hero = GAME.view(state, seat)["heroes"][seat]
    assert (hero["prophecy"], hero["prophecy_committed"]) == (4, 0) and legal(state, "argo")


def test_committed_prophecy_counts_toward_six_when_apollo_is_played_in_the_challenge():
    state, seat = _challenge("centaur", crew=6, prophecy=5)
    hand(state, 1 - seat, "apollo", "apollo")
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"] + 1, 0)
    state = act(state, Roll(commit=1))  # 4 left to use, 1 committed: 5 on her track
    assert state.phase == Phase.REACT and state.current_player == 1 - seat
    state = act(state, PlayDivine(counter="apollo", pair=True, target=seat))  # +3, at most six: +1
    assert state.sheets[seat].prophecy == 5 and any("gains 1 Prophecy" in line for line in state.log[-3:])
    state = pass_all(state)
    state = act(state, Retreat())
    assert state.sheets[seat].prophecy == 5  # the committed point spent: 6 - 1


def test_the_challenge_view_shows_the_dice_and_the_running_total():
    state, seat = _challenge("centaur")
    state = act(state, ChooseAttribute(attribute="battle"))
    dice(state, *([6, 5, 1] + [1] * (totals(state, seat)["battle"] - 3)))
    state = act(state, Roll(commit=0))
    view = GAME.view(state, 1 - seat)["challenge"]
    assert view["foe"] == "centaur" and view["foe_kind"] == "encounter" and view["needed"] == 5
    assert view["successes"] == 2 and view["rolls"][0][:3] == [6, 5, 1] and view["numbers"]["navigation"] is None


def test_a_challenge_has_one_battle_key_from_its_start_to_its_end():
    state, seat = _challenge("centaur")
    assert GAME.battle_key(state) is not None
    key = GAME.battle_key(state)
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 1)
    state = act(state, Roll(commit=0))
    assert GAME.battle_key(state) == key
    state = act(state, Retreat())
    assert GAME.battle_key(state) is None

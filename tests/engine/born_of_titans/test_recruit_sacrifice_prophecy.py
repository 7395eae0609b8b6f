"""RECRUIT, SACRIFICE, PROPHECY, PROPHESY (looks), and the actions of a turn (rulings 3, 4, 15, 36)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import Keep, Look, Prophecy, Recruit, Sacrifice
from engine.born_of_titans.state import Phase
from tests.engine.born_of_titans.helpers import act, draws, kinds, legal, my_turn, refused, set_encounter


def _in_city(**parts):
    state, seat = my_turn(node="athens", came_from="p_saronic", in_city=True, **parts)
    set_encounter(state, "athens", None)
    return state, seat


def test_recruit_one_or_two_crew_in_a_city_never_above_six():
    state, seat = _in_city(crew=3)
    assert [a.crew for a in legal(state, "recruit")] == [1, 2]
    state = act(state, Recruit(crew=2))
    assert state.sheets[seat].crew == 5
    assert [a.crew for a in legal(state, "recruit")] == [1]
    refused(state, Recruit(crew=2))
    state, seat = my_turn(node="p_saronic", crew=3)
    assert not legal(state, "recruit")  # only in a City


def test_sacrifice_draws_two_divine_counters_keeps_one_returns_the_other():
    state, seat = _in_city()
    pile = len(state.piles["divine"])
    state = act(state, Sacrifice())
    assert state.phase == Phase.SACRIFICE and len(state.offer) == 2
    offered = sorted(GAME.view(state, seat)["offer"]["divine"])
    state = act(state, Keep(divine=offered[0]))
    assert [state.faces[c] for c in state.sheets[seat].divine] == [offered[0]]
    assert len(state.piles["divine"]) == pile - 1 and state.phase == Phase.TURN


def test_ruling_36_sacrifice_with_one_counter_left_shows_one_and_with_none_is_not_offered():
    state, seat = _in_city()
    keep_back = state.piles["divine"][:1]
    state.sheets[1 - seat].divine = state.piles["divine"][1:]
    state.piles["divine"] = keep_back
    state = act(state, Sacrifice())
    assert len(state.offer) == 1
    state = act(state, Keep(divine=state.faces[state.offer[0]]))
    assert "sacrifice" not in kinds(state)


def test_prophecy_at_an_oracle_two_more_at_most_six():
    state, seat = my_turn(node="delphi", prophecy=2)
    state = act(state, Prophecy())
    assert state.sheets[seat].prophecy == 4
    state = act(state, Prophecy())
    assert state.sheets[seat].prophecy == 6
    state, seat = my_turn(node="delphi", prophecy=6)
    assert "prophecy" not in kinds(state)
    state, seat = my_turn(node="athens", in_city=True, prophecy=2)
    assert "prophecy" not in kinds(state)


def test_ruling_15_a_prophecy_look_is_seen_by_the_looker_alone_and_costs_no_action():
    state, seat = my_turn(node="p_saronic", prophecy=2)
    cid = state.encounters["athens"]
    state = act(state, Look(site="athens"))
    assert state.sheets[seat].prophecy == 1 and state.turn.regular == 0
    assert GAME.view(state, seat)["sites"]["athens"]["encounter"] == state.faces[cid]
    assert GAME.view(state, 1 - seat)["sites"]["athens"]["encounter"] == "hidden"
    assert GAME.view(state, None)["sites"]["athens"]["encounter"] == "hidden"
    assert GAME.view(state, 1 - seat)["looks"] == [{"seat": seat, "site": "athens"}]


def test_ruling_15_no_second_paid_look_at_a_site_whose_counters_she_has_seen():
    state, seat = my_turn(node="p_saronic", prophecy=3)
    state = act(state, Look(site="athens"))
    assert Look(site="athens") not in legal(state, "look") and Look(site="sparta") in legal(state, "look")
    refused(state, Look(site="athens"))
    assert "already seen every counter" in (GAME.why_illegal(state, Look(site="athens")) or "")
    assert state.sheets[seat].prophecy == 2


def test_ruling_15_what_she_saw_is_forgotten_once_the_counter_moves():
    state, seat = my_turn(node="p_saronic", prophecy=2)
    state = act(state, Look(site="athens"))
    cid = state.encounters["athens"]
    set_encounter(state, "athens", None)  # the counter leaves the Site (as when a Hero defeats it)
    state.piles["encounter"].remove(cid)
    state.moved(cid)
    state.place_encounter("athens", cid)  # even back where it was, she no longer knows it
    assert GAME.view(state, seat)["sites"]["athens"]["encounter"] == "hidden"


def test_ruling_3_two_actions_a_turn_one_with_no_crew_checked_when_an_action_starts():
    state, seat = _in_city(crew=1)
    state = act(state, Recruit(crew=1))
    assert legal(state, "move")
    state, seat = my_turn(node="delphi", crew=0)
    state = act(state, Prophecy())
    assert not legal(state, "move") and not legal(state, "prophecy")  # one action at 0 Crew
    state, seat = _in_city(crew=0)
    state = act(state, Recruit(crew=1))
    assert legal(state, "move")  # she has Crew again when her second action starts
    state, seat = _in_city(crew=2)
    state.sheets[seat].crew = 2
    state = act(state, Recruit(crew=1))
    state.sheets[seat].crew = 0  # lost her Crew after the first action: no second one
    assert not legal(state, "move") and legal(state, "end_turn")


def test_ruling_4_free_acts_cost_no_action():
    state, seat = my_turn(node="p_saronic", prophecy=3, gear="argo", divine=["apollo"])
    state = act(state, Look(site="athens"))
    state = act(state, {"kind": "argo"})
    state = act(state, {"kind": "play_divine", "counter": "apollo", "target": seat})
    assert state.turn.regular == 0 and legal(state, "move")
    draws(state)  # nothing random was drawn


def test_refusals_say_why():
    import pytest

    from engine.core import IllegalAction

    state, _seat = my_turn(node="p_saronic", crew=3)
    with pytest.raises(IllegalAction, match="inside a City"):
        GAME.apply(state, Recruit(crew=1))
    with pytest.raises(IllegalAction, match="at an Oracle"):
        GAME.apply(state, Prophecy())
    with pytest.raises(IllegalAction, match="nothing here"):
        GAME.apply(state, {"kind": "encounter"})
    state.turn.regular = 2
    with pytest.raises(IllegalAction, match="No actions are left"):
        GAME.apply(state, {"kind": "move"})
    with pytest.raises(IllegalAction, match="waits for the player's next action"):
        GAME.apply(state, Keep(divine="ares"))

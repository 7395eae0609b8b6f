"""MOVE (rulings 5-8)."""

from __future__ import annotations

from engine.born_of_titans import GAME, board
from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, Move, MoveTo, Roll, Stop
from engine.born_of_titans.data import ALLIES, CREWS, GEAR, HEROES
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import act, clear_divine, dice, give, legal, refused, set_sea_monster, started


def _turn(**parts):
    state = started(heroes={0: "atalanta", 1: "cyrene"}, seed=3).clone()
    clear_divine(state)
    seat = state.mover
    give(state, seat, **parts)
    return state, seat


def _courses(state, seat, successes: int):
    count = totals(state, seat)["navigation"]
    dice(state, *([5] * successes + [2] * (count - successes)))
    return act(state, Move())


def test_ruling_5_a_move_is_one_navigation_roll_each_success_a_course():
    state, seat = _turn(node="p_saronic", came_from=None, ally="tiphys", gear="winged_sandals")
    hero, crew = HEROES[state.sheets[seat].hero].navigation, state.sheets[seat].crew_counter

    ally, gear = ALLIES["tiphys"].navigation, GEAR["winged_sandals"].navigation
    assert totals(state, seat)["navigation"] == hero + ally + gear + CREWS[crew].navigation
    state = _courses(state, seat, 3)
    assert state.log[-1].endswith("Navigation dice: 3 Successes.")
    assert GAME.view(state, seat)["move"]["courses"] == 3
    give(state, seat, crew=0)  # the Crew counter adds nothing at 0 Crew
    assert totals(state, seat)["navigation"] == hero + ally + gear


def test_ruling_5_a_course_per_sea_segment_two_per_land_segment_and_the_sea_as_land_with_no_crew():
    state, seat = _turn(node="b_isthmus", came_from=None)
    state = _courses(state, seat, 1)
    targets = {a.node for a in legal(state, "move_to")}
    assert "p_saronic" in targets and "athens" not in targets  # b_isthmus-athens is land (brown): 2 Courses
    assert board.is_land_segment("b_isthmus", "athens") and not board.is_land_segment("b_isthmus", "p_saronic")
    state, seat = _turn(node="p_saronic", came_from=None, crew=0)
    state = _courses(state, seat, 1)
    assert {a.node for a in legal(state, "move_to")} == set()  # with no Crew a sea segment costs 2
    state, seat = _turn(node="p_saronic", came_from=None, crew=0)
    state = _courses(state, seat, 2)
    assert {a.node for a in legal(state, "move_to")} == {"athens", "p_cyclades", "b_isthmus"}


def test_ruling_6_a_move_never_passes_through_a_site():
    state, seat = _turn(node="p_saronic", came_from=None)
    state = _courses(state, seat, 6)
    for action in legal(state, "move_to"):
        path = board.path_to("p_saronic", action.node, 6, False)
        assert not any(board.is_site(node) for node in path[1:-1])
    assert "b_boeotia" in {a.node for a in legal(state, "move_to")}  # around Athens, not through it


def test_ruling_7_partial_moves_and_unused_courses_are_lost():
    state, seat = _turn(node="p_saronic", came_from=None)
    state = _courses(state, seat, 5)
    state = act(state, MoveTo(node="p_cyclades"))  # one Course of five
    assert state.sheets[seat].node == "p_cyclades" and state.phase == Phase.TURN
    assert state.move == NoDecision() and GAME.view(state, seat)["move"] is None  # the four others are lost
    refused(state, MoveTo(node="p_saronic"))
    state = _courses(state, seat, 4)
    state = act(state, Stop())  # or not move at all
    assert state.sheets[seat].node == "p_cyclades"
    assert not legal(state, "move")  # both actions used


def test_ruling_8_a_sea_monster_site_stops_her_and_lets_her_leave_only_the_way_she_came():
    state, seat = _turn(node="p_aeolian", came_from=None)
    set_sea_monster(state, "messina", "scylla")
    state = _courses(state, seat, 4)
    assert "p_ionian_w" not in {a.node for a in legal(state, "move_to")}  # not through Messina
    state = act(state, MoveTo(node="messina"))
    assert state.sheets[seat].came_from == "p_aeolian"
    state = _courses(state, seat, 3)
    targets = {a.node for a in legal(state, "move_to")}
    assert "p_aeolian" in targets and "p_ionian_w" not in targets and "syracuse" not in targets


def test_ruling_8_a_defeated_sea_monster_lets_her_pass_and_stays_face_up_and_heals():
    state, seat = _turn(node="messina", came_from="p_aeolian", passage=False, ally="medea")
    cid = set_sea_monster(state, "messina", "sirens")
    state = act(state, EncounterAction())
    assert cid in state.face_up
    assert [a.attribute for a in legal(state, "choose_attribute")] == ["wits"]  # the Sirens: Wits 5 only
    state = act(state, ChooseAttribute(attribute="wits"))
    dice(state, *([6] * 5 + [1] * (totals(state, seat)["wits"] - 5)))
    state = act(state, Roll(commit=0))
    assert state.sheets[seat].passage and state.sea_monsters["messina"] == cid  # immortal: it stays
    assert GAME.view(state, 1 - seat)["sites"]["messina"]["sea_monster"] == "sirens"
    state.turn.regular = 0
    state = _courses(state, seat, 1)
    assert {"p_aeolian", "p_ionian_w"} <= {a.node for a in legal(state, "move_to")}
    state = act(state, MoveTo(node="p_ionian_w"))
    state.turn.regular = 0
    state = _courses(state, seat, 1)
    state = act(state, MoveTo(node="messina"))
    assert not state.sheets[seat].passage  # the next arrival must defeat it again
    assert legal(state, "encounter")


def test_a_move_is_an_action():
    state, seat = _turn(node="p_saronic", came_from=None)
    state = _courses(state, seat, 0)
    assert kinds_of(state) == ["stop"]
    state = act(state, Stop())
    state = _courses(state, seat, 0)
    state = act(state, Stop())
    assert not legal(state, "move")


def kinds_of(state):
    return [a.kind for a in GAME.legal_actions(state)]

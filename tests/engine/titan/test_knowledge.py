"""What each seat knows of another player's legion [15]: a character shown to all joins what every seat knows,
one that leaves in everyone's sight leaves it too; an independent tracker of what each seat has seen agrees with
the engine at every step of random and computer games."""

from __future__ import annotations

from collections import Counter

from engine.titan import recruiting
from engine.titan.actions import (
    Accept,
    Acquire,
    Concede,
    EndManeuver,
    Engage,
    Muster,
    Propose,
    Reinforce,
    Summon,
)
from engine.titan.data import ANGEL, LANDS, TITAN
from engine.titan.state import Phase
from tests.engine.titan.test_battle import PLAINS, fight, index_of, set_battle
from tests.engine.titan.test_flow import _engaged, act, clear_board, new, place

# -- a character given up in public ---------------------------------------------------------------------------------


def test_a_summoned_angel_leaves_what_others_know_of_its_donor():
    state = _engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    donor = state.legions["Bu02"]  # Angel, Titan
    donor.contents = [ANGEL, ANGEL, TITAN]
    state.stock[ANGEL] -= 1
    donor.reveal([0], [ANGEL])  # Ann saw one of its two Angels (a tower teleport, say)
    assert donor.known[0] == [ANGEL]
    state = act(state, Engage(land=6))
    state = act(state, Concede())  # Ann concedes: Bob may summon
    state = act(state, Summon(donor="Bu02", angel=ANGEL))
    # Ann saw an Angel leave: of the Angel she had seen she knows nothing more (the one left was never shown)
    assert state.legions["Bu02"].contents == [ANGEL, TITAN]
    assert state.legions["Bu02"].known[0] == []


def test_a_character_given_up_by_terms_leaves_what_the_other_seats_know():
    state = _engaged(["Lion", "Ogre", "Ogre"], ["Centaur", "Ogre"], players=3)
    state.legions["Bu01"].reveal([2], ["Ogre"])  # Cy saw one Ogre of Bob's legion muster another, say
    state = act(state, Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))  # Ann: "you win, but lose an Ogre"
    state = act(state, Accept())
    winner = state.legions["Bu01"]
    assert winner.contents == ["Lion", "Ogre"]
    assert winner.known[2] == []  # Cy saw an Ogre given up: the one left was never shown to him
    assert winner.known[0] == ["Lion", "Ogre"]  # Ann saw the whole legion in the engagement, and one Ogre go


# -- a new character of a kind already known -------------------------------------------------------------------


def test_a_mustered_character_of_a_kind_already_known_is_added():
    state = new(3)
    clear_board(state)
    terrain = LANDS[PLAINS].terrain
    assert recruiting.recruiter_sets(terrain, ["Centaur"], "Centaur")[0] == ("Centaur",)
    legion = place(state, "Bu01", 1, PLAINS, ["Centaur", "Centaur", "Ogre", TITAN])
    legion.reveal(range(3))
    legion.moved = True
    place(state, "Bk01", 0, 300, [TITAN])
    place(state, "Br01", 2, 400, [TITAN])
    state.mover = state.decider = 1
    state.phase = Phase.MUSTER
    state = act(state, Muster(marker="Bu01", creature="Centaur"))
    for seat in (0, 2):
        assert Counter(state.legions["Bu01"].known[seat])["Centaur"] == 3  # a third one, shown


def test_a_second_angel_acquired_or_summoned_is_added():
    state = _engaged(["Lion", "Lion", "Ogre", ANGEL], ["Colossus", "Serpent", "Ogre"])  # worth 88
    state.players[1].score = 95
    state.legions["Bu01"].reveal([0], [ANGEL])
    state = act(state, Engage(land=6))
    state = act(state, Concede())
    state = act(state, Acquire(angel=ANGEL))
    assert Counter(state.legions["Bu01"].known[0])[ANGEL] == 2
    state = act(state, Summon(donor="Bu02", angel=ANGEL))
    assert Counter(state.legions["Bu01"].known[0])[ANGEL] == 3


def test_a_reinforcement_of_a_kind_already_in_the_battle_is_added():
    state = fight(["Ogre"], ["Lion", "Lion"], players=3)  # Plains: one Lion musters a Lion
    a = index_of(state, "Ogre", "attacker")
    l1, l2 = [i for i, u in enumerate(state.battle.units) if u.side == "defender"]
    set_battle(state, {a: "A1", l1: "F1", l2: "F2"}, active="defender", round_number=4)
    from engine.titan import battle as battles

    battles.begin_maneuver(state)
    state = act(state, Reinforce(creature="Lion"))
    for seat in (1, 2):
        assert state.legions["Bk01"].known[seat] == ["Lion", "Lion", "Lion"]


def test_an_angel_that_cannot_come_on_goes_back_to_its_donor_in_everyones_sight():
    state = fight(["Ogre", "Ogre"], ["Centaur"])
    battle = state.battle
    a1, a2 = [i for i, u in enumerate(battle.units) if u.side == "attacker"]
    centaur = index_of(state, "Centaur", "defender")
    set_battle(state, {a1: "C3", a2: "A1", centaur: "C4"}, active="attacker")
    battle.summon = "offer"
    from engine.titan import battle as battles

    battles.begin_maneuver(state)
    state = act(state, Summon(donor="Bu02", angel=ANGEL))
    assert state.legions["Bu02"].contents == [TITAN] and state.legions["Bu02"].known[0] == []
    state = act(state, EndManeuver())  # the Angel was not brought on: back to Bu02
    assert state.legions["Bu02"].contents == [ANGEL, TITAN]
    assert state.legions["Bu02"].known[0] == [ANGEL]

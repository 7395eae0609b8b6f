"""QUESTS (rulings 16, 18, 19) and MONSTER DEFEATED (Quest monsters)."""

from __future__ import annotations

from engine.born_of_titans import GAME, board
from engine.born_of_titans.actions import EncounterAction, PlaceQuest, Restock
from engine.born_of_titans.board import QUEST_SITES
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import (
    act,
    at_quest,
    kinds,
    legal,
    my_turn,
    refused,
    set_encounter,
    set_quest,
    successes_roll,
    win_challenge,
)


def test_ruling_16_a_quest_turns_up_at_once_and_free_when_its_hero_arrives_in_her_turn():
    state, seat = my_turn(node="p_saronic")
    state.sheets[seat].node = "b_isthmus"
    site = QUEST_SITES[1]
    set_quest(state, seat, "slay_the_hydra", site)
    path_start = next(n for n in board.NEIGHBOURS[site])
    state.sheets[seat].node = path_start
    successes_roll(state, totals(state, seat)["navigation"], 2)
    state = act(state, {"kind": "move"})
    state = act(state, {"kind": "move_to", "node": site})
    assert state.sheets[seat].quest.revealed and state.turn.regular == 1
    assert GAME.view(state, 1 - seat)["sites"][site]["quests"][0]["quest"] == "slay_the_hydra"


def test_ruling_16_a_quest_under_its_hero_turns_up_at_the_start_of_her_turn():
    state, seat = my_turn()
    other = 1 - seat
    site = QUEST_SITES[2]
    set_quest(state, other, "slay_the_hydra", site)
    state.sheets[other].node = site
    assert not state.sheets[other].quest.revealed
    state = act(state, {"kind": "end_turn"})
    assert state.mover == other and state.sheets[other].quest.revealed


def test_a_hero_may_not_attempt_another_heros_quest():
    state, seat = my_turn()
    other = 1 - seat
    set_quest(state, other, "slay_the_hydra", QUEST_SITES[2], revealed=True)
    set_quest(state, seat, "slay_the_chimera", QUEST_SITES[3])
    state.sheets[seat].node = QUEST_SITES[2]
    assert "encounter" not in kinds(state)
    refused(state, EncounterAction())


def test_quest_monsters_go_on_the_shield_of_the_quest_site_number():
    state, seat = my_turn()
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    state = win_challenge(state, seat)
    sheet = state.sheets[seat]
    assert state.faces[sheet.quests["4"]] == "slay_the_nemean_lion" and sheet.quest is None
    assert GAME.view(state, 1 - seat)["heroes"][seat]["quests"] == {"4": "slay_the_nemean_lion"}


def test_ruling_18_completion_in_order_shield_gear_ally_gear_drawn_restock_hubris_next_quest():
    state, seat = my_turn()
    at_quest(state, seat, "slay_the_nemean_lion", 4, gear="aegis", ally="castor")
    set_encounter(state, "athens", None)
    set_encounter(state, "sparta", None)
    start = len(state.log)
    state = win_challenge(state, seat)
    lines = state.log[start:]
    order = ["completes", "The Aegis leaves", "Castor leaves", "draws"]
    found = [next(i for i, line in enumerate(lines) if word in line) for word in order]
    assert found == sorted(found)
    assert state.phase == Phase.RESTOCK and state.current_player == seat
    cities = [a.city for a in legal(state, "restock")]
    assert cities == ["athens", "athens"]  # City by City: place one there, or leave it empty
    state = act(state, Restock(city=cities[0], place=True))
    second = legal(state, "restock")[0].city
    assert second == "sparta"
    state = act(state, Restock(city=second, place=False))
    assert cities[0] in state.encounters and second not in state.encounters  # the choice of Cities hers
    assert state.hubris == seat  # the game's first Quest
    assert state.phase == Phase.PLACE_QUEST and state.current_player == state.left(seat)


def test_the_next_quest_never_on_a_filled_shield_nor_a_site_with_a_quest_but_maybe_on_a_hero():
    state, seat = my_turn(players=3)
    others = [s for s in range(3) if s != seat]
    at_quest(state, seat, "slay_the_nemean_lion", 4, quests={2: "slay_the_hydra"})
    set_quest(state, others[0], "golden_fleece", QUEST_SITES[1])
    set_quest(state, others[1], "cretan_bull", QUEST_SITES[5])
    state.sheets[others[0]].node = QUEST_SITES[6]  # a Hero stands on Site 6
    state = win_challenge(state, seat)
    while state.phase == Phase.RESTOCK:
        state = act(state, legal(state, "restock")[0])
    targets = [a.site for a in legal(state, "place_quest")]
    assert targets == [QUEST_SITES[3], QUEST_SITES[6]]  # not 2 or 4 (her Shields), not 1 or 5 (Quests there)
    refused(state, PlaceQuest(site=QUEST_SITES[2]))
    state = act(state, PlaceQuest(site=QUEST_SITES[6]))
    assert state.sheets[seat].quest.site == QUEST_SITES[6]
    assert state.phase == Phase.TURN and state.current_player == seat  # her turn goes on


def test_ruling_19_a_city_restocked_while_a_hero_is_in_it():
    state, seat = my_turn()
    other = 1 - seat
    state.sheets[other].node, state.sheets[other].in_city = "athens", True
    set_encounter(state, "athens", None)
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    state = win_challenge(state, seat)
    state = act(state, Restock(city="athens", place=True))
    assert "athens" in state.encounters and state.sheets[other].in_city  # she stays in

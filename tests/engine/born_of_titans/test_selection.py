"""SELECTION PROCESS (rulings 1 and 2)."""

from __future__ import annotations

from engine.born_of_titans import GAME, board
from engine.born_of_titans.actions import ChooseHero, ChooseStart, PlaceQuest
from engine.born_of_titans.setup import selection_roll
from engine.born_of_titans.state import Phase, new_state
from engine.core import ScriptedRng
from tests.engine.born_of_titans.helpers import act, new, refused, started


def _rolled(players: int, *values: int):
    state = new_state("born_of_titans", players, GAME.Options(), 0, new(players).seats)
    state.rng = ScriptedRng([v - 1 for v in values])
    return state, selection_roll(state)


def test_ruling_1_ties_in_the_selection_roll():
    # Seats 0 and 2 tie on the lowest 2 and re-roll between themselves only: 5 and 3, seat 2 selects first.
    state, first = _rolled(4, 2, 6, 2, 4, 5, 3)
    assert first == 2
    assert state.rng.script == []  # exactly the tied pair re-rolled (seat 1's 6 and seat 3's 4 are settled)
    assert any("tie and roll again" in line for line in state.log)
    # A tie for a higher place re-rolls too (every place settled), but does not change who selects first.
    state, first = _rolled(3, 1, 4, 4, 6, 2)
    assert first == 0 and state.rng.script == []


def test_ruling_1_the_lowest_selects_first_counter_clockwise_and_play_goes_clockwise_ending_with_her():
    for seed in range(20):
        state = new(4, seed=seed)
        first = state.selection[0]
        assert state.selection == [(first - k) % 4 for k in range(4)]
        assert state.play == [(first + 1 + k) % 4 for k in range(4)]
        assert state.play[-1] == first  # "the player who selects first acts last"
        assert state.current_player == first and state.phase == Phase.CHOOSE_HERO


def test_ruling_2_selection_steps():
    state = new(3, seed=5)
    order = state.selection
    chosen = ["perseus", "jason", "cyrene"]
    for seat, hero in zip(order, chosen, strict=True):
        assert state.current_player == seat
        state = act(state, ChooseHero(hero=hero))
    assert state.phase == Phase.CHOOSE_START
    refused(state, ChooseStart(site="athens"))  # a Quest Site only
    for seat in order:
        assert state.current_player == seat
        state = act(state, ChooseStart(site=board.QUEST_SITES[2]))  # several Heroes may start on one Site
    assert state.phase == Phase.PLACE_QUEST
    assert state.placing == state.play  # placed in turn order, the first to play first
    for seat in state.play:
        assert state.placing[0] == seat and state.current_player == (seat + 1) % 3  # her left neighbour places
        sites = [a.site for a in GAME.legal_actions(state)]
        assert board.QUEST_SITES[2] in sites or seat != state.play[0]  # a Site holding a Hero is allowed
        taken = {s.quest.site for s in state.sheets if s.quest}
        assert not taken & set(sites)  # never a Site that already holds a Quest counter
        state = act(state, PlaceQuest(site=sites[0]))
        assert state.sheets[seat].quest is not None and not state.sheets[seat].quest.revealed
    assert state.phase in (Phase.TURN, Phase.UNDERWORLD) and state.mover == state.play[0]
    assert state.round == 1


def test_a_hero_is_selected_once():
    state = new(2, seed=1)
    state = act(state, ChooseHero(hero="atalanta"))
    refused(state, ChooseHero(hero="atalanta"))
    assert "atalanta" not in [a.hero for a in GAME.legal_actions(state)]


def test_the_quest_is_drawn_unseen_by_everyone():
    state = started(players=3, seed=8)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        for site in board.QUEST_SITES.values():
            for quest in view["sites"].get(site, {"quests": []})["quests"]:
                assert quest["quest"] == "hidden" or quest["revealed"]

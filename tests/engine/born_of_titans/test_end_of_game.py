"""END OF GAME (rulings 34-36)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.state import Phase
from tests.engine.born_of_titans.helpers import act, at_quest, legal, my_turn, win_challenge


def test_ruling_34_the_game_ends_the_moment_a_hero_completes_her_third_quest():
    state, seat = my_turn(gear="aegis")
    at_quest(state, seat, "slay_the_nemean_lion", 4, quests={1: "slay_the_hydra", 2: "cretan_bull"})
    state.hubris = 1 - seat
    state = win_challenge(state, seat)
    assert state.phase == Phase.GAME_OVER and state.is_over
    assert GAME.winners(state) == [seat] and GAME.legal_actions(state) == []
    assert GAME.scores(state)[seat] == 3.0
    assert GAME.view(state, 1 - seat)["winner"] == seat
    assert state.log[-1].endswith("has completed three Quests: she wins the game.")  # no places: play stops


def test_ruling_35_playing_on_for_places():
    state, seat = my_turn(players=3, options={"play_for_places": True}, gear="aegis", ally="castor", divine=["ares"])
    at_quest(state, seat, "slay_the_nemean_lion", 6, quests={1: "slay_the_hydra", 2: "cretan_bull"})
    state.hubris = (seat + 1) % 3
    state = win_challenge(state, seat)
    sheet = state.sheets[seat]
    assert not state.is_over and sheet.finished == 1 and state.places == [seat] and state.winner == seat
    assert sheet.node is None and sheet.gear is None and sheet.ally is None and sheet.divine == []
    assert state.mover != seat  # her turn ended; she takes no more turns
    assert any(line.endswith("has completed three Quests: place 1.") for line in state.log)
    for _ in range(6):
        assert state.current_player != seat
        state = act(state, legal(state, "end_turn")[0] if legal(state, "end_turn") else GAME.legal_actions(state)[0])
    second = state.mover
    at_quest(state, second, "slay_the_chimera", 3, quests={1: "golden_fleece", 2: "mares_of_diomedes"})
    state.hubris = -1
    state = win_challenge(state, second)
    assert state.is_over and state.places[:2] == [seat, second] and len(state.places) == 3  # the last, last
    assert GAME.winners(state) == [seat]


def test_ruling_36_a_draw_from_an_empty_pile_draws_nothing(monkeypatch):
    monkeypatch.setattr(type(GAME), "invariant_violations", lambda self, state: [])  # counters taken away
    state, seat = my_turn()
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    state.piles["gear"] = []  # (the counters are taken off the table for this check)
    state = win_challenge(state, seat)
    assert state.sheets[seat].gear is None and state.sheets[seat].quests
    assert not any("draws" in line for line in state.log[-4:])
    while state.phase == Phase.RESTOCK:
        state = act(state, legal(state, "restock")[0])
    state.piles["quest"] = []
    state = GAME.apply(state, legal(state, "place_quest")[0])
    assert state.sheets[seat].quest is None and "No Quest is left" in state.log[-1]

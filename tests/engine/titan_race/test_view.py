"""The view: its shape, what it hides, the previews of the pending choices, the status sentence."""

from __future__ import annotations

import json

from engine.core import Rng
from engine.titan_race import GAME
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import move, new, position


def test_previews_give_each_options_end_path_and_pushes():
    state = position(new(("grinder", "rassik"), "estenggaard"), {"grinder": "D2", "rassik": "D6"}, "grinder", "red")
    view = GAME.view(state, 0)
    previews = {tuple(p["action"]["steps"]): p for p in view["previews"] if p["action"]["kind"] == "move"}
    plain = previews[("N",)]
    assert plain["action"]["to"] == "D4"  # the plain step; the ice and the push take it further
    assert plain["end"] == {"0": "D8", "1": "D10"}
    assert plain["paths"] == {"0": ["D4", "D6", "D8"], "1": ["D8", "D10"]} and plain["pushed"] == [1]
    assert state.titans[0].space == "D2"  # a preview changes nothing
    assert GAME.view(state, 1)["previews"] == []  # only the deciding seat gets previews: they show its cards
    assert GAME.view(state, None)["previews"] == []


def test_view_of_a_question_names_who_is_asked_and_the_options():
    state = position(
        new(("grinder", "rassik"), "anglieh"),
        {"grinder": "D4", "rassik": "D6"},
        "grinder",
        hands={"rassik": ["shield"]},
    )
    state = move(state, "N", "N")
    assert state.phase == Phase.ANSWER
    view = GAME.view(state, 1)
    assert view["question"]["titan"] == 1 and view["question"]["options"] == ["shield", "no"]
    assert "Shield" in view["status"] and view["current_player"] == 1
    assert view["titans"][1]["hand"] == ["shield"] and GAME.view(state, 0)["titans"][1]["hand"] is None
    # Regression: the others see who is asked, never the options (they would name the cards in that hand).
    assert "options" not in GAME.view(state, 0)["question"] and "options" not in GAME.view(state, None)["question"]


def test_every_titan_hit_is_asked_about_a_shield_holding_one_or_not():
    """Regression: a pause only for Shield holders would tell everyone who holds one."""
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D4", "rassik": "D6"}, "grinder")
    assert state.titans[1].hand == [] and "shield" in state.deck
    state = GAME.apply(state, {"kind": "move", "steps": ["N", "N"], "to": "D8"})
    assert state.phase == Phase.ANSWER and state.current_player == 1
    assert state.asked().options == ["no"]  # no Shield to play, asked all the same
    assert GAME.view(state, 0)["question"] == GAME.view(position_with_shield(), 0)["question"]
    state.discard += [state.deck.pop(state.deck.index("shield")) for _ in range(state.deck.count("shield"))]
    state = position(state, {"grinder": "D4", "rassik": "D6"}, "grinder")
    state.discard = [c for c in state.deck if c == "shield"]
    state.deck = [c for c in state.deck if c != "shield"]
    state = GAME.apply(state, {"kind": "move", "steps": ["N", "N"], "to": "D8"})
    assert state.phase == Phase.TURN  # every Shield is in the discard pile, as all can see: nobody is asked


def position_with_shield():
    state = position(
        new(("grinder", "rassik"), "anglieh"),
        {"grinder": "D4", "rassik": "D6"},
        "grinder",
        hands={"rassik": ["shield"]},
    )
    return GAME.apply(state, {"kind": "move", "steps": ["N", "N"], "to": "D8"})


def test_status_sentences_follow_the_phase():
    state = new(("grinder", "rassik"), "anglieh")
    assert "take a die" in GAME.view(state, None)["status"]
    state = position(state, {"grinder": "D4", "rassik": "A11"}, "grinder", "red")
    assert "place your trap" in GAME.view(state, 0)["status"]


def test_view_shape_is_json_ready_for_every_phase_of_a_game():
    state = GAME.new_game(3, {"circuit": "lagoon"}, seed=2)
    chooser = Rng(1)
    phases = set()
    while not state.is_over:
        view = GAME.view(state, state.current_player)
        json.dumps(view)
        phases.add(view["phase"])
        legal = GAME.legal_actions(state)
        GAME.apply_unchecked(state, legal[chooser.randrange(len(legal))])
    final = GAME.view(state, 0)
    assert final["game_over"] and final["winners"] and "wins" in final["status"]
    assert phases >= {"draft", "start", "turn"}
    assert set(final) >= {"circuits", "titans", "traps", "dice", "turn", "question", "previews", "scores"}


def test_status_does_not_ask_for_a_hit_without_a_target():
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D4", "rassik": "A11"}, "grinder", "green")
    assert "inflict your hit" not in GAME.view(state, 0)["status"]
    state = position(state, {"grinder": "D4", "rassik": "D6"}, "grinder", "green")
    assert "inflict your hit" in GAME.view(state, 0)["status"]

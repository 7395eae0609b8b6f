"""The six Abilities, once a turn, before or after the move, never mid-move (ruling 14)."""

from __future__ import annotations

from engine.titan_race import GAME
from engine.titan_race.actions import UseAbility
from tests.engine.titan_race.helpers import do, legal, lives, move, new, position, refused, titan, trap, where


def game(*titans: str):
    """A game on Ang'lieh (no harmful spaces) with these Titans."""
    return new(titans, "anglieh")


def test_grinder_places_a_trap_on_an_adjacent_space_once_a_turn():
    state = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "D6"}, "grinder")
    trap(state, "C3")
    assert sorted(a.target for a in legal(state, "use_ability")) == ["C5", "D2", "D6", "E3", "E5"]
    state = do(state, "use_ability", target="E5")
    assert state.traps == ["0:C3", "0:E5"] and titan(state, "grinder").ability_used
    assert legal(state, "use_ability") == []
    refused(state, UseAbility(titan="grinder", target="C5"), "already used")
    on_titan = do(position(state, {}, "grinder"), "use_ability", target="D6")
    assert lives(on_titan)["rassik"] == 5


def test_the_ability_card_flips_face_up_next_turn():
    state = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder")
    state = do(state, "use_ability", target="E5")
    state = move(state, "N", "N")
    state = do(state, "end_turn")
    assert not titan(state, "rassik").ability_used
    assert titan(state, "grinder").ability_used  # face down until his turn comes back
    state = do(state, "take_die", face=state.pool[0])
    assert titan(state, "rassik").space is not None
    state = do(state, legal(state, "move")[0].kind, steps=legal(state, "move")[0].steps)
    while legal(state, "place_trap") or legal(state, "hit"):
        extra = (legal(state, "place_trap") + legal(state, "hit"))[0]
        state = do(state, extra.kind, space=extra.space)
    state = do(state, "end_turn")  # a new round: Grinder's turn
    assert state.acting == 0 and not titan(state, "grinder").ability_used


def test_rassik_kicks_off_a_titan_behind_to_advance_one_space():
    state = position(game("rassik", "grinder"), {"rassik": "D4", "grinder": "A11"}, "rassik")
    assert legal(state, "use_ability") == []  # nobody behind
    state = position(state, {"rassik": "D4", "grinder": "C3"}, "rassik")
    assert {(a.target, a.direction) for a in legal(state, "use_ability")} == {("D6", "N"), ("C5", "NW"), ("E5", "NE")}
    state = do(state, "use_ability", direction="NE")
    assert where(state)["rassik"] == "E5" and lives(state)["grinder"] == 6
    state = move(state, "N", "N")
    assert where(state)["rassik"] == "E9"


def test_rassik_after_the_move():
    state = position(game("rassik", "grinder"), {"rassik": "D2", "grinder": "D4"}, "rassik", "red")
    state = move(state, "N")
    assert where(state) == {"rassik": "D4", "grinder": "D6"}
    assert legal(state, "use_ability") == []  # Grinder is now before him
    state = position(game("rassik", "grinder"), {"rassik": "D4", "grinder": "A11"}, "rassik", "green")
    state = move(state, "NW", "NW")
    assert where(state)["rassik"] == "B6" and legal(state, "use_ability") == []


def test_craken_swaps_places_with_an_adjacent_titan():
    state = position(game("craken", "grinder", "rassik"), {"craken": "D4", "grinder": "E5", "rassik": "D8"}, "craken")
    assert [a.target for a in legal(state, "use_ability")] == ["E5"]
    state = do(state, "use_ability", target="E5")
    assert where(state)["craken"] == "E5" and where(state)["grinder"] == "D4"
    assert lives(state) == {"craken": 6, "grinder": 6, "rassik": 6}


def test_craken_swap_across_the_finish_line_moves_the_lap_counters():
    state = position(game("craken", "grinder"), {"craken": "B12", "grinder": "A1"}, "craken")
    titan(state, "grinder").lap = 2
    state.lap_events[1] = [1, 0]
    state = do(state, "use_ability", target="A1")
    assert where(state) == {"craken": "A1", "grinder": "B12"}
    assert (titan(state, "craken").lap, titan(state, "grinder").lap) == (2, 1)


def test_ragnarok_moves_an_adjacent_titan_one_space_any_direction():
    state = position(
        game("ragnarok", "grinder", "rassik"), {"ragnarok": "D4", "grinder": "D6", "rassik": "D8"}, "ragnarok"
    )
    options = legal(state, "use_ability")
    assert len(options) == 6 and {a.target for a in options} == {"D6"}
    state = do(state, "use_ability", target="D6", direction="N")  # Grinder into Rassik: a chain reaction
    assert where(state) == {"ragnarok": "D4", "grinder": "D8", "rassik": "D10"}
    assert lives(state) == {"ragnarok": 6, "grinder": 6, "rassik": 5}


def test_slaugg_damages_the_three_spaces_before_him():
    state = position(game("slaugg", "grinder", "rassik"), {"slaugg": "D4", "grinder": "D6", "rassik": "A11"}, "slaugg")
    trap(state, "C5", "E5")
    state = do(state, "use_ability")
    assert lives(state)["grinder"] == 5 and state.traps == []
    state = position(state, {"grinder": "A9"}, "slaugg")
    assert legal(state, "use_ability") == []  # nothing to hit


def test_chtooloo_drains_an_adjacent_titan_not_at_full_life():
    state = position(game("chtooloo", "grinder"), {"chtooloo": "D4", "grinder": "C5"}, "chtooloo")
    state = do(state, "use_ability", target="C5")
    assert lives(state) == {"chtooloo": 5, "grinder": 5}
    state = position(state, {}, "chtooloo")
    state.titans[0].life = 6
    assert legal(state, "use_ability") == []  # at his maximum
    state.titans[0].life = 3
    state.titans[1].life, state.titans[1].ko = 0, "ko"
    assert legal(state, "use_ability") == []  # the target cannot lose a Life Point


def test_chtooloo_is_not_offered_against_a_titan_with_a_shield_in_play():
    """Reported: "He cannot use his Ability if he cannot inflict damage to the target Titan"."""
    state = position(game("chtooloo", "grinder"), {"chtooloo": "D4", "grinder": "C5"}, "chtooloo")
    state.titans[0].life = 3
    state.titans[1].shielded = True
    assert legal(state, "use_ability") == []


def test_abilities_never_mid_move_and_in_any_order_with_the_move():
    state = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder")
    kinds = {a.kind for a in GAME.legal_actions(state)}
    assert {"move", "use_ability"} <= kinds and "end_turn" not in kinds
    state = move(state, "N", "N")
    assert {"use_ability", "end_turn"} <= {a.kind for a in GAME.legal_actions(state)}


def test_chtooloo_gains_nothing_when_the_target_plays_a_shield():
    state = position(
        game("chtooloo", "grinder"), {"chtooloo": "D4", "grinder": "C5"}, "chtooloo", hands={"grinder": ["shield"]}
    )
    state = do(state, "use_ability", target="C5")
    assert state.current_player == 1  # Grinder's player is asked
    state = do(state, "answer", choice="shield")
    assert lives(state) == {"chtooloo": 4, "grinder": 6}


def test_ragnarok_may_move_a_titan_into_his_own_space_and_is_pushed():
    state = position(game("ragnarok", "grinder"), {"ragnarok": "D4", "grinder": "D6"}, "ragnarok")
    state = do(state, "use_ability", target="D6", direction="S")
    assert where(state) == {"ragnarok": "D2", "grinder": "D4"}
    assert lives(state) == {"ragnarok": 5, "grinder": 6}

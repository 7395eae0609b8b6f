"""The draft, the first turn, the six die actions, own colour, purple, the trap and the hit (rulings 3-8)."""

from __future__ import annotations

import pytest

from engine.titan_race import GAME
from engine.titan_race.actions import EndTurn, Move, TakeDie, UseAbility
from engine.titan_race.state import NO_TURN, Ordering, Phase, Turn
from tests.engine.titan_race.helpers import (
    act,
    described,
    do,
    find,
    legal,
    lives,
    move,
    new,
    position,
    refused,
    script,
    titan,
    trap,
    where,
)


def first_round(titans=("grinder", "rassik", "craken"), faces=("yellow", "blue", "brown")):
    """A new game whose first round's dice are scripted (first Titan: the first in seat order)."""
    state = new(titans)
    state.first_titan = 0
    state.order = list(range(len(titans)))
    state.turn_index = 0
    state.pool = list(faces)
    return state


def test_draft_without_rerolling_then_the_last_titan_rerolls_all_the_dice():
    state = first_round()
    assert [a.face for a in legal(state, "take_die")] == ["yellow", "blue", "brown"]
    state = do(state, "take_die", face="yellow")
    assert state.phase == Phase.START
    state = do(state, "choose_start", space="C1")
    state = move(state, "N", "N")
    assert where(state)["grinder"] == "C5"
    state = do(state, "end_turn")
    assert state.acting == 1 and state.pool == ["blue", "brown"]  # taken without re-rolling
    state = do(state, "take_die", face="brown")
    state = do(state, "choose_start", space="A1")
    state = move(state, "NE", "NE", "NE")
    script(state, "red", "red", "green")
    state = do(state, "end_turn")
    assert state.acting == 2 and state.pool == ["red", "red", "green"]  # the last Titan re-rolls all three
    assert [a.face for a in legal(state, "take_die")] == ["red", "green"]  # identical faces are one choice


def test_first_turn_start_spaces_and_no_ability_or_card():
    state = first_round(("grinder", "rassik"), ("blue", "red"))
    state = do(state, "take_die", face="blue")
    assert [a.space for a in legal(state, "choose_start")] == ["A1", "C1", "E1"]
    state = do(state, "choose_start", space="E1")
    assert titan(state, "grinder").space == "E1"
    kinds = {a.kind for a in GAME.legal_actions(state)}
    assert kinds == {"move"}  # no Ability, no Bonus card (Grinder could trap, he holds a card)
    refused(state, UseAbility(titan="grinder", target="E3"), "first turn")


def test_start_space_holding_a_titan_pushes_it_straight_ahead():
    state = first_round(("grinder", "rassik"), ("red", "yellow"))
    state = position(state, {"grinder": "C1", "rassik": None}, "rassik", face="yellow", round_number=1)
    state.phase = Phase.START
    state = do(state, "choose_start", space="C1")
    assert where(state) == {"grinder": "C3", "rassik": "C1"}
    assert lives(state)["grinder"] == 5


def test_second_round_starts_with_the_first_titan_rolling():
    state = first_round(("grinder", "rassik"), ("yellow", "blue"))
    for _ in range(2):
        state = do(state, "take_die", face=state.pool[0])
        state = do(state, "choose_start", space="A1" if state.acting == 0 else "E1")
        state = act(state, legal(state, "move")[0])
        if legal(state, "place_trap") or legal(state, "hit"):
            state = act(state, next(a for a in GAME.legal_actions(state) if a.kind in ("place_trap", "hit")))
        script(state, "green", "green")
        state = act(state, EndTurn())
    assert state.round_number == 2 and state.acting == 0 and state.phase == Phase.DRAFT
    assert len(state.pool) == 2


@pytest.mark.parametrize(
    "face, routes",
    [
        ("yellow", {("N", "N"): "D8"}),
        ("red", {("N",): "D6"}),
        ("blue", {("N", "NW"): "C7", ("N", "NE"): "E7", ("NW", "N"): "C7", ("NE", "N"): "E7"}),
        ("green", {("NW", "NW"): "B6", ("NE", "NE"): "F6"}),
        ("brown", {("NW", "NW", "NW"): "A7", ("NE", "NE", "NE"): "A7"}),
    ],
)
def test_the_five_movements(face, routes):
    state = position(new(circuit="kaldheira"), {"grinder": "D4", "rassik": "A11"}, "grinder", face)
    assert {a.steps: a.to for a in legal(state, "move")} == routes


def test_own_colour_gains_a_life_point_before_the_turn():
    state = position(new(("grinder", "rassik")), {"grinder": "D4", "rassik": "A11"}, "grinder")
    state.titans[0].life = 4
    state.phase, state.pool = Phase.DRAFT, ["red", "yellow"]
    state = do(state, "take_die", face="red")
    assert state.titans[0].life == 5
    state.titans[0].life = 6
    state = position(state, {}, "grinder")
    state.phase, state.pool = Phase.DRAFT, ["red", "yellow"]
    full = do(state, "take_die", face="red")
    assert full.titans[0].life == 6  # never above the gauge
    assert "Grinder is already at full life (its own colour)." in full.log


def test_purple_any_other_face_and_a_life_point_paid_before_the_turn_ends():
    state = position(new(("grinder", "rassik")), {"grinder": "D4", "rassik": "A11"}, "grinder")
    state.phase, state.pool = Phase.DRAFT, ["purple", "yellow"]
    state = do(state, "take_die", face="purple")
    assert state.phase == Phase.CHOOSE_FACE
    assert [a.face for a in legal(state, "choose_face")] == ["yellow", "red", "blue", "green", "brown"]
    state = do(state, "choose_face", face="yellow")
    assert lives(state)["grinder"] == 6 and legal(state, "pay_purple")  # before the move ...
    state = move(state, "N", "N")
    assert where(state)["grinder"] == "D8" and lives(state)["grinder"] == 6
    assert not legal(state, "end_turn")  # ... or after it, but before the turn ends
    refused(state, {"kind": "end_turn"}, "purple die's Life Point")
    state = do(state, "pay_purple")
    assert lives(state)["grinder"] == 5 and legal(state, "end_turn") and not legal(state, "pay_purple")


def test_purple_a_one_life_slaugg_uses_his_ability_after_moving_then_pays():
    """Regression: the purple Life Point may be paid at any moment after the move, before the turn ends."""
    state = position(new(("slaugg", "rassik")), {"slaugg": "D4", "rassik": "D10"}, "slaugg")
    state.titans[0].life = 1
    state.phase, state.pool = Phase.DRAFT, ["purple", "yellow"]
    state = do(state, "take_die", face="purple")
    state = do(state, "choose_face", face="yellow")
    state = move(state, "N", "N")  # D4 -> D8: Rassik on D10 is before him
    assert not titan(state, "slaugg").is_ko
    state = do(state, "use_ability")
    assert lives(state)["rassik"] == 5
    state = do(state, "pay_purple")
    assert titan(state, "slaugg").ko == "ko" and state.acting != 0


def test_chtooloo_neither_gains_nor_loses_on_purple():
    state = position(new(("chtooloo", "rassik")), {"chtooloo": "D4", "rassik": "A11"}, "chtooloo")
    state.phase, state.pool = Phase.DRAFT, ["purple", "yellow"]
    state = do(state, "take_die", face="purple")
    state = do(state, "choose_face", face="yellow")
    state = move(state, "N", "N")
    assert lives(state)["chtooloo"] == 4


def test_red_trap_behind_before_or_after_the_move_and_mandatory():
    state = position(new(), {"grinder": "D4", "rassik": "A11"}, "grinder", "red")
    assert sorted(a.space for a in legal(state, "place_trap")) == ["C3", "D2", "E3"]
    moved = move(state, "N")
    assert "End your turn" not in described(moved)  # the trap must still be placed
    refused(moved, EndTurn(), "trap")
    after = do(moved, "place_trap", space="D4")
    assert after.traps == ["0:D4"] and after.turn.extra_done
    assert EndTurn() in GAME.legal_actions(after)
    early = do(state, "place_trap", space="C3")
    assert early.traps == ["0:C3"] and legal(early, "place_trap") == []


def test_red_trap_on_a_titan_triggers_at_once_and_not_on_a_trap():
    state = position(new(), {"grinder": "D4", "rassik": "C3"}, "grinder", "red")
    trap(state, "D2")
    assert sorted(a.space for a in legal(state, "place_trap")) == ["C3", "E3"]
    state = do(state, "place_trap", space="C3")
    assert lives(state)["rassik"] == 5 and state.traps == ["0:D2"]


def test_trap_lapses_when_there_is_no_target_left():
    state = position(new(), {"grinder": "D4", "rassik": "A11"}, "grinder", "red")
    state.traps = [f"0:{s}" for s in ("C5", "D4", "E5")] + [f"0:X{i}" for i in range(0)]
    state = move(state, "N")
    assert legal(state, "place_trap") == [] and EndTurn() in GAME.legal_actions(state)


def test_supply_of_fifteen_traps():
    state = position(new(), {"grinder": "D4", "rassik": "A11"}, "grinder", "red")
    state.traps = sorted(
        f"0:{s}" for s in ("A1", "C1", "E1", "B2", "F2", "A3", "B4", "F4", "A5", "C5", "E5", "B6", "D6", "F6", "A7")
    )
    assert legal(state, "place_trap") == []


def test_green_hit_before_a_titan_or_a_trap():
    state = position(new(), {"grinder": "D4", "rassik": "D6"}, "grinder", "green")
    trap(state, "C5")
    assert sorted(a.space for a in legal(state, "hit")) == ["C5", "D6"]
    hit = do(state, "hit", space="D6")
    assert lives(hit)["rassik"] == 5
    boom = do(state, "hit", space="C5")
    assert boom.traps == [] and lives(boom)["rassik"] == 6


def test_green_hit_after_the_move_and_ko_titans_are_not_targets():
    state = position(new(), {"grinder": "D4", "rassik": "B8"}, "grinder", "green")
    assert legal(state, "hit") == []
    state = move(state, "NW", "NW")
    assert [a.space for a in legal(state, "hit")] == ["B8"]
    state.titans[1].life, state.titans[1].ko = 0, "ko"
    assert legal(state, "hit") == [] and EndTurn() in GAME.legal_actions(state)


def test_illegal_actions_are_refused_with_the_state_unchanged():
    state = position(new(), {"grinder": "D4", "rassik": "A11"}, "grinder", "yellow")
    refused(state, Move(steps=("N",), to="D6"))
    refused(state, EndTurn(), "die's action")
    refused(state, TakeDie(die=0, face="yellow"), "not possible now")
    refused(state, {"kind": "nonsense"}, "not an action")
    moved = move(state, "N", "N")
    refused(moved, Move(steps=("N", "N"), to="D12"), "already moved")


def test_move_pushes_recorded_in_the_log():
    state = position(new(), {"grinder": "D4", "rassik": "D6"}, "grinder", "yellow")
    state = move(state, "N", "N")
    assert any("pushed" in line for line in state.log)
    assert find(position(state, {}, "grinder"), "move", steps=("N", "N")).to == "D12"


def test_the_turn_is_saved_as_the_same_sorted_object_its_later_keys_only_once_set():
    """The turn's record (records.Turn) saves the keys a turn always had, sorted; `pentacle_space` once the Titan
    has moved and `paid` once the purple die's Life Point is lost by its own decision; {} and {"ordering": seat}
    in the set-up."""
    keys = ["card_played", "die", "extra_done", "face", "moved", "penalty", "pentacle", "rerolled"]
    turn = Turn.begun()
    assert list(turn.snapshot()) == keys and turn.snapshot()["die"] == ""
    turn.pentacle_space, turn.paid = "", True
    assert list(turn.snapshot()) == sorted([*keys, "paid", "pentacle_space"])
    assert Turn.restore(turn.snapshot()) == turn and Turn.restore(Turn.begun().snapshot()).paid is None
    assert Ordering(ordering=1).snapshot() == {"ordering": 1} and NO_TURN.snapshot() == {}
    state = new()
    moved = move(position(state, {"grinder": "D4", "rassik": "A11"}, "grinder", "yellow"), "N", "N")
    assert moved.snapshot()["own"]["turn"]["pentacle_space"] == "" and "paid" not in moved.snapshot()["own"]["turn"]

"""The roll phase: the first roll and its wound re-roll, later rolls, wounds, OUT, Gaia's Blessing."""

from __future__ import annotations

from engine.titan_dice import GAME
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import areas, do, faces_in, kinds, legal, new, position, script, track


def test_first_roll_without_wounds_goes_to_the_action_phase_and_is_logged():
    state = new(2)
    script(state, "hydra", "hydra", "kraken", "kraken", "chimera")
    state = do(state, "roll_five")
    assert state.phase == Phase.ACTION
    assert faces_in(state, 0, "active") == ["hydra", "hydra", "kraken", "kraken", "chimera"]
    assert "Ann rolls: Hydra, Hydra, Kraken, Kraken and Chimera." in state.log


def test_first_roll_wounds_may_be_rerolled_once():
    state = new(2)
    script(state, "wound", "hydra", "wound", "kraken", "chimera", "gryphon", "wound")
    state = do(state, "roll_five")
    assert state.phase == Phase.WOUND_REROLL
    assert [a.describe() for a in GAME.legal_actions(state)] == ["Re-roll the 2 wounds", "Keep the 2 wounds"]
    state = do(state, "reroll_wounds")
    # The re-rolled gryphon joins the active dice; the new wound stays on the wound track (no second re-roll).
    assert sorted(faces_in(state, 0, "active")) == ["chimera", "gryphon", "hydra", "kraken"]
    assert state.boards[0].wound_dice() == 1
    assert state.phase == Phase.ACTION


def test_first_roll_wounds_may_be_kept():
    state = new(2)
    script(state, "wound", "hydra", "kraken", "kraken", "chimera")
    state = do(state, "roll_five")
    state = do(state, "keep_wounds")
    assert state.boards[0].wound_dice() == 1 and state.phase == Phase.ACTION


def test_no_capture_before_the_wound_reroll_decision():
    state = new(2)
    script(state, "wound", "hydra", "kraken", "kraken", "chimera")
    state = do(state, "roll_five")
    assert not legal(state, "capture")


def test_three_wounds_on_the_first_roll_kept_put_you_out():
    state = new(2)
    script(state, "wound", "wound", "wound", "kraken", "chimera")
    state = do(state, "roll_five")
    state = do(state, "keep_wounds")
    assert state.boards[0].is_out
    assert state.boards[0].dice_in("attack") == [0, 1, 2, 3, 4]
    assert state.turn == 1 and state.phase == Phase.FIRST_ROLL


def test_later_turns_must_roll_active_spent_or_both():
    state = position(new(2), active=("hydra", "kraken"), spent=("chimera",), phase=Phase.ROLL)
    assert [a.describe() for a in GAME.legal_actions(state)] == [
        "Roll your active dice",
        "Roll your spent dice",
        "Roll active and spent dice",
    ]
    script(state, "minotaur", "wound")
    state = do(state, "roll", which="active")
    assert faces_in(state, 0, "active") == ["minotaur"]
    assert faces_in(state, 0, "spent") == ["chimera"]
    assert state.boards[0].wound_dice() == 1
    assert "Ann rolls active dice: Minotaur and Wound." in state.log


def test_roll_spent_and_both():
    state = position(new(2), active=("hydra",), spent=("chimera", "chimera"), phase=Phase.ROLL)
    script(state, "gryphon", "gryphon")
    after = do(state, "roll", which="spent")
    assert faces_in(after, 0, "active") == ["hydra", "gryphon", "gryphon"]
    script(state, "kraken", "kraken", "kraken")
    after = do(state, "roll", which="both")
    assert faces_in(after, 0, "active") == ["kraken", "kraken", "kraken"]
    assert faces_in(after, 0, "spent") == []


def test_only_rolls_that_roll_a_die_are_offered():
    state = position(new(2), active=("hydra",), phase=Phase.ROLL)
    assert kinds(state) == ["Roll your active dice"]


def test_three_wounds_any_time_put_you_out_and_you_cannot_capture():
    state = position(new(2), active=("hydra", "kraken", "kraken"), wounds=2, phase=Phase.ROLL)
    script(state, "wound", "kraken", "kraken")
    state = do(state, "roll", which="active")
    assert state.boards[0].is_out
    assert track(state)["kraken"] == 1  # nothing captured
    assert state.turn == 1


def test_ruling_3_no_dice_to_roll_means_out():
    state = position(new(2), wounds=2, removed=3, phase=Phase.ACTION)
    state.boards[1].has_rolled = True
    state.boards[1].is_out = True
    state.boards[1].die_area = ["attack"] * 5 + ["box"]
    state = do(state, "pass")
    # Bob is OUT and attacks; then Ann's turn begins with no die to roll: she is OUT and the round ends.
    assert state.turn == 1 and state.phase == Phase.ATTACK_ROLL
    script(state, "chimera", "gryphon", "hydra", "kraken", "minotaur")
    state = do(state, "attack_roll")
    state = do(state, "attack_keep")
    assert "Ann has no dice left to roll and is OUT." in state.log
    assert state.round_number == 2


def test_gaias_blessing_collects_one_of_each_and_ends_the_turn():
    state = new(2)
    script(state, "chimera", "gryphon", "hydra", "kraken", "minotaur")
    state = do(state, "roll_five")
    assert track(state) == {c: 2 for c in track(state)}
    assert faces_in(state, 0, "spent") == ["chimera", "gryphon", "hydra", "kraken", "minotaur"]
    assert not state.boards[0].is_out
    assert state.turn == 1
    assert any(line.startswith("Gaia's Blessing!") for line in state.log)


def test_gaias_blessing_counts_dice_already_active():
    state = position(new(2), active=("chimera", "gryphon"), spent=("hydra", "hydra", "hydra"), phase=Phase.ROLL)
    script(state, "hydra", "kraken", "minotaur")
    state = do(state, "roll", which="spent")
    assert track(state) == {c: 2 for c in track(state)}
    assert state.turn == 1


def test_gaias_blessing_after_the_wound_reroll():
    state = new(2)
    script(state, "chimera", "gryphon", "hydra", "kraken", "wound", "minotaur")
    state = do(state, "roll_five")
    state = do(state, "reroll_wounds")
    assert track(state)["minotaur"] == 2
    assert areas(state)[:5] == ["spent"] * 5

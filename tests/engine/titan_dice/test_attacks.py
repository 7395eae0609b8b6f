"""The attack phase of OUT players and the six attack abilities."""

from __future__ import annotations

from engine.titan_dice import GAME
from engine.titan_dice.data import FACES
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import attacker_ready, do, faces_in, give_card, kinds, script, track


def attack(state, first, second=None, aside=()):
    """Roll `first`; set aside the listed faces; re-roll the rest as `second` (or keep all)."""
    script(state, *first)
    state = do(state, "attack_roll")
    if second is None:
        return do(state, "attack_keep")
    script(state, *second)
    return do(state, "attack_reroll", keep=tuple(sorted(aside, key=FACES.index)))


def test_attack_roll_set_aside_and_reroll_once():
    """The dice set aside are chosen together, in one decision (five set-asides were five pauses)."""
    state = attacker_ready()
    script(state, "wound", "wound", "hydra", "kraken", "chimera")
    state = do(state, "attack_roll")
    assert state.phase == Phase.ATTACK_KEEP
    described = kinds(state)
    assert len(described) == 3 * 2 * 2 * 2  # every choice of dice to set aside, "Keep these dice" for all of them
    assert described[:2] == ["Keep these dice", "Keep Chimera, Hydra and 2 Wound, re-roll 1 die"]
    assert described[-1] == "Re-roll all 5 dice"
    assert "Keep 2 Wound, re-roll 3 dice" in described
    script(state, "wound", "gryphon", "gryphon")
    state = do(state, "attack_reroll", keep=("wound", "wound"))
    assert "Ann sets aside Wound and Wound and re-rolls 3 dice: Wound, Gryphon and Gryphon." in state.log
    assert state.boards[1].wound_markers == 1 and state.boards[2].wound_markers == 1
    assert state.turn == 1


def test_rulebook_example_three_wounds_attack():
    state = attacker_ready()
    state = attack(state, ["wound", "wound", "wound", "hydra", "kraken"])
    assert [b.wound_markers for b in state.boards] == [0, 1, 1]
    assert "Wound attack: Bob gains a wound token." in state.log
    assert "Wound attack: Cy gains a wound token." in state.log


def test_wound_attack_can_put_players_out_and_end_the_round():
    state = attacker_ready(2)
    state.boards[1].wound_markers = 1
    state = attack(state, ["wound", "wound", "wound", "hydra", "kraken"])
    assert state.round_number == 2  # Bob had 3 wounds: everyone is OUT


def test_rulebook_example_three_hydras_flip_card():
    state = attacker_ready()
    give_card(state, 1, "kraken", 1)
    give_card(state, 1, "gryphon", 2)
    give_card(state, 2, "minotaur", 3)
    state = attack(state, ["hydra", "hydra", "hydra", "chimera", "kraken"])
    # Cy has a single card: flipped at once. Bob chooses.
    assert state.phase == Phase.ATTACK_VICTIM and state.current_player == 1
    assert kinds(state) == ["Flip your Gryphon 2 face down", "Flip your Kraken 1 face down"]
    view = GAME.view(state, 1)
    assert view["status"] == "Bob: Ann's Hydra attack hits you; choose a card to flip face down"
    state = do(state, "flip_card", creature="kraken")
    assert state.boards[1].face_down == ["kraken"]
    assert state.boards[2].face_down == ["minotaur"]
    assert state.turn == 1 and state.current_player == 1
    assert GAME.view(state, 0)["players"][1]["cards"][1] == {
        "creature": "kraken",
        "level": 1,
        "face_up": False,
        "ability": "Sabotage",
        "text": GAME.view(state, 0)["players"][1]["cards"][1]["text"],
        "cost": 2,
    }


def test_face_down_cards_flip_up_at_the_start_of_the_round():
    state = attacker_ready(2)
    give_card(state, 1, "kraken", 1)
    state.boards[1].face_down = ["kraken"]
    state.boards[1].wound_markers = 1
    state = attack(state, ["wound", "wound", "wound", "hydra", "kraken"])
    assert state.round_number == 2
    assert state.boards[1].face_down == [] and state.boards[1].wound_markers == 0


def test_chimera_attack_moves_active_dice_to_spent():
    state = attacker_ready()
    state = attack(state, ["chimera", "chimera", "chimera", "hydra", "kraken"])
    assert faces_in(state, 1, "active") == [] and faces_in(state, 1, "spent") == [
        "hydra",
        "kraken",
        "chimera",
        "chimera",
    ]
    assert faces_in(state, 2, "active") == []


def test_gryphon_attack_adds_the_bonus_die_to_later_attacks():
    state = attacker_ready()
    state = attack(state, ["gryphon", "gryphon", "gryphon", "hydra", "kraken"])
    assert state.boards[0].gryphon_attack and state.boards[0].die_area[5] == "attack"
    # Bob and Cy roll and pass; Ann attacks again with six dice.
    for _ in range(2):
        script(state, "hydra", "hydra")
        state = do(state, "roll", which="active")
        state = do(state, "pass")
    assert state.turn == 0
    assert kinds(state) == ["Roll 6 dice to attack"]


def test_two_sets_with_six_dice_attack_twice():
    state = attacker_ready()
    state.boards[0].gryphon_attack = True
    state.boards[0].die_area[5] = "attack"
    state = attack(state, ["wound", "wound", "wound", "chimera", "chimera", "chimera"])
    assert faces_in(state, 1, "active") == [] and state.boards[1].wound_markers == 1
    assert any("Chimera and Wound attack!" in line for line in state.log)


def test_six_of_a_kind_attacks_twice():
    state = attacker_ready()
    state.boards[0].gryphon_attack = True
    state.boards[0].die_area[5] = "attack"
    state = attack(state, ["wound"] * 6)
    assert "Ann's attack: Wound, Wound, Wound, Wound, Wound and Wound — Wound and Wound attack!" in state.log
    assert sum(line == "Wound attack: Bob gains a wound token." for line in state.log) == 2
    assert state.round_number == 2  # 1 wound die + 2 tokens each: everyone is OUT


def test_kraken_attack_each_loses_one_of_their_choice_but_not_caged():
    state = attacker_ready()
    state.boards[1].track = [4, 0, 2, 1, 0]
    state.boards[2].track = [4, 4, 4, 0, 1]
    state = attack(state, ["kraken", "kraken", "kraken", "hydra", "chimera"])
    assert state.current_player == 1
    assert kinds(state) == ["Lose a Hydra", "Lose a Kraken"]  # the caged chimera is not affected
    state = do(state, "lose_creature", creature="hydra")
    assert state.boards[1].track == [4, 0, 1, 1, 0]
    assert state.boards[2].track == [4, 4, 4, 0, 0]  # the only choice, applied at once


def test_minotaur_attack_removes_a_regular_die_for_the_round():
    state = attacker_ready()
    state.boards[1].die_area[5] = "active"  # a bonus die is never removed by the attack
    state.boards[1].die_face[5] = "gryphon"
    state = attack(state, ["minotaur", "minotaur", "minotaur", "hydra", "chimera"])
    assert kinds(state) == [
        "Remove your active Hydra die",
        "Remove your active Kraken die",
        "Remove your spent Chimera die",
    ]
    state = do(state, "remove_die", face="chimera")
    assert state.boards[1].die_area[2] == "removed"
    assert state.current_player == 2


def test_removed_dice_do_not_join_attack_rolls():
    state = attacker_ready()
    state.boards[0].die_area[4] = "removed"
    assert kinds(state) == ["Roll 4 dice to attack"]


def test_attacks_hit_only_players_still_in():
    state = attacker_ready()
    state.boards[2].is_out = True
    state.boards[2].die_area = ["attack"] * 5 + ["box"]
    state = attack(state, ["wound", "wound", "wound", "hydra", "kraken"])
    assert state.boards[2].wound_markers == 0 and state.boards[1].wound_markers == 1


def test_no_set_no_attack():
    state = attacker_ready()
    before = [track(state, s) for s in range(3)]
    state = attack(state, ["wound", "wound", "hydra", "hydra", "kraken"])
    assert [track(state, s) for s in range(3)] == before
    assert any("no three of a kind" in line for line in state.log)

"""The fifteen regular creature card abilities, step by step, with scripted dice."""

from __future__ import annotations

from engine.titan_dice import GAME
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import (
    do,
    faces_in,
    give_card,
    kinds,
    legal,
    new,
    position,
    script,
    track,
)


def use(state, creature, dice, creatures=0):
    """Activate the seat's card of that type, paying as told."""
    state = do(state, "activate", creature=creature)
    if state.phase == Phase.PAYMENT:
        state = do(state, "pay", dice=dice, creatures=creatures)
    return state


# -- Chimera ---------------------------------------------------------------------------------------------
def test_chimera_1_alter_rerolls_up_to_two_active_dice():
    state = position(
        new(2), active=("chimera", "chimera", "hydra", "kraken", "kraken"), cards={"chimera": 1}, track=(0, 1, 1, 1, 1)
    )
    state = use(state, "chimera", 2)
    assert state.phase == Phase.CHOOSE_DICE
    # Paid dice are spent, so only the hydra and the krakens (one button per face) can be chosen.
    assert kinds(state) == ["Choose a Hydra die", "Choose a Kraken die", "Finish Alter"]
    state = do(state, "choose_die", face="kraken")
    assert kinds(state) == ["Choose a Hydra die", "Choose a Kraken die", "Finish Alter"]
    script(state, "minotaur", "wound")
    state = do(state, "choose_die", face="kraken")  # the second choice rolls at once
    assert faces_in(state, 0, "active") == ["hydra", "minotaur"]
    assert state.boards[0].wound_dice() == 1  # ruling 10: Alter's wounds go to the wound track
    assert state.phase == Phase.AFTER_ACTION
    assert "Ann re-rolls: Minotaur and Wound." in state.log


def test_chimera_1_alter_may_stop_early():
    state = position(new(2), active=("chimera", "chimera", "hydra"), cards={"chimera": 1}, track=(0, 1, 1, 1, 1))
    state = use(state, "chimera", 2)
    state = do(state, "finish")
    assert faces_in(state, 0, "active") == ["hydra"] and state.phase == Phase.AFTER_ACTION


def test_chimera_1_alter_can_give_gaias_blessing():
    state = position(
        new(2),
        active=("chimera", "chimera", "chimera", "gryphon", "hydra"),
        cards={"chimera": 1},
        track=(2, 1, 1, 1, 1),
    )
    state = use(state, "chimera", 0, 2)  # pay with captured chimeras: all five dice stay active
    state = do(state, "choose_die", face="chimera")
    script(state, "kraken", "minotaur")
    state = do(state, "choose_die", face="chimera")
    assert track(state) == {"chimera": 1, "gryphon": 2, "hydra": 2, "kraken": 2, "minotaur": 2}
    assert state.turn == 1  # the Blessing ends the turn


def test_chimera_2_convert_flips_up_to_three_dice_to_their_opposite_sides():
    state = position(
        new(2),
        active=("chimera", "chimera", "chimera", "gryphon", "hydra"),
        cards={"chimera": 2},
        track=(0, 1, 1, 1, 1),
    )
    state = use(state, "chimera", 3)
    # A Chimera die would flip to the wound side: not offered (ruling 10). None left here anyway.
    assert kinds(state) == ["Choose a Gryphon die", "Choose a Hydra die", "Finish Convert"]
    state = do(state, "choose_die", face="gryphon")
    assert faces_in(state, 0, "active") == ["minotaur", "hydra"]
    state = do(state, "choose_die", face="hydra")  # nothing left to choose: done
    assert faces_in(state, 0, "active") == ["minotaur", "kraken"]
    assert state.phase == Phase.AFTER_ACTION
    assert "Ann flips a Gryphon die to Minotaur." in state.log


def test_chimera_2_convert_flips_every_side_a_chimera_to_its_wound():
    """Reported: "Convert flips to the opposite side for every face (a Chimera die can be converted)"."""
    state = position(new(2), active=("chimera", "chimera", "chimera", "chimera", "hydra"), cards={"chimera": 2})
    state = use(state, "chimera", 3, 0)
    assert kinds(state) == ["Choose a Chimera die", "Choose a Hydra die", "Finish Convert"]
    state = do(state, "choose_die", face="chimera")
    board = state.boards[0]
    assert board.die_area[3] == "wound" and board.die_face[3] == "wound"  # a wound side goes to the wound track
    assert board.wounds() == 1 and state.phase == Phase.CHOOSE_DICE
    state = do(state, "choose_die", face="hydra")
    assert faces_in(state, 0, "active") == ["kraken"]


def test_chimera_2_convert_to_a_third_wound_puts_you_out():
    state = position(new(2), active=("chimera", "chimera", "chimera", "chimera"), wounds=1, cards={"chimera": 2})
    state.boards[0].wound_markers = 1
    state = use(state, "chimera", 3, 0)
    state = do(state, "choose_die", face="chimera")
    assert state.boards[0].is_out and state.turn == 1
    assert "Ann has 3 wounds and is OUT." in state.log


def test_chimera_3_transform_changes_up_to_four_dice_to_any_side():
    state = position(
        new(2), active=("hydra", "hydra", "kraken", "gryphon", "minotaur"), cards={"chimera": 3}, track=(4, 1, 1, 1, 1)
    )
    state = use(state, "chimera", 0, 4)
    state = do(state, "choose_die", face="kraken")
    assert state.phase == Phase.CHOOSE_FACE
    assert kinds(state) == [
        "Turn it to Chimera",
        "Turn it to Gryphon",
        "Turn it to Hydra",
        "Turn it to Minotaur",
        "Turn it to Wound",
    ]
    state = do(state, "choose_face", face="hydra")
    assert faces_in(state, 0, "active") == ["hydra", "hydra", "hydra", "gryphon", "minotaur"]
    state = do(state, "choose_die", face="gryphon")
    state = do(state, "choose_face", face="hydra")
    state = do(state, "finish")
    assert faces_in(state, 0, "active") == ["hydra", "hydra", "hydra", "hydra", "minotaur"]
    assert track(state)["chimera"] == 0
    assert state.phase == Phase.AFTER_ACTION


def test_chimera_3_transform_stops_after_four():
    state = position(
        new(2), active=("hydra", "hydra", "kraken", "gryphon", "minotaur"), cards={"chimera": 3}, track=(4, 1, 1, 1, 1)
    )
    state = use(state, "chimera", 0, 4)
    for face in ("hydra", "kraken", "gryphon", "minotaur"):
        state = do(state, "choose_die", face=face)
        state = do(state, "choose_face", face="chimera")
    assert state.phase == Phase.AFTER_ACTION
    assert faces_in(state, 0, "active") == ["chimera", "hydra", "chimera", "chimera", "chimera"]


# -- Hydra -----------------------------------------------------------------------------------------------
def test_hydra_1_swap_loses_one_to_collect_a_different_one():
    state = position(new(2), active=("hydra", "hydra", "kraken"), cards={"hydra": 1}, track=(2, 1, 1, 0, 3))
    state = use(state, "hydra", 2)
    assert state.phase == Phase.LOSE_CREATURE
    assert kinds(state) == ["Lose a Chimera", "Lose a Gryphon", "Lose a Hydra", "Lose a Minotaur"]
    state = do(state, "lose_creature", creature="chimera")
    assert kinds(state) == ["Collect a Gryphon", "Collect a Hydra", "Collect a Kraken", "Collect a Minotaur"]
    state = do(state, "collect_creature", creature="minotaur")
    assert track(state) == {"chimera": 1, "gryphon": 1, "hydra": 1, "kraken": 0, "minotaur": 4}
    assert state.phase == Phase.AFTER_ACTION


def test_hydra_1_swap_needs_a_creature_left_to_lose_after_paying():
    state = position(new(2), active=("kraken",), cards={"hydra": 1}, track=(0, 0, 2, 0, 0))
    assert not legal(state, "activate")  # paying 2 hydras leaves nothing to lose (ruling 8)
    state = position(new(2), active=("hydra",), cards={"hydra": 1}, track=(0, 0, 2, 0, 0))
    state = do(state, "activate", creature="hydra")
    assert state.phase == Phase.LOSE_CREATURE  # only the 1 die + 1 creature payment leaves a hydra to lose
    assert state.boards[0].track == [0, 0, 1, 0, 0]


def test_hydra_2_trade_loses_one_and_collects_up_to_two_others_same_type_allowed():
    state = position(new(2), active=("hydra", "hydra", "hydra"), cards={"hydra": 2}, track=(1, 1, 1, 1, 1))
    state = use(state, "hydra", 3)
    state = do(state, "lose_creature", creature="kraken")
    assert "Collect a Kraken" not in kinds(state)  # "other" than the lost type (ruling 14)
    state = do(state, "collect_creature", creature="gryphon")
    assert "Finish Trade" in kinds(state)
    state = do(state, "collect_creature", creature="gryphon")
    assert track(state) == {"chimera": 1, "gryphon": 3, "hydra": 1, "kraken": 0, "minotaur": 1}
    assert state.phase == Phase.AFTER_ACTION


def test_hydra_3_exchange_collects_up_to_three_of_one_other_type():
    state = position(new(2), active=("hydra", "hydra", "hydra", "hydra"), cards={"hydra": 3}, track=(1, 1, 1, 1, 1))
    state = use(state, "hydra", 4)
    state = do(state, "lose_creature", creature="chimera")
    state = do(state, "collect_creature", creature="minotaur")
    assert kinds(state) == ["Collect a Minotaur", "Finish Exchange"]
    state = do(state, "collect_creature", creature="minotaur")
    state = do(state, "finish")
    assert track(state) == {"chimera": 0, "gryphon": 1, "hydra": 1, "kraken": 1, "minotaur": 3}


# -- Gryphon ----------------------------------------------------------------------------------------------
def test_gryphon_1_rescue_collects_the_bonus_die_result():
    state = position(new(2), active=("gryphon", "gryphon", "hydra"), cards={"gryphon": 1})
    script(state, "kraken")
    state = do(state, "activate", creature="gryphon")
    state = do(state, "pay", dice=2, creatures=0) if state.phase == Phase.PAYMENT else state
    assert track(state)["kraken"] == 2
    assert state.boards[0].die_area[5] == "box"  # ruling 11: a separate roll
    assert "Ann rolls a bonus die: Kraken." in state.log


def test_gryphon_1_rescue_wound_gives_a_wound_token_that_can_put_you_out():
    state = position(new(2), active=("gryphon", "gryphon", "hydra"), wounds=2, cards={"gryphon": 1})
    script(state, "wound")
    state = use(state, "gryphon", 2, 0)
    assert state.boards[0].is_out and state.boards[0].wound_markers == 0
    assert state.turn == 1


def test_gryphon_2_reinforce_adds_the_bonus_die_to_the_active_pool():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon", "hydra"), cards={"gryphon": 2})
    script(state, "hydra")
    state = use(state, "gryphon", 3, 0)
    assert state.boards[0].die_area[5] == "active"
    assert faces_in(state, 0, "active") == ["hydra", "hydra"]
    assert [a.describe() for a in legal(state, "capture")] == ["Capture 2 Hydra"]


def test_gryphon_2_reinforce_wound_moves_the_bonus_die_and_a_wound_die_to_spent():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon", "hydra"), wounds=1, cards={"gryphon": 2})
    state.boards[0].wound_markers = 1
    script(state, "wound")
    state = use(state, "gryphon", 3, 0)
    board = state.boards[0]
    assert board.die_area[5] == "spent" and board.wound_dice() == 0
    assert board.wound_markers == 1  # markers are never removed by Gryphon abilities


def test_gryphon_2_a_healed_wound_die_no_longer_shows_a_wound():
    """Regression: a wound die healed by the bonus die's wound shows its other side in spent (not "spent Wound")."""
    state = position(new(2), active=("gryphon", "gryphon", "gryphon", "hydra"), wounds=1, cards={"gryphon": 2})
    script(state, "wound")
    state = use(state, "gryphon", 3, 0)
    board = state.boards[0]
    healed = 4  # the regular die that was on the wound track
    assert board.die_area[healed] == "spent" and board.die_face[healed] == "chimera"
    assert "wound" not in [board.die_face[d] for d in board.dice_in("spent") if d != 5]


def test_gryphon_2_bonus_die_wound_on_a_later_roll_heals_a_wound_die():
    state = position(new(2), active=("hydra", "kraken"), wounds=2, spent=("gryphon",))
    state.boards[0].die_area[5] = "active"
    state.boards[0].die_face[5] = "kraken"
    state.phase = Phase.ROLL
    script(state, "hydra", "kraken", "wound")
    state = do(state, "roll", which="active")  # dice 0, 1 and the bonus die
    board = state.boards[0]
    assert board.die_area[5] == "spent" and board.wound_dice() == 1 and not board.is_out


def test_gryphon_2_bonus_die_returns_when_out():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon", "hydra"), cards={"gryphon": 2})
    script(state, "hydra")
    state = use(state, "gryphon", 3, 0)
    state = do(state, "capture", creature="hydra")
    assert state.boards[0].die_area[5] == "box" and track(state)["hydra"] == 3


def test_gryphon_3_redemption_rerolls_wounds_and_collects_non_wounds():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon", "gryphon"), wounds=1, cards={"gryphon": 3})
    state = position(
        state, active=("gryphon", "gryphon", "gryphon"), wounds=2, cards={"gryphon": 3}, track=(1, 1, 1, 1, 1)
    )
    state.boards[0].wound_markers = 0
    state = use(state, "gryphon", 3, 1)
    assert kinds(state) == ["Choose a Wound die", "Finish Redemption"]
    state = do(state, "choose_die", face="wound")
    script(state, "minotaur", "wound")
    state = do(state, "choose_die", face="wound")
    board = state.boards[0]
    assert track(state)["minotaur"] == 2
    assert board.wound_dice() == 1
    assert faces_in(state, 0, "spent") == ["gryphon", "gryphon", "gryphon", "minotaur"]
    assert state.phase == Phase.AFTER_ACTION


def test_gryphon_3_redemption_ignores_wound_markers():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon", "gryphon"), cards={"gryphon": 3})
    state.boards[0].wound_markers = 2
    state = use(state, "gryphon", 4, 0)
    assert state.phase == Phase.AFTER_ACTION and state.boards[0].wound_markers == 2


# -- Kraken -----------------------------------------------------------------------------------------------
def three_players_with_kraken(level):
    state = position(
        new(3), active=("kraken", "kraken", "kraken", "kraken"), cards={"kraken": level}, track=(1, 1, 1, 0, 1)
    )
    state.boards[1].track = [3, 1, 1, 1, 1]
    state.boards[2].track = [4, 1, 1, 1, 1]
    return state


def test_kraken_1_sabotage_each_opponent_loses_one_caged_are_safe():
    state = three_players_with_kraken(1)
    script(state, "chimera")
    state = use(state, "kraken", 2)
    assert state.boards[1].track[0] == 2 and state.boards[2].track[0] == 4  # ruling 15
    assert "Cy's Chimera is caged and safe." in state.log
    assert state.phase == Phase.AFTER_ACTION


def test_kraken_1_sabotage_wound_lets_you_choose_the_type():
    state = three_players_with_kraken(1)
    script(state, "wound")
    state = use(state, "kraken", 2)
    assert state.phase == Phase.CHOOSE_TYPE
    assert len(GAME.legal_actions(state)) == 5
    state = do(state, "choose_type", creature="gryphon")
    assert state.boards[1].track[1] == 0 and state.boards[2].track[1] == 0


def test_kraken_1_sabotage_hits_opponents_who_are_out():
    state = three_players_with_kraken(1)
    state.boards[1].is_out = True
    state.boards[1].die_area = ["attack"] * 5 + ["box"]
    script(state, "chimera")
    state = use(state, "kraken", 2)
    assert state.boards[1].track[0] == 2


def test_kraken_2_capsize_each_opponent_loses_all_of_the_type():
    state = three_players_with_kraken(2)
    script(state, "chimera")
    state = use(state, "kraken", 3)
    assert state.boards[1].track[0] == 0 and state.boards[2].track[0] == 4


def test_kraken_3_piracy_collects_what_was_taken():
    state = three_players_with_kraken(3)
    script(state, "chimera")
    state = use(state, "kraken", 4)
    assert state.boards[1].track[0] == 0 and state.boards[2].track[0] == 4
    assert state.boards[0].track[0] == 4  # 1 + 3 taken
    assert state.phase == Phase.AFTER_ACTION


def test_kraken_3_piracy_onto_your_caged_track_collects_one_of_your_choice():
    """Reported: "if no creatures are collected from other players" also when your own track is caged."""
    state = three_players_with_kraken(3)
    state.boards[0].track[0] = 4  # your Chimera is caged: what is taken cannot be collected
    script(state, "chimera")
    state = use(state, "kraken", 4)
    assert state.boards[1].track[0] == 0  # they still lose it
    assert state.phase == Phase.COLLECT and "Collect a Chimera" not in kinds(state)
    state = do(state, "collect_creature", creature="gryphon")
    assert track(state)["gryphon"] == 2 and state.phase == Phase.AFTER_ACTION


def test_kraken_3_piracy_with_nothing_taken_collects_one_of_your_choice():
    state = three_players_with_kraken(3)
    state.boards[1].track = [1, 1, 1, 1, 0]
    state.boards[2].track = [1, 1, 1, 1, 4]
    script(state, "minotaur")
    state = use(state, "kraken", 4)
    assert state.phase == Phase.COLLECT
    assert kinds(state) == [
        "Collect a Chimera",
        "Collect a Gryphon",
        "Collect a Hydra",
        "Collect a Kraken",
        "Collect a Minotaur",
    ]
    state = do(state, "collect_creature", creature="hydra")
    assert track(state)["hydra"] == 2 and state.phase == Phase.AFTER_ACTION


# -- Minotaur ---------------------------------------------------------------------------------------------
def test_minotaur_1_catch_collects_from_a_die_and_removes_it():
    state = position(new(2), active=("minotaur", "minotaur", "hydra", "kraken"), cards={"minotaur": 1})
    state = use(state, "minotaur", 2, 0)
    assert kinds(state) == ["Choose a Hydra die", "Choose a Kraken die"]  # must choose: no Finish
    state = do(state, "choose_die", face="hydra")
    assert track(state)["hydra"] == 2
    assert state.boards[0].die_area[2] == "removed"
    assert state.phase == Phase.AFTER_ACTION


def test_minotaur_1_a_caught_bonus_die_stays_out_until_the_round_ends():
    """Regression: a bonus die removed by Catch does not come back when you go OUT, nor by a Gryphon attack."""
    state = position(new(2), active=("minotaur", "minotaur", "hydra"), cards={"minotaur": 1})
    board = state.boards[0]
    board.die_area[5], board.die_face[5] = "active", "kraken"
    state = use(state, "minotaur", 2, 0)
    state = do(state, "choose_die", face="kraken")
    assert state.boards[0].die_area[5] == "removed"
    state = do(state, "capture", creature="hydra")  # Ann goes OUT
    assert state.boards[0].die_area[5] == "removed"
    assert state.turn == 1 and state.phase == Phase.FIRST_ROLL
    script(state, "hydra", "hydra", "kraken", "kraken", "chimera")
    state = do(state, "roll_five")
    state = do(state, "pass")
    assert state.turn == 0 and state.phase == Phase.ATTACK_ROLL
    assert kinds(state) == ["Roll 3 dice to attack"]  # (the unspecified two dice are out of play)
    script(state, "gryphon", "gryphon", "gryphon")
    state = do(state, "attack_roll")
    state = do(state, "attack_keep")
    board = state.boards[0]
    assert board.die_area[5] == "removed" and not board.gryphon_attack
    assert "Gryphon attack: Ann's bonus die was caught: out this round." in state.log


def test_minotaur_1_catch_needs_an_active_die_left():
    state = position(new(2), active=("minotaur", "minotaur"), cards={"minotaur": 1}, track=(1, 1, 1, 1, 0))
    assert not legal(state, "activate")
    state = position(new(2), active=("minotaur", "minotaur"), cards={"minotaur": 1}, track=(1, 1, 1, 1, 1))
    state = do(state, "activate", creature="minotaur")  # only 1 die + 1 creature leaves a die to catch
    assert state.phase == Phase.CHOOSE_DICE
    assert faces_in(state, 0, "active") == ["minotaur"]


def test_minotaur_2_trap_collects_from_a_die_and_spends_it():
    state = position(new(2), active=("minotaur", "minotaur", "minotaur", "kraken"), cards={"minotaur": 2})
    state = use(state, "minotaur", 3, 0)
    state = do(state, "choose_die", face="kraken")
    assert track(state)["kraken"] == 2
    assert faces_in(state, 0, "spent") == ["minotaur", "minotaur", "minotaur", "kraken"]


def test_minotaur_3_ensnare_collects_up_to_two_of_any_creatures():
    state = position(
        new(2), active=("minotaur", "minotaur", "minotaur", "minotaur"), cards={"minotaur": 3}, track=(1, 1, 1, 1, 1)
    )
    state = use(state, "minotaur", 4, 0)
    assert "Finish Ensnare" in kinds(state)
    state = do(state, "collect_creature", creature="kraken")
    state = do(state, "collect_creature", creature="kraken")
    assert track(state)["kraken"] == 3 and state.phase == Phase.AFTER_ACTION


def test_the_same_ability_may_be_used_on_later_turns_of_the_round():
    state = position(
        new(2), active=("minotaur", "minotaur", "minotaur", "minotaur"), cards={"minotaur": 3}, track=(1, 1, 1, 1, 1)
    )
    state = use(state, "minotaur", 4, 0)
    state = do(state, "finish")
    state = do(state, "end_turn")
    state = position(state, active=("minotaur", "minotaur", "minotaur", "minotaur"))
    assert [a.describe() for a in legal(state, "activate")] == ["Use Minotaur 3: Ensnare (cost 4)"]


def test_abilities_cannot_be_abandoned_midway():
    state = position(new(2), active=("hydra", "hydra"), cards={"hydra": 1}, track=(1, 1, 1, 1, 1))
    state = use(state, "hydra", 2, 0)
    assert {a.kind for a in GAME.legal_actions(state)} == {"lose_creature"}


def test_card_from_another_player_exchange_keeps_levels():
    state = position(new(2), active=("kraken",) * 3, cards={"kraken": 1})
    give_card(state, 1, "kraken", 2)
    state = do(state, "exchange", creature="kraken", from_seat=1)
    state = do(state, "pay", dice=3, creatures=0)
    assert state.boards[0].cards["kraken"] == 2 and state.boards[1].cards["kraken"] == 1

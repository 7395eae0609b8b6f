"""The action phase: purchase, payment, exchange, capture, pass; one card per type."""

from __future__ import annotations

from engine.titan_dice import GAME
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import (
    do,
    faces_in,
    give_card,
    legal,
    new,
    position,
    refused,
    track,
)


def test_rulebook_example_three_krakens_two_minotaurs_capture_one_type():
    state = position(new(2), active=("kraken", "kraken", "kraken", "minotaur", "minotaur"))
    captures = [a.describe() for a in legal(state, "capture")]
    assert captures == ["Capture 3 Kraken", "Capture 2 Minotaur"]
    krakens = do(state, "capture", creature="kraken")
    assert track(krakens)["kraken"] == 4 and track(krakens)["minotaur"] == 1
    minotaurs = do(state, "capture", creature="minotaur")
    assert track(minotaurs)["kraken"] == 1 and track(minotaurs)["minotaur"] == 3


def test_capture_ends_the_turn_takes_you_out_and_moves_dice_to_the_attack_card():
    state = position(new(2), active=("hydra", "hydra"), spent=("chimera",), wounds=1, removed=1)
    state.boards[0].wound_markers = 1
    state = do(state, "capture", creature="hydra")
    board = state.boards[0]
    assert board.is_out and board.wound_markers == 0
    assert board.die_area == ["attack", "attack", "attack", "attack", "removed", "box"]
    assert state.turn == 1
    assert "Ann captures 2 Hydra and is OUT." in state.log


def test_spent_dice_cannot_be_captured():
    state = position(new(2), active=("hydra",), spent=("kraken", "kraken"))
    assert [a.creature for a in legal(state, "capture")] == ["hydra"]
    refused(state, {"kind": "capture", "creature": "kraken", "count": 2}, "no active Kraken")


def test_capture_surplus_on_a_full_track_is_wasted():
    state = position(new(2), active=("hydra", "hydra", "hydra"), track=(1, 1, 3, 1, 1))
    state = do(state, "capture", creature="hydra")
    assert track(state)["hydra"] == 4
    assert "Ann captures 1 Hydra (2 wasted: the track is full) and is OUT." in state.log


def test_purchase_costs_level_plus_one_in_any_mix_of_dice_and_creatures():
    state = position(new(2), active=("hydra", "hydra", "kraken"), track=(1, 1, 2, 1, 1))
    assert [a.describe() for a in legal(state, "purchase")] == ["Buy Hydra 1 (cost 2)", "Buy Kraken 1 (cost 2)"]
    state = do(state, "purchase", creature="hydra")
    assert state.phase == Phase.PAYMENT
    assert [a.describe() for a in GAME.legal_actions(state)] == [
        "Pay 2 captured Hydra",
        "Pay 1 die and 1 captured Hydra",
        "Pay 2 dice",
    ]
    paid = do(state, "pay", dice=1, creatures=1)
    assert paid.boards[0].cards == {"hydra": 1}
    assert paid.stacks["hydra"] == [2, 3]
    assert faces_in(paid, 0, "active") == ["hydra", "kraken"]
    assert faces_in(paid, 0, "spent") == ["hydra"]
    assert track(paid)["hydra"] == 1
    assert paid.phase == Phase.AFTER_ACTION
    assert "Ann buys Hydra 1 for 1 Hydra die and 1 captured Hydra." in paid.log


def test_a_single_way_to_pay_is_applied_at_once():
    state = position(new(2), active=("kraken", "kraken"), track=(1, 1, 1, 0, 1))
    state = do(state, "purchase", creature="kraken")
    assert state.boards[0].cards == {"kraken": 1} and state.phase == Phase.AFTER_ACTION


def test_cannot_afford_or_buy_a_second_card_of_a_type():
    state = position(new(2), active=("gryphon",), track=(1, 0, 1, 1, 1))
    assert not legal(state, "purchase")
    refused(state, {"kind": "purchase", "creature": "gryphon", "level": 1}, "costs 2")
    state = position(new(2), active=("gryphon", "gryphon", "gryphon"), cards={"gryphon": 1})
    assert not legal(state, "purchase")
    refused(state, {"kind": "purchase", "creature": "gryphon", "level": 2}, "already own")


def test_after_an_action_you_may_capture_or_end_the_turn():
    state = position(new(2), active=("hydra", "hydra", "kraken", "kraken"))
    state = do(state, "purchase", creature="hydra")
    state = do(state, "pay", dice=2, creatures=0)
    assert [a.describe() for a in GAME.legal_actions(state)] == ["Capture 2 Kraken", "End your turn"]
    ended = do(state, "end_turn")
    assert ended.turn == 1 and not ended.boards[0].is_out
    captured = do(state, "capture", creature="kraken")
    assert captured.boards[0].is_out and track(captured)["kraken"] == 3


def test_only_one_action_per_turn():
    state = position(new(2), active=("hydra", "hydra", "kraken", "kraken"))
    state = do(state, "purchase", creature="hydra")
    state = do(state, "pay", dice=2, creatures=0)
    assert not legal(state, "purchase") and not legal(state, "activate")


def test_pass_ends_the_turn():
    state = position(new(2), active=("hydra",))
    state = do(state, "pass")
    assert state.turn == 1 and "Ann passes." in state.log


def test_exchange_with_a_stack_returns_your_card_in_level_order():
    state = position(new(3), active=("chimera", "chimera", "chimera"), cards={"chimera": 1})
    assert state.stacks["chimera"] == [2, 2, 3]
    state = do(state, "exchange", creature="chimera", from_seat=-1, level=2)
    state = do(state, "pay", dice=3, creatures=0)
    assert state.boards[0].cards == {"chimera": 2}
    assert state.stacks["chimera"] == [1, 2, 3]
    assert "Ann exchanges Chimera 1 for the stack's Chimera 2, paying 3 Chimera dice." in state.log


def test_exchange_with_a_player_cannot_be_prevented_and_you_pay_for_the_card_you_receive():
    state = position(new(2), active=("minotaur", "minotaur", "minotaur", "minotaur"), cards={"minotaur": 1})
    give_card(state, 1, "minotaur", 3)
    exchange = [a for a in legal(state, "exchange") if a.from_seat == 1]
    assert [a.describe() for a in exchange] == [
        "Exchange your Minotaur 1 for player 2's Minotaur 3 (cost 4)",
    ]
    state = do(state, "exchange", creature="minotaur", from_seat=1)
    state = do(state, "pay", dice=4, creatures=0)
    assert state.boards[0].cards == {"minotaur": 3} and state.boards[1].cards == {"minotaur": 1}


def test_exchange_for_a_lower_card_is_allowed_but_not_for_the_same_level():
    state = position(new(2), active=("hydra", "hydra"), cards={"hydra": 3})
    assert [(a.level, a.from_seat) for a in legal(state, "exchange")] == [(1, -1), (2, -1)]
    state = position(new(3), active=("hydra", "hydra", "hydra"), cards={"hydra": 2})
    give_card(state, 1, "hydra", 1)
    assert state.stacks["hydra"] == [2, 3]
    # The stack holds a 2 like yours, and a 3; Bob has the 1.
    assert [(a.level, a.from_seat) for a in legal(state, "exchange")] == [(3, -1), (1, 1)]


def test_exchange_with_the_stack_reaches_any_of_its_cards():
    """Regression: 2 players, Hydra 1 exchanged for Hydra 2 leaves the stack [1, 3]: Hydra 3 can still be had."""
    state = position(new(2), active=("hydra", "hydra", "hydra"), cards={"hydra": 1})
    state = do(state, "exchange", creature="hydra", from_seat=-1, level=2)
    state = do(state, "pay", dice=3, creatures=0)
    assert state.stacks["hydra"] == [1, 3]
    state = position(state, active=("hydra", "hydra", "hydra", "hydra"))
    state = do(state, "exchange", creature="hydra", from_seat=-1, level=3)
    state = do(state, "pay", dice=4, creatures=0) if state.phase == Phase.PAYMENT else state
    assert state.boards[0].cards == {"hydra": 3} and state.stacks["hydra"] == [1, 2]


def test_face_down_cards_cannot_be_exchanged_or_used():
    state = position(new(2), active=("hydra", "hydra", "hydra", "hydra"), cards={"hydra": 1})
    give_card(state, 1, "hydra", 3)
    state.boards[1].face_down = ["hydra"]
    assert [a.from_seat for a in legal(state, "exchange")] == [-1]
    state.boards[0].face_down = ["hydra"]
    assert not legal(state, "exchange") and not legal(state, "activate")
    refused(state, {"kind": "activate", "creature": "hydra", "level": 1, "ability": "Swap"}, "face down")


def test_a_card_ability_costs_the_same_as_its_purchase():
    state = position(new(2), active=("minotaur", "hydra"), cards={"minotaur": 2}, track=(1, 1, 1, 1, 1))
    assert not legal(state, "activate")  # needs 3 minotaur dice/creatures, has 2
    state = position(new(2), active=("minotaur", "minotaur", "hydra"), cards={"minotaur": 2})
    assert [a.describe() for a in legal(state, "activate")] == ["Use Minotaur 2: Trap (cost 3)"]

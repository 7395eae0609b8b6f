"""The 13 Bonus cards: drawing, the hand limit, one card a turn, each card's effect, Shield (rulings 15, 16)."""

from __future__ import annotations

from engine.titan_race.actions import PlayCard
from engine.titan_race.data import BONUS_CARDS, DECK
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import (
    do,
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


def game(*titans: str, circuit: str = "anglieh"):
    """A game with these Titans (Ang'lieh: Bonus spaces E3, A5, B12; no harmful spaces)."""
    return new(titans, circuit)


def test_thirteen_cards_eleven_kinds():
    assert len(DECK) == 13 and len(BONUS_CARDS) == 11
    assert BONUS_CARDS["tribal_trap"].name == "Tribal Trap"


def test_crossing_a_bonus_space_draws_a_card_on_any_turn_and_the_hand_holds_two():
    state = position(game("grinder", "rassik"), {"grinder": "D2", "rassik": "E3"}, "grinder", "green")
    state = move(state, "NE", "NE")  # Rassik pushed off E3 to F4 then A5 (a Bonus space); Grinder through E3
    assert len(titan(state, "rassik").hand) == 1 and len(titan(state, "grinder").hand) == 1
    full = position(
        state, {"grinder": "D2", "rassik": "A11"}, "grinder", "blue", hands={"grinder": ["elixir", "shield"]}
    )
    full = move(full, "NE", "N")
    assert titan(full, "grinder").hand == ["elixir", "shield"]  # no third card


def test_jumping_over_a_bonus_space_draws_nothing():
    state = position(
        game("slaugg", "rassik", circuit="moltenchest"), {"slaugg": "D2", "rassik": "A11"}, "slaugg", "green"
    )
    state = move(state, "NE", "NE")  # D2 multi-ramp: jumps E3, lands F4, then A5
    assert where(state)["slaugg"] == "A5" and titan(state, "slaugg").hand == []


def test_an_empty_deck_is_the_reshuffled_discard_pile():
    state = position(game("grinder", "rassik"), {"grinder": "D2", "rassik": "A11"}, "grinder", "blue")
    state.discard, state.deck = state.deck, []
    script(state)
    state = move(state, "NE", "N")  # E3 is a Bonus space
    assert len(titan(state, "grinder").hand) == 1 and len(state.deck) == 12 and state.discard == []


def test_the_deck_is_reshuffled_the_moment_it_runs_out():
    """Regression: the discard pile becomes the deck when the last card is drawn, not at the next draw."""
    state = position(game("grinder", "rassik"), {"grinder": "D2", "rassik": "A11"}, "grinder", "blue")
    state.discard, state.deck = state.deck[1:], state.deck[:1]
    script(state)
    state = move(state, "NE", "N")  # E3 is a Bonus space: the last card is drawn
    assert len(titan(state, "grinder").hand) == 1 and len(state.deck) == 12 and state.discard == []
    assert "The discarded Bonus cards are shuffled into a new deck." in state.log


def test_one_card_a_turn_and_discarding_counts():
    state = position(
        game("grinder", "rassik"),
        {"grinder": "D4", "rassik": "A11"},
        "grinder",
        hands={"grinder": ["elixir", "winged_boots"]},
    )
    state = do(state, "discard_card", card="elixir")
    assert legal(state, "play_card") == [] and legal(state, "discard_card") == []
    assert state.discard == ["elixir"]
    refused(state, PlayCard(card="winged_boots", target="D6", direction="N"), "already played")


def test_tribal_trap_on_an_adjacent_space():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "rassik", hands={"rassik": ["tribal_trap"]}
    )
    state = position(state, {"grinder": "A11", "rassik": "D4"}, "rassik", hands={"rassik": ["tribal_trap"]})
    assert len(legal(state, "play_card")) == 6
    state = do(state, "play_card", card="tribal_trap", target="C3")
    assert state.traps == ["0:C3"] and state.discard == ["tribal_trap"]


def test_elixir_gains_two_never_above_the_gauge():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder", hands={"grinder": ["elixir"]}
    )
    assert legal(state, "play_card") == []  # full life
    state.titans[0].life = 5
    assert lives(do(state, "play_card", card="elixir"))["grinder"] == 6
    state.titans[0].life = 2
    assert lives(do(state, "play_card", card="elixir"))["grinder"] == 4


def test_winged_boots_and_sidestep_move_and_push():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "D6"}, "grinder", hands={"grinder": ["winged_boots"]}
    )
    state = do(state, "play_card", card="winged_boots")
    assert where(state) == {"grinder": "D6", "rassik": "D8"} and lives(state)["rassik"] == 5
    state = position(state, {"grinder": "D4", "rassik": "A11"}, "grinder", hands={"grinder": ["sidestep"]})
    assert {a.direction for a in legal(state, "play_card")} == {"NW", "NE"}
    assert where(do(state, "play_card", card="sidestep", direction="NW"))["grinder"] == "C5"


def test_winged_boots_fly_and_do_not_slide_on_ice():
    hands = {"grinder": ["winged_boots"]}
    state = position(
        new(("grinder", "rassik"), "estenggaard"), {"grinder": "D2", "rassik": "A11"}, "grinder", hands=hands
    )
    state = do(state, "play_card", card="winged_boots")
    assert where(state)["grinder"] == "D4"  # on the ice, where a step would slide on to D8
    hands = {"grinder": ["sidestep"]}
    state = position(state, {"grinder": "C3", "rassik": "A11"}, "grinder", hands=hands)
    assert where(do(state, "play_card", card="sidestep", direction="NE"))["grinder"] == "E5"  # Sidestep slides: D4 on


def test_sidestep_only_while_another_titan_is_ahead():
    hands = {"grinder": ["sidestep"]}
    level = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "B4"}, "grinder", hands=hands)
    assert legal(level, "play_card") == []  # the same row: nobody is ahead
    refused(level, PlayCard(card="sidestep", target="C5", direction="NW"), "another Titan is ahead")
    behind = position(level, {"grinder": "D4", "rassik": "B6"}, "grinder", hands=hands)
    assert {a.direction for a in legal(behind, "play_card")} == {"NW", "NE"}


def test_winged_boots_only_while_you_are_last():
    hands = {"grinder": ["winged_boots"]}
    three = game("grinder", "rassik", "craken")
    last = position(three, {"grinder": "D4", "rassik": "A11", "craken": "E5"}, "grinder", hands=hands)
    assert [a.card for a in legal(last, "play_card")] == ["winged_boots"]
    tied = position(three, {"grinder": "D4", "rassik": "B4", "craken": "E5"}, "grinder", hands=hands)
    assert [a.card for a in legal(tied, "play_card")] == ["winged_boots"]  # level with the last counts as last
    middle = position(three, {"grinder": "D4", "rassik": "A11", "craken": "E3"}, "grinder", hands=hands)
    assert legal(middle, "play_card") == []  # Craken is behind
    refused(middle, PlayCard(card="winged_boots", target="D6", direction="N"), "only while you are last")
    assert [a.kind for a in legal(middle, "discard_card")] == ["discard_card"]  # a dead card can still go
    lapped = position(three, {"grinder": "D4", "rassik": "A11", "craken": "E11"}, "grinder", hands=hands)
    lapped.titans[0].lap = 2  # a lap more beats a higher row
    assert legal(lapped, "play_card") == []


def test_grappling_hook_swaps_with_a_titan_diagonally_before_you():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "C3"}, "grinder", hands={"grinder": ["grappling_hook"]}
    )
    assert legal(state, "play_card") == []  # Rassik is behind
    state = position(state, {"grinder": "D4", "rassik": "D6"}, "grinder", hands={"grinder": ["grappling_hook"]})
    assert legal(state, "play_card") == []  # straight ahead: not within the hook's reach
    state = position(state, {"grinder": "D4", "rassik": "E5"}, "grinder", hands={"grinder": ["grappling_hook"]})
    state = do(state, "play_card", card="grappling_hook", target="E5")
    assert where(state) == {"grinder": "E5", "rassik": "D4"}


def test_thunderbolt_damages_the_six_spaces_around_and_explodes_traps():
    hands = {"grinder": ["thunderbolt"]}
    names = ("grinder", "rassik", "craken")
    state = position(game(*names), {"grinder": "D4", "rassik": "C3", "craken": "D6"}, "grinder", hands=hands)
    trap(state, "D2", "E5")
    state = do(state, "play_card", card="thunderbolt")
    assert lives(state) == {"grinder": 6, "rassik": 5, "craken": 5} and state.traps == []


def test_voodoo_doll_targets_any_titan_and_never_a_trap():
    state = position(
        game("grinder", "rassik", "craken"),
        {"grinder": "D4", "rassik": "A11", "craken": "F2"},
        "grinder",
        hands={"grinder": ["voodoo_doll"]},
    )
    assert sorted(a.target for a in legal(state, "play_card")) == ["craken", "rassik"]
    state = do(state, "play_card", card="voodoo_doll", target="rassik")
    assert lives(state)["rassik"] == 5


def test_gust_of_wind_pushes_an_adjacent_titan_two_spaces_away_even_back_over_the_line():
    hands = {"grinder": ["gust_of_wind"]}
    state = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "C3"}, "grinder", hands=hands)
    assert [(a.target, a.direction) for a in legal(state, "play_card")] == [("C3", "SW")]
    state = do(state, "play_card", card="gust_of_wind", target="C3")
    assert where(state)["rassik"] == "A1" and lives(state)["rassik"] == 5  # two spaces, one Life Point
    state = position(state, {"grinder": "C3", "rassik": "B2"}, "grinder", hands=hands)
    state = do(state, "play_card", card="gust_of_wind", target="B2")
    assert where(state)["rassik"] == "F12" and titan(state, "rassik").lap == 0


def test_hourglass_flips_the_ability_card_face_up():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder", hands={"grinder": ["hourglass"]}
    )
    assert legal(state, "play_card") == []
    state = do(state, "use_ability", target="C5")
    state.titans[0].life = 4
    state = do(state, "play_card", card="hourglass")
    assert lives(state)["grinder"] == 5  # and a Life Point
    state = do(state, "use_ability", target="E5")
    assert state.traps == ["0:C5", "0:E5"]


def test_lucky_charm_rerolls_the_die_before_the_move():
    hands = {"grinder": ["lucky_charm"]}
    state = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder", "purple", hands=hands)
    state.titans[0].life = 4
    state.turn.face, state.turn.penalty = "yellow", True  # a purple die taken as yellow
    script(state, "red")
    state = do(state, "play_card", card="lucky_charm")
    assert state.turn.face == "red" and not state.turn.penalty and lives(state)["grinder"] == 5
    assert [a.steps for a in legal(state, "move")] == [("N",)] and legal(state, "place_trap")
    state = move(state, "N")
    assert lives(state)["grinder"] == 5  # the purple cost went with the purple die


def test_lucky_charm_only_before_anything_of_the_die_is_done():
    hands = {"grinder": ["lucky_charm"]}
    state = position(game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder", "red", hands=hands)
    assert legal(state, "play_card")
    assert legal(do(state, "place_trap", space="C3"), "play_card") == []
    assert legal(move(state, "N"), "play_card") == []
    script(state, "purple")
    state = do(state, "play_card", card="lucky_charm")
    assert state.phase == Phase.CHOOSE_FACE and state.turn.penalty


def test_shield_on_another_players_turn_cancels_a_push_loss():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "D6"}, "grinder", hands={"rassik": ["shield"]}
    )
    state = move(state, "N", "N")
    assert state.phase == Phase.ANSWER and state.current_player == 1
    assert [a.choice for a in legal(state, "answer")] == ["shield", "no"]
    kept = do(state, "answer", choice="no")
    assert lives(kept)["rassik"] == 5 and titan(kept, "rassik").hand == ["shield"]
    used = do(state, "answer", choice="shield")
    assert lives(used)["rassik"] == 6 and titan(used, "rassik").hand == [] and used.discard == ["shield"]
    assert where(used) == {"grinder": "D8", "rassik": "D10"} and used.current_player == 0


def test_shield_holds_until_the_titans_next_turn():
    hands = {"rassik": ["shield"]}
    state = position(
        game("grinder", "rassik", circuit="kaldheira"), {"grinder": "D6", "rassik": "D8"}, "grinder", hands=hands
    )
    state = move(state, "N", "N")  # Rassik pushed onto the lava of D10, then to D12
    assert state.phase == Phase.ANSWER and "lava" in state.asked().prompt
    state = do(state, "answer", choice="shield")
    assert state.phase == Phase.TURN and lives(state) == {"grinder": 5, "rassik": 6}
    assert where(state) == {"grinder": "D10", "rassik": "D12"} and titan(state, "rassik").shielded
    hit = position(state, {"grinder": "D10", "rassik": "D12"}, "grinder", "green")
    hit.titans[1].shielded = True
    hit = do(hit, "hit", space="D12")  # a later effect, still before Rassik's next turn
    assert lives(hit)["rassik"] == 6
    from engine.titan_race import flow

    hit.turn_index = 0
    flow.end_turn(hit)  # Rassik's turn begins: the Shield fades
    assert hit.acting == 1 and not titan(hit, "rassik").shielded


def test_shield_is_never_played_against_costs_nor_on_the_first_turn():
    state = position(
        game("grinder", "rassik"), {"grinder": "D4", "rassik": "A11"}, "grinder", hands={"grinder": ["shield"]}
    )
    state.turn.penalty = True
    state = move(state, "N", "N")
    state = do(state, "pay_purple")
    assert state.phase == Phase.TURN and lives(state)["grinder"] == 5
    first = position(
        game("grinder", "rassik"),
        {"grinder": "D4", "rassik": "D6"},
        "grinder",
        hands={"rassik": ["shield"]},
        round_number=1,
    )
    first = move(first, "N", "N")
    assert first.phase == Phase.TURN and lives(first)["rassik"] == 5


def test_a_card_drawn_during_a_move_cannot_shield_that_move():
    state = position(game("rassik", "grinder"), {"rassik": "D2", "grinder": "A11"}, "rassik", "blue")
    state.deck.remove("shield")
    state.deck.insert(0, "shield")
    trap(state, "E5")
    state = move(state, "NE", "N")  # E3: draws the Shield; E5: the trap, with no question asked
    assert state.phase == Phase.TURN and lives(state)["rassik"] == 5
    assert titan(state, "rassik").hand == ["shield"]


def test_no_cards_on_the_first_turn():
    state = position(
        game("grinder", "rassik"),
        {"grinder": "D4", "rassik": "A11"},
        "grinder",
        hands={"grinder": ["elixir"]},
        round_number=1,
    )
    state.titans[0].life = 3
    assert legal(state, "play_card") == [] and legal(state, "discard_card") == []


def test_voodoo_doll_is_not_offered_against_a_ko_titan():
    hands = {"grinder": ["voodoo_doll"]}
    spaces = {"grinder": "D4", "rassik": "A11", "craken": "F2"}
    state = position(game("grinder", "rassik", "craken"), spaces, "grinder", hands=hands)
    state.titans[2].life, state.titans[2].ko = 0, "ko"
    assert [a.target for a in legal(state, "play_card")] == ["rassik"]


def test_a_shield_drawn_and_given_up_to_pirates_in_the_same_move_cannot_be_played():
    # Found by self-play: A9 three diagonal left draws on F10 (a Shield, not playable during this move), gives it
    # up to the pirates on E11, then springs a trap on D12. The Titan holds no Shield: nothing is asked.
    state = position(new(("grinder", "rassik"), "lagoon"), {"grinder": "A9", "rassik": "A3"}, "grinder", "brown")
    state.deck.remove("shield")
    state.deck.insert(0, "shield")
    trap(state, "D12")
    state = move(state, "NW", "NW", "NW")
    assert state.phase == Phase.ANSWER and state.asked().kind == "pirates"
    assert state.asked().options == ["life", "shield"]
    state = do(state, "answer", choice="shield")
    assert state.phase == Phase.TURN and where(state)["grinder"] == "D12"
    assert titan(state, "grinder").hand == [] and lives(state)["grinder"] == 4  # the trap, then D12's pirates

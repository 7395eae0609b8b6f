"""The log: sentences in the game's words, grouped by turn; actions described as buttons."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, PlayDivine, Roll
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import act, hand, my_turn, set_encounter, started, successes_roll


def test_turns_are_headed_by_round_hero_and_player():
    state = started(heroes={0: "atalanta", 1: "cyrene"})
    assert state.turns[0][1] == "Set-up"
    hero = "Atalanta" if state.mover == 0 else "Cyrene"
    assert GAME.turn_heading(state) == f"Round 1: {hero} ({state.name(state.mover)})"
    state = act(state, {"kind": "end_turn"})
    state = act(state, {"kind": "end_turn"})
    assert GAME.turn_heading(state).startswith("Round 2: ")
    assert [heading for _, heading in state.turns][-2].startswith("Round 1: ")


def test_rolls_read_in_the_games_words_and_buttons_name_the_hero():
    state, seat = my_turn(node="athens", came_from="p_saronic")
    set_encounter(state, "athens", "centaur")
    hand(state, seat, "ares")
    state = act(state, {"kind": "encounter"})
    state = act(state, {"kind": "pass_moment"})
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"]
    successes_roll(state, count, 2)
    state = act(state, Roll(commit=0))
    hero, other = ("Atalanta", "Cyrene") if seat == 0 else ("Cyrene", "Atalanta")
    assert state.log[-1] == f"{hero} rolls {count} Battle dice: 2 Successes."
    play = PlayDivine(counter="ares", target=1 - seat)
    assert GAME.describe_action(state, play) == f"Play Ares on {other}"
    assert Roll(commit=2).describe() == "Roll, committing 2 Prophecy"

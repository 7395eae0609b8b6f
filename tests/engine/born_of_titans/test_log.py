"""The log: sentences in the game's words, grouped by turn; actions described as buttons."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, PlayDivine, Roll
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import act, dice, hand, my_turn, new, set_encounter, started, successes_roll


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
    assert GAME.describe_action(state, play) == f"Play Ares on {other} ({state.name(1 - seat)})"
    assert Roll(commit=2).describe() == "Roll, committing 2 Prophecy"


def test_muses_and_fates_name_the_dice_by_what_they_show_not_by_their_place():
    """Reported: 'Play Muses on Heracles, die 6' meant the sixth die, which showed a 4."""
    state, seat = my_turn(node="athens", came_from="p_saronic")
    set_encounter(state, "athens", "centaur")
    hand(state, 1 - seat, "muses", "fates")
    state = act(state, {"kind": "encounter"})
    state = act(state, {"kind": "pass_moment"}) if state.current_player == seat else state
    while str(state.phase) == "react":
        state = act(state, {"kind": "pass_moment"})
    state = act(state, ChooseAttribute(attribute="battle"))
    count = totals(state, seat)["battle"]
    dice(state, *([1, 2, 5, 6, 3, 4] + [2] * max(0, count - 6))[:count])
    state = act(state, Roll(commit=0))
    assert str(state.phase) == "react" and state.current_player == 1 - seat
    hero = "Atalanta (Ann)" if seat == 0 else "Cyrene (Bob)"
    labels = {
        GAME.describe_action(state, a)
        for a in GAME.legal_actions(state)
        if a.kind == "play_divine" and ((a.counter == "muses" and a.detail == 5) or a.detail == (0, 1))
    }
    assert f"Play Muses on {hero}: turn a 4 into a 5" in labels
    assert f"Play Fates on {hero}: roll a 1 and a 2 again" in labels
    assert not any("die " in label or "dice " in label for label in labels)
    muses = next(a for a in GAME.legal_actions(state) if a.kind == "play_divine" and a.counter == "muses")
    state = act(state, muses)
    player, target = ("Cyrene", "Atalanta") if seat == 0 else ("Atalanta", "Cyrene")
    assert f"{player} plays Muses on {target}." in state.log  # by Hero, as every line of the log (not 'Bob plays')


def test_a_quest_to_place_says_whose_it_is_and_a_divine_play_is_logged_by_hero():
    state = new(2)
    while state.phase != Phase.PLACE_QUEST:
        state = act(state, GAME.legal_actions(state)[0])
    owner = state.placing[0]
    label = GAME.describe_action(state, GAME.legal_actions(state)[0])
    hero = state.sheets[owner].hero.title()
    assert label.startswith(f"Place {hero}'s Quest ({state.name(owner)}) at Quest Site ")
    assert GAME.view(state, state.current_player)["placing"] == owner


def test_once_the_heroes_are_chosen_the_log_names_heroes_never_players():
    """Regression: the log mixed 'Computer 2 ...' with Heroes' names; the players are named only in the set-up."""
    import random
    import re

    for seed in range(2):
        state = new(3, seed)
        chooser = random.Random(seed)
        while not state.is_over and state.moves < 3000:
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        last_choice = max(i for i, line in enumerate(state.log) if " selects " in line)
        players = [state.name(seat) for seat in range(3)]
        named = [line for line in state.log[last_choice + 1 :] if any(re.search(rf"\b{n}\b", line) for n in players)]
        assert named == []

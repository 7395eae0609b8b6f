"""Battle Titan's agreed end (the house rules' point 2, "Duration") and final score (2.A): rounds, time, a creature's
appearance or extinction, always at the end of a round; battle points plus half the living; ties are ties."""

from __future__ import annotations

import random

import pytest

from engine.core import Seat, save, undo
from engine.titan.battle_titan import endings
from engine.titan.game import TitanOptions
from engine.titan.invariants import violations
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import GAME

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def new(players: int = 3, seed: int = 1, **options) -> TitanState:
    state = GAME.new_game(players, {"variant": "battle", **options}, seed, [Seat(name=n) for n in NAMES[:players]])
    assert isinstance(state, TitanState)
    return state


def play_randomly(state: TitanState, seed: int, limit: int = 20_000, stop=None) -> tuple[TitanState, list[int]]:
    """Random decisions to the end (or `stop`), invariants after each; the seats whose turns began, in order."""
    rng = random.Random(seed)
    turns = [state.mover]
    for _ in range(limit):
        if state.is_over or (stop is not None and stop(state)):
            break
        before = (state.turn_number, state.mover)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert violations(state) == []
        if not state.is_over and (state.turn_number, state.mover) != before:
            turns.append(state.mover)
    return state, turns


def equal_turns(state: TitanState, turns: list[int]) -> None:
    assert state.mover == state.order[-1]  # ended after the last player in turn order
    assert {seat: turns.count(seat) for seat in range(state.num_players)} == dict.fromkeys(
        range(state.num_players), state.turn_number
    )


def test_the_options_default_to_twelve_rounds_an_hour_and_the_serpent():
    options = TitanOptions()
    assert (options.ending, options.rounds, options.minutes, options.creature) == ("rounds", 12, 60, "Serpent")
    with pytest.raises(ValueError):
        TitanOptions(creature="Titan")


@pytest.mark.parametrize("players", [2, 4])
def test_rounds_end_the_game_after_the_last_player_of_the_last_round_the_last_round_announced(players):
    state, turns = play_randomly(new(players, ending="rounds", rounds=3), seed=players)
    assert state.phase == Phase.GAME_OVER and state.turn_number == 3
    equal_turns(state, turns)
    text = "\n".join(state.log)
    assert "Round 2 of 3: the next round is the last." in text and "Round 3: the last round." in text
    assert "(3 rounds have been played)" in text


@pytest.mark.parametrize("kind", ["appearance", "extinction"])
def test_a_creature_ending_comes_at_the_latest_at_the_end_of_round_80_announced_a_round_ahead(kind):
    """This edition's ruling (docs/titan.md): no Hydra can be mustered in four rounds from the start, so the game
    whose second round is renumbered 78 ends at the end of round 80, every player having had his turns."""
    state, _turns = play_randomly(new(3, seed=5, ending=kind, creature="Hydra"), 5, stop=lambda s: s.turn_number == 2)
    state.turn_number = endings.CREATURE_LAST_ROUND - 2
    state, _turns = play_randomly(state, 5)
    assert state.is_over and state.turn_number == endings.CREATURE_LAST_ROUND and not state.war.appeared
    assert state.mover == state.order[-1]
    text = "\n".join(state.log)
    assert "Round 79 of 80: the next round is the last at the latest (the Hydra has not ended it)." in text
    assert f"(round 80, the latest end, came before the {kind} of the Hydra)" in text
    assert endings.end_problems(state) == []


def test_a_standard_game_ignores_the_ending():
    state = GAME.new_game(2, {"rounds": 1}, 3, [Seat(name=n) for n in NAMES[:2]])
    state, _turns = play_randomly(state, 3, stop=lambda s: s.turn_number > 2)
    assert not state.is_over and state.war is None


def test_the_appearance_of_the_first_lion_ends_the_game_at_the_end_of_that_round():
    state, turns = play_randomly(new(3, seed=4, ending="appearance", creature="Lion"), 4, stop=lambda s: s.war.appeared)
    assert not state.is_over and state.log[-1].startswith("Battle Titan: the game ends at the end of this round")
    round_of_the_first = state.turn_number
    state, more = play_randomly(state, 4)
    assert state.is_over and state.turn_number == round_of_the_first
    equal_turns(state, turns + more[1:])


def test_the_extinction_of_the_ogres_ends_the_game_at_the_end_of_that_round():
    state = new(2, seed=5, ending="extinction", creature="Ogre")
    state, _turns = play_randomly(state, 5, stop=lambda s: s.turn_number == 2 and s.phase == Phase.SPLIT)
    assert state.war.appeared and not state.war.ends  # the Ogres of the starting legions have appeared
    for legion in state.legions.values():  # every Ogre dies (as if in battle)
        while "Ogre" in legion.contents:
            legion.remove("Ogre")
            state.slain["Ogre"] = state.slain.get("Ogre", 0) + 1
    endings.observe(state)
    assert state.war.ends and "No Ogre is left alive" in state.log[-1]
    state, _turns = play_randomly(state, 5)
    assert state.is_over and state.turn_number == 2
    assert state.mover == state.order[-1]


def test_the_clock_runs_out_only_at_the_end_of_a_round_and_an_undo_gives_no_time_back():
    state = new(2, seed=6, ending="time", minutes=5)
    first = state.order[0]
    state = GAME.apply(state, GAME.legal_actions(state)[0])  # a split: it may be taken back
    assert undo.undo_steps(state, first) == 1
    state = GAME.add_time(state, 301)
    assert state.war.seconds == 301 and not state.is_over
    assert undo.undo(state, first).war.seconds == 301  # the undo keeps the time
    assert save.loads(save.dumps(state)).war.seconds == 301
    state, turns = play_randomly(state, 6)
    assert state.is_over and state.turn_number == 1 and "minutes are up" in "\n".join(state.log)
    equal_turns(state, turns)
    standard = GAME.new_game(2, {}, 6, [Seat(name=n) for n in NAMES[:2]])
    assert GAME.add_time(standard, 301) is standard


def test_the_final_score_is_battle_points_plus_half_the_living_halves_kept_and_ties_are_ties():
    state = new(2, seed=7, ending="rounds", rounds=1)
    # each starts with Titan (24), Angel (24), 2 Ogres (12), 2 Centaurs (12), 2 Gargoyles (12): 120, half 60
    assert GAME.scores(state) == [60.0, 60.0] and GAME.winners(state) == []
    state.war.add_points(0, "attack won", 3)
    state.players[0].score += 3
    assert GAME.scores(state) == [63.0, 60.0]
    gargoyle = next(lg for lg in state.legions_of(1))
    gargoyle.remove("Gargoyle")  # 4 x 3 = 12: half is 6
    state.stock["Gargoyle"] += 1
    state.legions_of(0)[0].remove("Centaur")  # 3 x 4 = 12: half 6
    state.stock["Centaur"] += 1
    assert GAME.scores(state) == [57.0, 54.0]
    rows = endings.breakdown(state)
    assert rows[0].battle_points == 3 and rows[0].by_kind == {"attack won": 3} and rows[0].half_value == 54.0
    assert rows[1].living["Gargoyle"] == 6.0 and rows[1].total == 54.0
    state.legions_of(0)[0].add("Lion")  # 5 x 3 = 15: half 7.5, kept
    state.stock["Lion"] -= 1
    assert GAME.scores(state) == [64.5, 54.0] and GAME.winners(state) == []
    assert endings.round_over(state) and state.is_over  # the end, as if it came now
    assert GAME.winners(state) == [0] and state.winner == 0
    assert "Ann: 3 battle points + 61.5 (half the living) = 64.5." in state.log


def test_a_tie_gives_several_winners():
    state = new(2, seed=8, ending="rounds", rounds=1)
    assert endings.round_over(state)  # the end, as if it came now: both have their starting legions
    assert GAME.scores(state) == [60.0, 60.0] and GAME.winners(state) == [0, 1] and state.winner == -2


def test_a_finished_game_saves_and_opens_with_its_totals():
    state, _turns = play_randomly(new(3, seed=9, rounds=2), seed=9)
    assert state.is_over
    again = save.loads(save.dumps(state))
    assert again == state and GAME.scores(again) == GAME.scores(state) and GAME.winners(again) == GAME.winners(state)


def test_every_seat_sees_what_is_left_and_the_running_totals():
    state = new(2, seed=10, ending="rounds", rounds=5)
    for seat in (None, 0, 1):
        war = GAME.view(state, seat)["war"]
        assert war["end"] == {"ending": "rounds", "round": 1, "rounds": 5}
        assert war["totals"] == [60.0, 60.0] and war["living"][0]["Titan"] == 12.0
    timed = GAME.add_time(new(2, seed=10, ending="time", minutes=5), 42)
    assert GAME.view(timed, 0)["war"]["end"] == {"ending": "time", "seconds": 42, "limit": 300}
    lion = new(2, seed=10, ending="appearance", creature="Lion")
    shown = GAME.view(lion, 1)["war"]["end"]
    assert shown == {
        "ending": "appearance",
        "creature": "Lion",
        "alive": 0,
        "appeared": False,
        "round": lion.turn_number,
        "last_round": 80,
    }


def test_the_variant_and_its_ending_are_on_the_form_each_shown_only_where_it_applies():
    from app.options_form import PREFIX, option_fields

    fields = option_fields(TitanOptions)
    assert all(field.on_form for field in fields)
    assert not {f.name for f in fields if f.is_shown(2, {}, fields)} & {"ending", "rounds", "minutes", "creature"}
    shown = {field.name for field in fields if field.is_shown(2, {PREFIX + "variant": "battle"}, fields)}
    assert {"variant", "ending", "rounds"} <= shown and not {"minutes", "creature"} & shown
    timed = {f.name for f in fields if f.is_shown(2, {PREFIX + "variant": "battle", PREFIX + "ending": "time"}, fields)}
    assert "minutes" in timed and "rounds" not in timed
    for ending in ("appearance", "extinction"):
        values = {PREFIX + "variant": "battle", PREFIX + "ending": ending}
        assert {f.name for f in fields if f.is_shown(2, values, fields)} >= {"creature"}


def test_only_the_time_ending_keeps_time():
    assert GAME.keeps_time(new(2, ending="time")) and not GAME.keeps_time(new(2, ending="rounds"))
    assert not GAME.keeps_time(GAME.new_game(2, {"ending": "time"}, 1, [Seat(name=n) for n in NAMES[:2]]))

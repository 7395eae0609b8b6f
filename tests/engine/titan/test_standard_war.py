"""Standard playing Battle Titan for points (standard_war.py): positions where it chooses otherwise than the same
player by the standard game's values (level S, as Standard played Battle Titan before), for the house rules'
reasons; and its decisions in slices, the same as in one piece."""

from __future__ import annotations

import pytest

from engine.core import Seat
from engine.core.bots import decision_rng, make_bot
from engine.titan import battlemap, masterboard
from engine.titan.actions import EndManeuver, EndMoves, EndMusters, Engage, Fight, Flee, Maneuver, Move, Spawn, Strike
from engine.titan.ai import reckoning, standard, standard_war
from engine.titan.ai.levels import STANDARD_VALUES
from engine.titan.ai.standard import StandardValuesBot, TitanBot
from engine.titan.battle_titan import respawn
from engine.titan.battle_titan.war_record import WarRecord
from engine.titan.game import TitanOptions
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import (
    GAME,
    MAX_WORK,
    act,
    clear_board,
    engaged,
    fight_in_battle_titan,
    index_of,
    place,
    set_battle,
    steps_work,
    wiped_out_with_the_jungle_basics_gone,
)

ROUNDS = 12


def battle_moving(roll: int, turn: int = 1, last: bool = False) -> TitanState:
    """Ann's movement phase with this roll in round `turn` of a 12-round game of Battle Titan, on an empty board
    (the legions are placed by the test); `last`: Ann moves last in the round (Bob first)."""
    state = GAME.new_game(2, {"variant": "battle", "rounds": ROUNDS}, 1, [Seat(name="Ann"), Seat(name="Bob")])
    clear_board(state)
    state.order = [1, 0] if last else [0, 1]
    state.mover = state.decider = 0
    state.phase = Phase.MOVE
    state.roll = roll
    state.turn_number = turn
    return state


def choices(state: TitanState, seat: int = 0) -> tuple:
    """What Standard plays for points, and what it plays by the standard game's values."""
    return make_bot(GAME, 1, 1).choose(state, seat), make_bot(GAME, STANDARD_VALUES, 1).choose(state, seat)


def test_the_standard_values_level_is_for_trials_only_and_is_standard_in_the_standard_game():
    assert STANDARD_VALUES not in dict(GAME.bot_levels())
    assert isinstance(make_bot(GAME, STANDARD_VALUES, 1), StandardValuesBot)
    state = GAME.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    assert standard_war.outlook(state, 0) is None  # no points to play for: level 1 is level S
    seat = state.current_player
    assert make_bot(GAME, 1, 4).choose(state, seat) == make_bot(GAME, STANDARD_VALUES, 4).choose(state, seat)


def test_the_outlook_counts_the_turns_left_and_whether_an_enemy_moves_before_the_end():
    state = battle_moving(1, turn=ROUNDS - 1)
    assert standard_war.outlook(state, 0) == (1, True, 2) and standard_war.outlook(state, 1) == (2, True, 2)
    state.turn_number = ROUNDS
    assert standard_war.outlook(state, 0) == (0, True, 2)  # Bob still moves after Ann
    assert standard_war.outlook(state, 1) == (1, False, 2)  # Bob's last turn is to come; Ann never answers it
    state.order = [1, 0]
    assert standard_war.outlook(state, 0) == (0, False, 2)  # Ann moves last: nothing answers her


def _attack_position(mine: list[str], theirs: list[str], **kwargs) -> TitanState:
    """Ann's legion on land 1 with a roll of 1, which reaches Bob's legion on land 2 or moves to 1000."""
    state = battle_moving(1, **kwargs)
    assert {2, 1000} <= set(masterboard.destination_lands(1, 1, enemy={2}))
    place(state, "Bk01", 0, 1, mine)
    place(state, "Bk02", 0, 100, ["Titan"]).moved = True
    place(state, "Bu01", 1, 2, theirs).reveal([0])
    place(state, "Bu02", 1, 500, ["Titan"])
    return state


def test_in_its_last_turn_with_no_answer_it_attacks_an_enemy_as_strong_because_a_lost_attack_still_scores():
    """Round 12 of 12, Ann moves last: 44 against 44. Won, the enemy dead score in full; lost, the attack still
    scores half the attackers' value (2.B.1) and nobody answers either way. By the standard game's values the
    attack needs a quarter more strength."""
    state = _attack_position(["Troll", "Troll", "Ogre"], ["Troll", "Troll", "Gargoyle"], turn=ROUNDS, last=True)
    points, standard = choices(state)
    assert isinstance(points, Move) and (points.marker, points.land) == ("Bk01", 2)
    assert not (isinstance(standard, Move) and standard.land == 2)


def test_it_attacks_the_legion_worth_most_points_not_the_titan():
    """Ann's 78 reaches Bob's Titan with an Ogre (36) and three others worth 44, each a third weaker or more.
    Under Battle Titan the Titan is worth its value (Bob spawns again, nobody is out): the 44 score more.
    By the standard game's values the Titan's legion is the prize."""
    state = battle_moving(1)
    assert {2, 1000} <= set(masterboard.destination_lands(1, 1, enemy={2, 1000}))
    place(state, "Bk01", 0, 1, ["Troll", "Troll", "Troll", "Lion", "Lion"])
    place(state, "Bk02", 0, 100, ["Titan"]).moved = True
    place(state, "Bu01", 1, 2, ["Titan", "Ogre"]).reveal([0])
    place(state, "Bu02", 1, 1000, ["Troll", "Troll", "Ogre"]).reveal([0])
    points, standard = choices(state)
    assert isinstance(points, Move) and (points.marker, points.land) == ("Bk01", 1000)
    assert isinstance(standard, Move) and (standard.marker, standard.land) == ("Bk01", 2)


def test_in_its_last_turn_it_keeps_a_legion_out_of_reach_rather_than_muster_where_it_may_be_killed():
    """Round 12 of 12, Bob moves after Ann. Ann's Trolls and Ogres could muster on 2000, where Bob's 78 reaches
    on four rolls of six; on 29 they are out of his reach. The recruit would count half its value at the end;
    the legion killed would give Bob its value in points and Ann lose half of it: it stays. By the standard
    game's values (the recruit whole, and next turn's musters) it goes."""
    state = battle_moving(4, turn=ROUNDS)
    place(state, "Bk01", 0, 29, ["Troll", "Troll", "Ogre", "Ogre"])
    place(state, "Bk02", 0, 100, ["Titan"]).moved = True
    place(state, "Bu01", 1, 22, ["Warbear", "Warbear", "Troll", "Troll", "Lion"]).reveal([0])
    place(state, "Bu02", 1, 500, ["Titan"])
    (threat, _titan) = reckoning.threats(state, 0)
    assert threat[1].get(2000) == 4 and not threat[1].get(29)
    points, standard = choices(state)
    assert points == EndMoves()
    assert isinstance(standard, Move) and (standard.marker, standard.land) == ("Bk01", 2000)


def _engaged_in_round(turn: int) -> TitanState:
    """Bob's 58 has moved onto Ann's Centaur and two Ogres (36) in round `turn` of 12, Bob last in the round."""
    state = engaged(["Lion", "Lion", "Troll", "Ogre"], ["Centaur", "Ogre", "Ogre"])
    state.options = TitanOptions(variant="battle", rounds=ROUNDS)
    state.war = WarRecord.begun(state.num_players)
    state.order, state.turn_number = [0, 1], turn
    return act(state, Engage(land=6))


def test_near_the_end_a_defender_without_a_lord_flees_a_stronger_legion_which_then_scores_only_half():
    """A flight gives the attacker half points; a fight lost gives him the whole legion. Early on the fight is
    worth its chance (the survivors would muster for turns to come); in the last round, with the legion worth
    only half its value at the end, the flight costs less. By the standard game's values it fights (the
    attacker is not 1 2/3 times stronger)."""
    early = _engaged_in_round(1)
    assert early.decider == 0 and choices(early) == (Fight(), Fight())
    points, standard = choices(_engaged_in_round(ROUNDS))
    assert (points, standard) == (Flee(), Fight())


def test_of_spawn_choices_worth_the_same_it_picks_the_one_that_makes_a_pair():
    """Lions and Warbears in play, every Gargoyle and Cyclops taken: the new legion has a Lion and a Centaur
    (plains), a Warbear and a Troll (marsh), and for its jungle basic a choice of a Centaur or an Ogre, both
    worth 12. A second Centaur makes a pair that musters a Lion; a lone Ogre musters nothing. The standard
    values take the first by name, the Ogre."""
    state, bob = wiped_out_with_the_jungle_basics_gone()
    ann = state.legions_of(state.order[0])[0]
    for name in ("Lion", "Warbear"):
        state.stock[name] -= 1
        ann.contents.append(name)  # in play
    state = GAME.apply(state, EndMusters())
    assert state.phase == Phase.SPAWN and set(respawn.choices(state)) == {"Centaur", "Ogre"}
    assert respawn.offer(state).legion == ("Titan", "Angel", "Lion", "Centaur", "Warbear", "Troll")
    points, standard = choices(state, bob)
    assert (points, standard) == (Spawn(creature="Centaur"), Spawn(creature="Ogre"))


def test_sliced_standard_plays_battle_titan_as_in_one_piece_and_each_step_does_little(work):
    state = GAME.new_game(2, {"variant": "battle", "rounds": 7}, 33, [Seat(name="Ann"), Seat(name="Bob")])
    bots = [TitanBot(GAME, 330 + seat) for seat in range(2)]
    decisions = sliced = 0
    while not state.is_over:
        seat = state.current_player
        legal = GAME.sensible_actions(state, GAME.legal_actions(state))
        if len(legal) > 1:
            work.clear()
            view = standard_war.outlook(state, seat)
            one_piece = standard.choose(state, seat, legal, decision_rng(bots[seat].seed, state, seat), view)
            whole = work.total()
            action, steps = steps_work(bots[seat], state, seat, work)
            assert action == one_piece and max(steps) <= MAX_WORK, (state.moves, state.phase, steps)
            decisions += 1
            sliced += whole > MAX_WORK  # in one piece, this decision would have been one step over the line
        state = GAME.apply(state, bots[seat].choose(state, seat))
    assert decisions > 80 and sliced > 0 and state.turn_number == 7


def test_in_battle_it_strikes_the_enemy_titan_only_for_what_he_is_worth():
    """A Troll touches Bob's Titan (fresh) and a Lion with one hit left. Killing the Lion is worth its value;
    the Titan would take a few hits, worth their share of his value. By the standard game's values (the Titan is
    the game) a strike on him is worth 50 more, so it goes there."""
    state = fight_in_battle_titan(["Troll"], ["Titan", "Lion"])
    troll = index_of(state, "Troll", ATTACKER)
    titan, lion = index_of(state, "Titan", DEFENDER), index_of(state, "Lion", DEFENDER)
    set_battle(state, {troll: "C3", titan: "D3", lion: "C2"}, active=ATTACKER)
    state.battle.units[lion].hits = 4
    state.battle.step = "strike"
    state.phase, state.decider = Phase.STRIKE, 1
    points, standard = choices(state, 1)
    assert isinstance(points, Strike) and points.target == lion
    assert isinstance(standard, Strike) and standard.target == titan


def test_a_hopeless_attacker_keeps_away_to_lose_on_time_where_the_defender_scores_nothing():
    """Bob's Ogre and Centaur (24) have come on against a Colossus and a Serpent. Killed, they would give Ann
    half their value; lost on time, the attack still scores half its value (2.B.1) and Ann nothing. By the
    standard game's values the attacker closes in."""
    state = fight_in_battle_titan(["Ogre", "Centaur"], ["Colossus", "Serpent"])
    ogre, centaur = index_of(state, "Ogre", ATTACKER), index_of(state, "Centaur", ATTACKER)
    colossus, serpent = index_of(state, "Colossus", DEFENDER), index_of(state, "Serpent", DEFENDER)
    set_battle(state, {ogre: "D5", centaur: "E5", colossus: "C1", serpent: "B1"}, active=ATTACKER, round_number=2)
    state.decider = 1

    def nearest(label: str) -> int:
        return min(battlemap.range_between(label, state.battle.units[i].hex) for i in (colossus, serpent))

    points, standard = choices(state, 1)
    assert isinstance(standard, Maneuver) and nearest(standard.hex) < nearest(state.battle.units[standard.unit].hex)
    assert points == EndManeuver() or nearest(points.hex) >= nearest(state.battle.units[points.unit].hex)


def test_a_spawned_legion_of_eight_with_fewer_than_two_creatures_still_splits():
    """Found by a 5-player extinction game (seed 5): Titan, Angel, Dragon and five Guardians must split, and the
    pair of creatures Standard parts does not exist; it parts the least valuable characters instead."""
    state = GAME.new_game(2, {"variant": "battle"}, 1, [Seat(name="Ann"), Seat(name="Bob")])
    clear_board(state)
    place(state, "Bk01", 0, 400, ["Titan", "Angel", "Dragon", *["Guardian"] * 5])
    place(state, "Bu01", 1, 100, ["Titan", "Ogre", "Ogre"])
    state.mover = state.decider = 0
    state.phase = Phase.SPLIT
    action = make_bot(GAME, 1, 1).choose(state, 0)
    assert action.kind == "split" and action.leaving == ("Guardian", "Guardian")


def test_battle_titan_2b1_a_lost_attack_is_valued_at_half_its_kills():
    """ "To score full points, you must attack and win": Standard values a lost attack's kills at half, so an even
    fight's loss (60 of the enemy's 100 killed on average) scores half the attackers' 100, not the 60 killed."""
    view = standard_war.Outlook(0, False, 2)  # the end: a living point is worth half, nobody answers
    win = standard_war.win_chance(100, 100 * standard_war.HOME)
    won = 100 + 1.0 * 0.5 * 100 - 0.5 * standard_war.lost_winning(100, 100)
    lost = 100 / 2 - 100 / 2 - 0.5 * 100 + 0.5 * 60  # scored 50; the defender's half; his legion; the enemy dead
    assert standard_war.attack_worth(view, 100, 100) == pytest.approx(win * won + (1 - win) * lost)

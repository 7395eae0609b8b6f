"""Titan's Strong player in Battle Titan (engine/titan/ai/strong_war.py): positions where it plays for the house rules'
points and so chooses otherwise than in standard Titan, each for the reason the rules give; its steps stay small."""

from __future__ import annotations

import pytest

from engine.core import Rng, Seat
from engine.core.bots import make_bot
from engine.titan.actions import EndMusters, Engage, Move, Spawn
from engine.titan.ai import strong_board, strong_war
from engine.titan.battle_titan import respawn
from engine.titan.state import Phase, TitanState
from tests.engine.titan import helpers
from tests.engine.titan.helpers import (
    BIG,
    GAME,
    MAX_WORK,
    act,
    attack_position_and_target,
    clear_board,
    place,
    second_round_muster,
    steps_work,
    strong_board_decision,
    wipe_out,
)


def _new(battle: bool) -> TitanState:
    state = GAME.new_game(2, {"variant": "battle"} if battle else None, 1, [Seat(name=n) for n in ("Ann", "Bob")])
    assert isinstance(state, TitanState)
    return state


def _attack(mine: list[str], theirs: list[str], battle: bool, monkeypatch) -> tuple[bool, float]:
    """Whether Ann's legion attacks Bob's (one roll away, another land to go to), and her odds of winning."""
    monkeypatch.setattr(helpers, "new", lambda players=2, seed=1: _new(battle))
    state, target = attack_position_and_target(mine, theirs)
    board = strong_board._Board(state, 0, Rng(1))
    wins = board.odds(state.legions["Bk01"], state.legions["Bu01"], target).attacker_wins
    action, _units = strong_board_decision(state, 0)
    return isinstance(action, Move) and action.marker == "Bk01" and action.land == target, wins


def test_an_attack_short_of_the_standard_games_odds_is_made_for_its_points(monkeypatch):
    """At about three chances in five the standard game's Strong does not attack (a loss gives the defender the
    whole legion); under Battle Titan a win scores the enemy in full and a loss still scores the enemy dead or half
    the attackers (2.B.1), the defender only half (2.B.2): it attacks."""
    mine, theirs = ["Troll", "Troll", "Lion", "Gargoyle"], ["Troll", "Troll", "Ogre", "Gargoyle"]
    attacks, wins = _attack(mine, theirs, False, monkeypatch)
    assert 0.5 < wins < 0.7 and not attacks
    attacks, wins = _attack(mine, theirs, True, monkeypatch)
    assert 0.5 < wins < 0.7 and attacks


def test_the_titans_legion_attacks_since_his_loss_is_no_longer_the_game(monkeypatch):
    """The standard game's Strong keeps its Titan's legion out of a battle at two chances in three (the game at
    stake); under Battle Titan nobody is out (point 4), so the Titan's legion attacks as any other."""
    mine, theirs = ["Titan", "Troll", "Troll", "Ranger"], ["Troll", "Troll", "Ogre", "Gargoyle"]
    attacks, wins = _attack(mine, theirs, False, monkeypatch)
    assert 0.6 < wins < 0.8 and not attacks
    attacks, wins = _attack(mine, theirs, True, monkeypatch)
    assert 0.6 < wins < 0.8 and attacks


def _engaged(attacker: list[str], defender: list[str], battle: bool) -> TitanState:
    """Bob's legion has attacked Ann's on land 6 (each has a Titan elsewhere): Ann answers."""
    state = _new(battle)
    clear_board(state)
    place(state, "Bk01", 0, 6, defender)
    place(state, "Bk02", 0, 100, ["Titan", "Centaur", "Ogre"])
    mover = place(state, "Bu01", 1, 6, attacker)
    mover.moved, mover.attack_edge = True, 3
    place(state, "Bu02", 1, 200, ["Titan", "Angel"])
    state.mover = state.decider = 1
    state.phase = Phase.ENGAGE
    return act(state, Engage(land=6))


def test_a_defender_sure_to_lose_flees_since_the_attacker_then_scores_half():
    """Three characters against four much stronger: the standard game's Strong fights (a flight gives the attacker
    half, a lost battle the whole, less what it kills first, which is about even); under Battle Titan a lost
    battle scores the attacker the whole legion as points, worth twice its value at the end, a flight half: it
    flees."""
    attacker, defender = ["Giant", "Giant", "Troll", "Troll"], ["Troll", "Troll", "Ogre"]
    for battle, answer in ((False, "fight"), (True, "flee")):
        state = _engaged(attacker, defender, battle)
        assert state.decider == 0
        action, _units = strong_board_decision(state, 0)
        assert action.kind == answer, battle


def _last_round(ann_plays_last: bool, last: bool = True) -> TitanState:
    """Ann moves her Titan's legion from land 3 with a 1: to the Tower (100), where her Titan musters a Warlock,
    next to Bob's monster stack on 41, or to the Hills (4), out of its reach, where she musters an Ogre. Rounds
    agreed: 12; this is round 12 (or 5)."""
    state = _new(True)
    clear_board(state)
    state.order = [1, 0] if ann_plays_last else [0, 1]
    state.turn_number = 12 if last else 5
    state.mover = state.decider = 0
    state.phase, state.roll = Phase.MOVE, 1
    place(state, "Bk01", 0, 3, ["Titan", "Troll", "Troll", "Ogre", "Ogre"])
    place(state, "Bu01", 1, 41, BIG).reveal([0])
    place(state, "Bu02", 1, 600, ["Titan"])
    return state


def test_in_the_last_round_what_cannot_be_answered_is_safe():
    """In the last round, with Bob's turn over, nothing can come after Ann's move: she takes the Tower and its
    Warlock next to his monsters. Earlier, or with Bob still to play, she keeps out of their reach."""
    assert strong_war.turns_left(_last_round(True), 1) == 0
    action, _units = strong_board_decision(_last_round(True), 0)
    assert action == Move(marker="Bk01", land=100, side=action.side)
    for state in (_last_round(False), _last_round(True, last=False)):
        assert strong_war.turns_left(state, 1) >= 1
        action, _units = strong_board_decision(state, 0)
        assert action == Move(marker="Bk01", land=4, side=action.side)


def test_turns_left_follow_the_agreed_end():
    state = _last_round(True, last=False)  # round 5 of 12, Bob before Ann
    assert strong_war.turns_left(state, 0) == 7 and strong_war.turns_left(state, 1) == 7
    state.order = [0, 1]
    assert strong_war.turns_left(state, 1) == 8  # he has this round's turn still
    state.options = state.options.model_copy(update={"ending": "appearance"})
    assert strong_war.turns_left(state, 0) == strong_war.FAR
    state.war.ends = True  # the creature appeared: the game ends with this round
    assert strong_war.turns_left(state, 0) == 0 and strong_war.turns_left(state, 1) == 1
    state.options = state.options.model_copy(update={"ending": "time", "minutes": 60})
    state.war.seconds, state.turn_number = 1200, 5  # four rounds in 20 minutes: 8 more in the 40 left
    assert strong_war.turns_left(state, 0) == 8


def test_the_spawn_takes_the_creature_its_legion_musters_more_with():
    """No Gargoyle left: the new legion's jungle slots are the player's choice of an Ogre or a Centaur (worth the
    same) beside two Centaurs and two Ogres. Standard takes the Ogre (by name); Strong takes a third Centaur, since
    three Centaurs muster a Warbear in the Woods, which his Tower (200) reaches on a 2 or a 6, and three Ogres only
    a Minotaur in the Hills, on a 4."""
    state = second_round_muster(13)
    bob = state.order[1]
    wipe_out(state, bob)
    state.stock["Gargoyle"] = state.stock["Cyclops"] = 0
    state = GAME.apply(state, EndMusters())
    assert state.phase == Phase.SPAWN and state.war.spawn_tower == 200
    assert respawn.offer(state).legion == ("Titan", "Angel", "Centaur", "Centaur", "Ogre", "Ogre")
    legal = GAME.legal_actions(state)
    assert legal == [Spawn(creature="Centaur"), Spawn(creature="Ogre")]
    assert make_bot(GAME, 1, 1).choose(state, bob) == Spawn(creature="Ogre")
    assert make_bot(GAME, 2, 1).choose(state, bob) == Spawn(creature="Centaur")


@pytest.mark.parametrize("seed", [44])
def test_no_step_of_strong_does_much_work_in_battle_titan(work, seed):
    """Strong's steps in a Battle Titan game (a short one: four rounds) keep within the slices' work."""
    seats = [Seat(name=f"Computer {i + 1}", kind="ai", level=2) for i in range(2)]
    state = GAME.new_game(2, {"variant": "battle", "rounds": 4}, seed, seats)
    bots = [make_bot(GAME, 2, seed * 10 + seat) for seat in range(2)]
    phases = set()
    while not state.is_over:
        seat = state.current_player
        if len(GAME.sensible_actions(state, GAME.legal_actions(state))) > 1:
            action, steps = steps_work(bots[seat], state, seat, work)
            assert max(steps) <= MAX_WORK, (state.moves, state.phase, steps)
            phases.add(str(state.phase))
        else:
            action = bots[seat].choose(state, seat)
        state = GAME.apply(state, action)
    assert {"move", "engagement", "maneuver", "strike"} <= phases


def test_battle_titan_2b1_a_lost_attack_counts_its_kills_at_half_value():
    """Strong's measure of a lost attack: what it kills counts at half value (full points only for an attack
    won), against the floor of half its own legion; the enemy's living lost counts as before."""
    war = strong_war.War(_new(True), 0)
    certain_loss = (0.0, 1.0, 0.0, 20.0, 0.0)  # the defender wins and keeps 20 of his 100 on average
    untouched = (0.0, 1.0, 0.0, 100.0, 0.0)
    gain = war.attack(20.0, 100.0, certain_loss, (0.0, 0.0)) - war.attack(20.0, 100.0, untouched, (0.0, 0.0))
    assert gain == pytest.approx(war.point * (80 / 2 - 20 / 2) + war.opp * war.live * 80)

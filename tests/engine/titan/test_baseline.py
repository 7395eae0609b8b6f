"""Titan's scripted baseline player (engine/titan/ai/baseline.py): the yardstick of the computer players. Its key
rules, and that it decides only on what its seat may know."""

from __future__ import annotations

from engine.core import Rng
from engine.core.bots import BASELINE, BaselineBot, make_bot
from engine.titan import battle as battles
from engine.titan import masterboard
from engine.titan.actions import Engage, Fight, Flee, Move, Propose, Strike
from engine.titan.ai import baseline
from engine.titan.data import LANDS
from engine.titan.sides import ATTACKER, DEFENDER
from tests.engine.titan.helpers import (
    BIG,
    GAME,
    act,
    attack_position,
    destinations,
    engaged,
    fight,
    index_of,
    moving,
    mustering_choice,
    new,
    place,
    set_battle,
    titan_in_danger,
)


def test_titan_offers_the_baseline_through_the_bots_baseline_level():
    bot = make_bot(GAME, BASELINE, 1)
    assert isinstance(bot, BaselineBot)
    state = new(2)
    assert bot.choose(state, state.current_player) in GAME.legal_actions(state)


def test_reach_follows_the_signs_and_stops_on_entering_an_occupied_land():
    """A stack on `start` reaches a legion on `land` with a roll exactly when `min_steps` counts it within it."""
    for start in sorted(LANDS)[::5]:
        for land in sorted(LANDS)[::3]:
            if land == start:
                continue
            steps = masterboard.fewest_steps(start, {land}, set()).get(land, 99)
            for roll in range(1, 7):
                reached = land in destinations(start, roll, {land})
                assert reached == (steps <= roll), (start, land, roll, steps)


def test_a_legion_of_six_moves_where_it_can_muster():
    start, roll, can, _cannot = mustering_choice()
    state = moving(roll)
    place(state, "Bk01", 0, start, ["Centaur", "Centaur", "Gargoyle", "Gargoyle", "Ogre", "Ogre"])
    place(state, "Bu01", 1, 600 if start // 100 != 6 else 100, ["Titan", "Ogre"])
    action = baseline.choose(state, GAME.legal_actions(state))
    assert isinstance(action, Move) and action.land in can


def test_the_titans_legion_keeps_out_of_reach_of_a_stronger_stack():
    start, roll, enemy, near, far = titan_in_danger()
    state = moving(roll)
    place(state, "Bk01", 0, start, ["Titan", "Centaur", "Centaur"])
    big = place(state, "Bu01", 1, enemy, BIG)
    big.reveal([0])  # Ann has seen it
    place(state, "Bu02", 1, 100 if abs(start - 100) > 50 else 400, ["Titan"])
    actions = GAME.legal_actions(state)
    assert Move(marker="Bk01", land=near, side=_side(actions, near)) in actions
    chosen = baseline.choose(state, actions)
    assert isinstance(chosen, Move)
    assert chosen.land != near
    board = baseline._Board(state, 0)
    assert board.risk(near, 30.0, True) > 100 and board.risk(far, 30.0, True) < board.risk(near, 30.0, True)


def _side(actions, land: int) -> int:
    return next(a.side for a in actions if isinstance(a, Move) and a.land == land)


def test_it_attacks_a_much_weaker_stack_and_never_a_stronger_one():
    strong = attack_position(["Troll", "Troll", "Lion", "Lion", "Ranger"], ["Ogre", "Centaur"])
    target = strong.legions["Bu01"].land
    chosen = baseline.choose(strong, GAME.legal_actions(strong))
    assert isinstance(chosen, Move) and chosen.marker == "Bk01" and chosen.land == target
    weak = attack_position(["Ogre", "Centaur"], ["Troll", "Troll", "Lion", "Lion", "Ranger"])
    target = weak.legions["Bu01"].land
    for action in GAME.legal_actions(weak):
        if isinstance(action, Move) and action.land == target:
            assert baseline._Board(weak, 0).move_value(action) < -100
    chosen = baseline.choose(weak, GAME.legal_actions(weak))
    assert not (isinstance(chosen, Move) and chosen.land == target)


def test_a_hopeless_defender_without_a_lord_flees_and_a_fair_one_fights():
    state = act(engaged(BIG[:5], ["Centaur", "Ogre"]), Engage(land=6))
    assert state.decider == 0
    assert baseline.choose(state, GAME.legal_actions(state)) == Flee()
    state = act(engaged(["Ogre", "Ogre"], ["Centaur", "Ogre"]), Engage(land=6))
    assert baseline.choose(state, GAME.legal_actions(state)) == Fight()


def test_a_side_sure_to_win_proposes_the_others_elimination_and_the_other_fights_on():
    state = act(engaged(["Ogre", "Centaur"], ["Titan", *BIG[:4]]), Engage(land=6))
    proposal = baseline.choose(state, GAME.legal_actions(state))
    assert proposal == Propose(eliminated="attacker")
    state = act(state, proposal)
    assert state.decider == 1 and baseline.choose(state, GAME.legal_actions(state)) == Fight()


def test_it_strikes_where_a_kill_is_likely():
    state = fight(["Lion", "Troll"], ["Ogre", "Centaur"])
    ogre, centaur = index_of(state, "Ogre", DEFENDER), index_of(state, "Centaur", DEFENDER)
    lion, troll = index_of(state, "Lion", ATTACKER), index_of(state, "Troll", ATTACKER)
    set_battle(state, {ogre: "D3", centaur: "A1", lion: "D4", troll: "C3"})
    state.battle.units[lion].hits = 4  # one hit left
    battles.begin_strike(state)
    assert state.decider == 0
    assert baseline.choose(state, GAME.legal_actions(state)) == Strike(unit=ogre, target=lion, number=5)
    state.battle.units[lion].hits = 0
    state.battle.units[troll].hits = 7  # now the Troll has one hit left
    assert baseline.choose(state, GAME.legal_actions(state)) == Strike(unit=ogre, target=troll, number=4)


def test_the_titan_stays_out_of_contact_while_the_others_can_fight():
    state = fight(["Titan", "Troll", "Troll"], ["Ogre", "Ogre"])
    titan = index_of(state, "Titan", ATTACKER)
    ogres = [i for i, u in enumerate(state.battle.units) if u.side == DEFENDER]
    set_battle(state, {ogres[0]: "D3", ogres[1]: "C3", titan: "E3"}, active=ATTACKER, round_number=2)
    field = baseline._Field(state, 1)
    # next to the Ogres the Titan would take their blows; two hexes off it takes none
    assert field.hex_value(titan, "D4") < field.hex_value(titan, "E5")


def test_its_decisions_do_not_change_when_what_it_has_not_seen_is_dealt_again():
    """Over a few hundred decisions of real games, the same decision on every determinized copy of its seat."""
    decisions = differing = 0
    for seed in (11, 12, 13):
        state = GAME.new_game(2, seed=seed)
        bots = [make_bot(GAME, BASELINE, seed), make_bot(GAME, 1, seed + 1)]
        if seed % 2:
            bots.reverse()
        moves = 0
        while not state.is_over and moves < 400:
            seat = state.current_player
            legal = GAME.legal_actions(state)
            if isinstance(bots[seat], BaselineBot) and len(legal) > 1:
                action = baseline.choose(state, legal)
                for k in range(1):
                    copy = GAME.determinize(state, seat, Rng(seed * 1000 + moves * 2 + k))
                    differing += any(copy.legions[m].contents != state.legions[m].contents for m in state.legions)
                    assert baseline.choose(copy, GAME.legal_actions(copy)) == action, (seed, moves)
                decisions += 1
            state = GAME.apply(state, bots[seat].choose(state, seat))
            moves += 1
    assert decisions >= 300 and differing >= 50

"""Titan's Strong battle play: hand-built positions where the right play is clear, what it may know, its slices.

Where Standard (`standard.choose`, what the scaffolding returned) gets a position wrong, the test says so and checks
Standard's answer too, so that the test would fail had Strong still played Standard's choice."""

from __future__ import annotations

from engine.core import Rng
from engine.titan import battlemap
from engine.titan.actions import Strike
from engine.titan.ai import strong_battle
from engine.titan.ai.standard import choose as choose_standard
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import GAME, fight, index_of, set_battle


def strong(state: TitanState, seat: int, legal=None):
    """Strong's decision, the generator run through; (action, number of yields)."""
    decision = strong_battle.decide(state, seat, legal or GAME.legal_actions(state), Rng(seat))
    units = 0
    try:
        while True:
            next(decision)
            units += 1
    except StopIteration as stop:
        return stop.value, units


def maneuver_phase(state: TitanState, choose) -> TitanState:
    """The side to maneuver plays its whole phase with `choose(state, seat, legal)`."""
    seat = state.decider
    while state.phase == Phase.MANEUVER and state.decider == seat:
        state = GAME.apply(state, choose(state, seat, GAME.legal_actions(state)))
    return state


def standard(state, seat, legal):
    return choose_standard(state, seat, legal, None)


def strong_choice(state, seat, legal):
    return strong(state, seat, legal)[0]


def placed(state: TitanState, names_a: list[str], names_d: list[str], hexes_a, hexes_d, **battle) -> None:
    units = state.battle.units
    attackers = [i for i, u in enumerate(units) if u.side == ATTACKER]
    defenders = [i for i, u in enumerate(units) if u.side == DEFENDER]
    assert [units[i].name for i in attackers] == names_a and [units[i].name for i in defenders] == names_d
    set_battle(state, {**dict(zip(attackers, hexes_a, strict=True)), **dict(zip(defenders, hexes_d, strict=True))},
               **battle)  # fmt: skip


def test_one_cyclops_closes_in_on_the_wounded_angel():
    """The issue's example (Brush, round 4): two fresh Cyclops two hexes from an Angel with one hit left ended
    their maneuver, the Angel flew off and the attack was lost on time; one Cyclops in contact kills it 81% of
    the time. (Standard, fixed since, gets this one right too.)"""
    state = fight(["Cyclops", "Cyclops"], ["Angel", "Ogre"])
    angel = index_of(state, "Angel", DEFENDER)
    placed(state, ["Cyclops", "Cyclops"], ["Angel", "Ogre"], ["D5", "E5"], ["D3", "A1"], active=ATTACKER,
           round_number=4)  # fmt: skip
    state.battle.units[angel].hits = 5
    state.decider = 1
    after = maneuver_phase(state, strong_choice)
    cyclopes = [u.hex for u in after.battle.units if u.name == "Cyclops"]
    assert any(battlemap.in_contact(after.battle.map, label, "D3") for label in cyclopes)


def _strike_phase(state: TitanState) -> None:
    state.battle.step = "strike"
    state.phase, state.decider = Phase.STRIKE, 1


def test_strikes_go_together_at_the_enemy_they_can_kill():
    """Two Gargoyles touch a Troll with three hits left and a fresh Lion. Together they kill the Troll almost
    surely (3 hits of 8 dice at 3); the Lion (5 of 8 at 4) only a third of the time. Standard strikes the Lion
    (more expected hits times skill, no kill in view for either striker alone)."""
    state = fight(["Gargoyle", "Gargoyle"], ["Lion", "Troll"])
    placed(state, ["Gargoyle", "Gargoyle"], ["Lion", "Troll"], ["C3", "E3"], ["D4", "D3"], active=ATTACKER)
    troll = index_of(state, "Troll", DEFENDER)
    state.battle.units[troll].hits = 5
    _strike_phase(state)
    action, _ = strong(state, 1)
    assert isinstance(action, Strike) and action.target == troll
    assert choose_standard(state, 1, GAME.legal_actions(state), None).target != troll  # Standard's mistake


def test_a_strike_at_the_higher_number_that_kills_carries_on():
    """An Ogre touches a Gargoyle with one hit left (needs 5) and an Ogre with two left (needs 4). At the
    Gargoyle it kills 91% of the time and its extra hits may carry to the Ogre (a 4 is no higher than 5): both
    die a third of the time. At the Ogre's 4 nothing carries to the Gargoyle. Standard strikes the Ogre."""
    state = fight(["Ogre"], ["Gargoyle", "Ogre"])
    placed(state, ["Ogre"], ["Gargoyle", "Ogre"], ["C3"], ["D3", "D4"], active=ATTACKER)
    gargoyle, ogre = index_of(state, "Gargoyle", DEFENDER), index_of(state, "Ogre", DEFENDER)
    state.battle.units[gargoyle].hits, state.battle.units[ogre].hits = 3, 4
    _strike_phase(state)
    action, _ = strong(state, 1)
    assert action == Strike(unit=index_of(state, "Ogre", ATTACKER), target=gargoyle, number=5)
    assert choose_standard(state, 1, GAME.legal_actions(state), None).target == ogre  # Standard's mistake


def _giants_near_the_titan() -> TitanState:
    state = fight(["Titan", "Troll", "Troll"], ["Gargoyle", "Giant", "Giant"])
    placed(state, ["Titan", "Troll", "Troll"], ["Gargoyle", "Giant", "Giant"], ["D6", "C5", "E5"], ["D3", "B2", "F2"],
           active=ATTACKER, round_number=3)  # fmt: skip
    state.battle.units[index_of(state, "Gargoyle", DEFENDER)].hits = 3
    state.decider = 1
    return state


def _titan_open_to(state: TitanState) -> list[str]:
    """The enemies free to move that could come into contact with the Titan in their next maneuver."""
    battle = state.battle
    land = battle.map
    titan = next(u for u in battle.units if u.name == "Titan")
    ours = [u.hex for u in battle.units if u.side == ATTACKER]
    open_to = []
    for unit in battle.units:
        if unit.side != DEFENDER or any(battlemap.in_contact(land, unit.hex, h) for h in ours):
            continue  # engaged: it may not move
        occupied = {u.hex for u in battle.units if u is not unit}
        reach = battlemap.reachable(land, unit.name, unit.hex, occupied, enemies=ours)
        if any(battlemap.in_contact(land, label, titan.hex) for label in reach):
            open_to.append(unit.name)
    return open_to


def test_the_trolls_pin_the_giants_that_would_reach_the_titan():
    """The Titan and two Trolls against a wounded Gargoyle and two fresh Giants (7 dice at 4 against a Titan).
    Strong finishes the Gargoyle and engages both Giants, so that neither may move at the Titan next phase
    (an engaged character may not move away). An earlier Standard left the Titan open to them; weighing
    the Titan's chance to die in each hex, it now keeps him covered too."""
    after = maneuver_phase(_giants_near_the_titan(), strong_choice)
    assert _titan_open_to(after) == []
    assert _titan_open_to(maneuver_phase(_giants_near_the_titan(), standard)) == []


def test_in_the_last_round_the_attacker_throws_everything_in():
    """Round 7: the attacker loses all on time unless the defender falls now. A Titan and an Ogre against a
    Colossus with two hits left: both go in (the Titan's 6 dice at 4 and the Ogre's at 6), whatever the
    Colossus does to them, since they are lost anyway if it lives."""
    state = fight(["Ogre", "Titan"], ["Colossus"])
    placed(state, ["Ogre", "Titan"], ["Colossus"], ["D6", "E5"], ["C3"], active=ATTACKER, round_number=7)
    state.battle.units[index_of(state, "Colossus", DEFENDER)].hits = 8
    state.decider = 1
    after = maneuver_phase(state, strong_choice)
    land = after.battle.map
    assert all(battlemap.in_contact(land, u.hex, "C3") for u in after.battle.units if u.side == ATTACKER)


def test_a_lone_attacking_titan_closes_in_while_there_is_time_to_win():
    """Found watching the duel: an attacking Titan left alone against a Cyclops (7 hits to go: two strikes of
    his 6 dice at 2) kept out of its reach round after round, struck only in the last one, and was lost on
    time with his legion. From round 5 (five strikes left, two of them needed) he closes in. (Standard closes
    in too; the first version of this play did not, before the attacker paid his chance of losing on time.)"""
    for round_number in (5, 6):
        state = fight(["Titan"], ["Cyclops"])
        placed(state, ["Titan"], ["Cyclops"], ["E2"], ["D5"], active=ATTACKER, round_number=round_number)
        state.battle.units[index_of(state, "Cyclops", DEFENDER)].hits = 2
        state.decider = 1
        after = maneuver_phase(state, strong_choice)
        titan = next(u for u in after.battle.units if u.name == "Titan")
        assert battlemap.in_contact(after.battle.map, titan.hex, "D5"), round_number


def test_its_decision_is_the_same_whatever_it_has_not_seen():
    """Battle decisions from real games, each taken again on copies where everything the seat has not seen is
    dealt again (and the dice to come drawn anew): the same decision every time."""
    from engine.core.bots import make_bot

    checked = 0
    for seed in (11, 12):
        state = GAME.new_game(2, seed=seed)
        bots = [make_bot(GAME, 1, seed * 7 + seat) for seat in range(2)]
        moves = 0
        while state.current_player is not None and moves < 3000 and checked < 40:
            seat = state.current_player
            if state.phase in (Phase.MANEUVER, Phase.STRIKE, Phase.CARRY):
                legal = GAME.legal_actions(state)
                if len(legal) > 1 and moves % 3 == 0:
                    mine, _ = strong(state, seat, legal)
                    for k in range(2):
                        copy = GAME.determinize(state, seat, Rng(1000 + k))
                        assert strong(copy, seat, GAME.legal_actions(copy))[0] == mine
                    checked += 1
            state = GAME.apply(state, bots[seat].choose(state, seat))
            moves += 1
    assert checked >= 20


def test_the_work_is_cut_in_slices():
    """A maneuver of several characters is planned in many small units (each a few placements scored)."""
    state = fight(["Troll", "Troll", "Ogre", "Ogre", "Titan"], ["Gargoyle", "Giant", "Lion", "Centaur"])
    _, units = strong(state, state.decider)  # the defender comes on: four characters to place
    assert units >= 10
    counted = []
    original = strong_battle.Evaluation.__call__

    def counting(self, placement):
        counted[-1] += 1
        return original(self, placement)

    strong_battle.Evaluation.__call__ = counting
    try:
        decision = strong_battle.decide(state, state.decider, GAME.legal_actions(state), Rng(0))
        counted.append(0)
        for _ in decision:
            counted.append(0)
    finally:
        strong_battle.Evaluation.__call__ = original
    assert sum(counted) > 3 * strong_battle.EVALS_PER_YIELD
    assert max(counted) <= strong_battle.EVALS_PER_YIELD


def test_an_angel_comes_from_the_donor_out_of_danger_never_stripping_the_titans_legion():
    """Two donors may send an Angel, each keeping two characters: the Titan's legion, which a stack of five
    giants could reach next turn, and a legion out of anyone's reach. The Angel comes from the one out of
    reach, whichever it is. Standard takes the first donor listed, whatever is near it."""
    from engine.titan import masterboard
    from engine.titan.actions import Summon
    from engine.titan.data import LANDS
    from tests.engine.titan.helpers import place

    def steps(start: int, land: int) -> int:
        return masterboard.fewest_steps(start, set(), set()).get(land, 99)

    for titans, safe in (("Bu02", "Bu03"), ("Bu03", "Bu02")):
        state = fight(["Ogre", "Ogre"], ["Gargoyle", "Ogre"])
        place(state, "Bu02", 1, 200, ["Angel", "Ogre", "Ogre"])
        place(state, "Bu03", 1, 300, ["Angel", "Ogre", "Ogre"])
        state.legions[titans].contents = ["Angel", "Ogre", "Titan"]
        home, away = state.legions[titans].land, state.legions[safe].land
        near = next(land for land in sorted(LANDS) if land not in (1, 100, 200, 300) and steps(land, home) <= 2
                    and steps(land, away) > 6)  # fmt: skip
        place(state, "Bk03", 0, near, ["Colossus", "Colossus", "Giant", "Giant", "Hydra"])
        set_battle(state, dict(enumerate(["C4", "F1", "C3", "A1"])), active=ATTACKER)
        state.battle.summon, state.decider = "offer", 1
        legal = GAME.legal_actions(state)
        assert [a for a in legal if a.donor] == [
            Summon(donor="Bu02", angel="Angel"),
            Summon(donor="Bu03", angel="Angel"),
        ]
        assert strong(state, 1, legal)[0] == Summon(donor=safe, angel="Angel")
        if titans == "Bu02":
            assert choose_standard(state, 1, legal, None).donor == titans  # Standard's mistake

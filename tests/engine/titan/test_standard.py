"""Standard (level 1), issue 13's last items: hand-built positions where the right play is clear, each failing
on the Standard before them (the first split fixed whatever the Tower, no higher strike number ever)."""

from __future__ import annotations

from engine.titan import ai, battlemap, masterboard
from engine.titan.actions import Split, Strike
from engine.titan.battle import ATTACKER, DEFENDER
from engine.titan.data import LANDS, TOWERS
from engine.titan.state import Phase
from tests.engine.titan.test_baseline import _moving
from tests.engine.titan.test_battle import fight, index_of, set_battle
from tests.engine.titan.test_flow import GAME, act, new, place


def _first_split_from(tower: int) -> tuple:
    """The first player's first split with his legion standing in `tower` (the other's across the board)."""
    state = new(2)
    seat = state.decider
    mine = next(lg for lg in state.legions.values() if lg.owner == seat)
    other = next(lg for lg in state.legions.values() if lg.owner != seat)
    mine.land = tower
    other.land = TOWERS[(TOWERS.index(tower) + 3) % len(TOWERS)]  # the Tower across the board
    return state, seat


def _parted(state, seat) -> str:
    """The creature of which one goes with each half (the pair the split breaks)."""
    chosen = ai.choose(state, seat, GAME.legal_actions(state), None)
    assert isinstance(chosen, Split)
    leaving = [name for name in chosen.leaving if name != "Angel"]
    return next(name for name in leaving if leaving.count(name) == 1)


def test_the_first_split_keeps_the_pairs_its_tower_lets_recruit_up():
    """From Tower 600 a roll of 1, 2, 3 or 5 reaches a Brush or a Jungle (two Gargoyles muster a Cyclops, 18),
    1, 3, 4 or 6 a Marsh (two Ogres: a Troll, 16), only 1, 4 or 6 a Plains (two Centaurs: a Lion, 15): the
    Centaurs are parted. Standard parted the Gargoyles wherever it stood."""
    state, seat = _first_split_from(600)
    assert _parted(state, seat) == "Centaur"


def test_the_first_split_weighs_what_can_still_be_recruited():
    """The same Tower with no Cyclops left to muster: the Gargoyles' pair gains nothing, so they are parted."""
    state, seat = _first_split_from(600)
    state.stock["Cyclops"] = 0
    assert _parted(state, seat) == "Gargoyle"


def test_the_turns_one_teleport_goes_to_the_legion_it_helps_most():
    """A 6: two legions with an Angel stand in Towers. From Tower 200 the Gargoyles reach no Brush or Jungle
    (Woods, Plains, Marsh) but a tower teleport takes them to one (a Cyclops); from Tower 600 the Warbears
    reach a Woods or a Tundra by a normal move as well as by teleport. Only one legion may teleport: the
    Gargoyles. Standard teleported the Warbears, whose teleport topped the list by a point, and left the
    Gargoyles nothing to muster."""
    state = _moving(6)
    place(state, "Bk01", 0, 200, ["Angel", "Gargoyle", "Gargoyle"])
    place(state, "Bk02", 0, 600, ["Angel", "Warbear", "Warbear"])
    place(state, "Bk03", 0, 400, ["Titan"]).moved = True
    place(state, "Bu01", 1, 100, ["Titan"])
    assert not any(LANDS[land].terrain in ("Brush", "Jungle") for land in masterboard.destination_lands(200, 6))
    while state.phase == Phase.MOVE:
        state = act(state, ai.choose(state, 0, GAME.legal_actions(state), None))
    assert state.legions["Bk01"].teleport == "tower"
    assert LANDS[state.legions["Bk01"].land].terrain in ("Brush", "Jungle")
    assert state.legions["Bk02"].moved and not state.legions["Bk02"].teleport


def test_a_higher_strike_number_where_the_carry_it_opens_pays():
    """A Behemoth (8 dice, skill 3) touches a Serpent with one hit left (it needs a 3) and a Unicorn with two
    left (a 5). Striking the Serpent at 3 kills it and nothing more: no enemy it touches needs 3 or less, so no
    hit carries. Announcing the Unicorn's 5 still kills the Serpent 96% of the time and carries the hits beyond
    the first to the Unicorn, killing it too 53% of the time (struck directly at 5 the Unicorn dies 80% of the
    time but the Serpent only 53%: worth less)."""
    state = fight(["Behemoth"], ["Serpent", "Unicorn"])
    behemoth = index_of(state, "Behemoth", ATTACKER)
    serpent, unicorn = index_of(state, "Serpent", DEFENDER), index_of(state, "Unicorn", DEFENDER)
    set_battle(state, {behemoth: "C3", serpent: "D3", unicorn: "C2"}, active=ATTACKER)
    state.battle.units[serpent].hits, state.battle.units[unicorn].hits = 17, 4
    state.battle.step = "strike"
    state.phase, state.decider = Phase.STRIKE, 1
    land = state.battle.map
    assert battlemap.strike_terms(land, "Behemoth", "C3", "Serpent", "D3").strike_number == 3
    assert battlemap.strike_terms(land, "Behemoth", "C3", "Unicorn", "C2").strike_number == 5
    legal = GAME.legal_actions(state)
    assert Strike(unit=behemoth, target=serpent, number=5) in legal
    assert ai.choose(state, 1, legal, None) == Strike(unit=behemoth, target=serpent, number=5)


def test_no_higher_strike_number_where_it_costs_the_kill_more_than_the_carry_brings():
    """A Gargoyle (4 dice, skill 3) touches an Ogre with two hits left (it needs a 3) and a fresh Ranger (a 5).
    At 3 it kills the Ogre 89% of the time; announcing the Ranger's 5 would drop that to 41% for a hit or two on
    the Ranger now and then."""
    state = fight(["Gargoyle"], ["Ogre", "Ranger"])
    gargoyle = index_of(state, "Gargoyle", ATTACKER)
    ogre, ranger = index_of(state, "Ogre", DEFENDER), index_of(state, "Ranger", DEFENDER)
    set_battle(state, {gargoyle: "C3", ogre: "D3", ranger: "C2"}, active=ATTACKER)
    state.battle.units[ogre].hits = 4
    state.battle.step = "strike"
    state.phase, state.decider = Phase.STRIKE, 1
    legal = GAME.legal_actions(state)
    assert Strike(unit=gargoyle, target=ogre, number=5) in legal
    assert ai.choose(state, 1, legal, None) == Strike(unit=gargoyle, target=ogre, number=3)

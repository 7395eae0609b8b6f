"""Standard (level 1), its last reported slips: hand-built positions where the right play is clear, each failing
on the Standard before them (the first split fixed whatever the Tower, no higher strike number ever)."""

from __future__ import annotations

from engine.titan import battlemap, masterboard
from engine.titan.actions import Split, Strike
from engine.titan.ai import reckoning, standard
from engine.titan.data import LANDS, TOWERS
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase
from tests.engine.titan.helpers import GAME, act, fight, index_of, moving, new, place, set_battle


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
    chosen = standard.choose(state, seat, GAME.legal_actions(state), None)
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
    state = moving(6)
    place(state, "Bk01", 0, 200, ["Angel", "Gargoyle", "Gargoyle"])
    place(state, "Bk02", 0, 600, ["Angel", "Warbear", "Warbear"])
    place(state, "Bk03", 0, 400, ["Titan"]).moved = True
    place(state, "Bu01", 1, 100, ["Titan"])
    assert not any(LANDS[land].terrain in ("Brush", "Jungle") for land in masterboard.destination_lands(200, 6))
    while state.phase == Phase.MOVE:
        state = act(state, standard.choose(state, 0, GAME.legal_actions(state), None))
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
    assert standard.choose(state, 1, legal, None) == Strike(unit=behemoth, target=serpent, number=5)


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
    assert standard.choose(state, 1, legal, None) == Strike(unit=gargoyle, target=ogre, number=3)


# -- attacks by the odds of the battle, teleports in an enemy's reach


def _attack_in(terrain: str, mine: list[str], theirs: list[str]):
    """Ann's legion one roll from Bob's on a land of `terrain` (Bob's legion seen whole), and the attack move."""
    for target in sorted(LANDS):
        if LANDS[target].terrain != terrain:
            continue
        for start in sorted(LANDS):
            if start == target or LANDS[start].is_tower:
                continue
            for roll in range(1, 7):
                if target in masterboard.destination_lands(start, roll, enemy={target}):
                    state = moving(roll)
                    place(state, "Bk01", 0, start, mine)
                    place(state, "Bk02", 0, 100 if start // 100 != 1 else 300, ["Titan"])
                    place(state, "Bu01", 1, target, theirs).reveal([0])
                    place(state, "Bu02", 1, 500 if target // 100 != 5 else 200, ["Titan"])
                    attack = next(a for a in GAME.legal_actions(state) if a.kind == "move" and a.land == target)
                    return state, attack
    raise AssertionError("no such position")


def test_an_attack_is_made_by_the_odds_of_the_battle_not_the_strength_ratio(monkeypatch):
    # three Trolls (48) against two Cyclops (36) in their Jungle: a third stronger, but the Cyclops win most of
    # these battles (natives in the Brambles)
    state, attack = _attack_in("Jungle", ["Troll", "Troll", "Troll"], ["Cyclops", "Cyclops"])
    threats = reckoning.threats(state, 0, True)
    assert standard._attack_odds(state, 0, "Bk01", "Bu01", attack.land, 1) < standard.ATTACK_ODDS
    assert standard._move_value(state, 0, attack, threats, None, 1) == -1000.0
    monkeypatch.setattr(standard, "ATTACK_ODDS", 0.0)  # the strength ratio alone (1.25) would attack
    assert standard._move_value(state, 0, attack, threats, None, 1) > -1000.0


def test_an_enemys_reach_counts_his_titan_teleport_and_his_tower_teleport():
    state = moving(3)
    far = next(
        land
        for land in sorted(LANDS)
        if not LANDS[land].is_tower
        and land not in masterboard.fewest_steps(600, {land}, set())
        and land not in masterboard.lands_within(600, 6)
    )
    place(state, "Bk01", 0, far, ["Titan", "Ogre", "Ogre"])
    titan = place(state, "Bu01", 1, 600, ["Titan", "Angel", "Troll"])
    titan.reveal([0, 1])  # Ann has seen his Titan and his Angel
    state.players[1].score = 400
    near = reckoning.threats(state, 0, False)[0][1]
    assert far not in near  # no normal move reaches Ann's land from Tower 600
    reach = reckoning.threats(state, 0, True)[0][1]
    assert reach[far] == 1  # his Titan teleports onto Ann's legion on a 6
    assert all(reach.get(tower, 0) >= 1 for tower in TOWERS if tower != 600)  # the Angel's tower teleport
    state.players[1].score = 399
    assert far not in reckoning.threats(state, 0, True)[0][1]


def test_in_battle_a_character_weighs_its_chance_to_die_and_the_kills_it_helps_make():
    from engine.titan.ai import standard_battle

    state = fight(["Titan", "Troll", "Troll"], ["Ogre", "Ogre"])
    titan = index_of(state, "Titan", ATTACKER)
    trolls = [i for i, u in enumerate(state.battle.units) if u.name == "Troll"]
    ogres = [i for i, u in enumerate(state.battle.units) if u.side == DEFENDER]
    set_battle(state, {ogres[0]: "D3", ogres[1]: "C3", titan: "E3"}, active=ATTACKER, round_number=2)
    state.battle.units[titan].hits = 4  # two hits left: the Ogres beside him could kill him

    def value(index: int, label: str, weigh: bool) -> float:
        return standard_battle._hex_value(state, state.battle, index, label, ATTACKER, False, weigh)

    # the Titan's chance to die (with the game at stake) keeps him off the hex beside both Ogres
    assert value(titan, "D4", True) < value(titan, "E5", True) - 20
    # a Troll beside an Ogre another Troll already strikes: its blows add to a likelier kill
    state.battle.units[ogres[0]].hits = 3
    state.battle.units[ogres[1]].hex = "A1"  # out of the way
    state.battle.units[titan].hex = "F1"
    alone = value(trolls[0], "D4", True)
    state.battle.units[trolls[1]].hex = "E3"  # beside the Ogre on D3 as well
    assert standard_battle._allies_blows(state, state.battle, trolls[0], state.battle.units[ogres[0]])
    assert value(trolls[0], "D4", True) < alone  # the kill is likely without it: it helps less

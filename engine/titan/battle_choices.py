"""What the side to act in a battle may do [10-15]: the legal maneuvers, strikes, rangestrikes, carries and the
summon or reinforcement on offer. Queries only: carrying a decision out is `battle.py`.
"""

from __future__ import annotations

from engine.core import Action
from engine.titan import battlemap, engagements, recruiting, sight
from engine.titan.actions import (
    Carry,
    Concede,
    EndManeuver,
    EndStrikes,
    Maneuver,
    Rangestrike,
    Reinforce,
    Strike,
    Summon,
)
from engine.titan.battle_state import Battle, battle_of, legion_of, other_side, unit_power
from engine.titan.data import CREATURES, MAX_LEGION
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase, TitanState

# -- legal actions -------------------------------------------------------------------------------------------------


def legal_actions(state: TitanState) -> list[Action]:
    """The decisions of the battle's side to act, in a stable order."""
    battle = battle_of(state)
    if state.phase == Phase.CARRY:
        return [Carry(target=t) for t in battle.carrying().targets] + [Carry(target=-1)]
    if state.phase == Phase.MANEUVER:
        actions = _reinforce_or_summon_actions(state, battle)
        if actions:
            return actions
        ending = [] if _placing_in_tower(battle) else [EndManeuver()]
        return [*maneuver_actions(state, battle), *ending, Concede()]
    return [*strike_actions(state, battle), *([EndStrikes()] if not must_strike(battle) else []), Concede()]


def _placing_in_tower(battle: Battle) -> bool:
    """The Tower's defender sets up inside the walls in place of his first maneuver: all of them [10.2]."""
    return (
        battle.active == DEFENDER
        and battle.map.is_tower
        and not battle.entered[DEFENDER]
        and any(unit.side == DEFENDER and unit.hex is None for unit in battle.units)
    )


def _reinforce_or_summon_actions(state: TitanState, battle: Battle) -> list[Action]:
    """At the start of a maneuver phase, the reinforcement or the summon on offer (none if it cannot be had:
    the offer then lapses with the side's first move; `battle._lapse_offers`). No side effects: a query."""
    if battle.reinforce == "offer" and battle.active == DEFENDER:
        legion = legion_of(state, battle, DEFENDER)
        living = [battle.units[i].name for i in battle.living(DEFENDER)]
        options = recruiting.reinforcements(battle.terrain, living, state.stock) if len(living) < MAX_LEGION else []
        if options and not legion.mustered:
            return [*(Reinforce(creature=m.recruit) for m in options), Reinforce()]
    if battle.summon == "offer" and battle.active == ATTACKER:
        attacker = legion_of(state, battle, ATTACKER)
        donors = engagements.summon_donors(state, attacker) if len(battle.living(ATTACKER)) < MAX_LEGION else []
        if donors and not state.summoned:
            return [*(Summon(donor=d, angel=a) for d, a in donors), Summon()]
    return []


def maneuver_actions(state: TitanState, battle: Battle) -> list[Maneuver]:
    """Every (character, hex) move of the side maneuvering."""
    side = battle.active
    terrain = battle.map
    actions = []
    enemies = [unit.hex for unit in battle.units if unit.side != side and unit.hex is not None]
    for index, unit in enumerate(battle.units):
        if unit.side != side or unit.done or unit.slain:
            continue
        if unit.hex is None:
            if battle.entered[side] and not _arriving(battle, index):
                continue
            if side == DEFENDER and terrain.is_tower and not battle.entered[DEFENDER]:
                hexes = [h for h in terrain.defender_start if h not in battle.occupied()]
                actions.extend(Maneuver(unit=index, hex=h) for h in hexes)
                continue
            edge = battle.attacker_edge if side == ATTACKER else battle.defender_edge
            reach = battlemap.reachable(terrain, unit.name, None, battle.occupied(index), edge=edge, enemies=enemies)
        else:
            reach = battlemap.reachable(terrain, unit.name, unit.hex, battle.occupied(index), enemies=enemies)
        actions.extend(Maneuver(unit=index, hex=h) for h in sorted(reach))
    return actions


def _arriving(battle: Battle, index: int) -> bool:
    """A summoned angel or a reinforcement waiting to enter this maneuver phase."""
    return battle.units[index].hex is None and not battle.units[index].done and battle.arriving() == index


def in_contact_enemies(battle: Battle, index: int) -> list[int]:
    """Enemies (slain this phase included) in contact with a character on the battleland."""
    unit = battle.units[index]
    if unit.hex is None:
        return []
    return [
        i
        for i, other in enumerate(battle.units)
        if other.side != unit.side and other.hex is not None and battlemap.in_contact(battle.map, unit.hex, other.hex)
    ]


def striking_side(battle: Battle) -> str:
    """Whose characters strike now: the active side, then (strikeback) the other."""
    return battle.active if battle.step == "strike" else other_side(battle.active)


def must_strike(battle: Battle) -> list[int]:
    """The characters that still owe a strike: in contact with a living enemy and not struck yet [12.0]."""
    side = striking_side(battle)
    return [
        i
        for i in battle.on_board(side)
        if not battle.units[i].done and any(not battle.units[e].slain for e in in_contact_enemies(battle, i))
    ]


def strike_actions(state: TitanState, battle: Battle) -> list[Action]:
    """Every strike (target and the strike numbers that may be announced) and rangestrike of the striking side."""
    side = striking_side(battle)
    terrain = battle.map
    actions: list[Action] = []
    for index in battle.on_board(side):
        unit = battle.units[index]
        if unit.done or unit.hex is None:
            continue
        contacts = [e for e in in_contact_enemies(battle, index) if not battle.units[e].slain]
        power = unit_power(state, battle, unit)
        enemies = {battle.units[e].hex: battle.units[e].name for e in contacts}
        for target in contacts:
            other = battle.units[target]
            numbers = battlemap.announceable_strike_numbers(
                terrain,
                unit.name,
                unit.hex,
                other.name,
                other.hex,
                enemies,
                power=power,
            )
            actions.extend(Strike(unit=index, target=target, number=n) for n in numbers)
        rangestrikes = CREATURES[unit.name].rangestrikes and side == battle.active and battle.step == "strike"
        if rangestrikes and not in_contact_enemies(battle, index):
            living = {
                battle.units[e].hex: battle.units[e].name
                for e in battle.on_board(other_side(side))
                if not battle.units[e].slain
            }
            targets = sight.rangestrike_targets(terrain, unit.name, unit.hex, living, battle.occupied())
            for label in sorted(targets):
                target = next(e for e in battle.on_board(other_side(side)) if battle.units[e].hex == label)
                actions.append(Rangestrike(unit=index, target=target))
    return actions

"""A battle of Titan [10-15]: entering, maneuvering, striking and carrying, rangestriking, drift, the
attacker's summoned angel and the defender's reinforcement, in the order of its phases.

Each battle round: the defender's maneuver phase, a strike phase (the defender strikes and may
rangestrike, then the attacker strikes back), the attacker's maneuver phase, a strike phase (the other way
round). Characters slain in a strike phase strike on until its end, then leave. The modules beside this one,
each importing only the ones below it: `battle_state.py` the battle's record, `battle_choices.py` what may be
done, `battle_end.py` how a battle ends and what it is worth; the geometry and the hazards are `battlemap.py`
and `sight.py`, the masterboard around the battle `flow.py` and `engagements.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action
from engine.core.records import NoDecision
from engine.titan import battle_end, battlemap, engagements, flow, sight
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

# The battle's record and its queries are imported from here by the computer players, the invariants and the
# tests, as they were when this module held them all.
from engine.titan.battle_choices import (
    in_contact_enemies,
    legal_actions,
    maneuver_actions,
    must_strike,
    strike_actions,
    striking_side,
)
from engine.titan.battle_end import concede, end_battle
from engine.titan.battle_state import (
    Arrival,
    Battle,
    CarryOver,
    Unit,
    battle_of,
    label,
    legion_of,
    other_side,
    seat_of,
    unit_power,
)
from engine.titan.battle_titan.warmongering import battle_titan
from engine.titan.data import BATTLE_ROUNDS, REINFORCEMENT_ROUND
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Phase, TitanState

__all__ = [
    "PLAYS",
    "Battle",
    "Unit",
    "begin_maneuver",
    "begin_strike",
    "concede",
    "end_battle",
    "end_maneuver",
    "end_strikes",
    "in_contact_enemies",
    "legal_actions",
    "maneuver_actions",
    "must_strike",
    "other_side",
    "start",
    "strike_actions",
    "striking_side",
    "unit_power",
]

# -- starting ----------------------------------------------------------------------------------------------------


def start(state: TitanState) -> None:
    """The battle is fought: both legions are shown to everyone; the defender's first maneuver phase. Terms
    refused by fighting leave the engagement's record: only its two players saw them, and nothing needs them now
    (a third seat's sampled world would otherwise hold them as they were)."""
    attacker, defender = flow.engagement_legions(state)
    terms = state.engagement_now()
    terms.proposals, terms.proposer, terms.eliminated, terms.losses = 0, -1, "", []
    everyone = range(state.num_players)
    attacker.reveal(everyone)
    defender.reveal(everyone)
    battle = Battle.begun(attacker.land, attacker, defender)
    state.battle = battle
    state.phase = Phase.MANEUVER
    state.decider = defender.owner
    state.log.append(
        f"Battle in {battle.land} ({battle.terrain}): {attacker.marker} ({', '.join(attacker.contents)}) "
        f"attacks {defender.marker} ({', '.join(defender.contents)})."
    )
    begin_maneuver(state)


# -- playing ---------------------------------------------------------------------------------------------------------


# The battle's decisions and the play of each: the battle phases' rows of `phases.FLOW` take theirs from here.
PLAYS: dict[type[Action], Callable[[TitanState, Any], None]] = {
    Reinforce: lambda state, action: _reinforce(state, battle_of(state), action.creature),
    Summon: lambda state, action: _summon(state, battle_of(state), action.donor, action.angel),
    Maneuver: lambda state, action: _maneuver(state, battle_of(state), action.unit, action.hex),
    EndManeuver: lambda state, _action: end_maneuver(state),
    Strike: lambda state, action: _strike(state, battle_of(state), action.unit, action.target, action.number),
    Rangestrike: lambda state, action: _rangestrike(state, battle_of(state), action.unit, action.target),
    Carry: lambda state, action: _carry(state, battle_of(state), action.target),
    EndStrikes: lambda state, _action: end_strikes(state),
    Concede: lambda state, _action: concede(state),
}


def _lapse_offers(battle: Battle) -> None:
    """The side to maneuver moves on without the offer it could not take up: the chance is gone."""
    if battle.active == DEFENDER and battle.reinforce == "offer":
        battle.reinforce = "used"
    if battle.active == ATTACKER and battle.summon == "offer":
        battle.summon = "used"


def _maneuver(state: TitanState, battle: Battle, index: int, label: str) -> None:
    _lapse_offers(battle)
    unit = battle.units[index]
    start = unit.hex
    unit.hex, unit.done = label, True
    if battle.arriving() == index:
        battle.carry = NoDecision()
    verb = "enters on" if start is None else f"moves from {start} to"
    state.log.append(f"{unit.name} {verb} {label}.")


def begin_maneuver(state: TitanState) -> None:
    """A maneuver phase begins: the defender's 4th may first muster a reinforcement; the attacker's may first
    summon an angel after the first strike phase that slew a defender."""
    battle = battle_of(state)
    state.phase = Phase.MANEUVER
    battle.step = "maneuver"
    state.decider = seat_of(state, battle, battle.active)
    for unit in battle.units:
        unit.done = False
    battle.last_roll = {}
    if battle.active == DEFENDER and battle.round == REINFORCEMENT_ROUND and battle.reinforce == "no":
        battle.reinforce = "offer"
    state.log.append(f"Round {battle.round}: {legion_of(state, battle, battle.active).marker} maneuvers.")


def _reinforce(state: TitanState, battle: Battle, creature: str) -> None:
    battle.reinforce = "used"
    if not creature:
        state.log.append(f"{battle.defender} musters no reinforcement.")
        return
    legion = legion_of(state, battle, DEFENDER)
    flow.muster_into(state, legion, creature)
    battle.units.append(Unit(name=creature, side=DEFENDER))
    battle.carry = Arrival(arriving=len(battle.units) - 1)


def _summon(state: TitanState, battle: Battle, donor: str, angel: str) -> None:
    battle.summon = "used"
    if not donor:
        state.log.append(f"{battle.attacker} summons no angel.")
        return
    giver = state.legions[donor]
    legion = legion_of(state, battle, ATTACKER)
    giver.reveal(range(state.num_players), [angel])
    giver.remove(angel)
    legion.add(angel)
    legion.reveal(range(state.num_players), [angel])
    state.summoned = True
    battle.units.append(Unit(name=angel, side=ATTACKER))
    battle.carry = Arrival(arriving=len(battle.units) - 1, donor=donor)
    state.log.append(f"{battle.attacker} summons the {angel} of {donor}.")
    if not giver.contents:
        engagements.remove_legion(state, giver, slain=False)


def end_maneuver(state: TitanState) -> None:
    """The maneuver phase ends: characters that never entered in their side's first one are eliminated; an
    arrival that did not come on goes back (an angel to its legion, a reinforcement to the stock)."""
    battle = battle_of(state)
    _lapse_offers(battle)
    side = battle.active
    arrival = battle.carry
    if isinstance(arrival, Arrival) and battle.units[arrival.arriving].hex is None:
        unit = battle.units.pop(arrival.arriving)
        legion = legion_of(state, battle, side)
        legion.remove(unit.name)
        donor = arrival.donor
        if donor and donor in state.legions:
            state.legions[donor].add(unit.name)
            state.summoned = False  # it does not count as the phase's summon
            state.log.append(f"The {unit.name} could not come on: it goes back to {donor}.")
        else:
            state.stock[unit.name] += 1
            legion.mustered = False  # nor as the legion's muster [9]
            state.log.append(f"The {unit.name} could not come on: it goes back to the stock.")
        battle.carry = NoDecision()
    if not battle.entered[side]:
        battle.entered[side] = True
        if battle_titan(state):  # they took no part: held off until the battle is decided [Battle Titan, 2.B.3]
            stayed = [u for u in battle.units if u.side == side and u.hex is None and not u.slain]
            for unit in stayed:
                legion_of(state, battle, side).remove(unit.name)
                battle.units.remove(unit)
                battle.off[side].append(unit.name)
            if stayed:
                names, marker = ", ".join(sorted(unit.name for unit in stayed)), legion_of(state, battle, side).marker
                state.log.append(
                    f"{names} never came on the battleland: back to the stock if {marker} wins, killed if it loses "
                    "(Battle Titan)."
                )
        for unit in battle.units:
            if unit.side == side and unit.hex is None and not unit.slain:
                unit.slain = True
                state.log.append(f"{unit.name} never came on the battleland and is eliminated.")
        battle_end.remove_slain(state, battle)
        if battle_end.battle_over(state, battle):
            return
    begin_strike(state)


def begin_strike(state: TitanState) -> None:
    """A strike phase begins: drift damage, then the active side strikes."""
    battle = battle_of(state)
    battle.step = "strike"
    battle.kill_this_phase = False
    for unit in battle.units:
        unit.done = False
    terrain = battle.map
    for index, unit in enumerate(battle.units):
        if unit.hex is not None and battlemap.takes_drift_damage(terrain, unit.name, unit.hex):
            _damage(state, battle, index, 1)
            state.log.append(f"{unit.name} takes a hit from the drift ({unit.hits}).")
    state.phase = Phase.STRIKE
    state.decider = seat_of(state, battle, battle.active)
    if not strike_actions(state, battle):
        end_strikes(state)  # nobody can strike: nothing to decide


def _damage(state: TitanState, battle: Battle, index: int, hits: int) -> int:
    """Hits on a character; returns the hits beyond what slew it (0 if it still stands)."""
    unit = battle.units[index]
    power = unit_power(state, battle, unit)
    unit.hits += hits
    if unit.hits >= power and not unit.slain:
        unit.slain = True
        if unit.side == DEFENDER:
            battle.kill_this_phase = True
        state.log.append(f"{unit.name} is slain.")
        extra = unit.hits - power
        unit.hits = power
        return extra
    return 0


def _roll(state: TitanState, dice: int, number: int) -> tuple[list[int], int]:
    rolls = [flow.roll_die(state) for _ in range(max(0, dice))]
    return rolls, sum(1 for r in rolls if r >= max(1, number))


def _strike(state: TitanState, battle: Battle, index: int, target: int, number: int) -> None:
    unit, other = battle.units[index], battle.units[target]
    power = unit_power(state, battle, unit)
    terms = battlemap.strike_terms(battle.map, unit.name, unit.hex, other.name, other.hex, power=power)  # type: ignore[arg-type]
    rolled = battlemap.StrikeTerms(terms.dice, number, terms.bonuses, terms.up_dune)
    rolls, hits = _roll(state, terms.dice, number)
    unit.done = True
    _remember_roll(battle, "strike", index, target, number, rolls, hits)
    state.log.append(
        f"{label(battle, index)} strikes {label(battle, target)}: needs {number}, rolls "
        f"{', '.join(map(str, rolls))}: {hits} hit{'s' if hits != 1 else ''}."
    )
    extra = _damage(state, battle, target, hits)
    if extra:
        targets = _carry_targets(state, battle, index, target, rolled)
        if targets:
            battle.carry = CarryOver(striker=index, hits=extra, number=number, targets=targets)
            state.phase = Phase.CARRY
            return
    _after_strike(state, battle)


def _carry_targets(
    state: TitanState, battle: Battle, index: int, first: int, rolled: battlemap.StrikeTerms
) -> list[int]:
    unit = battle.units[index]
    power = unit_power(state, battle, unit)
    targets = []
    for other_index in in_contact_enemies(battle, index):
        other = battle.units[other_index]
        if other_index == first or other.slain:
            continue
        terms = battlemap.strike_terms(battle.map, unit.name, unit.hex, other.name, other.hex, power=power)  # type: ignore[arg-type]
        if battlemap.can_carry(rolled, terms):
            targets.append(other_index)
    return targets


def _carry(state: TitanState, battle: Battle, target: int) -> None:
    carry = battle.carrying()
    battle.carry = NoDecision()
    state.phase = Phase.STRIKE
    if target < 0:
        state.log.append("The extra hits are not carried.")
        _after_strike(state, battle)
        return
    state.log.append(f"{carry.hits} hit{'s' if carry.hits != 1 else ''} carried to {label(battle, target)}.")
    extra = _damage(state, battle, target, carry.hits)
    others = [t for t in carry.targets if t != target and not battle.units[t].slain]
    if extra and others:  # still more: on to a third enemy under the same test
        carry.hits, carry.targets = extra, others
        battle.carry = carry
        state.phase = Phase.CARRY
        return
    _after_strike(state, battle)


def _rangestrike(state: TitanState, battle: Battle, index: int, target: int) -> None:
    unit, other = battle.units[index], battle.units[target]
    power = unit_power(state, battle, unit)
    terms = sight.rangestrike_terms(
        battle.map,
        unit.name,
        unit.hex,
        other.name,
        other.hex,
        battle.occupied(),
        power=power,
    )
    rolls, hits = _roll(state, terms.dice, terms.strike_number)
    unit.done = True
    _remember_roll(battle, "rangestrike", index, target, terms.strike_number, rolls, hits)
    state.log.append(
        f"{label(battle, index)} rangestrikes {label(battle, target)}: needs {terms.strike_number}, rolls "
        f"{', '.join(map(str, rolls))}: {hits} hit{'s' if hits != 1 else ''}."
    )
    _damage(state, battle, target, hits)  # rangestrikes never carry
    _after_strike(state, battle)


def _remember_roll(
    battle: Battle, kind: str, index: int, target: int, number: int, rolls: list[int], hits: int
) -> None:
    """The strike's dice, for the map: by names and hexes (indices change when the slain leave)."""
    striker, struck = battle.units[index], battle.units[target]
    battle.last_roll = {
        "kind": kind,
        "striker": striker.name,
        "from": striker.hex,
        "target": struck.name,
        "at": struck.hex,
        "number": number,
        "rolls": list(rolls),
        "hits": hits,
    }


def _after_strike(state: TitanState, battle: Battle) -> None:
    """Nothing to do after a strike but wait for the next one (the striking side ends the phase)."""
    state.phase = Phase.STRIKE
    state.decider = seat_of(state, battle, striking_side(battle))


def end_strikes(state: TitanState) -> None:
    """The striking side is done: the other strikes back; after that the phase ends and the slain leave."""
    battle = battle_of(state)
    if battle.step == "strike":
        battle.step = "strikeback"
        for unit in battle.units:
            unit.done = False
        state.decider = seat_of(state, battle, striking_side(battle))
        if must_strike(battle) or strike_actions(state, battle):
            return
    # the strike phase is over
    if battle.kill_this_phase and battle.summon == "no":
        battle.summon = "offer"  # at the attacker's next maneuver phase [15]
    battle_end.remove_slain(state, battle)
    if battle_end.battle_over(state, battle):
        return
    if battle.active == DEFENDER:
        battle.active = ATTACKER
    else:
        battle.active = DEFENDER
        battle.round += 1
        if battle.round > BATTLE_ROUNDS:
            battle_end.time_loss(state, battle)
            return
    begin_maneuver(state)

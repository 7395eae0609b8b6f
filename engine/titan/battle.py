"""A battle of Titan [10-15]: entering, maneuvering, striking and carrying, rangestriking, drift, the
attacker's summoned angel and the defender's reinforcement, time loss, and how the battle ends.

Each battle round: the defender's maneuver phase, a strike phase (the defender strikes and may
rangestrike, then the attacker strikes back), the attacker's maneuver phase, a strike phase (the other way
round). Characters slain in a strike phase strike on until its end, then leave. The geometry and the
hazards are `battlemap.py` and `sight.py`; the masterboard consequences of the result are `flow.py`.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.core.positions import copy_flat
from engine.titan import battlemap, flow, recruiting, sight
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
from engine.titan.data import (
    BATTLE_ROUNDS,
    BATTLELANDS,
    CREATURES,
    LANDS,
    MAX_LEGION,
    REINFORCEMENT_ROUND,
    TITAN,
    TOWER_DEFENDER_EDGE,
    Battleland,
    character_value,
    power_of,
)
from engine.titan.state import Legion, Phase, TitanState

ATTACKER = "attacker"
DEFENDER = "defender"


def other_side(side: str) -> str:
    return DEFENDER if side == ATTACKER else ATTACKER


class Unit:
    """A character of the battle: its side, its hex (None until it enters), hits taken, what it did this phase."""

    __slots__ = ("done", "hex", "hits", "name", "side", "slain")

    def __init__(self, name: str, side: str) -> None:
        self.name = name
        self.side = side
        self.hex: str | None = None
        self.hits = 0
        self.slain = False  # slain this strike phase: it strikes on until the phase ends, then leaves
        self.done = False  # moved this maneuver phase, or struck this strike phase

    def copy(self) -> Unit:
        new = Unit.__new__(Unit)
        new.name, new.side, new.hex, new.hits, new.slain, new.done = (
            self.name,
            self.side,
            self.hex,
            self.hits,
            self.slain,
            self.done,
        )
        return new

    def snapshot(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "hex": self.hex, "hits": self.hits, "slain": self.slain,
                "done": self.done}  # fmt: skip


class Battle:
    """The state of one battle."""

    __slots__ = (
        "active",
        "attacker",
        "attacker_edge",
        "carry",
        "defender",
        "defender_edge",
        "entered",
        "gone",
        "kill_this_phase",
        "land",
        "last_roll",
        "reinforce",
        "round",
        "step",
        "summon",
        "units",
    )

    def __init__(self, land: int, attacker: Legion, defender: Legion) -> None:
        self.land = land
        self.attacker = attacker.marker
        self.defender = defender.marker
        self.attacker_edge = attacker.attack_edge if attacker.attack_edge >= 0 else 3
        self.defender_edge = TOWER_DEFENDER_EDGE if LANDS[land].is_tower else (self.attacker_edge + 3) % 6
        self.round = 1
        self.active = DEFENDER  # whose maneuver or strike phase it is
        self.step = "maneuver"  # "maneuver", "strike" (the active side strikes) or "strikeback"
        self.units = [Unit(name, DEFENDER) for name in defender.contents] + [
            Unit(name, ATTACKER) for name in attacker.contents
        ]
        self.entered = {ATTACKER: False, DEFENDER: False}  # the side's first maneuver phase is over
        self.carry: dict[str, Any] = {}  # hits left over after a kill, waiting to be placed
        self.gone: dict[str, list[str]] = {ATTACKER: [], DEFENDER: []}  # characters lost, for the points
        self.kill_this_phase = False  # a defending character was slain in this strike phase
        self.summon = "no"  # "no", "offer" (at the attacker's next maneuver), "used"
        self.reinforce = "no"  # "no", "offer" (now), "used"
        self.last_roll: dict[str, Any] = {}  # the last strike's dice, shown on the map until the next maneuver

    def copy(self) -> Battle:
        new = Battle.__new__(Battle)
        new.land, new.attacker, new.defender = self.land, self.attacker, self.defender
        new.attacker_edge, new.defender_edge = self.attacker_edge, self.defender_edge
        new.round, new.active, new.step = self.round, self.active, self.step
        new.units = [unit.copy() for unit in self.units]
        new.entered = dict(self.entered)
        new.carry = copy_flat(self.carry)
        new.gone = {side: list(names) for side, names in self.gone.items()}
        new.kill_this_phase, new.summon, new.reinforce = self.kill_this_phase, self.summon, self.reinforce
        new.last_roll = copy_flat(self.last_roll)
        return new

    def snapshot(self) -> dict[str, Any]:
        return {
            "land": self.land,
            "attacker": self.attacker,
            "defender": self.defender,
            "attacker_edge": self.attacker_edge,
            "defender_edge": self.defender_edge,
            "round": self.round,
            "active": self.active,
            "step": self.step,
            "units": [unit.snapshot() for unit in self.units],
            "entered": dict(self.entered),
            "carry": copy_flat(self.carry),
            "gone": {side: list(names) for side, names in self.gone.items()},
            "kill_this_phase": self.kill_this_phase,
            "summon": self.summon,
            "reinforce": self.reinforce,
            "last_roll": copy_flat(self.last_roll),
        }

    def view(self) -> dict[str, Any]:
        """Everything of a battle is public: both legions are shown to everyone when it is fought."""
        return self.snapshot()

    @property
    def terrain(self) -> str:
        return LANDS[self.land].terrain

    @property
    def map(self) -> Battleland:
        return BATTLELANDS[self.terrain]

    def attacker_entered(self) -> bool:
        """Whether any attacking character has been put on the battleland."""
        return any(unit.hex is not None for unit in self.units if unit.side == ATTACKER) or self.entered[ATTACKER]

    def living(self, side: str) -> list[int]:
        """Indices of a side's characters still in the battle (slain ones leave at the end of the phase)."""
        return [i for i, unit in enumerate(self.units) if unit.side == side and not unit.slain]

    def on_board(self, side: str) -> list[int]:
        """Indices of a side's characters standing on the battleland (slain ones too, until the phase ends)."""
        return [i for i, unit in enumerate(self.units) if unit.side == side and unit.hex is not None]

    def occupied(self, besides: int = -1) -> set[str]:
        """Hexes holding a character (other than unit `besides`)."""
        return {unit.hex for i, unit in enumerate(self.units) if unit.hex is not None and i != besides}

    def enemy_hexes(self, side: str, *, living_only: bool = False) -> dict[str, str]:
        """Hex -> name of the other side's characters on the battleland."""
        return {
            unit.hex: unit.name
            for unit in self.units
            if unit.side != side and unit.hex is not None and not (living_only and unit.slain)
        }


# -- helpers ----------------------------------------------------------------------------------------------------


def _battle(state: TitanState) -> Battle:
    return state.battle  # type: ignore[no-any-return]


def _legion(state: TitanState, battle: Battle, side: str) -> Legion:
    return state.legions[battle.attacker if side == ATTACKER else battle.defender]


def _seat(state: TitanState, battle: Battle, side: str) -> int:
    return _legion(state, battle, side).owner


def unit_power(state: TitanState, battle: Battle, unit: Unit) -> int:
    """A character's power (a Titan's from its player's score)."""
    return power_of(unit.name, state.players[_seat(state, battle, unit.side)].score)


def _label(battle: Battle, index: int) -> str:
    unit = battle.units[index]
    return f"{unit.name} ({unit.hex})" if unit.hex else unit.name


# -- starting ----------------------------------------------------------------------------------------------------


def start(state: TitanState) -> None:
    """The battle is fought: both legions are shown to everyone; the defender's first maneuver phase."""
    attacker, defender = flow.engagement_legions(state)
    everyone = range(state.num_players)
    attacker.reveal(everyone)
    defender.reveal(everyone)
    battle = Battle(attacker.land, attacker, defender)
    state.battle = battle
    state.phase = Phase.MANEUVER
    state.decider = defender.owner
    state.log.append(
        f"Battle in {battle.land} ({battle.terrain}): {attacker.marker} ({', '.join(attacker.contents)}) "
        f"attacks {defender.marker} ({', '.join(defender.contents)})."
    )
    begin_maneuver(state)


# -- legal actions -------------------------------------------------------------------------------------------------


def legal_actions(state: TitanState) -> list[Action]:
    """The decisions of the battle's side to act, in a stable order."""
    battle = _battle(state)
    if state.phase == Phase.CARRY:
        return [Carry(target=t) for t in battle.carry["targets"]] + [Carry(target=-1)]
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
    the offer then lapses with the side's first move; `_lapse_offers`). No side effects: a query."""
    if battle.reinforce == "offer" and battle.active == DEFENDER:
        legion = _legion(state, battle, DEFENDER)
        living = [battle.units[i].name for i in battle.living(DEFENDER)]
        options = recruiting.reinforcements(battle.terrain, living, state.stock) if len(living) < MAX_LEGION else []
        if options and not legion.mustered:
            return [*(Reinforce(creature=m.recruit) for m in options), Reinforce()]
    if battle.summon == "offer" and battle.active == ATTACKER:
        attacker = _legion(state, battle, ATTACKER)
        donors = flow.summon_donors(state, attacker) if len(battle.living(ATTACKER)) < MAX_LEGION else []
        if donors and not state.summoned:
            return [*(Summon(donor=d, angel=a) for d, a in donors), Summon()]  # type: ignore[arg-type]
    return []


def _lapse_offers(battle: Battle) -> None:
    """The side to maneuver moves on without the offer it could not take up: the chance is gone."""
    if battle.active == DEFENDER and battle.reinforce == "offer":
        battle.reinforce = "used"
    if battle.active == ATTACKER and battle.summon == "offer":
        battle.summon = "used"


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
    return battle.units[index].hex is None and not battle.units[index].done and battle.carry.get("arriving") == index


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
                power=power,  # type: ignore[arg-type]
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


# -- playing ---------------------------------------------------------------------------------------------------------


def play(state: TitanState, action: Action) -> None:
    """Carry out a battle decision."""
    battle = _battle(state)
    if isinstance(action, Reinforce):
        _reinforce(state, battle, action.creature)
    elif isinstance(action, Summon):
        _summon(state, battle, action.donor, action.angel)
    elif isinstance(action, Maneuver):
        _maneuver(state, battle, action.unit, action.hex)
    elif isinstance(action, EndManeuver):
        end_maneuver(state)
    elif isinstance(action, Strike):
        _strike(state, battle, action.unit, action.target, action.number)
    elif isinstance(action, Rangestrike):
        _rangestrike(state, battle, action.unit, action.target)
    elif isinstance(action, Carry):
        _carry(state, battle, action.target)
    elif isinstance(action, EndStrikes):
        end_strikes(state)
    elif isinstance(action, Concede):
        concede(state)


def _maneuver(state: TitanState, battle: Battle, index: int, label: str) -> None:
    _lapse_offers(battle)
    unit = battle.units[index]
    start = unit.hex
    unit.hex, unit.done = label, True
    if battle.carry.get("arriving") == index:
        battle.carry = {}
    verb = "enters on" if start is None else f"moves from {start} to"
    state.log.append(f"{unit.name} {verb} {label}.")


def begin_maneuver(state: TitanState) -> None:
    """A maneuver phase begins: the defender's 4th may first muster a reinforcement; the attacker's may first
    summon an angel after the first strike phase that slew a defender."""
    battle = _battle(state)
    state.phase = Phase.MANEUVER
    battle.step = "maneuver"
    state.decider = _seat(state, battle, battle.active)
    for unit in battle.units:
        unit.done = False
    battle.last_roll = {}
    if battle.active == DEFENDER and battle.round == REINFORCEMENT_ROUND and battle.reinforce == "no":
        battle.reinforce = "offer"
    state.log.append(f"Round {battle.round}: {_legion(state, battle, battle.active).marker} maneuvers.")


def _reinforce(state: TitanState, battle: Battle, creature: str) -> None:
    battle.reinforce = "used"
    if not creature:
        state.log.append(f"{battle.defender} musters no reinforcement.")
        return
    legion = _legion(state, battle, DEFENDER)
    flow.muster_into(state, legion, creature)
    battle.units.append(Unit(creature, DEFENDER))
    battle.carry = {"arriving": len(battle.units) - 1}


def _summon(state: TitanState, battle: Battle, donor: str, angel: str) -> None:
    battle.summon = "used"
    if not donor:
        state.log.append(f"{battle.attacker} summons no angel.")
        return
    giver = state.legions[donor]
    legion = _legion(state, battle, ATTACKER)
    giver.reveal(range(state.num_players), [angel])
    giver.remove(angel)
    legion.add(angel)
    legion.reveal(range(state.num_players), [angel])
    state.summoned = True
    battle.units.append(Unit(angel, ATTACKER))
    battle.carry = {"arriving": len(battle.units) - 1, "donor": donor}
    state.log.append(f"{battle.attacker} summons the {angel} of {donor}.")
    if not giver.contents:
        flow.remove_legion(state, giver, slain=False)


def end_maneuver(state: TitanState) -> None:
    """The maneuver phase ends: characters that never entered in their side's first one are eliminated; an
    arrival that did not come on goes back (an angel to its legion, a reinforcement to the stock)."""
    battle = _battle(state)
    _lapse_offers(battle)
    side = battle.active
    arriving = battle.carry.get("arriving")
    if arriving is not None and battle.units[arriving].hex is None:
        unit = battle.units.pop(arriving)
        legion = _legion(state, battle, side)
        legion.remove(unit.name)
        donor = battle.carry.get("donor")
        if donor and donor in state.legions:
            state.legions[donor].add(unit.name)
            state.summoned = False  # it does not count as the phase's summon
            state.log.append(f"The {unit.name} could not come on: it goes back to {donor}.")
        else:
            state.stock[unit.name] += 1
            legion.mustered = False  # nor as the legion's muster [9]
            state.log.append(f"The {unit.name} could not come on: it goes back to the stock.")
        battle.carry = {}
    if not battle.entered[side]:
        battle.entered[side] = True
        for unit in battle.units:
            if unit.side == side and unit.hex is None and not unit.slain:
                unit.slain = True
                state.log.append(f"{unit.name} never came on the battleland and is eliminated.")
        _remove_slain(state, battle)
        if _battle_over(state, battle):
            return
    begin_strike(state)


def begin_strike(state: TitanState) -> None:
    """A strike phase begins: drift damage, then the active side strikes."""
    battle = _battle(state)
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
    state.decider = _seat(state, battle, battle.active)
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
        f"{_label(battle, index)} strikes {_label(battle, target)}: needs {number}, rolls "
        f"{', '.join(map(str, rolls))}: {hits} hit{'s' if hits != 1 else ''}."
    )
    extra = _damage(state, battle, target, hits)
    if extra:
        targets = _carry_targets(state, battle, index, target, rolled)
        if targets:
            battle.carry = {"striker": index, "hits": extra, "number": number, "targets": targets}
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
    carry = battle.carry
    battle.carry = {}
    state.phase = Phase.STRIKE
    if target < 0:
        state.log.append("The extra hits are not carried.")
        _after_strike(state, battle)
        return
    state.log.append(f"{carry['hits']} hit{'s' if carry['hits'] != 1 else ''} carried to {_label(battle, target)}.")
    extra = _damage(state, battle, target, carry["hits"])
    others = [t for t in carry["targets"] if t != target and not battle.units[t].slain]
    if extra and others:  # still more: on to a third enemy under the same test
        battle.carry = {**carry, "hits": extra, "targets": others}
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
        power=power,  # type: ignore[arg-type]
    )
    rolls, hits = _roll(state, terms.dice, terms.strike_number)
    unit.done = True
    _remember_roll(battle, "rangestrike", index, target, terms.strike_number, rolls, hits)
    state.log.append(
        f"{_label(battle, index)} rangestrikes {_label(battle, target)}: needs {terms.strike_number}, rolls "
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
    state.decider = _seat(state, battle, striking_side(battle))


def end_strikes(state: TitanState) -> None:
    """The striking side is done: the other strikes back; after that the phase ends and the slain leave."""
    battle = _battle(state)
    if battle.step == "strike":
        battle.step = "strikeback"
        for unit in battle.units:
            unit.done = False
        state.decider = _seat(state, battle, striking_side(battle))
        if must_strike(battle) or strike_actions(state, battle):
            return
    # the strike phase is over
    if battle.kill_this_phase and battle.summon == "no":
        battle.summon = "offer"  # at the attacker's next maneuver phase [15]
    _remove_slain(state, battle)
    if _battle_over(state, battle):
        return
    if battle.active == DEFENDER:
        battle.active = ATTACKER
    else:
        battle.active = DEFENDER
        battle.round += 1
        if battle.round > BATTLE_ROUNDS:
            _time_loss(state, battle)
            return
    begin_maneuver(state)


def _remove_slain(state: TitanState, battle: Battle) -> None:
    """The slain leave the battleland and their legion (their points are counted when the battle ends)."""
    kept = []
    for unit in battle.units:
        if unit.slain:
            legion = _legion(state, battle, unit.side)
            legion.remove(unit.name)
            battle.gone[unit.side].append(unit.name)
        else:
            kept.append(unit)
    battle.units = kept


def _titan_slain(battle: Battle, side: str) -> bool:
    return TITAN in battle.gone[side]


def _battle_over(state: TitanState, battle: Battle) -> bool:
    """At the end of a strike phase: one or both sides have nobody left, or a Titan has been slain [10.5, 19.3]."""
    attackers, defenders = battle.living(ATTACKER), battle.living(DEFENDER)
    titan_down = _titan_slain(battle, ATTACKER) or _titan_slain(battle, DEFENDER)
    if attackers and defenders and not titan_down:
        return False
    end_battle(state, battle)
    return True


def _time_loss(state: TitanState, battle: Battle) -> None:
    """The defender's 8th maneuver phase would begin: every attacking character is eliminated, and the
    defender scores nothing for it [10.5]."""
    state.log.append("Time runs out: the attacking legion is eliminated.")
    _finish(state, battle, winner_side=DEFENDER, points=0)


def concede(state: TitanState) -> None:
    """The decider concedes in battle: his remaining characters are eliminated and score for the other side
    as if slain [9.4]. If the attacker concedes before any of his characters came on, the defender may not
    muster a reinforcement [14.2]."""
    battle = _battle(state)
    side = ATTACKER if state.decider == _seat(state, battle, ATTACKER) else DEFENDER
    loser = _legion(state, battle, side)
    state.log.append(f"{flow.name(state, loser.owner)} concedes the battle.")
    _remove_slain(state, battle)
    battle.gone[side].extend(loser.contents)
    loser.contents = []
    battle.units = [unit for unit in battle.units if unit.side != side]
    if _titan_slain(battle, other_side(side)) or not battle.living(other_side(side)):
        # the other side's Titan, or its last character, fell this phase: the battle ends as it would [10.5, 19.3]
        end_battle(state, battle)
        return
    points = _points_for(state, battle, side)
    reinforcement = side == DEFENDER or battle.attacker_entered()
    _finish(state, battle, winner_side=other_side(side), points=points, reinforcement=reinforcement)


def _points_for(state: TitanState, battle: Battle, losing_side: str) -> int:
    """The value of the losing side's characters lost so far (Titans at their player's power)."""
    seat = _seat(state, battle, losing_side)
    return sum(character_value(name, state.players[seat].score) for name in battle.gone[losing_side])


def end_battle(state: TitanState, battle: Battle) -> None:
    """The battle is over (at the end of a strike phase): who won, the points, a Titan's death [10.5, 19.3].

    A side wiped out loses and the other scores its whole value; both wiped out, or both Titans slain,
    nobody scores. A Titan slain with his legion still standing: the slayer's side scores the Titan and the
    characters of his legion slain so far, if it still has characters on the battleland; the rest of the
    Titan's legion goes with the player, half its value to the player it was engaged with [19.4].
    """
    attackers, defenders = battle.living(ATTACKER), battle.living(DEFENDER)
    attacker_titan, defender_titan = _titan_slain(battle, ATTACKER), _titan_slain(battle, DEFENDER)
    if defender_titan and not attacker_titan and attackers:
        winner_side = ATTACKER
    elif attacker_titan and not defender_titan and defenders:
        winner_side = DEFENDER
    elif not attacker_titan and not defender_titan and bool(attackers) != bool(defenders):
        winner_side = ATTACKER if attackers else DEFENDER
    else:  # both Titans, or both legions (a slayer wiped out too scores nothing for his Titan) [19.3]
        if attacker_titan and defender_titan:
            state.log.append("Both Titans are slain: nobody scores.")
        elif attackers or defenders:
            state.log.append("A Titan is slain and his slayers are gone: nobody scores.")
        else:
            state.log.append("Both legions are destroyed: nobody scores.")
        _finish(state, battle, winner_side="", points=0)
        return
    _finish(state, battle, winner_side=winner_side, points=_points_for(state, battle, other_side(winner_side)))


def _finish(state: TitanState, battle: Battle, *, winner_side: str, points: int, reinforcement: bool = True) -> None:
    """The losing side's remaining characters are eliminated; every slain character leaves the board (angels
    and demi-lords back to the stock); the winner heals, scores and may still grow (`flow.finish_engagement`).
    `winner_side` "" is a mutual destruction. The survivors of a legion whose Titan was slain stay in it for
    now: they go with their dead player, half their value to the player they were engaged with [19.4]."""
    attacker, defender = _legion(state, battle, ATTACKER), _legion(state, battle, DEFENDER)
    for side in (ATTACKER, DEFENDER):
        legion = _legion(state, battle, side)
        if side != winner_side and not _titan_slain(battle, side):
            battle.gone[side].extend(legion.contents)
            legion.contents = []
        for name in battle.gone[side]:
            flow.character_gone(state, name, slain=True)
    state.battle = None
    if not winner_side:
        for legion in (attacker, defender):
            if not legion.contents:  # a dead Titan's survivors leave with him, in `titans_lost`
                flow.remove_legion(state, legion, slain=True)
        flow.titans_lost(state, [(attacker.owner, defender.owner), (defender.owner, attacker.owner)])
        flow.after_engagements(state)
        return
    winner, loser = (attacker, defender) if winner_side == ATTACKER else (defender, attacker)
    flow.finish_engagement(state, winner, loser, points=points, how="battle", reinforcement=reinforcement)

"""What a battle decision would cost before it is made: the characters a "Done maneuvering" eliminates, and
the characters a move would leave without a hex to come on [10.2: a character not brought on in its side's
first maneuver phase is eliminated]. Queries only: nothing here changes the state, and the answers come
from the same rules as the legal moves (`battle.maneuver_actions`), so they cannot disagree with them.

The view words them (app/views/titan.py): a move that strands a character says so when its character is
picked, and a "Done" that eliminates characters is confirmed first, with the characters named.
"""

from __future__ import annotations

from engine.titan import battle as battles
from engine.titan import battlemap
from engine.titan.data import CREATURES, EDGES, HEX_LABELS
from engine.titan.state import Phase, TitanState


def _maneuvering(state: TitanState) -> battles.Battle | None:
    """The battle, if its active side is in a maneuver phase (with no offer of a summon or reinforcement
    waiting to be answered first), else None."""
    battle = state.battle
    if battle is None or state.phase != Phase.MANEUVER or battle.step != "maneuver":
        return None
    return battle


def waiting(state: TitanState) -> list[int]:
    """The maneuvering side's characters off the battleland that must come on in this phase or be eliminated
    (its first maneuver phase: every character not brought on yet)."""
    battle = _maneuvering(state)
    if battle is None or battle.entered[battle.active]:
        return []
    arriving = battle.arriving()
    return [
        index
        for index, unit in enumerate(battle.units)
        if unit.side == battle.active and unit.hex is None and not unit.slain and index != arriving
    ]


def eliminated_if_maneuver_ends(state: TitanState) -> list[int]:
    """The characters (battle indices) a "Done maneuvering" now would eliminate: those of the side's first
    maneuver phase still off the battleland."""
    return waiting(state)


def sent_back_if_maneuver_ends(state: TitanState) -> list[int]:
    """The summoned angel or reinforcement that a "Done maneuvering" now would send back (not eliminated: the
    angel returns to its legion, the reinforcement to the stock)."""
    battle = _maneuvering(state)
    if battle is None:
        return []
    arriving = battle.arriving()
    if arriving is None or not 0 <= arriving < len(battle.units) or battle.units[arriving].hex is not None:
        return []
    return [arriving]


def stranded_by_entry(state: TitanState, unit: int) -> dict[str, list[int]]:
    """For each hex where character `unit` may come on now: the other characters waiting to come on that
    could come on now and could not once it stands there (only the hexes that strand someone).

    Each character is judged alone (could it still come on somewhere?): a hex that leaves two characters one
    free hex between them strands neither here; ending the phase then names whoever is still off. Only the
    characters whose reach held that hex are asked again (a walker's every path runs through hexes it can
    reach; a flyer passes over characters and loses only the hex to land on)."""
    battle = _maneuvering(state)
    others = [index for index in waiting(state) if index != unit]
    if battle is None or not others or unit not in waiting(state):
        return {}
    probe = battle.copy()
    for character in probe.units:
        character.done = True  # only the character asked about is looked at: the others are skipped

    def hexes_of(index: int) -> set[str]:
        probe.units[index].done = False
        try:
            return {action.hex for action in battles.maneuver_actions(state, probe) if action.unit == index}
        finally:
            probe.units[index].done = True

    side = battle.active
    edge = battle.attacker_edge if side == battles.ATTACKER else battle.defender_edge
    inland = frozenset(HEX_LABELS) - frozenset(EDGES[edge])
    tower_set_up = side == battles.DEFENDER and battle.map.is_tower  # it places, it does not enter by an edge

    def steps_straight_on(index: int) -> bool:
        """A quick sure sign that a character can still come on: a free hex of its edge it enters straight
        (more hexes blocked never lets it reach more, so this never says yes wrongly)."""
        if tower_set_up:
            return False
        enemies = [u.hex for u in probe.units if u.side != side and u.hex is not None]
        blocked = probe.occupied(index) | inland
        return bool(battlemap.reachable(probe.map, probe.units[index].name, None, blocked, edge=edge, enemies=enemies))

    hexes = sorted(hexes_of(unit))
    before = {index: hexes_of(index) for index in others}
    found: dict[str, list[int]] = {}
    verdicts: dict[tuple[str, str], bool] = {}  # (name, hex): two characters of one kind fare alike
    for label in hexes:
        probe.units[unit].hex = label
        stranded = []
        for index, reach in before.items():
            name = probe.units[index].name
            if not reach or label not in reach:
                continue  # off already (not this move's doing), or never passing through that hex: unchanged
            if CREATURES[name].flies and len(reach) > 1:
                continue  # a flyer passes over a character: it only loses that hex to land on
            if (name, label) not in verdicts:
                verdicts[name, label] = steps_straight_on(index) or bool(hexes_of(index))
            if not verdicts[name, label]:
                stranded.append(index)
        probe.units[unit].hex = None
        if stranded:
            found[label] = stranded
    return found

"""What a battle decision would cost before it is made: the characters a "Done maneuvering" eliminates, and
the characters a move would leave without a hex to come on [10.2: a character not brought on in its side's
first maneuver phase is eliminated]. Queries only: nothing here changes the state, and the answers come
from the same rules as the legal moves (`battle.maneuver_actions`), so they cannot disagree with them.

The view words them (app/views/titan.py): a move that strands a character says so when its character is
picked, and a "Done" that eliminates characters is confirmed first, with the characters named.
"""

from __future__ import annotations

from engine.titan import battle as battles
from engine.titan.state import Phase, TitanState


def _maneuvering(state: TitanState) -> battles.Battle | None:
    """The battle, if its active side is in a maneuver phase (with no offer of a summon or reinforcement
    waiting to be answered first), else None."""
    battle = state.battle
    if battle is None or state.phase != Phase.MANEUVER or battle.step != "maneuver":
        return None
    return battle  # type: ignore[no-any-return]


def waiting(state: TitanState) -> list[int]:
    """The maneuvering side's characters off the battleland that must come on in this phase or be eliminated
    (its first maneuver phase: every character not brought on yet)."""
    battle = _maneuvering(state)
    if battle is None or battle.entered[battle.active]:
        return []
    arriving = battle.carry.get("arriving")
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
    arriving = battle.carry.get("arriving")
    if arriving is None or not 0 <= arriving < len(battle.units) or battle.units[arriving].hex is not None:
        return []
    return [arriving]


def stranded_by_entry(state: TitanState, unit: int) -> dict[str, list[int]]:
    """For each hex where character `unit` may come on now: the other characters waiting to come on that
    could come on now and could not once it stands there (only the hexes that strand someone).

    Each character is judged alone (could it still come on somewhere?): a hex that leaves two characters one
    free hex between them strands neither here; ending the phase then names whoever is still off."""
    battle = _maneuvering(state)
    others = [index for index in waiting(state) if index != unit]
    if battle is None or not others or unit not in waiting(state):
        return {}
    probe = battle.copy()
    for character in probe.units:
        character.done = True  # only the character asked about is looked at: the others are skipped

    def can_come_on(index: int) -> bool:
        probe.units[index].done = False
        try:
            return any(action.unit == index for action in battles.maneuver_actions(state, probe))
        finally:
            probe.units[index].done = True

    probe.units[unit].done = False
    hexes = sorted({action.hex for action in battles.maneuver_actions(state, probe) if action.unit == unit})
    probe.units[unit].done = True
    able = [index for index in others if can_come_on(index)]
    found: dict[str, list[int]] = {}
    verdicts: dict[tuple[str, str], bool] = {}  # (name, hex): two characters of one kind fare alike
    for label in hexes:
        probe.units[unit].hex = label
        stranded = []
        for index in able:
            key = (probe.units[index].name, label)
            if key not in verdicts:
                verdicts[key] = can_come_on(index)
            if not verdicts[key]:
                stranded.append(index)
        probe.units[unit].hex = None
        if stranded:
            found[label] = stranded
    return found

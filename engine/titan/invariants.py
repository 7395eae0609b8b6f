"""What every Titan position keeps (checked after every action by the random-play tests and on restores)."""

from __future__ import annotations

from collections import Counter

from engine.titan.data import CREATURES, HEX_LABELS, LANDS, MAX_LEGION, TITAN, power_of
from engine.titan.state import Phase, TitanState

ENGAGEMENT_PHASES = {Phase.MOVE, Phase.ENGAGE, Phase.ENGAGEMENT, Phase.MANEUVER, Phase.STRIKE, Phase.CARRY,
                     Phase.AFTERMATH}  # fmt: skip


def violations(state: TitanState) -> list[str]:
    """Every broken invariant, in words (empty when all is well)."""
    problems: list[str] = []
    in_play: Counter[str] = Counter()
    for legion in state.legions.values():
        in_play.update(legion.contents)
    if state.battle is not None:
        for names in state.battle.gone.values():
            in_play.update(names)
    # counters are neither made nor lost: box = stock + slain + on the board
    for name, creature in CREATURES.items():
        if name == TITAN:
            continue
        total = state.stock.get(name, 0) + state.slain.get(name, 0) + in_play[name]
        if total != creature.count:
            problems.append(f"{name}: {total} counters accounted for, {creature.count} in the box")
        if state.stock.get(name, 0) < 0:
            problems.append(f"{name}: negative stock")
    alive = [seat for seat, player in enumerate(state.players) if player.alive]
    if state.phase != Phase.GAME_OVER and in_play[TITAN] != len(alive):
        problems.append(f"{in_play[TITAN]} Titans for {len(alive)} players in the game")
    for seat, player in enumerate(state.players):
        titans = sum(legion.contents.count(TITAN) for legion in state.legions_of(seat))
        if titans > 1:
            problems.append(f"seat {seat} has {titans} Titans")
        if not player.alive and state.legions_of(seat):
            problems.append(f"seat {seat} is out but still has legions")
    # legions: sizes, markers, lands
    markers: list[str] = []
    for player in state.players:
        markers += player.free_markers
    markers += list(state.legions)
    if len(markers) != len(set(markers)):
        problems.append("a legion marker is both free and in use, or used twice")
    by_land: dict[int, list[int]] = {}
    for legion in state.legions.values():
        unsplit = state.first_turns[legion.owner] and not (state.mover == legion.owner and state.phase != Phase.SPLIT)
        limit = 2 * 4 if unsplit else MAX_LEGION  # the starting legion of 8, until its first turn's split
        if not 1 <= legion.height <= limit and not (state.battle is not None and legion.height == 0):
            problems.append(f"{legion.marker} holds {legion.height} characters")
        if legion.land not in LANDS:
            problems.append(f"{legion.marker} is on no land")
        by_land.setdefault(legion.land, []).append(legion.owner)
        for seat, known in enumerate(legion.known):
            if seat != legion.owner and Counter(known) - Counter(legion.contents):
                problems.append(f"seat {seat} 'knows' characters {legion.marker} does not hold")
    for land, owners in by_land.items():
        if len(set(owners)) > 2:
            problems.append(f"legions of {len(set(owners))} players on {land}")
        if len(set(owners)) == 2 and (state.phase not in ENGAGEMENT_PHASES or state.mover not in owners):
            problems.append(f"legions of two players on {land} outside the mover's engagements")
        if len(owners) > len(set(owners)) and state.phase not in (Phase.SPLIT, Phase.MOVE):
            problems.append(f"two legions of one player on {land} after the movement phase")
    if state.engagement and state.phase not in ENGAGEMENT_PHASES - {Phase.MOVE, Phase.ENGAGE}:
        problems.append(f"an engagement on the table in the {state.phase} phase")  # one that is over is cleared
    # the battle
    battle = state.battle
    if battle is not None:
        if state.phase not in (Phase.MANEUVER, Phase.STRIKE, Phase.CARRY):
            problems.append(f"a battle during the {state.phase} phase")
        hexes = [unit.hex for unit in battle.units if unit.hex is not None]
        if len(hexes) != len(set(hexes)):
            problems.append("two characters on one battle hex")
        for unit in battle.units:
            if unit.hex is not None and unit.hex not in HEX_LABELS:
                problems.append(f"{unit.name} on hex {unit.hex}")
            if unit.hex is not None and battle.map.hexes[unit.hex].terrain == "Tree":
                problems.append(f"{unit.name} stands in a Tree")
            owner = state.legions[battle.attacker if unit.side == "attacker" else battle.defender].owner
            power = power_of(unit.name, state.players[owner].score)
            if unit.hits >= power and not unit.slain:
                problems.append(f"{unit.name} has {unit.hits} hits and still stands")
        for side, marker in (("attacker", battle.attacker), ("defender", battle.defender)):
            living = Counter(unit.name for unit in battle.units if unit.side == side and not unit.slain)
            slain = Counter(unit.name for unit in battle.units if unit.side == side and unit.slain)
            if Counter(state.legions[marker].contents) != living + slain:
                problems.append(f"{marker}'s characters and the battle's do not match")
        if not 1 <= battle.round <= 7:
            problems.append(f"battle round {battle.round}")
    if state.phase == Phase.GAME_OVER and len(alive) > 1:
        problems.append("the game is over with several Titans standing")
    return problems

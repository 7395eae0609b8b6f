"""What every Titan position keeps (checked after every action by the random-play tests and on restores)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.titan.battle_titan.endings import clock_problems, end_problems
from engine.titan.battle_titan.warmongering import battle_titan, war_problems
from engine.titan.data import (
    ANGEL,
    ARCHANGEL,
    CREATURES,
    HEX_LABELS,
    LANDS,
    MAX_LEGION,
    REINFORCEMENT_ROUND,
    TELEPORT_ROLL,
    TITAN,
    TITAN_TELEPORT_SCORE,
    TOWER_DEFENDER_EDGE,
    TOWERS,
    power_of,
)
from engine.titan.engagements import MAX_PROPOSALS
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.splits import split_options
from engine.titan.state import COLOUR_CODES, Phase, TitanState

ENGAGEMENT_PHASES = {Phase.MOVE, Phase.ENGAGE, Phase.ENGAGEMENT, Phase.MANEUVER, Phase.STRIKE, Phase.CARRY,
                     Phase.AFTERMATH}  # fmt: skip
BATTLE_PHASES = {Phase.MANEUVER, Phase.STRIKE, Phase.CARRY}
ENGAGED_PHASES = {Phase.ENGAGEMENT, *BATTLE_PHASES, Phase.AFTERMATH}  # an engagement is being resolved
TURN_FLAGS_PHASES = {Phase.SPLIT, Phase.MOVE}  # before the engagements: nothing has mustered or summoned yet
ENGAGEMENT_KEYS = {"land": int, "attacker": str, "defender": str, "proposals": int, "proposer": int,
                   "eliminated": str, "losses": list}  # fmt: skip
AFTERMATH_KEYS = {"winner": str, "angels": list, "summon": bool, "reinforce": bool}
CARRY_KEYS = {"striker": int, "hits": int, "number": int, "targets": list}
LAST_ROLL_KEYS = {"kind": str, "striker": str, "from": str, "target": str, "at": str, "number": int, "rolls": list,
                  "hits": int}  # fmt: skip


def violations(state: TitanState) -> list[str]:
    """Every broken invariant, in words (empty when all is well)."""
    problems: list[str] = []
    in_play = on_board(state)
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
    # Battle Titan: one may be dead, nobody out, and a spawn's last fallback may bring more (six in the box)
    titans_due = in_play[TITAN] <= len(TOWERS) if battle_titan(state) else in_play[TITAN] == len(alive)
    if state.phase != Phase.GAME_OVER and not titans_due:  # Battle Titan: one may be dead, nobody out
        problems.append(f"{in_play[TITAN]} Titans for {len(alive)} players in the game")
    problems += war_problems(state)
    if state.war is not None and battle_titan(state):
        problems += clock_problems(state)
    for seat, player in enumerate(state.players):
        titans = sum(legion.contents.count(TITAN) for legion in state.legions_of(seat))
        if titans > 1 and not battle_titan(state):
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
        limit = 2 * 4 if unsplit or spawned(state, legion.land) else MAX_LEGION  # the starting legion of 8, until
        # its first turn's split; a spawn legion of 8 until its split or the end of its attack
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
    if state.engagement.snapshot() and state.phase not in ENGAGEMENT_PHASES - {Phase.MOVE, Phase.ENGAGE}:
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
            owner = state.legions[battle.attacker if unit.side == ATTACKER else battle.defender].owner
            power = power_of(unit.name, state.players[owner].score)
            if unit.hits >= power and not unit.slain:
                problems.append(f"{unit.name} has {unit.hits} hits and still stands")
            if unit.hits > power:  # a strike's hits beyond what slays go to a carry, never to the slain
                problems.append(f"{unit.name} has {unit.hits} hits, more than its power {power}")
        for side, marker in ((ATTACKER, battle.attacker), (DEFENDER, battle.defender)):
            living = Counter(unit.name for unit in battle.units if unit.side == side and not unit.slain)
            slain = Counter(unit.name for unit in battle.units if unit.side == side and unit.slain)
            if Counter(state.legions[marker].contents) != living + slain:
                problems.append(f"{marker}'s characters and the battle's do not match")
        if not 1 <= battle.round <= 7:
            problems.append(f"battle round {battle.round}")
    if state.phase == Phase.GAME_OVER and len(alive) > 1 and not battle_titan(state):
        problems.append("the game is over with several Titans standing")
    problems += _turn_problems(state, alive)
    problems += _spawn_problems(state)
    problems += _record_problems(state)
    return problems


def on_board(state: TitanState) -> Counter[str]:
    """Every counter on the board: in the legions, and those slain in a battle under way until it ends, or held
    off its battleland until it is decided (Battle Titan)."""
    counters: Counter[str] = Counter()
    for legion in state.legions.values():
        counters.update(legion.contents)
    if state.battle is not None:
        for names in state.battle.gone.values():
            counters.update(names)
        counters.update(state.battle.held_off())
    return counters


def spawned(state: TitanState, land: int) -> bool:
    """Whether the mover spawned on `land` this turn (Battle Titan), before the muster phase."""
    return state.war is not None and state.war.spawn_tower == land and state.phase != Phase.MUSTER


def _spawn_problems(state: TitanState) -> list[str]:
    """Every wiped-out player respawns at his turn: nobody splits nor moves without a legion, and the spawn
    phase is a wiped-out player's, in the Tower drawn."""
    if state.war is None:
        return []
    mine = state.legions_of(state.mover)
    if state.phase in (Phase.SPLIT, Phase.MOVE) and not mine:
        return [f"seat {state.mover} plays his turn wiped out, without a spawn"]
    if state.phase == Phase.SPAWN and (mine or state.war.spawn_tower not in TOWERS):
        return ["a spawn phase for a player who is not wiped out, or in no Tower"]
    return []


def _has_keys(record: Any, kinds: dict[str, type]) -> bool:
    """A record with exactly these keys, each value of its kind (an int never a bool)."""
    return (
        isinstance(record, dict)
        and record.keys() == kinds.keys()
        and all(
            isinstance(record[key], kind) and (kind is not int or type(record[key]) is int)
            for key, kind in kinds.items()
        )
    )


def _turn_problems(state: TitanState, alive: list[int]) -> list[str]:
    """The players, their markers and the turn agree with each other (what a saved position must mean too)."""
    problems: list[str] = []
    players, phase, mover = state.players, state.phase, state.mover
    if len({player.colour for player in players}) != len(players):
        problems.append("two players of one colour")
    if len({player.tower for player in players}) != len(players):
        problems.append("two players in one tower")
    # every legion marker of the colours in play is free (with its player or his slayer) or on a legion
    markers = sorted([*state.legions, *(marker for player in players for marker in player.free_markers)])
    box = sorted(f"{COLOUR_CODES[player.colour]}{number:02d}" for player in players for number in range(1, 13))
    if markers != box:
        problems.append("the legion markers in play are not those of the players' colours")
    over = phase == Phase.GAME_OVER
    if over and battle_titan(state):
        problems += end_problems(state)
    elif over:
        if state.winner != (alive[0] if len(alive) == 1 else -2):
            problems.append(f"the game is over and the winner is {state.winner}")
    elif state.winner != -1:
        problems.append(f"a winner ({state.winner}) while the game goes on")
    if over:
        return problems
    if phase != Phase.AFTERMATH and not players[mover].alive:
        problems.append(f"seat {mover} moves but is out")
    if (phase == Phase.SPLIT and state.roll) or (phase == Phase.MOVE and not state.roll):
        problems.append(f"a movement roll of {state.roll} in the {phase} phase")
    spawn_tower = state.war.spawn_tower if state.war is not None else 0
    if state.roll and spawn_tower and len({lg.owner for lg in state.legions_on(spawn_tower)}) > 1:
        problems.append(f"a movement roll of {state.roll} kept in the spawn's attack")  # no enemy enters it
    if state.teleported and state.roll != TELEPORT_ROLL:
        problems.append(f"a teleport on a movement roll of {state.roll}")
    if phase in TURN_FLAGS_PHASES and state.summoned:
        problems.append(f"an angel summoned in the {phase} phase")
    if phase == Phase.SPLIT and state.teleported:
        problems.append("a teleport in the split phase")
    if state.turn_number > 1 and any(state.first_turns[seat] and players[seat].alive for seat in range(len(players))):
        problems.append(f"a first turn in game turn {state.turn_number}")
    if phase in (Phase.SPLIT, Phase.MOVE, Phase.ENGAGE, Phase.MUSTER) and state.decider != mover:
        problems.append(f"seat {state.decider} decides in seat {mover}'s {phase} phase")
    shared: dict[int, int] = {}
    for legion in state.legions.values():
        mine = legion.owner == mover
        if legion.known[legion.owner]:
            problems.append(f"{legion.marker}'s owner is listed as knowing it")
        if (legion.moved or legion.teleport or legion.attack_edge >= 0 or legion.split_from) and not mine:
            problems.append(f"{legion.marker} moved or split in another player's turn")
        if (legion.moved or legion.teleport or legion.attack_edge >= 0) and phase == Phase.SPLIT:
            problems.append(f"{legion.marker} moved in the split phase")
        if legion.teleport and not (legion.moved and state.teleported):
            problems.append(f"{legion.marker} teleported without moving")
        if legion.teleport == "titan" and not (
            players[legion.owner].score >= TITAN_TELEPORT_SCORE and legion.attack_edge >= 0
        ):  # (its Titan may since have fallen in the battle: Battle Titan plays on without him)
            problems.append(f"{legion.marker} Titan-teleported without a Titan of {TITAN_TELEPORT_SCORE} points")
        if legion.attack_edge >= 0 and not legion.moved:
            problems.append(f"{legion.marker} attacked without moving")
        if legion.teleport == "tower" and legion.attack_edge >= 0:  # a tower teleport lands on an empty land only
            problems.append(f"{legion.marker} tower-teleported onto an enemy")
        if legion.mustered and phase in TURN_FLAGS_PHASES:
            problems.append(f"{legion.marker} mustered before the engagements")
        if mine and phase in TURN_FLAGS_PHASES:
            shared[legion.land] = shared.get(legion.land, 0) + legion.height
        if legion.split_from and phase == Phase.SPLIT:
            parent = state.legions.get(legion.split_from)
            if parent is None or parent.land != legion.land or parent.owner != legion.owner:
                problems.append(f"{legion.marker} was split from a legion that is not beside it")
    if sum(1 for legion in state.legions.values() if legion.teleport) > 1:
        problems.append("two teleports in one turn")
    for land, height in shared.items():
        if height > (2 * 4 if state.first_turns[mover] or spawned(state, land) else MAX_LEGION):
            problems.append(f"legions of {height} characters in all share {land}")
    # an enemy stands only where the mover's legion moved in, and no engagement outlasts the engagements
    for land in {legion.land for legion in state.legions.values()}:
        here = state.legions_on(land)
        if len({legion.owner for legion in here}) < 2:
            continue
        if phase in (Phase.SPLIT, Phase.MUSTER) or any(lg.owner == mover and not lg.moved for lg in here):
            problems.append(f"an engagement on {land} in the {phase} phase that no move made")
        elif any(lg.owner == mover and lg.attack_edge < 0 for lg in here):
            problems.append(f"a legion shares {land} with an enemy it did not attack")
    # a first turn still to play (or this one's split) must be able to split the starting legion
    for seat, player in enumerate(players):
        if not (state.first_turns[seat] and player.alive) or (seat == mover and phase != Phase.SPLIT):
            continue
        for legion in state.legions_of(seat):
            if legion.height == 2 * 4 and not (
                player.free_markers and not legion.split_from and split_options(legion.contents, first_turn=True)
            ):
                problems.append(f"seat {seat} cannot split {legion.marker} in its first turn")
            elif 4 < legion.height < 2 * 4:
                problems.append(f"seat {seat} starts with a legion of {legion.height}")
    if set(state.stock) != {name for name in CREATURES if name != TITAN} or TITAN in state.slain:
        problems.append("the stock does not list every creature")
    for name, count in state.slain.items():
        if count and CREATURES[name].returns_to_stock:
            problems.append(f"{name} counted as slain: it goes back to the stock")
    return problems


def _record_problems(state: TitanState) -> list[str]:
    """The engagement, its battle and its aftermath: there in their phases only, and naming what is there."""
    phase, battle = state.phase, state.battle
    engagement, aftermath = state.engagement.snapshot(), state.aftermath.snapshot()  # the records as saved
    if phase == Phase.GAME_OVER:
        return [] if not engagement and not aftermath and battle is None else ["a record left at the game's end"]
    problems: list[str] = []
    if (battle is not None) != (phase in BATTLE_PHASES):
        problems.append(f"{'a' if battle is not None else 'no'} battle in the {phase} phase")
    if bool(aftermath) != (phase == Phase.AFTERMATH):
        problems.append(f"{'an' if aftermath else 'no'} aftermath in the {phase} phase")
    if not engagement:
        if phase in ENGAGED_PHASES:
            problems.append(f"no engagement in the {phase} phase")
        return problems
    if not _has_keys(engagement, ENGAGEMENT_KEYS):
        return [*problems, "the engagement record is not whole"]
    attacker, defender = state.legions.get(engagement["attacker"]), state.legions.get(engagement["defender"])
    if phase not in ENGAGED_PHASES:
        return [*problems, f"an engagement in the {phase} phase"]
    land, mover = engagement["land"], state.mover
    if phase != Phase.AFTERMATH:
        if attacker is None or defender is None or attacker.land != land or defender.land != land:
            return [*problems, f"the engagement on {land} is not between legions there"]
        if attacker.owner != mover or defender.owner == mover:
            return [*problems, "the engagement's attacker is not the mover's"]
        parties = {attacker.owner, defender.owner}
    else:  # the loser's legion is gone, and with it who he was
        parties = set(range(state.num_players))
    proposer, eliminated, losses = engagement["proposer"], engagement["eliminated"], engagement["losses"]
    if not 0 <= engagement["proposals"] <= MAX_PROPOSALS:
        problems.append(f"{engagement['proposals']} terms proposed")
    if proposer == -1:
        if engagement["proposals"] or eliminated or losses:
            problems.append("terms on the table with nobody proposing them")
    elif proposer not in parties or not engagement["proposals"] or eliminated not in ("both", ATTACKER, DEFENDER):
        problems.append("terms on the table that are not an engagement's")
    elif losses and (
        eliminated == "both"
        or len(losses) > 1
        or not all(isinstance(name, str) and name in CREATURES and name != TITAN for name in losses)
    ):
        problems.append("terms giving up what may not be given")
    if phase == Phase.ENGAGEMENT and attacker is not None and defender is not None:
        if state.decider not in parties or state.decider == proposer:
            problems.append(f"seat {state.decider} answers terms of the engagement it is not asked about")
        if proposer == -1 and state.decider != defender.owner:
            problems.append("the attacker answers before the defender")
        if proposer >= 0 and losses:
            survivor = defender if eliminated == ATTACKER else attacker
            if losses[0] not in survivor.contents or survivor.height < 2:
                problems.append("terms giving up a character the legion does not hold")
    if battle is not None:
        problems += _battle_problems(state, battle, engagement)
    if phase == Phase.AFTERMATH:
        problems += _aftermath_problems(state, aftermath, engagement)
    return problems


def _battle_problems(state: TitanState, battle: Any, engagement: dict[str, Any]) -> list[str]:
    """A battle fought for its engagement, its phases, strikers and carries in step with the game's phase."""
    from engine.titan.battle import in_contact_enemies

    problems: list[str] = []
    if (battle.land, battle.attacker, battle.defender) != (
        engagement["land"],
        engagement["attacker"],
        engagement["defender"],
    ):
        return ["the battle is not the engagement's"]
    tower = LANDS[battle.land].is_tower
    if battle.defender_edge != (TOWER_DEFENDER_EDGE if tower else (battle.attacker_edge + 3) % 6):
        problems.append("the defender does not enter opposite the attacker")
    phase, step, active = state.phase, battle.step, battle.active
    if (phase == Phase.MANEUVER) != (step == "maneuver"):
        problems.append(f"a battle {step} step in the {phase} phase")
        return problems
    striking = active if step != "strikeback" else (DEFENDER if active == ATTACKER else ATTACKER)
    acting = battle.attacker if (active if phase == Phase.MANEUVER else striking) == ATTACKER else battle.defender
    if state.decider != state.legions[acting].owner:
        problems.append(f"seat {state.decider} decides for the other side of the battle")
    first = battle.round == 1
    entered = {
        DEFENDER: not (first and active == DEFENDER and step == "maneuver"),
        ATTACKER: not first or (active == ATTACKER and step != "maneuver"),
    }
    if battle.entered != entered:
        problems.append("the sides' entries do not fit the battle round")
    if battle.reinforce != "no" and battle.round < REINFORCEMENT_ROUND:
        problems.append(f"a reinforcement offered in round {battle.round}")
    for side in (ATTACKER, DEFENDER):  # Battle Titan: held off once the side's first maneuver phase is over
        if battle.off[side] and (not battle_titan(state) or not entered[side]):
            problems.append(f"the {side}'s characters held off the battleland outside Battle Titan or before entering")
        if battle.off[side].count(TITAN) > 1:
            problems.append(f"the {side} holds {battle.off[side].count(TITAN)} Titans off the battleland")
    if not all(any(unit.side == side for unit in battle.units) for side in (ATTACKER, DEFENDER)):
        problems.append("a battle with a side that has nobody in it")
    carry = battle.carry.snapshot()  # the record as saved
    arriving = carry.get("arriving") if phase == Phase.MANEUVER else None
    units = battle.units
    for index, unit in enumerate(units):
        side = unit.side
        if unit.hex is None and (entered[side] and index != arriving) and not unit.slain:
            problems.append(f"{unit.name} is still to come on after its side entered")
        if unit.slain and (phase == Phase.MANEUVER or unit.hex is None):
            problems.append(f"{unit.name} lies slain outside a strike phase")
        if unit.done and side != (active if phase == Phase.MANEUVER else striking):
            problems.append(f"{unit.name} acted in the other side's phase")
    if phase == Phase.CARRY:
        if not _has_keys(carry, CARRY_KEYS):
            return [*problems, "the carry record is not whole"]
        striker, targets = carry["striker"], carry["targets"]
        if not (0 <= striker < len(units) and units[striker].side == striking and units[striker].hex is not None):
            return [*problems, "the carrying striker is not on the battleland"]
        if not 1 <= carry["hits"] <= 100 or not 1 <= carry["number"] <= 6:
            problems.append("a carry of no hits")
        contacts = in_contact_enemies(battle, striker)
        if (
            not targets
            or len(set(targets)) != len(targets)
            or not all(type(t) is int and t in contacts and not units[t].slain for t in targets)
        ):
            problems.append("the extra hits are carried to a character they cannot reach")
        last = battle.last_roll  # (absent from positions saved before it was shown)
        if last and (last.get("kind") != "strike" or not carry["hits"] < last.get("hits", 0)):
            problems.append("more hits carried than the strike left over")  # at least one slew its target
    elif arriving is not None:
        keys = {"arriving": int, "donor": str} if "donor" in carry else {"arriving": int}
        if not (
            _has_keys(carry, keys)
            and 0 <= arriving < len(units)
            and units[arriving].side == active
            and units[arriving].hex is None
            and not units[arriving].done
        ):
            problems.append("the character arriving in battle is not one")
    elif carry:
        problems.append(f"a carry record in the {phase} phase")
    roll = battle.last_roll
    if roll and not (
        _has_keys(roll, LAST_ROLL_KEYS)
        and roll["kind"] in ("strike", "rangestrike")
        and roll["striker"] in CREATURES
        and roll["target"] in CREATURES
        and roll["from"] in HEX_LABELS
        and roll["at"] in HEX_LABELS
        and 1 <= roll["number"] <= 6
        and len(roll["rolls"]) <= 2 * MAX_LEGION * 2
        and all(type(r) is int and 1 <= r <= 6 for r in roll["rolls"])
        and 0 <= roll["hits"] <= len(roll["rolls"])
    ):
        problems.append("the last strike's dice are not a strike's")
    return problems


def _aftermath_problems(state: TitanState, aftermath: dict[str, Any], engagement: dict[str, Any]) -> list[str]:
    """What the engagement's winner may still take: his legion, still on the land, and angels by name."""
    if not _has_keys(aftermath, AFTERMATH_KEYS):
        return ["the aftermath record is not whole"]
    winner = state.legions.get(aftermath["winner"])
    if (
        winner is None
        or aftermath["winner"] not in (engagement["attacker"], engagement["defender"])
        or winner.land != engagement["land"]
        or len(state.legions_on(winner.land)) != 1
    ):
        return ["the aftermath is not for the engagement's winner"]
    problems: list[str] = []
    if state.decider != winner.owner:
        problems.append(f"seat {state.decider} decides the aftermath of another's win")
    if not all(angel in (ANGEL, ARCHANGEL) for angel in aftermath["angels"]) or len(aftermath["angels"]) > 20:
        problems.append("the aftermath owes what is not an angel")
    mover_won = winner.owner == state.mover
    if (aftermath["summon"] and not mover_won) or (aftermath["reinforce"] and mover_won):
        problems.append("the aftermath offers the other side's reinforcement or summon")
    return problems

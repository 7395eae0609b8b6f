"""The turn of a game of Titan on the masterboard [6]: split, move, the order of the engagements, muster.

Every function here takes the state to change in place (a copy `Game.apply` made) and writes what happened
to the log. How an engagement is settled and what its end brings is `engagements.py`; a battle is `battle.py`.
"""

from __future__ import annotations

from engine.core.records import NoDecision
from engine.titan import masterboard, recruiting
from engine.titan.battle_titan import endings, respawn
from engine.titan.data import (
    ANGEL,
    ARCHANGEL,
    LANDS,
    MAX_LEGION,
    TELEPORT_ROLL,
    TITAN,
    TITAN_TELEPORT_SCORE,
    a_name,
)
from engine.titan.splits import remainder, split_options
from engine.titan.state import Engagement, Legion, Phase, TitanState

LORD_SHOWN_ORDER = (ANGEL, ARCHANGEL, TITAN)  # the lord a tower teleport shows: the least telling one (ruling)


# -- who, where ----------------------------------------------------------------------------------------------


def name(state: TitanState, seat: int) -> str:
    """A seat's name for the log."""
    return state.seats[seat].name


def roll_die(state: TitanState) -> int:
    """One six-sided die from the game's RNG."""
    return state.rng.randrange(6) + 1


def enemy_lands(state: TitanState, seat: int) -> set[int]:
    """Lands holding a legion of another player."""
    return {legion.land for legion in state.legions.values() if legion.owner != seat}


def own_lands(state: TitanState, seat: int, *, besides: str = "") -> set[int]:
    """Lands holding a legion of `seat` (other than `besides`)."""
    return {legion.land for legion in state.legions.values() if legion.owner == seat and legion.marker != besides}


def engaged_lands(state: TitanState) -> set[int]:
    """Lands where legions of two players stand: an engagement waiting."""
    owners: dict[int, set[int]] = {}
    for legion in state.legions.values():
        owners.setdefault(legion.land, set()).add(legion.owner)
    return {land for land, seats in owners.items() if len(seats) > 1}


# -- set-up ------------------------------------------------------------------------------------------------------


def begin_turn(state: TitanState, seat: int) -> None:
    """`seat`'s turn begins with its split phase."""
    state.mover = state.decider = seat
    state.phase = Phase.SPLIT
    state.roll = 0
    state.teleported = False
    state.summoned = False
    for legion in state.legions.values():
        legion.moved, legion.teleport, legion.attack_edge = False, "", -1
        legion.mustered, legion.split_from = False, ""
    if state.war is not None:
        state.war.spawn_tower, state.war.spawn_answers = 0, []
        if respawn.begin(state, seat):
            return
    if state.first_turns[seat]:
        state.log.append(f"{name(state, seat)}'s first turn: split the starting legion into two of four.")


# -- split phase ---------------------------------------------------------------------------------------------------


def split_choices(state: TitanState) -> list[tuple[str, tuple[str, ...]]]:
    """(marker, characters leaving) for every split the mover may make now."""
    seat = state.mover
    player = state.players[seat]
    if not player.free_markers:
        return []
    first = state.first_turns[seat]
    choices = []
    for legion in state.legions_of(seat):
        if first and (legion.height != 2 * 4 or legion.split_from):
            continue
        if not first and (legion.height < 4):
            continue
        choices.extend((legion.marker, part) for part in split_options(legion.contents, first_turn=first))
    return choices


def can_end_splits(state: TitanState) -> bool:
    """The first turn's split must be made; later the split phase may end at any time."""
    if state.first_turns[state.mover]:
        return all(legion.height <= 4 for legion in state.legions_of(state.mover))
    return not respawn.must_split(state)


def split(state: TitanState, marker: str, leaving: tuple[str, ...]) -> None:
    """Split a legion: `leaving` go to a new legion under the mover's lowest free marker, on the same land."""
    parent = state.legions[marker]
    player = state.players[parent.owner]
    new_marker = player.take_marker()
    parent.contents = list(remainder(parent.contents, leaving))
    child = Legion.formed(new_marker, parent.owner, parent.land, list(leaving), state.num_players)
    child.split_from = marker
    state.legions[new_marker] = child
    parent.forget()  # what others knew of the parent would tell which part holds what (ruling)
    state.log.append(
        f"{name(state, parent.owner)} splits {marker} on {parent.land}: {new_marker} takes {len(leaving)}, "
        f"{marker} keeps {parent.height}."
    )


def end_splits(state: TitanState) -> None:
    """The split phase ends: the movement roll."""
    state.roll = roll_die(state)
    state.phase = Phase.MOVE
    state.log.append(f"{name(state, state.mover)} rolls a {state.roll} for movement.")


# -- movement phase ---------------------------------------------------------------------------------------------


def can_mulligan(state: TitanState) -> bool:
    """The first turn's first roll may be rolled again, once, before any legion moves [7.6]."""
    seat = state.mover
    return (
        state.first_turns[seat]
        and not state.players[seat].mulligan_used
        and not any(legion.moved for legion in state.legions_of(seat))
    )


def mulligan(state: TitanState) -> None:
    """Roll the movement die again; the second roll stands."""
    state.players[state.mover].mulligan_used = True
    state.roll = roll_die(state)
    state.log.append(f"{name(state, state.mover)} takes the mulligan and rolls a {state.roll}.")


def normal_destinations(state: TitanState, legion: Legion) -> list[masterboard.Destination]:
    """Where a legion's normal move may end with this turn's roll."""
    seat = legion.owner
    return masterboard.normal_moves(
        legion.land,
        state.roll,
        friendly=own_lands(state, seat, besides=legion.marker),
        enemy=enemy_lands(state, seat),
        engaged=engaged_lands(state),
    )


def move_choices(state: TitanState) -> list[tuple[str, int, int, str, int]]:
    """(marker, land, side, teleport, edge) for every move the mover may make now."""
    seat = state.mover
    player = state.players[seat]
    choices: list[tuple[str, int, int, str, int]] = []
    for legion in state.legions_of(seat):
        if legion.moved:
            continue
        for destination in normal_destinations(state, legion):
            choices.append((legion.marker, destination.land, destination.entry_side, "", 0))
        if state.roll != TELEPORT_ROLL or state.teleported:
            continue
        occupied_own = own_lands(state, seat, besides=legion.marker)
        for land in masterboard.tower_teleports(
            legion.land, state.roll, legion.contents, friendly=occupied_own, enemy=enemy_lands(state, seat)
        ):
            choices.append((legion.marker, land, 0, "tower", 0))
        if legion.has_titan and player.score >= TITAN_TELEPORT_SCORE:
            for land in masterboard.titan_teleports(enemy_lands(state, seat), engaged=engaged_lands(state)):
                for edge in masterboard.titan_teleport_edges(land):
                    choices.append((legion.marker, land, 0, "titan", edge))
    return choices


def move(state: TitanState, marker: str, land: int, side: int, teleport: str, edge: int) -> None:
    """A legion moves (or teleports) to `land`; entering an enemy's land fixes its battleland edge."""
    legion = state.legions[marker]
    start = legion.land
    legion.land, legion.moved, legion.teleport = land, True, teleport
    entering_enemy = land in enemy_lands(state, legion.owner)
    if teleport == "titan":
        legion.attack_edge = edge
    elif entering_enemy:
        legion.attack_edge = masterboard.attacker_edge(land, side)
    how = ""
    if teleport:
        state.teleported = True
        if teleport == "tower":
            shown = next(lord for lord in LORD_SHOWN_ORDER if lord in legion.contents)
            how = f" by tower teleport, showing its {shown}"
        else:
            shown = TITAN
            how = " by Titan teleport"
        legion.reveal(range(state.num_players), [shown])
    state.log.append(f"{name(state, legion.owner)} moves {marker} from {start} to {land}{how}.")
    if entering_enemy:
        state.log.append(f"{marker} attacks in {land}.")


def must_keep_moving(state: TitanState) -> str:
    """Why the movement phase may not end yet ('' if it may)."""
    seat = state.mover
    mine = state.legions_of(seat)
    if not any(legion.moved for legion in mine) and any(
        normal_destinations(state, legion) for legion in mine if not legion.moved
    ):
        return "At least one legion must move."
    by_land: dict[int, list[Legion]] = {}
    for legion in mine:
        by_land.setdefault(legion.land, []).append(legion)
    for land, together in by_land.items():
        if len(together) > 1 and any(not legion.moved and normal_destinations(state, legion) for legion in together):
            return f"The legions sharing {land} must move apart."
    return ""


def end_moves(state: TitanState) -> None:
    """The movement phase ends: legions still sharing a land are put back together; then the engagements."""
    seat = state.mover
    by_land: dict[int, list[Legion]] = {}
    for legion in state.legions_of(seat):
        by_land.setdefault(legion.land, []).append(legion)
    for land, together in sorted(by_land.items()):
        if len(together) < 2:
            continue
        keeper = min(together, key=lambda legion: (legion.split_from != "", legion.marker))
        for other in together:
            if other is keeper:
                continue
            keeper.contents = sorted(keeper.contents + other.contents)
            keeper.moved = keeper.moved or other.moved
            del state.legions[other.marker]
            state.players[seat].free_marker(other.marker)
            state.log.append(f"{other.marker} could not move away from {keeper.marker}: they join again on {land}.")
        keeper.forget()
    after_engagements(state)


# -- engagements ------------------------------------------------------------------------------------------------


def pending_engagements(state: TitanState) -> list[int]:
    """The lands where the mover's legions are engaged, in order."""
    return sorted(
        land for land in engaged_lands(state) if any(lg.owner == state.mover for lg in state.legions_on(land))
    )


def after_engagements(state: TitanState) -> None:
    """The next step once an engagement (or the movement phase) is over: another engagement, or the muster;
    the next player's turn if the mover's Titan died in this one (once its winner has taken what it may)."""
    if state.phase == Phase.GAME_OVER:
        return
    state.engagement, state.aftermath, state.battle = NoDecision(), NoDecision(), None
    respawn.after_the_attack(state)
    if not state.players[state.mover].alive:
        next_turn(state)  # the mover is out: his turn ends here
        return
    state.decider = state.mover
    if pending_engagements(state):
        state.phase = Phase.ENGAGE
    else:
        state.phase = Phase.MUSTER


def engage(state: TitanState, land: int) -> None:
    """The mover picks the engagement on `land`: both players see both legions [9.1]; the defender answers."""
    attacker = next(lg for lg in state.legions_on(land) if lg.owner == state.mover)
    defender = next(lg for lg in state.legions_on(land) if lg.owner != state.mover)
    attacker.reveal([defender.owner])
    defender.reveal([attacker.owner])
    state.engagement = Engagement(land=land, attacker=attacker.marker, defender=defender.marker)
    state.phase = Phase.ENGAGEMENT
    state.decider = defender.owner
    state.log.append(
        f"Engagement in {land} ({LANDS[land].terrain}): {name(state, attacker.owner)}'s {attacker.marker} "
        f"({attacker.height}) against {name(state, defender.owner)}'s {defender.marker} ({defender.height})."
    )


def engagement_legions(state: TitanState) -> tuple[Legion, Legion]:
    """The attacking and defending legions of the engagement being resolved."""
    return state.legions[state.engagement_now().attacker], state.legions[state.engagement_now().defender]


# -- muster phase ---------------------------------------------------------------------------------------------------


def muster_choices(state: TitanState) -> list[tuple[str, str]]:
    """(marker, creature) for every muster the mover's legions that moved may make now."""
    choices = []
    for legion in state.legions_of(state.mover):
        if not legion.moved or legion.mustered or legion.height >= MAX_LEGION:
            continue
        terrain = LANDS[legion.land].terrain
        choices.extend((legion.marker, m.recruit) for m in recruiting.musters(terrain, legion.contents, state.stock))
    return choices


def muster_into(state: TitanState, legion: Legion, creature: str) -> None:
    """A legion musters a creature: the recruiters and the recruit are shown to everyone [18.4]."""
    terrain = LANDS[legion.land].terrain
    shown = recruiting.recruiter_sets(terrain, legion.contents, creature)[0]
    legion.add(creature)
    legion.mustered = True
    state.stock[creature] -= 1
    legion.reveal(range(state.num_players), [*shown, creature])
    by = f", showing {', '.join(shown)}" if shown else ""
    state.log.append(f"{legion.marker} musters {a_name(creature)} in {legion.land}{by}.")


def end_musters(state: TitanState) -> None:
    """The turn ends; the next player still in the game begins his."""
    state.first_turns[state.mover] = False
    next_turn(state)


def next_turn(state: TitanState) -> None:
    """The next player in turn order who still has his Titan begins his turn."""
    position = state.order.index(state.mover)
    for step in range(1, len(state.order) + 1):
        seat = state.order[(position + step) % len(state.order)]
        if state.players[seat].alive:
            if (position + step) >= len(state.order):
                if endings.round_over(state):  # Battle Titan's agreed end: every player has had his turns
                    return
                state.turn_number += 1
                endings.round_begins(state)
            begin_turn(state, seat)
            return

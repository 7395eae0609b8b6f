"""Battle Titan's respawn (the house rules' point 4): a wiped-out player spawns a new Titan legion in a random Tower.

At the beginning of his turn a player with no legion on the board (under Battle Titan nobody is out) draws a
Tower with the game's dice, among all six alike, and spawns the legion of `spawn.py` there: "in play" is
counted then, and nothing changes it while he answers the spawn's choices (phase SPAWN, one `Spawn` decision
a choice). The new legion is public, as a starting legion is. On a free Tower his turn goes on from the split
phase, and a legion of eight must be split before he rolls. On an occupied Tower (4.A) the legion attacks
the defender there as his whole turn (no split, no move): it enters from the Tower's attacker edge, eight
strong for that battle only; after the engagement the least valuable of eight goes back to the stock
(returned, not retired). Rulings: docs/titan.md, "Battle Titan: the respawn".
"""

from __future__ import annotations

from collections import Counter

from engine.core import Action
from engine.titan import masterboard
from engine.titan.actions import AcquireInstead
from engine.titan.battle_titan.spawn import SpawnOffer, spawn_offer
from engine.titan.battle_titan.warmongering import battle_titan, return_to_stock, war
from engine.titan.data import MAX_LEGION, TITAN, TOWERS, character_value
from engine.titan.state import Legion, Phase, TitanState


def wiped_out(state: TitanState, seat: int) -> bool:
    return not state.legions_of(seat)


def alive_now(state: TitanState) -> Counter[str]:
    """Every character alive on the board, in anyone's legions (the house rules' "in play")."""
    return Counter(name for legion in state.legions.values() for name in legion.contents)


def stock_for_spawn(state: TitanState) -> dict[str, int]:
    """The stock, with the spare Titan counters under "Titan": the box holds six, one per Tower; those on the
    board and the player's own new one are not spare."""
    titans = alive_now(state)[TITAN]
    return {**state.stock, TITAN: max(0, len(TOWERS) - titans - 1)}


def offer(state: TitanState) -> SpawnOffer:
    """The spawn legion as far as the mover's answers go."""
    return spawn_offer(alive_now(state), stock_for_spawn(state), war(state).spawn_answers)


def begin(state: TitanState, seat: int) -> bool:
    """At the beginning of `seat`'s turn: if he is wiped out, draw his Tower and spawn (or ask the first choice).
    Returns whether he spawns."""
    if not battle_titan(state) or not wiped_out(state, seat):
        return False
    record = war(state)
    record.spawn_tower = TOWERS[state.rng.randrange(len(TOWERS))]
    record.spawn_answers = []
    state.log.append(
        f"{state.seats[seat].name} is wiped out: he spawns a new Titan legion in Tower {record.spawn_tower} "
        "(drawn at random)."
    )
    state.phase = Phase.SPAWN
    settle(state)
    return True


def pick(state: TitanState, creature: str) -> None:
    """The mover's answer to the spawn's open choice."""
    war(state).spawn_answers.append(creature)
    state.log.append(f"{state.seats[state.mover].name} chooses {creature} for his new legion.")
    settle(state)


def choices(state: TitanState) -> tuple[str, ...]:
    """The creatures the mover may pick for the open slot."""
    current = offer(state)
    return () if current.choice is None else current.choice.options


def settle(state: TitanState) -> None:
    """Once every choice is answered: the legion stands in its Tower; the turn goes on or the attack begins."""
    current = offer(state)
    if current.choice is not None:
        return
    seat, record = state.mover, war(state)
    tower = record.spawn_tower
    for name, count in current.taken.items():
        if name != TITAN:
            state.stock[name] -= count
    legion = Legion.formed(state.players[seat].take_marker(), seat, tower, list(current.legion), state.num_players)
    legion.reveal(range(state.num_players))
    defenders = [other for other in state.legions_on(tower) if other.owner != seat]
    state.legions[legion.marker] = legion
    rules = "; ".join(f"{slot.creature} ({slot.rule})" for slot in current.slots)
    state.log.append(f"{legion.marker} spawns in Tower {tower}: Titan; {rules}.")
    state.first_turns[seat] = False  # a spawn is no first turn: its eight are split freely (ruling)
    if not defenders:
        state.phase = Phase.SPLIT
        return
    legion.moved = True  # it entered the land this turn: as any attacker that wins, it may muster there
    legion.attack_edge = masterboard.titan_teleport_edges(tower)[0]
    state.log.append(f"{legion.marker} attacks in {tower}: the spawn's attack is {state.seats[seat].name}'s turn.")
    state.phase = Phase.ENGAGE
    state.decider = seat


def must_split(state: TitanState) -> bool:
    """A spawned legion of eight on a free Tower must be split before the roll."""
    return battle_titan(state) and any(legion.height > MAX_LEGION for legion in state.legions_of(state.mover))


def after_the_attack(state: TitanState) -> None:
    """After the spawn's engagement: a legion still eight strong gives its least valuable character back."""
    if not battle_titan(state):
        return
    for legion in state.legions_of(state.mover):
        while legion.height > MAX_LEGION:
            score = state.players[legion.owner].score
            weakest = min(
                (name for name in legion.contents if name != TITAN),
                key=lambda name: (character_value(name, score), name),
            )
            legion.remove(weakest)
            return_to_stock(state, [weakest], f"leaves {legion.marker}, eight strong after the spawn's attack")


def angel_in_place(state: TitanState, legal: list[Action]) -> Action | None:
    """A computer player's answer to an angel its spawned eight may take in place of a character: the choice that
    leaves the legion worth most once it has given back its least valuable (`after_the_attack`), if that is more
    than declining leaves it; the least valuable character given on a tie. None to decline."""
    offered = [action for action in legal if isinstance(action, AcquireInstead)]
    if not offered:
        return None
    score = state.players[state.mover].score
    contents = state.legions[state.aftermath_now().winner].contents

    def kept(names: list[str]) -> int:  # the legion's worth once eight strong no more
        names = sorted(names, key=lambda n: (n == TITAN, character_value(n, score), n))
        return sum(character_value(name, score) for name in names[max(0, len(names) - MAX_LEGION) :])

    def swapped(action: AcquireInstead) -> list[str]:
        names = list(contents)
        names.remove(action.instead_of)
        return [*names, action.angel]

    best = min(offered, key=lambda a: (-kept(swapped(a)), character_value(a.instead_of, score), a.instead_of))
    return best if kept(swapped(best)) > kept(list(contents)) else None


def best_pick(options: tuple[str, ...] | list[str]) -> str:
    """A computer player's pick: the most valuable creature (by name on a tie)."""
    return max(options, key=lambda name: (character_value(name), name))

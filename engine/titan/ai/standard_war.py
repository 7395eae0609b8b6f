"""Standard playing Battle Titan for points (level 1 under `variant == "battle"`): what the house rules score.

The final score is battle points plus half the value of the living (2.A), and nobody is ever out (point 4), so
Standard values its choices in points of the final score, not the standard game's Titan hunt:

- a character alive is worth half its value at the end, more while turns are left to muster and fight with it
  (`live`: from its whole value with six or more of the seat's turns to come, to half in its last turn);
- an attack (`attack_worth`) is worth its chance of winning times the full value of the enemy dead and what the
  enemy no longer has alive, less what the fight costs, plus its chance of losing times the warmongering points
  (2.B.1: half the greater of the enemy dead and the attackers' value, at most the whole enemy legion) less the
  half the defender scores and the attackers lost; the enemy Titan is worth its value, no more (he spawns again);
- a stronger enemy within reach (`danger`) costs its chance of winning times the points it would score and the
  living lost; the Titan's legion is not hoarded the standard game's way (losing it ends nothing), and once no
  enemy has a turn left before the end, no enemy reach costs anything (the attack cannot be answered);
- a defender without a lord flees (`flees`) when giving the attacker half points costs less than the fight is
  expected to;
- the spawn's choices (`spawn_pick`): the most valuable creature, then one that makes a pair (it musters up).

The approach of the end is `Outlook`: the seat's turns still to come and whether any enemy moves before the end
(known for an ending after a number of rounds, or once the end is announced; otherwise taken as far off).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from engine.titan.battle_titan import respawn
from engine.titan.battle_titan.endings import ending, rounds_agreed
from engine.titan.battle_titan.warmongering import battle_titan, war
from engine.titan.data import character_value
from engine.titan.state import TitanState

FAR = 6  # turns left from which a living character counts at its whole value (and an unknown end is this far)
STEEP = 6.0  # the chance of winning at strengths a and b: a^6 / (a^6 + b^6) (Strong's calibration, docs/titan.md)
HOME = 1.1  # a defender fights as if this much stronger (his land, time on his side)
THREAT_FROM = 0.8  # an enemy stack is a threat from this share of the legion's strength up
TITAN_STAKE = 1.3  # the Titan's legion counts this much above its value at risk (its teleport, its towers)


class Outlook(NamedTuple):
    """The end as a seat sees it: its own turns still to begin (not the one under way), whether an enemy has a
    turn before the end, and how many players share the points (an enemy's loss is worth the whole of it to
    one of two players, half as much among more)."""

    turns_left: int
    answered: bool
    players: int


def outlook(state: TitanState, seat: int) -> Outlook | None:
    """The seat's outlook under Battle Titan; None in the standard game."""
    if not battle_titan(state):
        return None
    order = state.order
    later = order[order.index(state.mover) + 1 :]  # seats whose turn in this round is still to come
    if war(state).ends:
        rounds = 0
    elif ending(state) == "rounds":
        rounds = max(0, rounds_agreed(state) - state.turn_number)
    else:
        rounds = FAR
    turns = rounds + (1 if seat in later else 0)
    answered = rounds > 0 or any(other != seat for other in later)
    return Outlook(min(turns, FAR), answered, state.num_players)


def live(view: Outlook) -> float:
    """What a point of a living character's value is worth in points of the final score: half at the end, the
    whole while turns are left to muster and fight with it."""
    return 0.5 + 0.5 * min(view.turns_left, FAR) / FAR


def rival(view: Outlook) -> float:
    """What an enemy's point is worth against the seat's own: all of it between two players."""
    return 1.0 if view.players <= 2 else 0.5


def win_chance(mine: float, theirs: float) -> float:
    """The chance that strength `mine` beats `theirs` (a steep ratio rule)."""
    if theirs <= 0:
        return 1.0
    if mine <= 0:
        return 0.0
    ratio = (mine / theirs) ** STEEP
    return ratio / (1.0 + ratio)


def lost_winning(winner: float, loser: float) -> float:
    """What the winner of a fight is expected to lose: it keeps sqrt(a^2 - b^2) of its strength."""
    return winner - math.sqrt(max(0.0, winner * winner - loser * loser))


def attack_worth(view: Outlook, mine: float, theirs: float, exposed: float = 0.0) -> float:
    """An attack of strength `mine` on an enemy legion of `theirs`, in points of the final score (2.B): won, the
    enemy dead at full value and the enemy's living lost, less the attackers lost; lost, the warmongering points
    (half the greater of the enemy dead and the attackers, at most the enemy legion) less the defender's half of
    the attackers killed and the attackers lost. `exposed`: what the winner then risks to enemies still to move."""
    win = win_chance(mine, theirs * HOME)
    keep, foe = live(view), rival(view)
    cost = lost_winning(mine, theirs)
    won = theirs + foe * keep * theirs - keep * cost - exposed
    kills = min(theirs, lost_winning(theirs, mine) if theirs > mine else 0.6 * theirs)
    scored = min(max(kills, mine) / 2, theirs)
    lost = scored - foe * mine / 2 - keep * mine + foe * keep * kills
    return win * won + (1.0 - win) * lost


def danger(view: Outlook, enemy: float, share: float, strength: float, is_titan: bool) -> float:
    """What an enemy stack of `enemy` that reaches the legion on `share` of its rolls costs, in points: its chance
    of winning times what it would score and the living lost (nothing once no enemy moves before the end)."""
    if not view.answered or enemy < THREAT_FROM * strength:
        return 0.0
    loss = (rival(view) + live(view)) * strength * (TITAN_STAKE if is_titan else 1.0)
    return share * win_chance(enemy, strength * HOME) * loss


def flees(view: Outlook, mine: float, theirs: float) -> bool:
    """A defender of `mine` without a lord, attacked by `theirs`: flee (the attacker scores half) when the
    fight is expected to cost more. Won, the defender scores half the attackers killed and the attacker his
    warmongering points; lost, the attacker scores the whole legion."""
    keep, foe = live(view), rival(view)
    flight = -foe * mine / 2 - keep * mine
    hold = win_chance(mine * HOME, theirs)
    losses = lost_winning(mine, theirs)
    won = theirs / 2 - foe * min(max(losses, theirs) / 2, mine) + foe * keep * theirs - keep * losses
    kills = min(theirs, lost_winning(theirs, mine) if theirs > mine else 0.6 * theirs)
    lost = -foe * mine - keep * mine + foe * keep * kills
    return hold * won + (1.0 - hold) * lost < flight


def spawn_pick(state: TitanState, options: list[str]) -> str:
    """The spawn's choice that scores most: the most valuable creature (half its value at the end), and of
    creatures worth the same, one that makes a pair with one already in the new legion (two of a kind muster
    the next creature up: more to score with), else the first by name, as before."""
    settled = respawn.offer(state).legion
    return max(options, key=lambda name: (character_value(name), settled.count(name) == 1, name))

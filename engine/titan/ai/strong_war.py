"""Strong's reckoning of Battle Titan (level 2): what the house rules score, in the measure Strong values by.

Under Battle Titan (`warmongering.battle_titan`) the game is won on the final score, battle points plus half
the value of the living (2.A), and nobody is out. Strong's masterboard (`strong_value`, `strong_board`) and
battle (`strong_battle`) ask this module what an outcome is worth there; in standard Titan they never do.

The measure stays Strong's own: a living character counts its value (at the end it is worth half its value
to its owner's total), so a battle point counts two (`point`), with a little more while the game lasts (angels,
the Titan's power). What an enemy gains or loses counts against the seat's margin over the others, shared
among them (`opp`: all of it with two players). See docs/titan.md, "The Strong player in Battle Titan".
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.titan.battle_titan.endings import ending, rounds_agreed, seconds_agreed
from engine.titan.battle_titan.spawn import SpawnOffer
from engine.titan.battle_titan.warmongering import war
from engine.titan.data import TITAN, character_value
from engine.titan.state import TitanState

POINT = 2.0  # a battle point, against a living character's value point (which counts half at the end)
POINTS = 0.3  # a point's worth beyond that while the game lasts: toward angels and the Titan's power
LATE = 3  # ... counted in full from this many turns before the end, less and less after
GROWTH = 0.0  # a living character's worth beyond its value while the game lasts (what it may still win)
OWN_TITAN_STAKE = 30.0  # the seat's Titan lost: no Titan teleport nor his Warlock, until a respawn (not the game)
TITAN_STAKE = 15.0  # an enemy Titan killed: the same for him
BATTLE_TITAN_STAKE = 20.0  # a Titan's stake in the battle's own play (strong_battle), either side's
FAR = math.inf  # turns left where the end cannot be foreseen (an appearance not yet seen; a clock not yet run)


def turns_left(state: TitanState, seat: int) -> float:
    """The turns `seat` still plays after the mover's turn under way (FAR if the end cannot be foreseen): the
    agreed rounds left, or the rounds the game's clock leaves at its pace so far, or none once the end of this
    round is due (an appearance, an extinction, the time up); and one more if he plays later in this round."""
    record = war(state)
    kind = ending(state)
    if kind == "rounds":
        after = float(max(0, rounds_agreed(state) - state.turn_number))
    elif kind == "time":
        limit = seconds_agreed(state)
        if record.seconds >= limit:
            after = 0.0
        elif record.seconds > 0 and state.turn_number > 1:
            after = float(math.floor((limit - record.seconds) * (state.turn_number - 1) / record.seconds))
        else:
            after = FAR
    else:
        after = 0.0 if record.ends else FAR
    later = state.order.index(seat) > state.order.index(state.mover)
    return after + (1.0 if later else 0.0)


class War:
    """One decision's view of the house rules' scoring, for the seat: the measure of points and of the enemy's
    gains, and the turns each player has left."""

    def __init__(self, state: TitanState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.opp = 1.0 / max(1, state.num_players - 1)  # the margin over the others: an enemy's gain is shared
        self.left = {other: turns_left(state, other) for other in range(state.num_players)}
        mine = self.left[seat]
        self.point = POINT + POINTS * min(1.0, mine / LATE)
        self.live = 1.0 + GROWTH * min(1.0, mine / LATE)
        self.next_turn = 1.0 if mine >= 1 else 0.0  # what the seat could muster next turn counts only if it comes

    def can_answer(self, enemy_seat: int) -> bool:
        """Whether an enemy still has a turn to attack in before the end."""
        return self.left[enemy_seat] >= 1

    def can_answer_twice(self, enemy_seat: int) -> bool:
        return self.left[enemy_seat] >= 2

    def stake(self, titan: bool, own: bool) -> float:
        """A legion's loss beyond its characters: a Titan's, a little (he is no longer the game)."""
        if not titan:
            return 0.0
        return OWN_TITAN_STAKE if own else TITAN_STAKE

    def lost_to_attack(self, value: float, stake: float) -> float:
        """A legion of the seat's killed by an attacker: its characters, and the enemy scores them in full."""
        return value * (self.live + self.opp * self.point) + stake

    def attack(
        self, mine: float, theirs: float, odds: Sequence[float], stakes: tuple[float, float], after: float = 0.0
    ) -> float:
        """An attack by the seat's legion worth `mine` on an enemy worth `theirs` (`odds`: the attacker's and the
        defender's chances, what each keeps on average, the chance of a time loss; `after`: what the winner
        musters there less what he then risks): a win scores the enemy in full (2.B) and takes him off the board;
        a loss still scores half the greater of the enemy dead and the attackers ("to score full points, you
        must attack and win"), at most the whole enemy legion (2.B.1), and the defender scores half the attackers
        killed (2.B.2), nothing on a time loss, when they go back to the stock (2.B.3); if both are wiped out the
        attacker scores as a loser, the enemy legion at half value. `stakes`: each legion's
        stake. No threshold on the odds, as the standard game's 70%: the points decide."""
        wins, loses, a_left, d_left, time_loss = odds
        own_stake, their_stake = stakes
        live, point, opp = self.live, self.point, self.opp
        mutual = max(0.0, 1.0 - wins - loses)
        kept_winning = min(mine, a_left / wins) if wins > 0 else mine
        kept_defending = min(theirs, d_left / loses) if loses > 0 else theirs
        dead = theirs - kept_defending
        warmongering = point * min(max(dead, mine) / 2, theirs)
        gone = live * mine + own_stake  # our legion off the board (killed, or back to the stock)
        taken = opp * (live * theirs + their_stake)  # theirs
        win = point * theirs + taken - live * (mine - kept_winning)
        lost_battle = warmongering - gone - opp * point * mine / 2 + opp * live * dead
        lost_time = warmongering - gone + opp * live * dead
        both = point * min(max(theirs, mine) / 2, theirs) - gone + taken
        return wins * (win + after) + (loses - time_loss) * lost_battle + time_loss * lost_time + mutual * both

    def defence(self, mine: float, theirs: float, odds: Sequence[float], stakes: tuple[float, float]) -> float:
        """Fighting off an attacker worth `theirs` with the seat's legion worth `mine` (`odds` the attacker's): a
        win scores half the attackers killed (nothing on time, when they go back to the stock), and the attacker
        still scores half the greater of our dead and his value, at most our legion; a loss gives him our legion
        in full."""
        a_wins, d_wins, a_left, d_left, time_loss = odds
        own_stake, their_stake = stakes
        live, point, opp = self.live, self.point, self.opp
        mutual = max(0.0, 1.0 - a_wins - d_wins)
        kept = min(mine, d_left / d_wins) if d_wins > 0 else mine
        kept_attacking = min(theirs, a_left / a_wins) if a_wins > 0 else theirs
        their_score = opp * point * min(max(mine - kept, theirs) / 2, mine)
        taken = opp * (live * theirs + their_stake)
        won_battle = point * theirs / 2 + taken - live * (mine - kept) - their_score
        won_time = taken - live * (mine - kept) - their_score
        gone = mine * (live + opp * point) + own_stake  # our legion killed, scored by him in full
        lost = -gone + opp * live * (theirs - kept_attacking)
        both = -gone + taken
        return (d_wins - time_loss) * won_battle + time_loss * won_time + a_wins * lost + mutual * both

    def outcomes(self, attacking: bool, mine: float, theirs: float, stakes: tuple[float, float]) -> dict[str, float]:
        """The engagement settled without a battle, as `strong_board` weighs its answers: "mine" (the seat's legion
        eliminated: it concedes, or terms), "theirs", "both", "flee" (the defender's), each as the house rules score
        it (a concession or terms count the whole legion as taking part, and its losses as kills)."""
        own_stake, their_stake = stakes
        live, point, opp = self.live, self.point, self.opp
        gone = live * mine + own_stake
        taken = opp * (live * theirs + their_stake)
        if attacking:
            return {
                "mine": point * min(mine / 2, theirs) - gone - opp * point * mine / 2,
                "theirs": point * theirs + taken,
                "both": point * min(max(theirs, mine) / 2, theirs) - gone + taken,
                "flee": -gone,  # (not the attacker's to choose)
            }
        return {
            "mine": -gone - opp * point * mine,
            "theirs": point * theirs / 2 + taken - opp * point * min(theirs / 2, mine),
            "both": -gone + taken - opp * point * min(max(mine, theirs) / 2, mine),
            "flee": -gone - opp * point * (mine // 2),
        }


def battle_stakes() -> tuple[float, float]:
    """A Titan's stake in the battle's own play, the seat's and the enemy's: no longer the game."""
    return BATTLE_TITAN_STAKE, BATTLE_TITAN_STAKE


def spawn_pick(offer: SpawnOffer, options: Sequence[str], worth) -> str:  # type: ignore[no-untyped-def]
    """The spawn's open choice: the creature worth most with `worth(contents)`, what the legion so far with it
    could muster; the most valuable on a tie."""
    so_far = list(offer.legion)

    def pick(name: str) -> tuple[float, int, str]:
        return (character_value(name) + worth(tuple(sorted([*so_far, name]))), character_value(name), name)

    return max(options, key=pick)


__all__ = ["TITAN", "War", "battle_stakes", "spawn_pick", "turns_left"]

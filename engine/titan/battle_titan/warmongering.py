"""Battle Titan's scoring (the house rules' 2.B): what each side of an engagement scores, by which rule, and why.

`Result` is an engagement's outcome as the house rules need it: who attacked, who won and how, and the
values involved (Titans at their owner's power before the engagement). `points_of` turns it into the points
each player scores, each with the rule that scored it; `settle` scores them, writes the log and the record
(`war_record.WarRecord`). The winner's points still go through `engagements.finish_engagement` (angels);
the losing attacker's are added here (he has no legion left to take an angel into). Rulings: docs/titan.md,
"Battle Titan: rulings".
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.titan.battle_titan.war_record import ATTACK_LOST, ATTACK_WON, DEFENCE_WON, WarRecord
from engine.titan.data import TITAN, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import TitanState

HOWS = ("battle", "concession", "flee", "agreement", "time loss")


def battle_titan(state: TitanState) -> bool:
    """Whether the game is played under Battle Titan's house rules."""
    return getattr(state.options, "variant", "standard") == "battle"


def war(state: TitanState) -> WarRecord:
    """The record of the war (only under Battle Titan)."""
    if state.war is None:
        raise ValueError("only Battle Titan keeps a record of the war")
    return state.war


@dataclass(frozen=True)
class Result:
    """An engagement's outcome. `winner` is "attacker", "defender" or "" (both legions gone); `how` one of HOWS.

    attacking: the value of the attacker's characters that took part (those that entered the battleland,
    or the whole legion when it went without a battle); enemy: the value of the whole defending legion ("all
    involved units": the dead, the living and those left off the battleland); attackers_killed,
    defenders_killed: the value of each side's characters killed (a concession, a flight or terms agreed count
    as kills, and so do the losing side's characters left off the battleland)."""

    attacker: int
    defender: int
    winner: str
    how: str
    attacking: int
    enemy: int
    attackers_killed: int
    defenders_killed: int


@dataclass(frozen=True)
class Points:
    """Points one player scores for an engagement, the kind of result and the rule, in words."""

    seat: int
    kind: str
    points: int
    rule: str


def value(names: list[str], score: int) -> int:
    """The value of characters (a Titan at the power of its owner's score)."""
    return sum(character_value(name, score) for name in names)


def points_of(result: Result) -> list[Points]:
    """What each side scores [2.B]: a winning attacker the full value of the enemy dead (half for a flight,
    as in the standard game); a winning defender half the attackers killed (nothing on a time loss, as in
    the standard game); an attacker who does not win half the greater of the enemy dead and his participating
    characters' value (full points only for an attack won), but never more than the whole enemy legion's value."""
    if result.winner == ATTACKER:
        if result.how == "flee":
            return [Points(result.attacker, ATTACK_WON, result.defenders_killed // 2, "half for a flight")]
        return [Points(result.attacker, ATTACK_WON, result.defenders_killed, "full points for the enemy dead")]
    scored = []
    if result.winner == DEFENDER:
        if result.how == "time loss":
            scored.append(Points(result.defender, DEFENCE_WON, 0, "nothing for a time loss"))
        else:
            half = result.attackers_killed // 2
            scored.append(Points(result.defender, DEFENCE_WON, half, "a winning defender scores half"))
    # "To score full points, you must attack and win": a loser's kills count at half value, the floor half
    # his participants (2.B.1), never more than the whole enemy legion.
    at_least = max(result.defenders_killed, result.attacking) // 2
    if at_least > result.enemy:
        rule = "warmongering, at most the whole enemy legion"
    elif result.attacking >= result.defenders_killed:
        rule = "warmongering, half the attackers' value"
    else:
        rule = "warmongering, half the enemy dead"
    scored.append(Points(result.attacker, ATTACK_LOST, min(at_least, result.enemy), rule))
    return scored


def settle(state: TitanState, result: Result) -> int:
    """Record and log what each side scores; the losing attacker's points are added to his score here. Returns
    the winner's points, for `finish_engagement` to score (and bring angels)."""
    winner_seat = {ATTACKER: result.attacker, DEFENDER: result.defender}.get(result.winner, -1)
    record = war(state)
    names = state.seats[result.attacker].name, state.seats[result.defender].name
    outcome = {ATTACKER: "wins", DEFENDER: "loses"}.get(result.winner, "and the defence are both destroyed")
    state.log.append(
        f"Battle Titan: {names[0]}'s attack on {names[1]} {outcome} ({result.how}); the attackers who took part "
        f"are worth {result.attacking}, the defending legion {result.enemy}; killed: attackers "
        f"{result.attackers_killed}, defenders {result.defenders_killed}."
    )
    for scored in points_of(result):
        record.add_points(scored.seat, scored.kind, scored.points)
        name = state.seats[scored.seat].name
        state.log.append(f"Battle Titan ({scored.kind}, {result.how}): {name} scores {scored.points}, {scored.rule}.")
        if scored.seat != winner_seat:
            state.players[scored.seat].score += scored.points
    return sum(scored.points for scored in points_of(result) if scored.seat == winner_seat)


def take_trophies(state: TitanState, seat: int, names: list[str]) -> None:
    """`seat` killed these characters: war trophies [2.B.4]."""
    war(state).add_trophies(seat, names)


def return_to_stock(state: TitanState, names: list[str], why: str) -> None:
    """Characters go back to the stock instead of being retired [2.B.3] (a Titan just leaves the board)."""
    record = war(state)
    for name in names:
        if name != TITAN:
            state.stock[name] += 1
            record.add_returned(name)
    if names:
        state.log.append(f"{', '.join(sorted(names))} {why}: back to the stock (Battle Titan).")


def war_problems(state: TitanState) -> list[str]:
    """The record of the war's invariants, in words: kept under Battle Titan only; nobody out; each player's
    battle points are his score (every point counts for Titan power) and the sum of his kinds of result."""
    if not battle_titan(state):
        return [] if state.war is None else ["a record of the war in standard Titan"]
    if state.war is None:
        return ["Battle Titan without a record of the war"]
    problems = []
    for seat, player in enumerate(state.players):
        if not player.alive:
            problems.append(f"seat {seat} is out of a game of Battle Titan")
        points, kinds = state.war.points[seat], state.war.kinds[seat]
        if not points == sum(kinds.values()) == player.score:
            problems.append(f"seat {seat}: {points} battle points, {sum(kinds.values())} by kind, score {player.score}")
    if TITAN in state.war.returned:
        problems.append("a Titan counted as returned to the stock")
    return problems

"""Battle Titan's agreed end (the house rules' point 2, "Duration") and final score (2.A).

The game ends at the end of a round (after the last player in turn order), so every player has had the same
number of turns. Four kinds of ending, chosen at set-up (`TitanOptions.ending`):
- rounds: after the agreed number of rounds (the last one is announced when the round before it begins);
- time: at the end of the round in which the game's clock passes the agreed minutes. The clock counts only
  time the game is open; it lives in the state (`WarRecord.seconds`) and only `Titan.add_time` advances it,
  carrying the time into the undo chain so an undo never gives time back; the clock at each round's end is
  kept (`WarRecord.round_clock`) for the replay (docs/titan.md);
- appearance: at the end of the round in which the first of the chosen creature is mustered anywhere;
- extinction: at the end of the round in which, after at least one was mustered, none is alive on the board.
The creature endings come at the latest at the end of round 80 (this edition's ruling: a creature nobody
musters, or one nobody kills, would otherwise never end the game), announced a round ahead like `rounds`.

Final score: battle points plus half the value of the player's living characters on the board (a Titan at
his power); halves are kept (scores are x.5 where the value is odd), nothing is rounded. Ties are ties.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.records import NoDecision
from engine.titan.battle_titan.warmongering import battle_titan, war
from engine.titan.data import CREATURES, TITAN, character_value
from engine.titan.state import Phase, TitanState

ENDINGS = ("rounds", "time", "appearance", "extinction")
DEFAULT_ROUNDS = 12
DEFAULT_MINUTES = 60
DEFAULT_CREATURE = (
    "Serpent"  # the top of the jungle path: first mustered near the 60-minute game's length (docs/titan.md)
)
CREATURE_LAST_ROUND = 80  # a creature ending comes at the latest at the end of this round (a ruling: docs/titan.md)
CREATURE_CHOICES = tuple(sorted(name for name in CREATURES if name != TITAN))


def ending(state: TitanState) -> str:
    return str(getattr(state.options, "ending", "rounds"))


def rounds_agreed(state: TitanState) -> int:
    return int(getattr(state.options, "rounds", DEFAULT_ROUNDS))


def seconds_agreed(state: TitanState) -> int:
    return 60 * int(getattr(state.options, "minutes", DEFAULT_MINUTES))


def creature_agreed(state: TitanState) -> str:
    return str(getattr(state.options, "creature", DEFAULT_CREATURE))


def alive_on_board(state: TitanState, name: str) -> int:
    """How many of a character stand in legions on the board (one slain in a battle under way counts until
    its legion loses it, at the end of that strike phase)."""
    return sum(legion.contents.count(name) for legion in state.legions.values())


def observe(state: TitanState) -> None:
    """After every action: note the chosen creature's first appearance and its extinction (the end then comes
    at the end of this round)."""
    if not battle_titan(state) or state.phase == Phase.GAME_OVER:
        return
    record = war(state)
    kind = ending(state)
    if kind not in ("appearance", "extinction"):
        return
    name = creature_agreed(state)
    count = alive_on_board(state, name)
    if count and not record.appeared:
        record.appeared = True
        state.log.append(f"The first {name} is mustered.")
        if kind == "appearance" and not record.ends:
            record.ends = True
            state.log.append("Battle Titan: the game ends at the end of this round (the agreed appearance).")
    if kind == "extinction" and record.appeared and not count and not record.ends:
        record.ends = True
        state.log.append(f"No {name} is left alive: the game ends at the end of this round (the agreed extinction).")


def last_round(state: TitanState) -> int | None:
    """The round that is the last whatever happens: the agreed rounds, or a creature ending's latest; None under
    the time ending (known only as it comes)."""
    kind = ending(state)
    if kind == "rounds":
        return rounds_agreed(state)
    return CREATURE_LAST_ROUND if kind in ("appearance", "extinction") else None


def round_begins(state: TitanState) -> None:
    """A new round: its number is `state.turn_number`. The last round is announced a round ahead."""
    last = last_round(state) if battle_titan(state) else None
    if last is None or (ending(state) != "rounds" and war(state).ends):
        return
    left = last - state.turn_number
    latest = "" if ending(state) == "rounds" else f" at the latest (the {creature_agreed(state)} has not ended it)"
    if left == 1:
        state.log.append(f"Round {state.turn_number} of {last}: the next round is the last{latest}.")
    elif left == 0:
        state.log.append(f"Round {state.turn_number}: the last round{latest}.")


def round_over(state: TitanState) -> bool:
    """At the end of a round: whether the agreed end has come (and if so the game is over, scored)."""
    if not battle_titan(state):
        return False
    record = war(state)
    kind = ending(state)
    if kind == "time":
        record.round_clock.append(record.seconds)  # what the replay needs to end each round as the game did
    if kind == "rounds" and state.turn_number >= rounds_agreed(state):
        reason = f"{rounds_agreed(state)} rounds have been played"
    elif kind == "time" and record.seconds >= seconds_agreed(state):
        reason = f"the agreed {seconds_agreed(state) // 60} minutes are up"
    elif kind in ("appearance", "extinction") and record.ends:
        reason = f"the agreed {kind} of the {creature_agreed(state)}"
    elif kind in ("appearance", "extinction") and state.turn_number >= CREATURE_LAST_ROUND:
        reason = f"round {CREATURE_LAST_ROUND}, the latest end, came before the {kind} of the {creature_agreed(state)}"
    else:
        return False
    state.phase = Phase.GAME_OVER
    state.engagement, state.aftermath, state.battle = NoDecision(), NoDecision(), None
    totals = final_scores(state)
    best = max(totals)
    state.winner = totals.index(best) if totals.count(best) == 1 else -2
    state.log.append(f"Battle Titan: the game ends ({reason}), every player having had {state.turn_number} turns.")
    for seat, total in enumerate(totals):
        half = half_values(state)[seat]
        state.log.append(
            f"{state.seats[seat].name}: {record.points[seat]} battle points + {show(half)} "
            f"(half the living) = {show(total)}."
        )
    return True


def remaining(state: TitanState) -> dict[str, object]:
    """What is left before the end, for the screen: rounds, seconds or the creature's count alive."""
    kind, record = ending(state), war(state)
    if kind == "rounds":
        return {"ending": kind, "round": state.turn_number, "rounds": rounds_agreed(state)}
    if kind == "time":
        return {"ending": kind, "seconds": record.seconds, "limit": seconds_agreed(state)}
    name = creature_agreed(state)
    return {
        "ending": kind,
        "creature": name,
        "alive": alive_on_board(state, name),
        "appeared": record.appeared,
        "round": state.turn_number,
        "last_round": CREATURE_LAST_ROUND,
    }


def half_values(state: TitanState) -> list[float]:
    """Per player: half the value of his living characters on the board (a Titan at his power)."""
    totals = [0] * state.num_players
    for legion in state.legions.values():
        score = state.players[legion.owner].score
        totals[legion.owner] += sum(character_value(name, score) for name in legion.contents)
    return [total / 2 for total in totals]


def final_scores(state: TitanState) -> list[float]:
    """Battle points plus half the value of the living (2.A)."""
    return [points + half for points, half in zip(war(state).points, half_values(state), strict=True)]


@dataclass(frozen=True)
class Breakdown:
    """One player's reckoning for the end screen."""

    seat: int
    battle_points: int
    by_kind: dict[str, int]
    living: dict[str, float]  # half-value by character (all of his legions together)
    half_value: float
    total: float


def breakdown(state: TitanState) -> list[Breakdown]:
    """Each player's battle points (by kind of result) and half-values of what is alive."""
    record = war(state)
    rows = []
    for seat, player in enumerate(state.players):
        living: dict[str, float] = {}
        for legion in state.legions_of(seat):
            for name in legion.contents:
                living[name] = living.get(name, 0) + character_value(name, player.score) / 2
        half = sum(living.values())
        rows.append(
            Breakdown(seat, record.points[seat], dict(record.kinds[seat]), living, half, record.points[seat] + half)
        )
    return rows


def end_problems(state: TitanState) -> list[str]:
    """A finished game of Battle Titan, in words: it ended at the end of a round (the last seat in turn order
    moved last), for an agreed reason, and its winner is the one highest total (-2 for a tie)."""
    problems = []
    if state.mover != state.order[-1]:
        problems.append(f"the game ended in seat {state.mover}'s turn, not at the end of a round")
    record, kind = war(state), ending(state)
    due = {
        "rounds": state.turn_number >= rounds_agreed(state),
        "time": record.seconds >= seconds_agreed(state),
    }.get(kind, record.ends or state.turn_number >= CREATURE_LAST_ROUND)
    if not due:
        problems.append(f"the game ended before its agreed end ({kind})")
    totals = final_scores(state)
    best = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if state.winner != (best[0] if len(best) == 1 else -2):
        problems.append(f"the game is over and the winner is {state.winner}, the totals {totals}")
    return problems


def rounds_ended(state: TitanState) -> int:
    """How many rounds have ended (the last one too, once the game is over)."""
    return state.turn_number - (state.phase != Phase.GAME_OVER)


def clock_problems(state: TitanState) -> list[str]:
    """The clock kept at the rounds' ends, in words: under the time ending one for each round ended (fewer in a
    game saved before it was kept), running forward to the clock; none under the other endings."""
    clocks, ended = war(state).round_clock, rounds_ended(state)
    if len(clocks) > (ended if ending(state) == "time" else 0):
        return [f"the clock kept at {len(clocks)} round ends after {ended} rounds"]
    if clocks != sorted(clocks) or clocks[-1:] > [war(state).seconds]:
        return ["the clock kept at the rounds' ends does not run forward to the clock"]
    return []


def show(points: float) -> str:
    """12.0 as '12', 12.5 as '12.5'."""
    return str(int(points)) if points == int(points) else str(points)

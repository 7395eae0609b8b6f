"""Titan battle duel: Strong's battle play against Standard's, battle by battle, sides swapped.

    python scripts/battle_duel.py --games 40 --seed 7000
    python scripts/battle_duel.py --games 5 --watch 3        # print three battles move by move
    python scripts/battle_duel.py --games 15 --seed 7000 --club   # the club player's battle play in Strong's place

Battles are taken from real games (two Standard players, seeds SEED..SEED+GAMES-1): each time a battle is
about to be fought, the position is kept. Each kept battle is then played twice from there, Strong's battle
play (`strong_battle.decide`) on one side and Standard's (`standard.choose`) on the other, then the sides swapped;
both plays roll the same dice (the battle's dice stream is reseeded alike), so a battle won both ways says the
battle was one-sided, and only the plays' difference counts. Strong's score: battles won (a mutual destruction
counts half) out of all plays; 50% if it plays exactly as Standard does. Also: attacks lost on time. With
`--club`, the club player's battle play (`club.choose`) takes Strong's place ("Strong" in the report
then means the club player).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from winrate import wilson

from engine.core import Rng
from engine.core.bots import make_bot
from engine.titan.ai import club, standard, strong_battle
from engine.titan.data import character_value
from engine.titan.game import Titan
from engine.titan.state import Phase, TitanState

GAME = Titan()
BATTLE = frozenset({Phase.MANEUVER, Phase.STRIKE, Phase.CARRY})


def collect(games: int, seed: int, limit: int) -> list[TitanState]:
    """Positions at the start of every battle fought in games of two Standard players."""
    battles: list[TitanState] = []
    for index in range(games):
        state = GAME.new_game(2, seed=seed + index)
        bots = [make_bot(GAME, 1, seed=(seed + index) * 7 + s + 1) for s in range(2)]
        fighting = False
        while state.current_player is not None and len(battles) < limit:
            if state.phase in BATTLE and state.battle is not None and not fighting:
                battles.append(state.clone(record=False))
                fighting = True
            if state.battle is None:
                fighting = False
            seat = state.current_player
            state = GAME.apply(state, bots[seat].choose(state, seat))
        if len(battles) >= limit:
            break
    return battles


SLICES: list[float] = []  # CPU time of each unit of work between two yields


CLUB: list[bool] = []  # --club: the club player's battle play in Strong's place


def strong_choice(state: TitanState, seat: int, legal: list, times: list[float]) -> object:
    started = time.process_time()
    if CLUB:
        action = club.choose(state, seat, legal)
        times.append(time.process_time() - started)
        return action
    decision = strong_battle.decide(state, seat, legal, Rng(seat))
    try:
        while True:
            before = time.process_time()
            try:
                next(decision)
            finally:
                SLICES.append(time.process_time() - before)
    except StopIteration as stop:
        times.append(time.process_time() - started)
        return stop.value


def lost_value(before: list[str], after: list[str], score: int) -> int:
    """The points of the characters a legion lost (newcomers, a summoned angel or a reinforcement, not counted)."""
    gone = Counter(before) - Counter(after)
    return sum(character_value(name, score) * count for name, count in gone.items())


def play(
    start: TitanState, strong_seat: int, dice: int, times: list[float], watch: bool
) -> tuple[float, bool, bool, int]:
    """Play one battle from `start` (`strong_seat` -1: Standard on both sides); Strong's share of the win,
    whether the attacker lost on time, whether Strong attacked, and the points Strong's side killed less the
    points it lost (the attacker's side when `strong_seat` is -1)."""
    state = start.clone(record=False)
    state.rng = Rng(dice)
    battle = state.battle
    attacker, defender = battle.attacker, battle.defender
    strong_attacks = state.legions[attacker].owner == strong_seat
    if watch:
        print(f"-- Strong {'attacks' if strong_attacks else 'defends'}: {start.log[-1] if start.log else ''}")
    seen = len(state.log)
    while state.battle is not None and state.phase in BATTLE:
        seat = state.current_player
        legal = GAME.legal_actions(state)
        if seat == strong_seat and len(legal) > 1:
            action = strong_choice(state, seat, legal, times)
        else:
            action = standard.choose(state, seat, legal, None)
        state = GAME.apply(state, action)
        if watch:
            for line in state.log[seen:]:
                print("   ", line)
        seen = len(state.log)
    on_time = any("Time runs out" in line for line in state.log)
    attacker_left = attacker in state.legions and bool(state.legions[attacker].contents)
    defender_left = defender in state.legions and bool(state.legions[defender].contents)
    net = 0
    for marker, sign in ((attacker, -1), (defender, 1)):
        legion = start.legions[marker]
        after = state.legions[marker].contents if marker in state.legions else []
        net += sign * lost_value(legion.contents, after, start.players[legion.owner].score)
    if strong_seat >= 0 and not strong_attacks:
        net = -net
    won = attacker_left if strong_attacks else defender_left
    share = 0.5 if attacker_left == defender_left else float(won)
    return share, on_time, strong_attacks, net


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games to take battles from")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--battles", type=int, default=400, help="at most this many battles")
    parser.add_argument("--watch", type=int, default=0, help="print the first N battles move by move")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a trial value for a constant of strong_battle (e.g. DAMAGE=0.6)")  # fmt: skip
    parser.add_argument("--club", action="store_true", help="the club player's battle play in Strong's place")
    args = parser.parse_args()
    if args.club:
        CLUB.append(True)
    for setting in args.set:
        name, value = setting.split("=")
        setattr(strong_battle, name, type(getattr(strong_battle, name))(value))
    started = time.perf_counter()
    battles = collect(args.games, args.seed, args.battles)
    gc.freeze()  # the positions kept are never freed: no collection need walk them (it made slices look long)
    print(f"{len(battles)} battles from {args.games} games (seeds {args.seed}-{args.seed + args.games - 1})")
    score = 0.0
    plays = 0
    differ = 0
    net = 0
    time_losses = {"strong": 0, "standard": 0}
    times: list[float] = []
    for number, start in enumerate(battles):
        battle = start.battle
        seats = (start.legions[battle.attacker].owner, start.legions[battle.defender].owner)
        shares = []
        for strong_seat in seats:
            watch = number < args.watch
            share, on_time, attacking, points = play(start, strong_seat, args.seed * 1000 + number, times, watch)
            net += points
            shares.append(share)
            score += share
            plays += 1
            time_losses["strong"] += on_time and attacking
        # the Standard attacker's time losses, for comparison: the battle with Standard on both sides
        _, on_time, _, _ = play(start, -1, args.seed * 1000 + number, [], False)
        time_losses["standard"] += on_time
        differ += shares[0] + shares[1] != 1.0
    low, high = wilson(score, plays)
    print(
        f"Strong's battle play won {score:g} of {plays} plays: {score / max(1, plays):.1%} "
        f"(95% CI {low:.1%}-{high:.1%}); {differ} of {len(battles)} battles went differently with the sides swapped"
    )
    print(f"points killed less points lost by Strong's side, both plays of a battle: {net / max(1, len(battles)):+.2f} "
          "a battle (0 if it played as Standard)")  # fmt: skip
    print(f"attacks lost on time: Strong attacking {time_losses['strong']}, Standard against Standard "
          f"{time_losses['standard']} (of {len(battles)})")  # fmt: skip
    if times:
        ordered = sorted(times)
        print(
            f"Strong battle decisions: {len(times)}, CPU median {statistics.median(times) * 1000:.2f} ms, "
            f"p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
        )
    if SLICES:
        ordered = sorted(SLICES)
        print(
            f"work units between yields: {len(SLICES)}, p99 {ordered[int(0.99 * (len(ordered) - 1))] * 1000:.2f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms"
        )
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

"""Born of Titans balance by self-play: win shares per Hero and per seat in turn order, game length, and how
often each Quest, Encounter monster and Sea Monster is overcome.

    .venv/bin/python scripts/born_balance.py --games 600 --players 2,3,4 --seed 1 --jobs 1 --json out.json

Every seat is the same computer Hero (`--level`, default 2; -1 the scripted baseline, 0 random). The Heroes
are dealt at random: the script makes every `choose_hero` decision itself, at random among the Heroes still
free, so each Hero is measured in every seat; the bots make every other decision (start Sites, placing the
others' Quests, Divine counters at every moment). Options at their defaults. Game i of a player count uses
seed SEED + i.

Challenges are found by watching the state between actions, not by changing the engine: one begins when
`state.challenge` appears and ends when it is none again (or names another foe). It was won if the foe was
overcome: the Quest is on the Hero's Shields, the Encounter is gone from its City with the Hero inside, or she
has the Sea Monster's passage. A game still going after MAX_ROUNDS rounds is a stall (a defect), listed by
seed and left out of the win shares.

Per player count: per Hero games, wins, share against the fair 1/players with a 95% Wilson interval and the
gap in points (! past --flag points); the same per seat in turn order (first to play, second...); rounds and
actions (median, 90th percentile, max); save sizes of the finished games (`engine.core.save.dumps`); then,
over all player counts, per Quest the times placed, Challenges against it and the share won, and rounds from
placement to completion; per Encounter monster and Sea Monster the Challenges and the share won.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from winrate import wilson

from engine.born_of_titans import GAME
from engine.born_of_titans.data import HEROES, MONSTERS, QUESTS, SEA_MONSTERS
from engine.born_of_titans.state import BornState, Challenge, Phase
from engine.core import Rng
from engine.core.bots import make_bot
from engine.core.save import dumps

MAX_ROUNDS = 300  # a game still going after this many rounds has stalled
HERO_PICKS = 0xB0A7  # mixed into a game's seed for the script's random choice of Heroes


def player(level: int, seed: int) -> Callable[[BornState, int], Any]:
    """The decision function of one seat at `level` (the game's own bots: 1, 2, the baseline -1; 0 random)."""
    return make_bot(GAME, level, seed).choose


class Watch:
    """What one game did, read from the state after every action: Quests placed and completed, Challenges."""

    def __init__(self) -> None:
        self.quests: dict[int, list[Any]] = {}  # Quest counter id -> [face, round placed, round completed]
        self.challenges: list[list[Any]] = []  # [foe kind, face, won]
        self.open: dict[str, Any] | None = None  # the Challenge under way

    def after(self, state: BornState) -> None:
        """Note what changed with the last action."""
        for sheet in state.sheets:
            if sheet.quest is not None and sheet.quest.id not in self.quests:
                cid = sheet.quest.id
                self.quests[cid] = [state.faces[cid], state.round, None]
            for cid in sheet.quests.values():
                if cid in self.quests and self.quests[cid][2] is None:
                    self.quests[cid][2] = state.round
        challenge = state.challenge if isinstance(state.challenge, Challenge) else None
        foe = challenge.foe if challenge is not None else None
        if self.open is not None and foe != self.open["foe"]:
            self._close(state)
        if challenge is not None and self.open is None:
            self.open = {"seat": challenge.seat, "foe": challenge.foe, "foe_kind": challenge.foe_kind}
            self.open.update(node=challenge.node, face=state.faces[challenge.foe])

    def _close(self, state: BornState) -> None:
        """The Challenge under way has ended: was its foe overcome?"""
        ended = self.open
        assert ended is not None
        self.open = None
        seat, cid, kind, node = ended["seat"], ended["foe"], ended["foe_kind"], ended["node"]
        sheet = state.sheets[seat]
        if kind == "quest":
            won = cid in sheet.quests.values()
        elif kind == "encounter":
            won = state.encounters.get(node) != cid and sheet.in_city and sheet.node == node
        else:
            won = sheet.passage and sheet.node == node
        self.challenges.append([kind, ended["face"], bool(won)])


def play_one(job: tuple[int, int, int]) -> dict[str, Any]:
    """One seeded self-play game: Heroes by seat, turn order, the winner, length, save size, Quests, Challenges."""
    players, seed, level = job
    picks = Rng(seed ^ HERO_PICKS)
    deciders = [player(level, seed * 7 + seat + 1) for seat in range(players)]
    state = GAME.new_game(players, None, seed=seed)
    assert isinstance(state, BornState)
    watch = Watch()
    watch.after(state)
    actions = 0
    while not state.is_over and state.round <= MAX_ROUNDS:
        seat = state.current_player
        assert seat is not None
        if state.phase == Phase.CHOOSE_HERO:
            legal = GAME.legal_actions(state)
            action = legal[picks.randrange(len(legal))]
        else:
            action = deciders[seat](state, seat)
        state = GAME.step(state, action)  # type: ignore[assignment]
        actions += 1
        watch.after(state)
    return {
        "players": players,
        "seed": seed,
        "stalled": not state.is_over,
        "heroes": [sheet.hero for sheet in state.sheets],
        "order": list(state.play),
        "winner": state.winner,
        "rounds": state.round,
        "actions": actions,
        "save_bytes": len(dumps(state)),
        "quests": list(watch.quests.values()),
        "challenges": watch.challenges,
    }


# -- the tables -----------------------------------------------------------------------------------------------
def spread(values: list[float]) -> dict[str, float]:
    """Median, 90th percentile and max (0 for none)."""
    xs = sorted(values)
    if not xs:
        return {"median": 0, "p90": 0, "max": 0}
    middle = len(xs) // 2
    median = xs[middle] if len(xs) % 2 else (xs[middle - 1] + xs[middle]) / 2
    return {"median": median, "p90": xs[math.ceil(0.9 * len(xs)) - 1], "max": xs[-1]}


def share_row(key: str, wins: int, n: int, fair: float, flag: float) -> dict[str, Any]:
    """Win share against fair with its 95% Wilson interval and the gap in points."""
    share = wins / n if n else 0.0
    low, high = wilson(wins, n)
    return {
        "key": key,
        "games": n,
        "wins": wins,
        "share": round(share, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "fair": round(fair, 3),
        "points_from_fair": round(100 * (share - fair), 1),
        "flag": bool(n and abs(share - fair) > flag / 100),
    }


def summarise_count(results: list[dict[str, Any]], players: int, flag: float) -> dict[str, Any]:
    """The tables of one player count: Heroes, seats in turn order, length and save sizes, stalls."""
    done = [r for r in results if not r["stalled"]]
    fair = 1.0 / players
    heroes = []
    for key in HEROES:
        rows = [(r, seat) for r in done for seat, hero in enumerate(r["heroes"]) if hero == key]
        heroes.append(share_row(key, sum(r["winner"] == seat for r, seat in rows), len(rows), fair, flag))
    seats = []
    for place in range(players):
        wins = sum(r["order"][place] == r["winner"] for r in done)
        seats.append(share_row(f"{place + 1}", wins, len(done), fair, flag))
    return {
        "players": players,
        "games": len(results),
        "finished": len(done),
        "stalled_seeds": [r["seed"] for r in results if r["stalled"]],
        "heroes": heroes,
        "seats": seats,
        "rounds": spread([r["rounds"] for r in done]),
        "actions": spread([r["actions"] for r in done]),
        "save_bytes": spread([r["save_bytes"] for r in done]),
        "largest_hero_gap": max((abs(h["points_from_fair"]) for h in heroes if h["games"]), default=0.0),
        "largest_seat_gap": max((abs(s["points_from_fair"]) for s in seats), default=0.0),
    }


def summarise_foes(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per Quest: placed, Challenges, share won, rounds to completion; per monster and Sea Monster the same."""
    quests = []
    for key, quest in QUESTS.items():
        placed = [q for r in results for q in r["quests"] if q[0] == key]
        fights = [won for r in results for kind, face, won in r["challenges"] if kind == "quest" and face == key]
        took = [q[2] - q[1] for q in placed if q[2] is not None]
        quests.append(
            {
                "key": key,
                "name": quest.name,
                "placed": len(placed),
                "completed": len(took),
                "challenges": len(fights),
                "won": round(sum(fights) / len(fights), 3) if fights else None,
                "rounds_to_complete": spread(took),
            }
        )
    monsters = []
    for kind, table in (("encounter", MONSTERS), ("sea_monster", SEA_MONSTERS)):
        for key, monster in table.items():
            fights = [won for r in results for k, face, won in r["challenges"] if k == kind and face == key]
            monsters.append(
                {
                    "key": key,
                    "name": monster.name,
                    "kind": kind,
                    "challenges": len(fights),
                    "won": round(sum(fights) / len(fights), 3) if fights else None,
                }
            )
    return {"quests": quests, "monsters": monsters}


# -- printing -------------------------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def print_count(summary: dict[str, Any]) -> None:
    """One player count's tables as Markdown."""
    players = summary["players"]
    print(f"\n## {players} players: {summary['finished']} of {summary['games']} games finished")
    if summary["stalled_seeds"]:
        print(f"STALLED (seeds): {summary['stalled_seeds']}")
    for title, rows in (("Hero", summary["heroes"]), ("seat in turn order", summary["seats"])):
        print(f"\n| {title} | games | wins | share | 95% interval | fair | points |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for row in rows:
            name = HEROES[row["key"]].name if row["key"] in HEROES else row["key"]
            low, high = row["ci95"]
            mark = " (!)" if row["flag"] else ""
            print(
                f"| {name} | {row['games']} | {row['wins']} | {_pct(row['share'])} | {_pct(low)}-{_pct(high)} "
                f"| {_pct(row['fair'])} | {row['points_from_fair']:+.1f}{mark} |"
            )
    print("\n| measure | median | p90 | max |\n| --- | --- | --- | --- |")
    for label, key in (("rounds", "rounds"), ("actions", "actions"), ("save bytes", "save_bytes")):
        s = summary[key]
        print(f"| {label} | {s['median']:g} | {s['p90']:g} | {s['max']:g} |")


def print_foes(foes: dict[str, Any]) -> None:
    """The Quest and monster tables as Markdown."""
    print("\n## Quests (all player counts)\n")
    print("| Quest | placed | completed | Challenges | won | rounds to complete (median/p90/max) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for q in foes["quests"]:
        won = "-" if q["won"] is None else _pct(q["won"])
        r = q["rounds_to_complete"]
        print(
            f"| {q['name']} | {q['placed']} | {q['completed']} | {q['challenges']} | {won} "
            f"| {r['median']:g}/{r['p90']:g}/{r['max']:g} |"
        )
    print("\n| monster | kind | Challenges | won |\n| --- | --- | --- | --- |")
    for m in foes["monsters"]:
        won = "-" if m["won"] is None else _pct(m["won"])
        print(f"| {m['name']} | {m['kind'].replace('_', ' ')} | {m['challenges']} | {won} |")


def print_overview(counts: list[dict[str, Any]]) -> None:
    """Points from fair of every Hero and seat, one column per player count, and where the games are long."""
    print("\n## Points from fair (share won less 1/players)\n")
    print("| | " + " | ".join(f"{c['players']} players" for c in counts) + " |")
    print("| --- |" + " --- |" * len(counts))
    for index, key in enumerate(HEROES):
        cells = [f"{c['heroes'][index]['points_from_fair']:+.1f}" + (" (!)" if c["heroes"][index]["flag"] else "")
                 for c in counts]  # fmt: skip
        print(f"| {HEROES[key].name} | " + " | ".join(cells) + " |")
    for place in range(max(c["players"] for c in counts)):
        cells = [
            (f"{c['seats'][place]['points_from_fair']:+.1f}" + (" (!)" if c["seats"][place]["flag"] else ""))
            if place < c["players"]
            else ""
            for c in counts
        ]
        print(f"| seat {place + 1} in turn order | " + " | ".join(cells) + " |")


def run(games: int, counts: list[int], seed: int, level: int, jobs: int, flag: float) -> dict[str, Any]:
    """Every game of every player count, then the tables."""
    report: dict[str, Any] = {"games": games, "seed": seed, "level": level, "max_rounds": MAX_ROUNDS, "counts": []}
    everything: list[dict[str, Any]] = []
    for players in counts:
        jobs_list = [(players, seed + i, level) for i in range(games)]
        began = time.time()
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                results = pool.map(play_one, jobs_list, chunksize=4)
        else:
            results = [play_one(job) for job in jobs_list]
        summary = summarise_count(results, players, flag)
        summary["seconds"] = round(time.time() - began, 1)
        report["counts"].append(summary)
        everything.extend(results)
    report["foes"] = summarise_foes(everything)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games per player count")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=int, default=2, help="2 (default), 1, 0 random, -1 the scripted baseline")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--flag", type=float, default=8.0, help="points from fair that flag a row")
    parser.add_argument("--json", type=Path, help="write the whole report here")
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    began = time.time()
    report = run(args.games, counts, args.seed, args.level, args.jobs, args.flag)
    report["seconds"] = round(time.time() - began, 1)
    print(f"# Born of Titans self-play, level {args.level}, {args.games} games per player count, seed {args.seed}")
    for summary in report["counts"]:
        print_count(summary)
        print(f"({summary['seconds']} s)")
    print_foes(report["foes"])
    print_overview(report["counts"])
    print(f"\n{report['seconds']} s in all")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

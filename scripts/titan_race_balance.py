"""Titan Race balance by AI self-play: win shares per start space, Titan and Bonus card, per circuit.

    .venv/bin/python scripts/titan_race_balance.py --games 600 --players 3 --jobs 2

Every seat is the greedy bot of engine/core/bots.py (level 1) with two
samples per action, each scored after one turn of random play (`BALANCE_BOT`:
the app's Easy takes one sample; two play more steadily, and the figures no
longer move when Easy is retuned). Cheap, so hundreds of games per circuit fit
in minutes. Standard variant, one Titan per player. Game i of a circuit uses
seed SEED+i; its Titans are dealt at random (from the game's seed), so no
Titan's figures lean on who picks it; the bots choose their start spaces
themselves (so a start space's figure mixes its worth with how often the bot
prefers it, and the count of picks is shown). --players 2-6 cycles the player
counts over the games.

For each circuit the script counts, for every start space (A1/C1/E1), Titan and
Bonus card, the Titans it applies to and how many of them won:

- start space: the space the Titan chose on its first turn;
- Titan: the Titan raced;
- card "dealt": the one Bonus card the Titan was dealt at set-up;
- start space and first die: the same, split by the die face the Titan entered
  the race with (the bots choose a space for the die they hold);
- card "held": the card was in the Titan's hand at some moment of the game
  (dealt, drawn or taken), checked after every action.

With --random-starts each Titan's start space is drawn at random among the
free ones (the bots play everything else): a start space's own worth, apart
from the first die it is chosen with.

It ends with one table of points from fair over every circuit (start spaces,
cards dealt, Titans) and the largest gap of each row.

The fair share of a group is the mean of 1/players over its Titans (a third in
3-player games). A row is flagged (!) when its win share is more than
--flag points (default 10) from fair; "held" is shown but is biased upwards
(Titans that win tend to have drawn more), so only "dealt" is flagged for cards.
A * marks a row whose 95% Wilson interval excludes fair. With 100 games per
circuit a group of about 30 Titans has an interval about +-16 points, so a flag
needs many games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from winrate import wilson

from engine.core import Rng
from engine.core.bots import BotSettings, GreedySettings, make_bot
from engine.titan_race.data import BONUS_CARDS, CIRCUIT_ORDER, FACES, START_SPACES, TITAN_ORDER, TITANS
from engine.titan_race.game import TitanRace

MAX_ACTIONS = 5000
LEVEL = 1  # the greedy bot ...
BALANCE_BOT = BotSettings(greedy=GreedySettings(samples=2, rollout_turns=1))  # ... with these settings


def play_one(job: tuple[str, int, int] | tuple[str, int, int, bool]) -> dict[str, Any] | None:
    """One self-play game: for each Titan its name, start space, dealt card, cards ever held and whether it won.

    With `random_starts` (the job's fourth field) each Titan's start space is drawn at random among the free
    ones instead of chosen by its bot: the worth of the space alone, not of the dice it is chosen with.
    """
    circuit, players, seed = job[:3]
    random_starts = len(job) > 3 and bool(job[3])
    chooser = Rng(seed ^ 0x57A7)
    game = TitanRace()
    titans = list(TITAN_ORDER)
    Rng(seed ^ 0xBA1A).shuffle(titans)
    state = game.new_game(players, {"circuit": circuit, "titans": titans[:players]}, seed=seed)
    bots = [make_bot(game, LEVEL, seed=seed * 7 + seat + 1) for seat in range(players)]
    for bot in bots:
        bot.settings = BALANCE_BOT
    dealt = [t.hand[0] if t.hand else None for t in state.titans]
    held: list[set[str]] = [set(t.hand) for t in state.titans]
    start: list[str | None] = [None] * len(state.titans)
    first_die: list[str] = [""] * len(state.titans)  # the face the Titan entered the race with
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        seat = state.current_player
        legal = game.legal_actions(state) if random_starts else []
        if legal and legal[0].kind == "choose_start":
            action = legal[chooser.randrange(len(legal))]
        else:
            action = bots[seat].choose(state, seat)
        if action.kind == "choose_start":
            start[state.acting] = action.space  # type: ignore[attr-defined]
            first_die[state.acting] = state.turn_now().face
        game.apply_unchecked(state, action)
        for index, titan in enumerate(state.titans):
            held[index].update(titan.hand)
    if not state.is_over:
        return None
    return {
        "players": players,
        "titans": [
            {
                "name": titan.name,
                "start": start[index],
                "first_die": first_die[index],
                "dealt": dealt[index],
                "held": sorted(held[index]),
                "won": index == state.winner,
            }
            for index, titan in enumerate(state.titans)
        ],
    }


def _group(rows: list[tuple[str, int, bool]], keys: list[str], flag: float, flagged: bool) -> list[dict[str, Any]]:
    """Win share against fair share for each key, from (key, players, won) rows."""
    out = []
    for key in keys:
        mine = [(players, won) for k, players, won in rows if k == key]
        n = len(mine)
        wins = sum(won for _, won in mine)
        fair = sum(1.0 / players for players, _ in mine) / n if n else 0.0
        share = wins / n if n else 0.0
        low, high = wilson(wins, n)
        out.append(
            {
                "key": key,
                "titans": n,
                "wins": wins,
                "share": round(share, 3),
                "ci95": [round(low, 3), round(high, 3)],
                "fair": round(fair, 3),
                "points_from_fair": round(100 * (share - fair), 1),
                "flag": bool(flagged and n and abs(share - fair) > flag / 100),
                "significant": bool(n and not low <= fair <= high),
            }
        )
    return out


def summarise(circuit: str, results: list[dict[str, Any] | None], games: int, flag: float) -> dict[str, Any]:
    """The per-circuit tables."""
    done = [r for r in results if r is not None]
    entries = [(t, r["players"]) for r in done for t in r["titans"]]
    return {
        "circuit": circuit,
        "games": games,
        "finished": len(done),
        "start": _group([(t["start"], p, t["won"]) for t, p in entries], list(START_SPACES), flag, True),
        "titan": _group([(t["name"], p, t["won"]) for t, p in entries], list(TITAN_ORDER), flag, False),
        "dealt": _group([(t["dealt"], p, t["won"]) for t, p in entries], list(BONUS_CARDS), flag, True),
        "held": _group([(c, p, t["won"]) for t, p in entries for c in t["held"]], list(BONUS_CARDS), flag, False),
        "start_die": _group(
            [(f"{t['start']} {t['first_die']}", p, t["won"]) for t, p in entries],
            [f"{space} {face}" for space in START_SPACES for face in FACES],
            flag,
            False,
        ),
    }


def markdown(summary: dict[str, Any]) -> str:
    """One circuit's tables in markdown."""
    lines = [f"#### {summary['circuit']} ({summary['finished']} of {summary['games']} games finished)", ""]
    names = {
        "start": lambda k: k,
        "titan": lambda k: TITANS[k].name,
        "dealt": lambda k: BONUS_CARDS[k].name,
        "held": lambda k: BONUS_CARDS[k].name,
        "start_die": lambda k: k,
    }
    parts = (
        ("start", "start space"),
        ("start_die", "start space and first die"),
        ("titan", "Titan"),
        ("dealt", "card dealt"),
        ("held", "card held"),
    )
    for part, title in parts:
        lines.append(f"| {title} | Titans | wins | share (95% CI) | fair | points |")
        lines.append("| --- | --- | --- | --- | --- | --- |")
        for row in summary[part]:
            if part == "start_die" and not row["titans"]:
                continue
            low, high = row["ci95"]
            mark = (" (!)" if row["flag"] else "") + (" *" if row["significant"] else "")
            lines.append(
                f"| {names[part](row['key'])} | {row['titans']} | {row['wins']} | {row['share']:.1%} "
                f"({low:.0%}-{high:.0%}) | {row['fair']:.1%} | {row['points_from_fair']:+.1f}{mark} |"
            )
        lines.append("")
    return "\n".join(lines)


def overview(summaries: list[dict[str, Any]], flag: float) -> str:
    """One table over every circuit run: points from fair per start space, card dealt and Titan, and the largest gap."""
    circuits = [summary["circuit"] for summary in summaries]
    lines = [
        "#### Points from fair, every circuit",
        "",
        "| group | " + " | ".join(circuits) + " | largest gap |",
        "| --- | " + " | ".join("---" for _ in circuits) + " | --- |",
    ]
    names = {"start": lambda k: f"start {k}", "dealt": lambda k: BONUS_CARDS[k].name, "titan": lambda k: TITANS[k].name}
    for part in ("start", "dealt", "titan"):
        for index, key in enumerate(row["key"] for row in summaries[0][part]):
            points = [summary[part][index]["points_from_fair"] for summary in summaries]
            worst = max(points, key=abs)
            mark = " (!)" if part != "titan" and abs(worst) > flag else ""
            lines.append(
                f"| {names[part](key)} | " + " | ".join(f"{p:+.1f}" for p in points) + f" | {worst:+.1f}{mark} |"
            )
    return "\n".join(lines) + "\n"


def parse_players(text: str) -> list[int]:
    """'3' -> [3]; '2-6' -> [2, 3, 4, 5, 6]."""
    if "-" in text:
        low, high = (int(x) for x in text.split("-"))
        return list(range(low, high + 1))
    return [int(text)]


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per circuit (default 600)")
    parser.add_argument("--players", default="3", help="players per game, or a range to cycle, e.g. 2-6 (default 3)")
    parser.add_argument("--circuits", default=",".join(CIRCUIT_ORDER), help="comma-separated circuit ids (default all)")
    parser.add_argument("--seed", type=int, default=0, help="seed of a circuit's first game (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--random-starts",
        action="store_true",
        help="draw each Titan's start space at random instead of letting its bot choose (the space's own worth)",
    )
    parser.add_argument("--flag", type=float, default=10.0, help="flag rows more than this many points from fair")
    parser.add_argument("--json", type=Path, default=None, help="also write the summaries to this JSON file")
    args = parser.parse_args(argv)
    counts = parse_players(args.players)
    summaries = []
    for circuit in args.circuits.split(","):
        work = [(circuit, counts[i % len(counts)], args.seed + i, args.random_starts) for i in range(args.games)]
        started = time.perf_counter()
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                results = pool.map(play_one, work, chunksize=4)
        else:
            results = [play_one(job) for job in work]
        summary = summarise(circuit, results, args.games, args.flag)
        summary["seconds"] = round(time.perf_counter() - started, 1)
        summaries.append(summary)
        print(markdown(summary), flush=True)
        print(f"  ({circuit}: {summary['seconds']} s)", file=sys.stderr, flush=True)
        if args.json:  # rewritten after every circuit, so a cut-short run keeps what it finished
            args.json.write_text(json.dumps(summaries, indent=1), encoding="utf-8")
    print(overview(summaries, args.flag), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

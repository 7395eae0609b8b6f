"""Write the saved-games corpus of this checkout's release: real save strings and the views they showed.

    python scripts/make_save_corpus.py --release r6 --out tests/saves/corpus/r6.json

Run it once per release, on that release's own code (for an older release, in a `git worktree` of its
commit, with this script copied in), and commit the file under tests/saves/corpus/. The test
tests/engine/test_save_corpus.py opens every save of every release with today's code and checks
that each seat sees what it saw when the save was made; that is how a rules change that would
replay an old save differently, without a new rules version, is caught.

It uses only what every release has had: `engine.registry.GAMES`, `new_game`, `legal_actions`,
`apply`, `view`, `snapshot`, `engine.core.save.dumps` and `engine.core.undo.undo_steps`. Games are played at
random by a seeded chooser, to a fixed point mid-game, to a question asked in the middle of a rule,
a battle's seventh action (Titan), or to the end.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))

from engine.core import Rng  # noqa: E402
from engine.core.save import dumps  # noqa: E402
from engine.core.undo import undo_steps  # noqa: E402
from engine.registry import GAMES  # noqa: E402

NAMES = ["Zoë <b>&amp;", 'O\'Brien "Bob"', "李小龍", "🙂 Emoji", "Ann", "Bea"]

# (game, players, options, seat kinds: h human / 1 Easy / 2 Hard, where to stop, seed)
PLAN: list[tuple[str, int, dict[str, Any], str, str, int]] = [
    ("titan_dice", 1, {}, "h", "mid", 11),
    ("titan_dice", 1, {"solo_cards": "2-3"}, "h", "end", 12),
    ("titan_dice", 2, {}, "h1", "mid", 21),
    ("titan_dice", 2, {}, "hh", "end", 22),
    ("titan_dice", 3, {}, "h12", "pending", 31),
    ("titan_dice", 3, {}, "hhh", "end", 32),
    ("titan_dice", 4, {}, "hh12", "mid", 41),
    ("titan_dice", 4, {}, "h222", "end", 42),
    ("titan_race", 2, {}, "h1", "mid", 51),
    ("titan_race", 2, {"variant": "two_player", "circuit": "lagoon"}, "hh", "end", 52),
    ("titan_race", 2, {"variant": "two_player", "circuit": "anglieh"}, "h2", "answer", 53),
    ("titan_race", 3, {"circuit": "moltenchest"}, "hhh", "answer", 61),
    ("titan_race", 3, {"circuit": "estenggaard"}, "h12", "end", 62),
    ("titan_race", 4, {"variant": "teams", "circuit": "ban_kog"}, "hh11", "mid", 71),
    ("titan_race", 4, {"variant": "grand_slam"}, "hhhh", "end", 72),
    ("titan_race", 5, {"circuit": "anglieh", "titans": ["grinder", "rassik", "craken", "ragnarok", "slaugg"]},
     "h1111", "mid", 81),
    ("titan_race", 6, {"variant": "teams", "team_size": 3, "circuit": "estenggaard"}, "hhh222", "end", 91),
    ("titan_race", 6, {"variant": "grand_slam", "grand_slam_circuits": ["lagoon", "ban_kog", "kaldheira"]},
     "hh1111", "mid", 92),
    ("titan", 2, {}, "h1", "mid", 101),
    ("titan", 2, {}, "hh", "battle", 102),
    ("titan", 2, {"open_legions": True}, "h1", "end", 103),
    ("titan", 3, {}, "h11", "battle", 111),
    ("titan", 4, {}, "hhhh", "mid", 121),
    ("titan", 6, {}, "h11111", "end", 131),
    # Battle Titan (from release 9): an ending of each kind, a respawn's choice pending, a finished game
    ("titan", 2, {"variant": "battle", "rounds": 4}, "h1", "end", 141),
    ("titan", 2, {"variant": "battle"}, "hh", "spawn", 151),
    ("titan", 4, {"variant": "battle", "ending": "extinction", "creature": "Centaur"}, "hhhh", "mid", 161),
    ("titan", 2, {"variant": "battle", "ending": "appearance", "creature": "Lion"}, "h2", "battle", 171),
    ("titan", 5, {"variant": "battle", "ending": "time", "minutes": 5}, "h1111", "mid", 181),
    # Born of Titans (from release 10): mid-game, a Challenge under way, a moment to react, playing on for places
    ("born_of_titans", 2, {}, "h1", "mid", 191),
    ("born_of_titans", 2, {}, "hh", "challenge", 201),
    ("born_of_titans", 3, {"moments": "challenges"}, "hh2", "react", 211),
    ("born_of_titans", 4, {"play_for_places": True}, "hhhh", "mid", 221),
]  # fmt: skip

# Format-1 Titan Race saves made while a move waits for an answer (a pirates or Shield question in the middle of
# it), for releases 4 and 5 (`--plan move-questions`, run in a worktree of the release's commit): version 1
# carried the purple die's Life Point in the move itself, and the code refused them until it learnt to read them.
MOVE_QUESTIONS: list[tuple[str, int, dict[str, Any], str, str, int]] = [
    ("titan_race", 2, {}, "hh", "move-answer", 300),
    ("titan_race", 2, {"variant": "two_player", "circuit": "lagoon"}, "h1", "move-answer", 301),
    ("titan_race", 3, {"circuit": "moltenchest"}, "hhh", "move-answer", 305),
    ("titan_race", 3, {"variant": "grand_slam"}, "hh1", "move-answer", 306),
    ("titan_race", 4, {"variant": "teams", "circuit": "ban_kog"}, "hhhh", "move-answer", 304),
    ("titan_race", 4, {"circuit": "kaldheira"}, "hh11", "move-answer", 307),
    ("titan_race", 4, {"variant": "grand_slam"}, "h1h1", "move-answer", 308),
]  # fmt: skip
PLANS = {"release": PLAN, "move-questions": MOVE_QUESTIONS}
STOPS_BEFORE_THE_END = ("pending", "answer", "move-answer", "battle", "spawn", "challenge", "react")


def seats_for(kinds: str) -> list[dict[str, Any]]:
    """Seats from a string of kinds: h human, 1 Easy, 2 Hard."""
    return [
        {"name": NAMES[i], "kind": "human"} if kind == "h" else {"name": NAMES[i], "kind": "ai", "level": int(kind)}
        for i, kind in enumerate(kinds)
    ]


def play(game_id: str, players: int, options: dict[str, Any], kinds: str, stop: str, seed: int) -> dict[str, Any]:
    """Play one game to its stopping point (the next seeds, if a game ends before its stop); the corpus entry."""
    for tried in range(seed, seed + 50 * 1000, 1000):
        entry = play_seed(game_id, players, options, kinds, stop, tried)
        if entry is not None:
            return entry
    raise SystemExit(f"{game_id}: no game of 50 reached the stop {stop!r}")


def play_seed(
    game_id: str, players: int, options: dict[str, Any], kinds: str, stop: str, seed: int
) -> dict[str, Any] | None:
    """Play one seeded game to its stopping point; None if it ended first."""
    game = GAMES[game_id]
    state = game.new_game(players, options, seed, seats_for(kinds))
    chooser = Rng(seed * 7919 + 1)
    choices: list[int] = []  # each action as its index among the legal actions
    middle = 60 + chooser.randrange(120)  # drawn for every stop, so each game's choices stay as they were
    target = middle if stop == "mid" else 10**9
    in_battle = 0  # actions played inside a battle (Titan), for the "battle" stop
    while not state.is_over and len(choices) < target:
        if stop == "pending" and choices and getattr(state, "pending", None):
            break
        if stop == "answer" and choices and getattr(state, "question", None):
            break
        if stop == "move-answer" and (getattr(state, "question", None) or {}).get("effect", {}).get("kind") == "move":
            break
        in_battle = in_battle + 1 if getattr(state, "battle", None) is not None else 0
        if stop == "battle" and in_battle > 6:
            break
        if stop == "spawn" and getattr(getattr(state, "war", None), "spawn_tower", 0):  # Battle Titan: a respawn
            break
        if stop == "challenge" and choices and getattr(state, "rolls", None):  # Born of Titans: after a roll
            break
        if stop == "react" and choices and getattr(state, "moment", None):  # Born of Titans: a moment to react
            break
        legal = game.legal_actions(state)
        choices.append(chooser.randrange(len(legal)))
        state = game.apply(state, legal[choices[-1]])
    if stop in STOPS_BEFORE_THE_END and state.is_over:
        return None
    seat = state.current_player
    spectator = game.view(state, None)
    snapshot = state.snapshot()
    return {
        "name": f"{game_id}-{players}p-{options.get('variant', 'standard')}-{stop}-{seed}",
        "game": game_id,
        "rules_version": game.rules_version,
        "save": dumps(state),
        "players": players,
        "options": options,
        "seats": seats_for(kinds),
        "seed": seed,
        "choices": choices,
        "seat": seat,
        "own": snapshot["own"],
        "rng": snapshot["rng"],
        "view": spectator,
        "seat_views": {str(s): view_difference(spectator, game.view(state, s)) for s in range(players)},
        "undo_steps": [undo_steps(state, s) for s in range(players)],
    }


def view_difference(base: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """What a seat's view has that the spectator's has not: changed keys, and the keys it lacks ("-")."""
    changed = {key: value for key, value in view.items() if base.get(key, MISSING) != value}
    gone = sorted(key for key in base if key not in view)
    return {**changed, "-": gone} if gone else changed


def seat_view(entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The view a seat saw (None: a spectator), rebuilt from a corpus entry."""
    view = dict(entry["view"])
    if seat is not None:
        difference = dict(entry["seat_views"][str(seat)])
        for key in difference.pop("-", []):
            view.pop(key, None)
        view.update(difference)
    return view


MISSING = object()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", required=True, help="the release's name, e.g. r5")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--plan", choices=sorted(PLANS), default="release", help="the games to save (default: release)")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    entries = [play(*row) for row in PLANS[args.plan]]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in entries)
    head = json.dumps({"release": args.release, "commit": commit}, ensure_ascii=False)[:-1]
    args.out.write_text(f'{head}, "entries": [\n{lines}\n]}}\n', encoding="utf-8")
    sizes = ", ".join(str(len(e["save"])) for e in entries)
    print(f"{args.out}: {len(entries)} saves from {commit[:10]} (save lengths {sizes})")


if __name__ == "__main__":
    main()

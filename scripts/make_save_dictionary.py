"""Write engine/core/save_dictionary.py, the preset zlib dictionary of format-3 save strings (run once).

    .venv/bin/python scripts/make_save_dictionary.py [--out FILE] [--overwrite]

Never run it again for format 3: a format-3 string opens only with the very bytes it was packed with (the test
pins their hash). A better dictionary is a new format. What it holds: the position and the log, as a save
holds them, of one seeded 6-player Battle Titan game between Standard players to its end at 60 minutes of
the bench's clock (scripts/bench_battle_titan.py), its last 20,000 characters. Saves of Titan share most of
their words with it (the position's keys, the log's sentences), so a long game's save is about a sixth shorter.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_battle_titan import app_pauses, clock_seconds

from engine.core.bots import make_bot
from engine.registry import get_game

SEED, PLAYERS, LENGTH = 9004, 6, 20_000
OUT = Path(__file__).resolve().parents[1] / "engine" / "core" / "save_dictionary.py"


def dictionary_text() -> str:
    """The position and the log of the seeded game, as JSON, the last LENGTH characters."""
    game = get_game("titan")
    clock = {**app_pauses(), "human": 5.0, "forced_human": 1.0}
    state = game.new_game(PLAYERS, game.Options(variant="battle", ending="time"), seed=SEED)
    bots = [make_bot(game, 1, seed=SEED * 7 + seat + 1) for seat in range(PLAYERS)]
    modelled = fed = 0.0
    while state.current_player is not None:
        seat = state.current_player
        choices = len(game.legal_actions(state))
        action = bots[seat].choose(state, seat)
        modelled += clock_seconds(state, seat, choices, 0.0, clock)
        state = game.apply(state, action)
        if modelled - fed >= 1:
            state = game.add_time(state, int(modelled - fed))
            fed += int(modelled - fed)
    return saved_text(state)[-LENGTH:]


def saved_text(state: object) -> str:
    """A finished game's position and log, as JSON, the way a save holds them."""
    position = json.dumps(state.position(), separators=(",", ":"), ensure_ascii=False)  # type: ignore[attr-defined]
    log = json.dumps(state.log, separators=(",", ":"), ensure_ascii=False)  # type: ignore[attr-defined]
    return position + log


def write_module(out: Path, text: str, docstring: str, comment: str) -> None:
    """Write a dictionary module: its docstring, a comment, DICTIONARY as 80-character ASCII chunks."""
    chunks = [text[i : i + 80] for i in range(0, len(text), 80)]
    lines = "\n".join(f"    {chunk.encode('ascii')!r}" for chunk in chunks)  # ASCII: the log's words
    out.write_text(f'"""{docstring}"""\n\n{comment}DICTIONARY = (\n{lines}\n)\n', encoding="utf-8")
    print(f"{out}: {len(text.encode('utf-8'))} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the module to write (default {OUT.name})")
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="replace an existing file; never the committed dictionary: saves open only with its very bytes",
    )
    args = parser.parse_args()
    if args.out.exists() and not args.overwrite:
        print(f"{args.out} exists: saves name its bytes, so it is not rewritten (--out elsewhere, or --overwrite)")
        return 2
    write_module(
        args.out,
        dictionary_text(),
        "The preset zlib dictionary of format-3 save strings: never edit (a string opens only with these bytes).",
        "# Written once by scripts/make_save_dictionary.py: the position and the log of a seeded\n"
        "# 6-player Battle Titan game, the words most saves share. tests/engine/test_saves.py pins its hash.\n",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

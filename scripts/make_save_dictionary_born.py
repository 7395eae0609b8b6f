"""Write engine/core/save_dictionary_born.py, Born of Titans' preset zlib dictionary of format-4 save strings
(run once).

    .venv/bin/python scripts/make_save_dictionary_born.py [--out FILE] [--overwrite]

Never run it again: a format-4 string names its dictionary by its Adler-32 in the zlib header and opens only
with those very bytes (tests/engine/test_saves.py pins their hash). A better dictionary is another entry of
`engine.core.save.OWN_DICTIONARIES`, with its own id. What it holds: the position and the log, as a save holds
them, of one seeded 4-player game between Demigods (level 2) to its end. A Born of Titans save shares most of
its words with it (the position's keys, the counters' names, the log's sentences): the largest finished
4-player save of the balance run falls from 8,027 to about 5,600 bytes (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_save_dictionary import saved_text, write_module

from engine.core.bots import make_bot
from engine.registry import get_game

SEED, PLAYERS, LENGTH = 9004, 4, 32_000
OUT = Path(__file__).resolve().parents[1] / "engine" / "core" / "save_dictionary_born.py"


def dictionary_text() -> str:
    """The position and the log of the seeded game, as JSON, at most its last LENGTH characters."""
    game = get_game("born_of_titans")
    state = game.new_game(PLAYERS, game.Options(), seed=SEED)
    bots = [make_bot(game, 2, SEED * 7 + seat + 1) for seat in range(PLAYERS)]
    while state.current_player is not None:
        seat = state.current_player
        state = game.apply(state, bots[seat].choose(state, seat))
    return saved_text(state)[-LENGTH:]


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
        "Born of Titans' preset dictionary of format-4 save strings: never edit (a string opens only with "
        "these bytes).",
        "# Written once by scripts/make_save_dictionary_born.py: the position and the log of a seeded\n"
        "# 4-player game between Demigods. tests/engine/test_saves.py pins its hash.\n",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Remote play: the size of the host's messages to friends, per decision and when a friend joins.

    .venv/bin/python scripts/bench_remote_sizes.py [--moves 3000] [--seed 1]

One 4-player random game of each game (at most --moves moves), every seat a friend joined through
app/remote/host.py; for each game: the `record` messages sent (one per seat per move), their median and
largest size in UTF-8 bytes (a long one's parts joined), and the `welcome` plus `record` a friend joining at
the end receives (the whole log), with the log's length; and the other way, the `act` a friend sends for each
move (its median and largest). Sizes, not times: the machine's load does not matter.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.remote.host import HostSession
from app.remote.messages import Act, dumps
from engine.registry import GAMES


class Sink:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        pass


def messages(sent: list[str]) -> list[str]:
    """The messages sent, a long one's parts (app/remote/messages.frames) joined."""
    whole: list[str] = []
    parts: list[str] = []
    for text in sent:
        if not text.startswith("~"):
            whole.append(text)
            continue
        parts.append(text.partition(":")[2])
        head = text[1:].partition(":")[0]
        if int(head.partition("/")[0]) + 1 == int(head.partition("/")[2]):
            whole.append("".join(parts))
            parts = []
    return whole


def join(host: HostSession, seat: int) -> Sink:
    sink = Sink()
    host.connect(sink).receive(json.dumps({"v": 1, "t": "hello", "token": host.invite(seat), "release": "r"}))
    return sink


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | moves | records | median bytes | largest | joining at the end | log lines | act median / largest |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game_id in ("titan_dice", "titan_race", "titan", "born_of_titans"):
        game = GAMES[game_id]
        host = HostSession(game, game.new_game(4, seed=args.seed), release="r", clock=lambda: 0.0)
        sinks = [join(host, seat) for seat in range(4)]
        chooser = random.Random(args.seed)
        moves = 0
        acts: list[int] = []
        while not host.state.is_over and moves < args.moves:
            action = chooser.choice(game.legal_actions(host.state))
            acts.append(len(dumps(Act(pos=host.pos, action=action.model_dump(mode="json"))).encode()))
            host.update(game.apply(host.state, action))
            moves += 1
        sizes = [len(text.encode()) for sink in sinks for text in messages(sink.sent)[2:]]  # after each welcome's two
        joining = sum(len(text.encode()) for text in join(host, 0).sent)
        print(f"| {game_id} | {moves} | {len(sizes)} | {statistics.median(sizes):.0f} | {max(sizes)} | "
              f"{joining} | {len(host.state.log)} | {statistics.median(acts):.0f} / {max(acts)} |")  # fmt: skip


if __name__ == "__main__":
    main()

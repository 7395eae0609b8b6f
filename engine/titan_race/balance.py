"""Bonus-card play-testing by self-play: `python -m engine.titan_race.balance [--games N] [--seed S]`.

Each Titan starts with one card dealt at random, so the win rate of the Titans that started with a
card, against their fair share (1 / Titans in the race), measures that card's worth with nothing
else to confound it. The players are a cheap greedy bot that looks one decision ahead (two for the
draft, the purple face, the start space, Lucky Charm and Hourglass) with the game's own heuristic. Clock-free.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.core import Action, Rng
from engine.titan_race.data import BONUS_CARDS, CIRCUIT_ORDER, TITAN_ORDER
from engine.titan_race.game import TitanRace
from engine.titan_race.state import Phase, TitanRaceState

LOOK_DEEPER = (Phase.DRAFT, Phase.CHOOSE_FACE, Phase.START)
DEEPER_CARDS = ("lucky_charm", "hourglass")  # worth only what they let you do next
MAX_ACTIONS = 3000


def _value(game: TitanRace, state: TitanRaceState, seat: int, rng: Rng, depth: int) -> float:
    """The heuristic value of a position for `seat`, looking `depth` more of its own decisions ahead."""
    if depth <= 0 or state.is_over or state.current_player != seat:
        return game.heuristic(state, seat)
    best = 0.0
    for action in game.legal_actions(state):
        trial = state.clone()
        trial.rng = Rng(rng.next64())  # never peek at the real future dice
        game.apply_unchecked(trial, action)
        best = max(best, _value(game, trial, seat, rng, depth - 1))  # type: ignore[arg-type]
    return best


def greedy_action(game: TitanRace, state: TitanRaceState, rng: Rng) -> Action:
    """The legal action whose result the game's heuristic likes best (ties broken at random)."""
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player if state.current_player is not None else 0
    best_action, best_value = legal[0], -1.0
    for action in legal:
        deeper = state.phase in LOOK_DEEPER or getattr(action, "card", "") in DEEPER_CARDS
        depth = 1 if deeper else 0
        trial = state.clone()
        trial.rng = Rng(rng.next64())
        game.apply_unchecked(trial, action)
        value = _value(game, trial, seat, rng, depth) + rng.random() * 1e-3  # type: ignore[arg-type]
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def card_balance(games: int, seed: int = 0) -> dict[str, Any]:
    """Self-play `games` standard games over every circuit and 2-6 players; per card: starts, wins, lift, plays."""
    game = TitanRace()
    rng = Rng(seed ^ 0xCA4D)
    starts = {card: 0 for card in BONUS_CARDS}
    wins = {card: 0 for card in BONUS_CARDS}
    fair = {card: 0.0 for card in BONUS_CARDS}
    plays = {card: 0 for card in BONUS_CARDS}
    finished = 0
    for index in range(games):
        circuit = CIRCUIT_ORDER[index % len(CIRCUIT_ORDER)]
        players = 2 + (index // len(CIRCUIT_ORDER)) % 5
        titans = list(TITAN_ORDER)
        rng.shuffle(titans)  # dealt at random, so no Titan's strength leans on a card's figures
        state = game.new_game(players, {"circuit": circuit, "titans": titans[:players]}, seed=seed + index)
        first_cards = [titan.hand[0] for titan in state.titans]
        for _ in range(MAX_ACTIONS):
            if state.is_over:
                break
            action = greedy_action(game, state, rng)  # type: ignore[arg-type]
            if action.kind == "play_card":
                plays[action.card] += 1  # type: ignore[attr-defined]
            elif action.kind == "answer" and action.choice == "shield":  # type: ignore[attr-defined]
                plays["shield"] += 1
            game.apply_unchecked(state, action)
        if not state.is_over:
            continue
        finished += 1
        for titan_index, card in enumerate(first_cards):
            starts[card] += 1
            fair[card] += 1.0 / len(state.titans)
            wins[card] += titan_index == state.winner  # type: ignore[attr-defined]
    return {
        "games": games,
        "finished": finished,
        "cards": {
            card: {
                "starts": starts[card],
                "wins": wins[card],
                "win_rate": round(wins[card] / starts[card], 3) if starts[card] else None,
                "lift": round(wins[card] / fair[card], 2) if fair[card] else None,
                "plays": plays[card],
            }
            for card in BONUS_CARDS
        },
    }


def markdown(result: dict[str, Any]) -> str:
    """The result as a markdown table."""
    lines = [
        f"{result['finished']} of {result['games']} self-play games finished.",
        "",
        "| card | Titans starting with it | wins | win rate | lift (1.00 = fair share) | times played |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for card, row in result["cards"].items():
        lines.append(
            f"| {BONUS_CARDS[card].name} | {row['starts']} | {row['wins']} | {row['win_rate']} | {row['lift']} | "
            f"{row['plays']} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command line: run the self-play and print a markdown table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = card_balance(args.games, args.seed)
    sys.stdout.write(json.dumps(result, indent=1) + "\n" if args.json else markdown(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

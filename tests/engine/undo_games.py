"""Hot-seat games played at random for the undo tests, and what an undo may take back in them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Game, GameState, Rng, Seat

# Seat patterns (H human, A computer): two and three humans, alone and with computer seats between them.
PATTERNS = ("HH", "HHH", "HAH", "AHAH", "HAHH")


GAME_IDS = ("titan_dice", "titan_race", "titan")


MAX_ACTIONS = 700  # per game: enough turns of every game to pass the device many times


@dataclass
class Played:
    """A game as it was played: every state (`states[0]` the start) and who made each move."""

    states: list[GameState]
    actors: list[int]  # actors[n]: the seat that made the move leading to states[n] (-1: none; actors[0] unused)
    chances: list[bool]  # chances[n]: that move drew randomness (a roll, a shuffle, a draw seen by all)


def seats_of(pattern: str) -> list[Seat]:
    """The seats of a pattern (H a human, A a computer player of level 1)."""
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]
    return [Seat(name=names[i], kind="human" if kind == "H" else "ai", level=1) for i, kind in enumerate(pattern)]


def choose(game: Game, state: GameState, rng: Rng):
    """A random legal action; a Titan player rarely concedes, so the games last long enough to matter."""
    legal = game.legal_actions(state)
    if game.id == "titan" and len(legal) > 1 and rng.random() < 0.97:
        kept = [action for action in legal if getattr(action, "kind", "") != "concede"]
        legal = kept or legal
    return rng.choice(legal)


def play(game: Game, pattern: str, seed: int, max_actions: int = MAX_ACTIONS) -> Played:
    """One seeded random game of `pattern` seats, through `Game.apply`, at most `max_actions` moves."""
    rng = Rng(seed ^ 0x0DD0)
    state = game.new_game(len(pattern), None, seed, seats_of(pattern))
    played = Played([state], [-1], [False])
    while not state.is_over and len(played.states) <= max_actions:
        seat = state.current_player
        state = game.apply(state, choose(game, state, rng))
        played.states.append(state)
        played.actors.append(-1 if seat is None else seat)
        played.chances.append(state.last_chance)
    return played


def expected_steps(played: Played, n: int, seat: int) -> int:
    """What an undo by `seat` at position n may take back, read from the game as played: back to the seat's own
    latest decision over computer decisions only; 0 past a roll, another human's decision or the start."""
    state = played.states[n]
    if state.is_over:
        return 0
    for back in range(n, 0, -1):
        if played.chances[back]:
            return 0  # a roll was seen after it
        actor = played.actors[back]
        if actor == seat:
            return n - back + 1
        if actor < 0 or not state.seats[actor].is_ai:
            return 0  # another human decided since (or nobody's move): never crossed
    return 0


def another_human_just_decided(played: Played, n: int) -> bool:
    """The move that led to position n was a decision (not a roll) of a human other than the one to move now."""
    state, actor = played.states[n], played.actors[n]
    current = state.current_player
    if not n or played.chances[n] or actor < 0 or current is None or actor == current:
        return False
    return not state.seats[actor].is_ai

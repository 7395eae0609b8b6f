"""A synthetic game of Titan's size, for measuring saves, loads, undo and copies (never offered to players).

Six players, twelve legions each on a board of 96 lands, seven creature counters per legion; a turn
is a roll, then any number of legion moves (about 100 legal moves a step), then the end of the turn;
every action writes a log line. The game ends after `Options.length` actions. It is not in the
registry's catalog: the benchmarks register it (`register(STRESS)`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from engine.core import Action, Game, GameState, Rng, Seat
from engine.core.positions import Count, Fields, read_fields

LANDS = 96
LEGIONS = 12  # per player
CREATURES = 7  # per legion
REACH = 9  # lands a legion may move to from where it stands


class StressOptions(BaseModel):
    """How many actions the game lasts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    length: int = Field(5000, ge=1, le=100_000)


class Roll(Action):
    """Roll the movement die."""

    kind: Literal["roll"] = "roll"

    def describe(self) -> str:
        return "Roll"


class MoveLegion(Action):
    """Move one of your legions to a land."""

    kind: Literal["move"] = "move"
    legion: int
    land: int

    def describe(self) -> str:
        return f"Move legion {self.legion} to land {self.land}"


class EndTurn(Action):
    """End the turn."""

    kind: Literal["end"] = "end"

    def describe(self) -> str:
        return "End the turn"


class StressState(GameState):
    """Legions (owner, land, creatures), each player's score, the phase and whose turn it is."""

    lands: list[int]  # per legion
    creatures: list[list[int]]  # per legion
    scores: list[int]
    turn: int
    rolled: int  # the die this turn (0: not rolled yet)

    @property
    def current_player(self) -> int | None:
        return None if self.moves >= cast(StressOptions, self.options).length else self.turn

    def _clone_own(self, new: GameState) -> None:
        new = cast(StressState, new)
        new.lands = self.lands.copy()
        new.creatures = [legion.copy() for legion in self.creatures]
        new.scores = self.scores.copy()

    def _snapshot_own(self) -> dict[str, Any]:
        return {
            "lands": list(self.lands),
            "creatures": [list(legion) for legion in self.creatures],
            "scores": list(self.scores),
            "turn": self.turn,
            "rolled": self.rolled,
        }


class StressFields(Fields):
    """A stress position as saved."""

    lands: Annotated[list[Count(LANDS - 1)], Field(max_length=6 * LEGIONS)]
    creatures: Annotated[
        list[Annotated[list[Count(99)], Field(min_length=CREATURES, max_length=CREATURES)]],
        Field(max_length=6 * LEGIONS),
    ]
    scores: Annotated[list[StrictInt], Field(max_length=6)]
    turn: Count(5)
    rolled: Count(6)


class Stress(Game):
    """The synthetic stress game."""

    id = "stress"
    title = "Stress test"
    min_players = 2
    max_players = 6
    Options = StressOptions
    action_types = (Roll, MoveLegion, EndTurn)

    def setup(self, num_players: int, options: BaseModel, seed: int, seats: list[Seat]) -> GameState:
        state = StressState(self.id, num_players, options, seed, seats)
        count = num_players * LEGIONS
        state.lands = [(7 * legion) % LANDS for legion in range(count)]
        state.creatures = [[1 + (legion + k) % 5 for k in range(CREATURES)] for legion in range(count)]
        state.scores = [0] * num_players
        state.turn = 0
        state.rolled = 0
        return state

    def legal_actions(self, state: GameState) -> list[Action]:
        state = cast(StressState, state)
        if state.is_over:
            return []
        if not state.rolled:
            return [Roll()]
        actions: list[Action] = []
        for legion in range(state.turn * LEGIONS, (state.turn + 1) * LEGIONS):
            here = state.lands[legion]
            actions += [
                MoveLegion(legion=legion, land=(here + state.rolled * step) % LANDS) for step in range(1, REACH)
            ]
        return [*actions, EndTurn()]

    def play(self, state: GameState, action: Action) -> None:
        state = cast(StressState, state)
        name = state.name(state.turn)
        if isinstance(action, Roll):
            state.rolled = 1 + state.rng.randrange(6)
            state.log.append(f"{name} rolls a {state.rolled}.")
        elif isinstance(action, MoveLegion):
            state.lands[action.legion] = action.land
            legion = state.creatures[action.legion]
            legion[action.land % CREATURES] = (legion[action.land % CREATURES] + 1) % 100
            state.scores[state.turn] += 1
            state.log.append(f"{name} moves legion {action.legion} to land {action.land}.")
        else:
            state.log.append(f"{name} ends the turn.")
            state.turn = (state.turn + 1) % state.num_players
            state.rolled = 0

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return cast(StressState, state)._snapshot_own()

    def scores(self, state: GameState) -> list[float]:
        return [float(s) for s in cast(StressState, state).scores]

    def winners(self, state: GameState) -> list[int]:
        scores = cast(StressState, state).scores
        return [i for i, s in enumerate(scores) if s == max(scores)]

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        state = cast(StressState, state)
        fields = read_fields(StressFields, own)
        count = state.num_players * LEGIONS
        if len(fields.lands) != count or len(fields.creatures) != count or len(fields.scores) != state.num_players:
            raise ValueError("its legions do not match its players")
        if fields.turn >= state.num_players:
            raise ValueError("its turn is not a player's")
        state.lands, state.scores = list(fields.lands), list(fields.scores)
        state.creatures = [list(legion) for legion in fields.creatures]
        state.turn, state.rolled = fields.turn, fields.rolled


STRESS = Stress()


def play_stress(length: int, stop: int, seed: int) -> GameState:
    """A stress game of `length` actions played to action `stop` by a seeded chooser (moves mostly, like a
    Titan turn of several legion moves), through `Game.apply` so the record is kept. Short of the end, it
    plays on past `stop` until the player to move has a move of hers to take back (an undo chain)."""
    state = STRESS.new_game(6, {"length": length}, seed, [Seat(name=f"Player {i + 1}") for i in range(6)])
    chooser = Rng(seed)
    while not state.is_over and (
        state.moves < stop or (stop < length and not isinstance(state.last_action, MoveLegion))
    ):
        legal = STRESS.legal_actions(state)
        moves = legal[:-1] if len(legal) > 1 and chooser.random() < 0.85 else legal[-1:]
        state = STRESS.apply(state, moves[chooser.randrange(len(moves))])
    return state

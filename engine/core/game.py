"""The engine contract every game follows: a Game object, its State, its Actions and Options."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.core.errors import IllegalAction
from engine.core.rng import Rng

MAX_SEED = (1 << 63) - 1


class Seat(BaseModel):
    """Who sits in a seat: a name, human or AI, and the AI's level."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=32)
    kind: Literal["human", "ai"] = "human"
    level: int = Field(default=0, ge=0, le=9)

    @property
    def is_ai(self) -> bool:
        """True for a seat the computer plays."""
        return self.kind == "ai"


class NoOptions(BaseModel):
    """Options of a game that has no variants."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Action(BaseModel):
    """Base of every game's actions: frozen, primitive fields, a `describe()` sentence.

    Each subclass has a `kind: Literal[...]` field so a game's actions form a
    discriminated union that round-trips exactly through JSON.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    def describe(self) -> str:
        """A short human sentence for the log and for buttons."""
        return self.__class__.__name__


class GameState:
    """What every game's state carries besides its own fields.

    A game subclasses this, sets its own fields in `Game.setup`, and overrides
    `_clone_own` (deep-copy its mutable fields) and `_snapshot_own` (JSON-ready
    dict of its fields). States are never changed once returned by `Game.apply`.
    """

    game_id: str
    num_players: int
    options: BaseModel
    seed: int
    seats: list[Seat]
    rng: Rng
    history: list[Action]  # every action applied, in order: the save string and the replay
    actors: list[int]  # the seat that made each action in `history`
    chance: list[bool]  # whether each action in `history` drew randomness (roll, shuffle)
    log: list[str]  # human-readable events

    def __init__(self, game_id: str, num_players: int, options: BaseModel, seed: int, seats: list[Seat]) -> None:
        self.game_id = game_id
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.rng = Rng(seed)
        self.history = []
        self.actors = []
        self.chance = []
        self.log = []

    # -- to be provided by each game ------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.current_player is None

    def _clone_own(self, new: GameState) -> None:
        """Deep-copy this game's own mutable fields into `new` (a shallow copy so far)."""
        raise NotImplementedError

    def _snapshot_own(self) -> dict[str, Any]:
        """This game's own fields, JSON-ready."""
        raise NotImplementedError

    # -- shared -----------------------------------------------------------------------
    def clone(self) -> GameState:
        """An independent copy: what happens to one never shows in the other."""
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.rng = self.rng.copy()
        new.history = self.history.copy()
        new.actors = self.actors.copy()
        new.chance = self.chance.copy()
        new.log = self.log.copy()
        self._clone_own(new)
        return new

    def snapshot(self) -> dict[str, Any]:
        """The whole state, JSON-ready (for equality, tests and debugging)."""
        return {
            "game": self.game_id,
            "num_players": self.num_players,
            "options": self.options.model_dump(mode="json"),
            "seed": self.seed,
            "seats": [seat.model_dump(mode="json") for seat in self.seats],
            "rng": self.rng.snapshot(),
            "history": [action.model_dump(mode="json") for action in self.history],
            "actors": list(self.actors),
            "chance": list(self.chance),
            "log": list(self.log),
            "own": self._snapshot_own(),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return type(self) is type(other) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def name(self, seat: int) -> str:
        """The name of a seat, for log lines."""
        return self.seats[seat].name


class Game:
    """One game of the registry. Subclasses fill in the class attributes and the hooks."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[int] = 1
    Options: ClassVar[type[BaseModel]] = NoOptions
    action_types: ClassVar[tuple[type[Action], ...]] = ()

    def __init__(self) -> None:
        union: Any = self.action_types[0]
        for action_type in self.action_types[1:]:
            union = union | action_type
        if len(self.action_types) > 1:
            from typing import Annotated

            union = Annotated[union, Field(discriminator="kind")]
        self._action_adapter: TypeAdapter[Any] = TypeAdapter(union)

    # -- to be provided by each game ------------------------------------------------
    def setup(self, num_players: int, options: BaseModel, seed: int, seats: list[Seat]) -> GameState:
        """Build the starting state (its RNG seeded with `seed`)."""
        raise NotImplementedError

    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order."""
        raise NotImplementedError

    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action on `state` in place (dice drawn from `state.rng`)."""
        raise NotImplementedError

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """A JSON-ready picture of what `seat` may know (None: a spectator)."""
        raise NotImplementedError

    def scores(self, state: GameState) -> list[float]:
        """Each seat's score as the rulebook counts it."""
        raise NotImplementedError

    def winners(self, state: GameState) -> list[int]:
        """The winning seats once the game is over (ties and team wins allowed)."""
        raise NotImplementedError

    def describe_action(self, state: GameState, action: Action) -> str:
        """The button and log sentence for `action` in `state` (games may name seats by name)."""
        return action.describe()

    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A reason a player can read for refusing `action`, if the game can say more."""
        return None

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants of a state (for tests); empty when all is well."""
        return []

    def heuristic(self, state: GameState, seat: int) -> float:
        """An estimate in [0, 1] of how well `seat` stands, for bots that cut playouts short."""
        scores = self.scores(state)
        best_other = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
        return 0.5 + max(-0.5, min(0.5, (scores[seat] - best_other) / 20.0))

    def determinize(self, state: GameState, seat: int, rng: Rng) -> GameState:
        """A copy of `state` that `seat` could believe in: its hidden parts and future dice resampled.

        The default suits games whose only secret is the future: the copy's RNG
        is reseeded from the bot's own RNG. Games with hidden information override.
        """
        copy = state.clone()
        copy.rng = Rng(rng.next64())
        return copy

    # -- shared -----------------------------------------------------------------------
    def new_game(
        self,
        num_players: int,
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
        seats: list[Seat] | list[dict[str, Any]] | None = None,
    ) -> GameState:
        """Start a game; bad arguments raise ValueError with a readable message."""
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {num_players}."
            )
        parsed_options = self.parse_options(options)
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}.")
        if seats is None:
            seats = [Seat(name=f"Player {i + 1}") for i in range(num_players)]
        try:
            parsed_seats = [s if isinstance(s, Seat) else Seat.model_validate(s) for s in seats]
        except ValidationError as error:
            raise ValueError(f"A seat is not valid: {_first_error(error)}") from None
        if len(parsed_seats) != num_players:
            raise ValueError(f"{num_players} players need {num_players} seats, not {len(parsed_seats)}.")
        self.check_setup(num_players, parsed_options)
        return self.setup(num_players, parsed_options, seed, parsed_seats)

    def check_setup(self, num_players: int, options: BaseModel) -> None:
        """Refuse a player count that the chosen options do not allow (ValueError)."""

    def parse_options(self, options: BaseModel | dict[str, Any] | None) -> BaseModel:
        """Validate options (a model or a dict); defaults give the standard game."""
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        try:
            data = options.model_dump() if isinstance(options, BaseModel) else options
            return self.Options.model_validate(data)
        except ValidationError as error:
            raise ValueError(f"The options are not valid: {_first_error(error)}") from None

    def parse_action(self, data: Any) -> Action:
        """Turn JSON data (or an Action) into one of this game's actions, or raise IllegalAction."""
        if isinstance(data, self.action_types):
            return data
        try:
            return self._action_adapter.validate_python(data)
        except ValidationError as error:
            raise IllegalAction(f"That is not an action of {self.title}: {_first_error(error)}") from None

    def apply(self, state: GameState, action: Action | dict[str, Any]) -> GameState:
        """Play one action and return the new state; `state` itself is never changed.

        Legality is checked here, in one place: the game is not over, the action
        is one of this game's, and it is among `legal_actions` for the current player.
        """
        if state.is_over:
            raise IllegalAction("The game is over: no more actions can be played.")
        parsed = self.parse_action(action)
        if parsed not in self.legal_actions(state):
            reason = self.why_illegal(state, parsed)
            raise IllegalAction(reason or f"\u201c{parsed.describe()}\u201d is not allowed now.")
        new = state.clone()
        self.apply_unchecked(new, parsed)
        return new

    def apply_unchecked(self, state: GameState, action: Action) -> None:
        """Play an action known to be legal, in place (bots on their own copies, replays)."""
        seat = state.current_player
        draws = state.rng.draws
        self.play(state, action)
        state.history.append(action)
        state.actors.append(-1 if seat is None else seat)
        state.chance.append(state.rng.draws != draws)

    def replay(
        self,
        num_players: int,
        options: BaseModel | dict[str, Any] | None,
        seed: int,
        seats: list[Seat] | list[dict[str, Any]] | None,
        actions: list[Any],
    ) -> GameState:
        """Rebuild a game from its start and its actions, checking each one."""
        state = self.new_game(num_players, options, seed, seats)
        for index, data in enumerate(actions):
            try:
                action = self.parse_action(data)
                if state.is_over or action not in self.legal_actions(state):
                    raise IllegalAction(f"\u201c{action.describe()}\u201d is not allowed there.")
            except IllegalAction as error:
                raise IllegalAction(f"Action {index + 1}: {error}") from None
            self.apply_unchecked(state, action)
        return state


def _first_error(error: ValidationError) -> str:
    """The first problem pydantic found, as a short sentence."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "value"
    return f"{where}: {first.get('msg', 'invalid')}"

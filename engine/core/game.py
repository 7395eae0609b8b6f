"""The engine contract every game follows: a Game object, its State, its Actions and Options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.untrusted import mend_text, short

if TYPE_CHECKING:
    from engine.core.bots import Bot, BotSettings

MAX_SEED = (1 << 63) - 1


class Seat(BaseModel):
    """Who sits in a seat: a name, human or AI, the AI's level, and whether a human may ask for hints."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=32)
    kind: Literal["human", "ai"] = "human"
    level: int = Field(default=0, ge=0, le=9)
    hints: bool = False  # the app offers this human what the strongest level would play (never plays it)

    @field_validator("name", mode="before")
    @classmethod
    def _savable(cls, name: Any) -> Any:
        """A lone surrogate (a name cut inside an emoji) mended: pydantic refuses it, and a save would fail."""
        return mend_text(name) if isinstance(name, str) else name

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

    Two parts. The *position*: the options, seats, the RNG, how many actions were
    played (`moves`), the last human to decide, and the game's own fields; it is
    what a save stores and what a bot searches. The *record*: the log, the action
    that led here (`last_action`, `last_actor`, `last_chance`) and `previous`, the
    state before it while an undo may still reach it (see engine/core/undo.py).
    `clone(record=False)` leaves the record behind: bots' copies never carry it.

    A game subclasses this, sets its own fields in `Game.setup`, and implements
    `_clone_own` (deep-copy its mutable fields), `_snapshot_own` (its fields,
    JSON-ready) and `Game.restore_own` (the inverse, validated). States are never
    changed once returned by `Game.apply`.
    """

    game_id: str
    num_players: int
    options: BaseModel
    seed: int
    seats: list[Seat]
    rng: Rng
    moves: int  # actions played since the start
    last_human: int  # the human seat that decided last (-1: none yet); the board is drawn for it
    log: list[str]  # human-readable events
    last_action: Action | None  # the action that led to this state (None at the start or after a load)
    last_actor: int  # the seat that made it (-1: none)
    last_chance: bool  # whether it drew randomness (a roll or a shuffle seen by all)
    previous: GameState | None  # the state before `last_action`, kept while an undo may reach it
    history: list[int] | None  # every move since the start as its index in legal_actions (None: not known)
    turns: list[tuple[int, str]]  # where each turn's lines begin in the log, with the turn's heading
    last_lines: int  # how many lines of the log the last action wrote (0 when not known)

    def __init__(self, game_id: str, num_players: int, options: BaseModel, seed: int, seats: list[Seat]) -> None:
        self.game_id = game_id
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.rng = Rng(seed)
        self.moves = 0
        self.last_human = -1
        self.log = []
        self.last_action = None
        self.last_actor = -1
        self.last_chance = False
        self.previous = None
        self.history = []
        self.turns = []
        self.last_lines = 0

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
    def clone(self, *, record: bool = True) -> GameState:
        """An independent copy: what happens to one never shows in the other.

        `record=False` (bots, previews): the copy starts with an empty log and no
        undo chain, so copying costs the same on move 10 and on move 5,000.
        """
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.rng = self.rng.copy()
        if record:
            new.log = self.log.copy()
            new.history = None if self.history is None else self.history.copy()
            new.turns = self.turns.copy()
        else:
            new.log = []
            new.last_action = None
            new.previous = None
            new.history = None
            new.turns = []
            new.last_lines = 0
        self._clone_own(new)
        return new

    def position(self) -> dict[str, Any]:
        """The position, JSON-ready: what a save stores and `Game.restore` reads back."""
        return {
            "rng": self.rng.snapshot(),
            "moves": self.moves,
            "last_human": self.last_human,
            "own": self._snapshot_own(),
        }

    def snapshot(self) -> dict[str, Any]:
        """The whole state but its undo chain, JSON-ready (for equality, tests and debugging)."""
        return {
            "game": self.game_id,
            "num_players": self.num_players,
            "options": self.options.model_dump(mode="json"),
            "seed": self.seed,
            "seats": [seat.model_dump(mode="json") for seat in self.seats],
            **self.position(),
            "log": list(self.log),
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
    # A long game keeps only its last turns in its log (the replay rebuilds the rest): the most lines kept.
    log_limit: ClassVar[int | None] = None
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

    def baseline_action(self, state: GameState, actions: list[Action]) -> Action:
        """The decision of a scripted player of sound simple rules (the yardstick bots are measured against);
        a game without one plays the first legal action."""
        return actions[0]

    def bot_levels(self) -> list[tuple[int, str]] | None:
        """The computer levels the app offers, weakest first, if the game has its own (None: the generic
        Easy and Hard)."""
        return None

    def bot_settings(self) -> BotSettings | None:
        """The budgets and horizons of the generic Easy and Hard bots for this game (None: the defaults of
        `engine.core.bots`); the search itself stays generic."""
        return None

    def own_bot(self, level: int, seed: int) -> Bot | None:
        """A bot of the game's own design for `level`, or None for the generic one."""
        return None

    def bot_level_notes(self) -> dict[int, str] | None:
        """One line a player reads in the set-up on how each level of `bot_levels` plays, if the game has its own
        levels (None: the generic lines of `engine.core.bots.LEVEL_NOTES`)."""
        return None

    def battle_key(self, state: GameState) -> str | None:
        """While the player to move decides inside a battle, a key naming that battle that stays the same until
        it ends (None outside battles, and in a game without any): a human may hand such a battle to the
        computer, which plays his decisions while the key stays the same."""
        return None

    def sensible_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        """The legal actions a bot considers: a game may drop those a sound player never takes (strictly
        worse than another); never empty when `actions` is not."""
        return actions

    def preferred_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        """Among the sensible actions of a decision, those the thinking bots (Easy, Hard) choose between: a
        game may settle a decision its heuristic values exactly, where a few sampled futures are mostly noise
        (Titan Dice: which attack dice to keep). The random bot and playouts keep every sensible action; never
        empty when `actions` is not."""
        return actions

    def is_interruption(self, state: GameState) -> bool:
        """True while the player to move answers in the middle of another's turn (a reaction): bots do not
        count it as a turn of its own."""
        return False

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
        copy = state.clone(record=False)
        copy.rng = Rng(rng.next64())
        return copy

    def replay_between_moves(self, state: GameState, final: GameState) -> GameState:
        """The replay's `state` (its own copy, at the start or after a move) with what the game changed between
        its moves without a move, as `final`, the game replayed, keeps it (engine/core/replay.py); changed in
        place and returned. The default: a game changes only by its moves (Battle Titan's clock is not one)."""
        return state

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

    def turn_heading(self, state: GameState) -> str:
        """The heading of the turn the next action belongs to, for the log ("Round 2: Ann"); games override."""
        seat = state.current_player
        return "" if seat is None else f"{state.seats[seat].name}’s turn"

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
            action: Action = self._action_adapter.validate_python(data)
            return action
        except ValidationError as error:
            raise IllegalAction(f"That is not an action of {self.title}: {_first_error(error)}") from None

    def is_legal(self, state: GameState, action: Action) -> bool:
        """True if `action` may be played now (a game with long action lists may check it without listing)."""
        return action in self.legal_actions(state)

    def apply(self, state: GameState, action: Action | dict[str, Any]) -> GameState:
        """Play one action and return the new state; `state` itself is never changed.

        Legality is checked here, in one place: the game is not over, the action
        is one of this game's, and `is_legal` holds for the current player.
        """
        if state.is_over:
            raise IllegalAction("The game is over: no more actions can be played.")
        parsed = self.parse_action(action)
        if type(self).is_legal is Game.is_legal:  # the check lists the legal actions: list them once, for both
            legal = self.legal_actions(state)
            try:
                index: int | None = legal.index(parsed)
            except ValueError:
                index = None
            if index is None:
                self._refuse(state, parsed)
            return self.step(state, parsed, index)
        if not self.is_legal(state, parsed):
            self._refuse(state, parsed)
        return self.step(state, parsed)

    def _refuse(self, state: GameState, action: Action) -> NoReturn:
        """Raise IllegalAction for an action that may not be played now, saying why."""
        reason = self.why_illegal(state, action)
        raise IllegalAction(reason or f"\u201c{action.describe()}\u201d is not allowed now.")

    def step(self, state: GameState, action: Action, index: int | None = None) -> GameState:
        """Play an action known to be legal on a copy that carries the record (log, turns, moves, undo chain);
        `index` is its place in `legal_actions(state)` when the caller has listed them already."""
        new = state.clone()
        heading = self.turn_heading(state)
        if not new.turns or new.turns[-1][1] != heading:
            new.turns.append((len(new.log), heading))
        if new.history is not None:
            if len(new.history) == new.moves:
                try:
                    new.history.append(self.legal_actions(state).index(action) if index is None else index)
                except ValueError:  # legal but not listed (a game that checks without listing): no replay
                    new.history = None
            else:
                new.history = None
        self.apply_unchecked(new, action)
        new.last_lines = len(new.log) - len(state.log)
        # An undo never takes back a roll that was seen, nor anything once the game is over.
        new.previous = None if new.last_chance or new.is_over else state
        if self.log_limit is not None and new.previous is None and len(new.log) > self.log_limit:
            trim_log(new, self.log_limit)  # no undo chain spans the cut: it is made after a roll or at the end
        return new

    def apply_unchecked(self, state: GameState, action: Action) -> None:
        """Play an action known to be legal, in place (bots on their own copies, replays)."""
        seat = state.current_player
        draws = state.rng.draws
        self.play(state, action)
        state.moves += 1
        state.last_action = action
        state.last_chance = state.rng.draws != draws
        if seat is None:
            state.last_actor = -1
        else:
            state.last_actor = seat
            if not state.seats[seat].is_ai:
                state.last_human = seat

    def replay(
        self,
        num_players: int,
        options: BaseModel | dict[str, Any] | None,
        seed: int,
        seats: list[Seat] | list[dict[str, Any]] | None,
        actions: list[Any],
    ) -> GameState:
        """Rebuild a game from its start and its actions, checking each one (IllegalAction names the first bad one).

        The actions since the last roll are replayed with `step`, so the result can be undone as the original.
        """
        state = self.new_game(num_players, options, seed, seats)
        tail: list[Action] = []  # the actions after the last roll (`base`)
        base, base_log = state.clone(record=False), len(state.log)
        for index, data in enumerate(actions):
            try:
                action = self.parse_action(data)
                if state.is_over or not self.is_legal(state, action):
                    raise IllegalAction(f"\u201c{action.describe()}\u201d is not allowed there.")
            except IllegalAction as error:
                raise IllegalAction(f"Action {index + 1}: {error}") from None
            self.apply_unchecked(state, action)
            if state.last_chance:
                base, base_log, tail = state.clone(record=False), len(state.log), []
            else:
                tail.append(action)
        base.log = state.log[:base_log]
        for action in tail:
            base = self.step(base, action)
        return base

    def restore(
        self,
        num_players: int,
        options: Any,
        seed: int,
        seats: list[Any],
        position: dict[str, Any],
    ) -> GameState:
        """A state rebuilt from `GameState.position()` output, checked; raises ValueError (readable) if it is not one.

        The record starts empty (the caller adds the log). Checks: the fields' shapes and ranges
        (`restore_own`), that the position reads back exactly as given, the game's invariants, and
        that the player to move has a legal action (none once the game is over).
        """
        state = self.new_game(num_players, options, seed, seats)
        state.log = []
        state.history = None  # a position alone does not say how it was reached
        rng = position.get("rng")
        if not (isinstance(rng, list) and len(rng) == 2 and all(_is_int(v, 0, MAX_U64) for v in rng)):
            raise ValueError("its dice state is not valid")
        state.rng = Rng(rng[0], rng[1])
        if not _is_int(position.get("moves"), 0, MAX_MOVES):
            raise ValueError("its move count is not valid")
        state.moves = position["moves"]
        if not _is_int(position.get("last_human"), -1, num_players - 1):
            raise ValueError("its last player is not valid")
        state.last_human = position["last_human"]
        own = position.get("own")
        if not isinstance(own, dict):
            raise ValueError("its position is missing")
        self.restore_own(state, own)
        if state._snapshot_own() != own:
            raise ValueError("its position does not read back as written")
        problems = self.invariant_violations(state)
        if problems:
            raise ValueError(f"its position is impossible ({problems[0]})")
        seat = state.current_player
        if seat is not None and not (0 <= seat < num_players and self.legal_actions(state)):
            raise ValueError("nobody can move in its position")
        if seat is None and self.legal_actions(state):
            raise ValueError("its position is over but has moves")
        return state

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        """Set the game's own fields of `state` from `_snapshot_own()` output; ValueError if malformed."""
        raise ValueError(f"{self.title} cannot restore a saved position")

    def migrate_position(self, own: dict[str, Any], rules_version: int) -> dict[str, Any]:
        """The game's own fields saved under an older `rules_version`, in today's shape."""
        return own


def trim_log(state: GameState, limit: int) -> None:
    """Drop the oldest turns of a log longer than `limit` lines, whole turns at a time (the turn the limit
    falls in stays whole); the turn headings follow."""
    excess = len(state.log) - limit
    if excess <= 0:
        return
    cut = next((start for start, _heading in state.turns if start >= excess), None)
    if cut is None or cut == 0:
        return
    state.log = state.log[cut:]
    state.turns = [(start - cut, heading) for start, heading in state.turns if start >= cut]


MAX_U64 = (1 << 64) - 1
MAX_MOVES = 10_000_000


def _is_int(value: Any, low: int, high: int) -> bool:
    """True for a plain int (not a bool) within [low, high]."""
    return type(value) is int and low <= value <= high


def _first_error(error: ValidationError) -> str:
    """The first problem pydantic found, as a short sentence."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "value"
    return f"{short(where, 40)}: {short(first.get('msg', 'invalid'), 120)}"

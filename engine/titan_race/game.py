"""The Titan Race game object: options, set-up, legal decisions, playing them, results and checks."""

from __future__ import annotations

import math
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import Action, Game, GameState, Rng, Seat
from engine.core.bots import BotSettings, GreedySettings, MctsSettings
from engine.titan_race import baseline, flow, phases
from engine.titan_race.actions import ACTION_TYPES
from engine.titan_race.data import CIRCUIT_ORDER, CIRCUITS, DECK, GRAND_SLAM_BOARDS, LAPS_TO_WIN, ROWS, TITANS
from engine.titan_race.invariants import invariant_violations
from engine.titan_race.phases import FLOW
from engine.titan_race.resolution import own_draws, replays_to_its_question
from engine.titan_race.rulings import RULINGS, designed_values, rules_markdown
from engine.titan_race.state import NO_QUESTION, NO_TURN, Phase, Titan, TitanRaceState, check_own
from engine.titan_race.view import build_view

CircuitId = Literal["kaldheira", "lagoon", "moltenchest", "ban_kog", "anglieh", "estenggaard"]
TitanId = Literal["grinder", "rassik", "craken", "ragnarok", "slaugg", "chtooloo"]


class TitanRaceOptions(BaseModel):
    """The circuit and the variant; defaults give the standard game on Kaldheira.

    The list fields also accept text ("grinder, rassik"), so a plain setup form can fill them in.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    circuit: CircuitId = Field(
        "kaldheira", title="Circuit", json_schema_extra={"labels": {key: spec.name for key, spec in CIRCUITS.items()}}
    )
    variant: Literal["standard", "two_player", "teams", "grand_slam"] = Field(
        "standard",
        title="Variant",
        json_schema_extra={
            "labels": {
                "standard": "Standard",
                "two_player": "Two Titans each (2 players)",
                "teams": "Teams (4 or 6 players)",
                "grand_slam": "Grand Slam (three circuits)",
            }
        },
    )
    team_size: Literal[2, 3] = Field(
        2,
        title="Team size",
        description="With 6 players: three teams of 2, or two teams of 3.",
        json_schema_extra={
            "labels": {"2": "Teams of 2", "3": "Teams of 3"},
            "when": {"variant": ["teams"]},
            "players": [6],
        },
    )
    grand_slam_circuits: tuple[CircuitId, ...] = Field(
        (),
        title="Grand Slam circuits",
        description="The three circuits in the order raced; none chosen: the circuit above and the next two.",
        json_schema_extra={
            "labels": {key: spec.name for key, spec in CIRCUITS.items()},
            "when": {"variant": ["grand_slam"]},
            "count": 3,
            "empty": "(none chosen)",
        },
    )
    titans: tuple[TitanId, ...] = Field(
        (),
        title="Titans",
        description="One per Titan in seat order, comma-separated; empty: the players choose them.",
        json_schema_extra={"form": False},  # the players choose their Titans in the game
    )

    @field_validator("team_size", mode="before")
    @classmethod
    def _team_size_from_text(cls, value: Any) -> Any:
        """Accept "2" and "3" from a form."""
        return int(value) if isinstance(value, str) and value.strip() in ("2", "3") else value

    @field_validator("grand_slam_circuits", "titans", mode="before")
    @classmethod
    def _list_from_text(cls, value: Any) -> Any:
        """Accept "a, b, c" (and "" or "()" for none) from a form."""
        if isinstance(value, str):
            text = value.strip().strip("()[]")
            return tuple(part.strip().strip("'\"").lower() for part in text.split(",") if part.strip())
        return value


def _own(state: GameState) -> TitanRaceState:
    """The state as a Titan Race state (the contract passes the base type)."""
    return cast(TitanRaceState, state)


# The generic bots' settings for Titan Race (`TitanRace.bot_settings`; measured in docs/benchmarks.md, "Titan
# Race"): Hard keeps the generic MCTS defaults.
BOT_SETTINGS = BotSettings(
    greedy=GreedySettings(samples=1, rollout_turns=1, random_kinds=("choose_titan",)),
    mcts=MctsSettings(),
)


class TitanRace(Game):
    """Titan Race for 2-6 players on six circuits, with the 2-player, teams and Grand Slam variants."""

    id = "titan_race"
    title = "Titan Race"
    min_players = 2
    max_players = 6
    # 2 (release 6): a push's Life Point after the whole push; the purple Life Point its own decision; Chtooloo
    # never against a Shield; the deck reshuffled as it runs out; Craken swaps across the Grand Slam line; 2-player:
    # one hand per player and the Titans' order chosen; every Titan hit is asked about a Shield while one may be in
    # a hand. Version 1 is frozen in engine/legacy/v1.
    rules_version = 2
    Options = TitanRaceOptions
    action_types = ACTION_TYPES
    rulings = RULINGS

    # -- set-up -------------------------------------------------------------------------------------------------
    def check_setup(self, num_players: int, options: BaseModel) -> None:
        """Refuse player counts and option combinations the variants do not allow."""
        options = cast(TitanRaceOptions, options)
        if options.variant == "two_player" and num_players != 2:
            raise ValueError("The 2-player variant is for exactly 2 players (two Titans each).")
        if options.variant == "teams":
            if num_players not in (4, 6):
                raise ValueError("Teams play with 4 players (2v2) or 6 players (3v3 or 2v2v2).")
            if num_players == 4 and options.team_size != 2:
                raise ValueError("With 4 players the teams are two teams of 2.")
        if options.grand_slam_circuits and len(options.grand_slam_circuits) != GRAND_SLAM_BOARDS:
            raise ValueError(f"The Grand Slam strings {GRAND_SLAM_BOARDS} circuits together.")
        titans = 4 if options.variant == "two_player" else num_players
        if options.titans and (len(options.titans) != titans or len(set(options.titans)) != titans):
            raise ValueError(f"Choose {titans} different Titans, one per Titan in the race.")

    def setup(self, num_players: int, options: Any, seed: int, seats: list[Seat]) -> GameState:
        """Titans, life gauges, lap counters, one Bonus card each, the first Titan by a die, round 1."""
        options = cast(TitanRaceOptions, options)
        state = TitanRaceState(self.id, num_players, options, seed, seats)
        count = 4 if options.variant == "two_player" else num_players
        state.pickers = [i % 2 for i in range(count)] if options.variant == "two_player" else list(range(count))
        state.titans = []
        state.shared_hands = options.variant == "two_player"
        state.teams = _teams(num_players, options)
        if options.variant == "grand_slam":
            chosen = list(options.grand_slam_circuits)
            if not chosen:
                start = CIRCUIT_ORDER.index(options.circuit)
                chosen = [CIRCUIT_ORDER[(start + k) % len(CIRCUIT_ORDER)] for k in range(GRAND_SLAM_BOARDS)]
            state.circuits = chosen
        else:
            state.circuits = [options.circuit]
        state.traps = []
        state.deck = list(DECK)
        state.rng.shuffle(state.deck)
        state.discard = []
        state.lap_events = []
        state.winner = -1
        state.question = NO_QUESTION
        state.answers = []
        state.turn = NO_TURN
        state.order = []
        state.turn_index = 0
        state.pool = []
        state.first_titan = -1
        state.round_number = 1
        state.phase = Phase.CHOOSE_TITAN
        state.log.append(f"Titan Race on {', then '.join(CIRCUITS[c].name for c in state.circuits)}.")
        for name in options.titans:
            flow.add_titan(state, name, ask_order=False)  # the options give the order too
        return state

    # -- legal decisions and playing one: the flow as data (phases.FLOW) ------------------------------------------
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order (the phase's `choices`)."""
        state = _own(state)
        return FLOW[state.phase].choices(state)

    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action in place: the play its phase's row gives its kind. A kind the phase does not
        take is refused before anything changes."""
        phases.play(_own(state), action)

    # -- rules text -------------------------------------------------------------------------------------------------
    def rules_markdown(self) -> str:
        """This edition's designed content and rulings, as markdown for the rules screen."""
        return rules_markdown()

    def designed_values(self) -> dict[str, Any]:
        """This edition's designed content, JSON-ready."""
        return designed_values()

    # -- results -------------------------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The JSON-ready picture for a seat (see `build_view` for its shape and what it hides)."""
        state = _own(state)
        return build_view(self, state, seat)

    def turn_heading(self, state: GameState) -> str:
        """'Round 2: Chtooloo (Ann)' (a Shield's answer falls within the turn it answers); 'Set-up' before."""
        state = _own(state)
        if state.phase in (Phase.CHOOSE_TITAN, Phase.ORDER_TITANS) or state.acting < 0:
            return "Set-up"
        titan = state.titans[state.acting]
        return f"Round {state.round_number}: {TITANS[titan.name].name} ({state.seats[titan.owner].name})"

    def scores(self, state: GameState) -> list[float]:
        """Each seat's best race progress in rows ((laps completed) * 12 + row); the winner's is 36 or more."""
        state = _own(state)
        best = [0.0] * state.num_players
        for titan in state.titans:
            best[titan.owner] = max(best[titan.owner], float(titan.rows_raced))
        return best

    def winners(self, state: GameState) -> list[int]:
        """The seat (teams: every seat of the team) whose Titan completed its third lap first."""
        state = _own(state)
        if state.phase != Phase.GAME_OVER or state.winner < 0:
            return []
        owner = state.titans[state.winner].owner
        return [seat for seat in range(state.num_players) if state.teams[seat] == state.teams[owner]]

    def bot_settings(self) -> BotSettings:
        """Easy and Hard (docs/benchmarks.md, "Titan Race"). Easy scores each action after one turn of random
        play, one sample (a second sample made it too hard for Hard to beat), and takes its Titan at random; Hard
        keeps the generic search budget and chooses its Titan by what the heuristic knows of the Abilities."""
        return BOT_SETTINGS

    def heuristic(self, state: GameState, seat: int) -> float:
        """Race lead (progress and life of the seat's team against the best other team) squashed into (0, 1)."""
        state = _own(state)
        if state.phase == Phase.GAME_OVER:
            return 1.0 if seat in self.winners(state) else 0.0
        team = state.teams[seat]

        def strength(titan: Titan) -> float:
            knocked_out = KO_COST if titan.is_ko else 0.0
            at_risk = LAST_LIFE_RISK if titan.life == 1 else 0.0  # one push from a K.O.
            rows = titan.rows_raced
            ability = ABILITY_ROWS[titan.name] * max(0.0, 1.0 - rows / RACE_ROWS)  # worth less as the race ends
            return rows + 0.8 * titan.life - at_risk - knocked_out + 0.5 * len(titan.hand) + ability

        mine = max((strength(t) for t in state.titans if state.teams[t.owner] == team), default=0.0)
        others = [strength(t) for t in state.titans if state.teams[t.owner] != team]
        best_other = max(others) if others else 0.0
        # A smooth squash, never flat: clipped at 12 rows, every move of a Titan far behind (or far ahead)
        # looked the same, and the bots played those positions at random.
        return 0.5 + 0.5 * math.tanh((mine - best_other) / LEAD_SCALE)

    def baseline_action(self, state: GameState, actions: list[Action]) -> Action:
        """The scripted player of engine/titan_race/baseline.py."""
        return baseline.choose(_own(state), actions)

    def is_interruption(self, state: GameState) -> bool:
        """A question in the middle of an effect (pirates, a Shield) is not a turn."""
        return _own(state).phase == Phase.ANSWER

    def determinize(self, state: GameState, seat: int, rng: Rng) -> GameState:
        """A copy `seat` could believe in: the deck and every other player's hand (a team-mate's too) dealt
        again, future dice reseeded.

        While an effect waits for an answer, the sample must also replay that effect to the question now
        asked: the cards the seat's own Titans drew on the way are known to it and stay where they are in
        the deck; a sample whose replay still asks something else (another player's earlier answer that
        does not fit its new hand) is drawn again, up to `DETERMINIZE_TRIES` times, and then searched all
        the same. Nothing the seat cannot see is ever kept as it really is.
        """
        state = _own(state)
        known = own_draws(state, seat) if state.phase == Phase.ANSWER else {}
        copy = self._sample_world(state, seat, rng, known)
        for _ in range(DETERMINIZE_TRIES - 1 if state.phase == Phase.ANSWER else 0):
            if replays_to_its_question(copy):
                break
            copy = self._sample_world(state, seat, rng, known)
        return copy

    def _sample_world(self, state: TitanRaceState, seat: int, rng: Rng, known: dict[int, str]) -> TitanRaceState:
        """One deal of what `seat` cannot see (`known`: deck positions it has seen), with new future dice."""
        copy = _own(state.clone(record=False))
        hidden = [t for t in copy.titans if t.owner != seat]
        fixed = {index: card for index, card in known.items() if index < len(copy.deck)}
        unknown = [card for index, card in enumerate(copy.deck) if index not in fixed]
        unknown += [card for t in hidden for card in t.hand]
        # Sorted first, so the sample depends only on which cards are unknown, never on where they really are.
        unknown.sort()
        for index in range(len(unknown) - 1, 0, -1):
            other = rng.randrange(index + 1)
            unknown[index], unknown[other] = unknown[other], unknown[index]
        for titan in hidden:
            size = len(titan.hand)
            titan.hand, unknown = unknown[:size], unknown[size:]
        deck_size = len(copy.deck)
        copy.deck = [fixed[i] if i in fixed else unknown.pop() for i in range(deck_size)]
        copy.rng = Rng(rng.next64())
        copy.drawn = None  # the real draws are not this world's (and name cards the seat cannot see)
        return copy

    # -- checks ----------------------------------------------------------------------------------------------------
    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A readable reason for refusing an action (the phase's `refusals`, phases.refusal)."""
        return phases.refusal(_own(state), action)

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants (see invariants.py)."""
        return invariant_violations(_own(state))

    def migrate_position(self, own: dict[str, Any], rules_version: int) -> dict[str, Any]:
        """From version 1: a 2-player game keeps its hand per Titan to its end; a purple die's Life Point,
        lost with the move under version 1, is not asked for again once the move is made; a move waiting for an
        answer (version 1 carried the purple Life Point in the move itself, as its `penalty`) is today's move,
        the Life Point due after it as the decision of its own it is today (the turn's `penalty` stays)."""
        if rules_version >= 2:
            return own
        turn = dict(own.get("turn") or {})
        if turn.get("moved") and turn.get("penalty"):
            turn["penalty"] = False
        migrated = {**own, "shared_hands": False, "turn": turn}
        question = own.get("question")
        effect = question.get("effect") if isinstance(question, dict) else None
        if isinstance(effect, dict) and effect.get("kind") == "move" and "penalty" in effect:
            effect = {key: value for key, value in effect.items() if key != "penalty"}
            migrated["question"] = {**question, "effect": effect}
        return migrated

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        """Titans, traps, cards, round, turn and any pending question from a saved position (validated)."""
        state = _own(state)
        read = TitanRaceState.read_own(own)
        check_own(state, read)
        state.set_own(read)  # (a question of older rules stays: an answer that does not fit the question today's
        # rules ask is asked again, see Effect.ask)
        state.drawn = None


DETERMINIZE_TRIES = 30  # samples tried for a world that replays the pending effect to its question
# What each Titan's Ability is worth over a whole race, in rows: from the Titans' win shares in greedy self-play
# (docs/benchmarks.md, "Titan Race balance": Rassik about +25 points, Grinder about -18; a row of lead is worth
# about 4 points there). It lets a bot choose its Titan, which nothing else in the heuristic can see.
ABILITY_ROWS: dict[str, float] = {
    "rassik": 6.0,
    "craken": 5.0,
    "ragnarok": 1.0,
    "chtooloo": -2.0,
    "slaugg": -4.5,
    "grinder": -4.5,
}
RACE_ROWS = LAPS_TO_WIN * ROWS  # rows in a whole race
LEAD_SCALE = 12.0  # rows of lead at which the heuristic reaches 0.88 (tanh 1)
KO_COST = 7.0  # rows a K.O. costs in the heuristic (about two turns of racing)
LAST_LIFE_RISK = 1.5  # rows the last Life Point is worth on top of its 0.8


def _teams(num_players: int, options: TitanRaceOptions) -> list[int]:
    """The team of each seat: team-mates never sit side by side."""
    if options.variant != "teams":
        return list(range(num_players))
    teams_count = num_players // options.team_size
    return [seat % teams_count for seat in range(num_players)]

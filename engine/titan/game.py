"""The game object of Titan: options, set-up, the legal decisions, playing one, scores and winners."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Action, Game, GameState, Rng, Seat
from engine.core.flow import play_in_row
from engine.core.records import NoDecision
from engine.titan import flow, masterboard
from engine.titan.actions import (
    ACTION_TYPES,
    Acquire,
    Carry,
    Engage,
    Maneuver,
    Move,
    Rangestrike,
    Strike,
)
from engine.titan.battle_state import CarryOver
from engine.titan.battle_titan import endings
from engine.titan.battle_titan.endings import CREATURE_CHOICES, DEFAULT_CREATURE, DEFAULT_MINUTES, DEFAULT_ROUNDS
from engine.titan.battle_titan.war_record import WarRecord
from engine.titan.data import LANDS, MAX_LEGION, STARTING_LEGION, TOWERS
from engine.titan.determinize import determinize
from engine.titan.phases import FLOW
from engine.titan.state import (
    COLOURS,
    Legion,
    Phase,
    Player,
    TitanState,
    restore_fields,
    starting_stock,
)


class TitanOptions(BaseModel):
    """Titan's set-up options (the standard game by default)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    open_legions: bool = Field(
        default=False,
        title="Open legions",
        description="Every legion's contents are shown to everyone (a house rule many groups play with).",
    )
    balanced_towers: bool = Field(
        default=False,
        title="Balanced towers",
        description="Fewer than six players sit in Towers spread evenly round the board, instead of Towers "
        "drawn at random (as in Colossus; the rulebook draws them).",
        json_schema_extra={"players": [2, 3, 4, 5]},
    )
    variant: Literal["standard", "battle"] = Field(
        default="standard",
        title="Rules",
        description="Standard Titan, or Battle Titan's house rules (points for every attack, nobody is ever out).",
        # A save without the field (every save before the variant was offered) is standard Titan.
        json_schema_extra={
            "labels": {"standard": "Standard Titan", "battle": "Battle Titan"},
            "notes": {
                "standard": "The rulebook's game: a player whose Titan dies is out; the last Titan left wins.",
                "battle": "House rules: the game ends when agreed, every battle scores points (even a lost attack), "
                "and nobody is ever out: a player wiped out spawns a new Titan legion. Most points wins.",
            },
        },
    )
    # Battle Titan's agreed end (engine/titan/battle_titan/endings.py); the standard game ignores them. The form shows
    # each only where it applies (`when`).
    ending: Literal["rounds", "time", "appearance", "extinction"] = Field(
        default="rounds",
        title="The game ends",
        description="Battle Titan ends at the end of a round, every player having had the same turns: after a "
        "number of rounds, when the game's clock (time it is open) runs out, when the first of a creature is "
        "mustered, or when none of it is left alive after one was.",
        json_schema_extra={
            "labels": {
                "rounds": "After a number of rounds",
                "time": "When the time is up",
                "appearance": "When the first of a creature is mustered",
                "extinction": "When a creature dies out",
            },
            "notes": {
                "rounds": "Every player plays the chosen number of turns; the last round is announced a round ahead.",
                "time": "The game's own clock counts only while the game is open on screen; the round in which "
                "it runs out is the last.",
                "appearance": "The round in which the first of the chosen creature is mustered anywhere is the last "
                "(round 80 at the latest).",
                "extinction": "The round in which, after one was mustered, none of the chosen creature is left "
                "alive on the board is the last (round 80 at the latest).",
            },
            "when": {"variant": ["battle"]},
        },
    )
    rounds: int = Field(
        default=DEFAULT_ROUNDS,
        ge=1,
        le=200,
        title="Rounds",
        description="Every player plays this many turns (12: a short game; about 35 play like the hour's game).",
        json_schema_extra={"when": {"variant": ["battle"], "ending": ["rounds"]}},
    )
    minutes: int = Field(
        default=DEFAULT_MINUTES,
        ge=5,
        le=1440,
        title="Minutes",
        description="Time the game is open; the round in which it runs out is the last (60: an hour's game).",
        json_schema_extra={"when": {"variant": ["battle"], "ending": ["time"]}},
    )
    creature: Literal[CREATURE_CHOICES] = Field(  # type: ignore[valid-type]
        default=DEFAULT_CREATURE,
        title="Creature",
        description="The creature whose first muster (or extinction) ends the game (a Serpent, the top of the "
        "jungle path: first mustered after about an hour's play; a Colossus for a long evening).",
        json_schema_extra={"when": {"variant": ["battle"], "ending": ["appearance", "extinction"]}},
    )


def _own(state: GameState) -> TitanState:
    return cast(TitanState, state)


def _not_of_this_phase(state: TitanState, action: Action) -> str:
    """The words refusing a decision its phase does not take."""
    return f"\u201c{action.describe()}\u201d is not a decision of the {state.phase} phase."


def _declining_angels(state: TitanState) -> str:
    """The button that declines the angels still owed: 'Take no angel' when only one more may come."""
    aftermath = state.aftermath_now()
    winner = state.legions.get(aftermath.winner)
    room = MAX_LEGION - winner.height if winner is not None else 0
    owed = len(aftermath.angels)
    return "Take no angel" if min(owed, room) <= 1 else f"Take none of the {owed} angels owed"


class Titan(Game):
    """Titan, the standard rules (Avalon Hill, 1982), for 2 to 6 players."""

    id = "titan"
    title = "Titan"
    min_players = 2
    max_players = 6
    rules_version = 3
    log_limit = 240  # the log shows the last turns of a long game (the app shows 200 lines); the replay has all
    Options = TitanOptions
    action_types = ACTION_TYPES

    # -- set-up -----------------------------------------------------------------------------------------------
    def setup(self, num_players: int, options: Any, seed: int, seats: list[Seat]) -> GameState:
        """Towers drawn at random (or spread evenly round the board, an option), the order by descending
        towers, one legion of eight each [5]."""
        state = TitanState(self.id, num_players, options, seed, seats)
        towers = list(TOWERS)
        if getattr(options, "balanced_towers", False) and num_players < len(TOWERS):
            towers = list(masterboard.balanced_towers(num_players, state.rng.randrange(len(TOWERS))))
        state.rng.shuffle(towers)
        state.players = [Player.seated(towers[seat], COLOURS[seat]) for seat in range(num_players)]
        state.legions = {}
        for seat, player in enumerate(state.players):
            marker = player.take_marker()
            legion = Legion.formed(marker, seat, player.tower, list(STARTING_LEGION), num_players)
            legion.reveal(range(num_players))  # everyone knows what a player starts with
            state.legions[marker] = legion
            state.log.append(f"{seats[seat].name} ({player.colour}) starts in Tower {player.tower}.")
        state.stock = starting_stock(num_players)
        state.slain = {}
        state.order = sorted(range(num_players), key=lambda seat: -state.players[seat].tower)
        state.first_turns = [True] * num_players
        state.turn_number = 1
        state.winner = -1
        state.engagement, state.aftermath, state.battle = NoDecision(), NoDecision(), None
        state.war = WarRecord.begun(num_players) if getattr(options, "variant", "standard") == "battle" else None
        state.log.append(f"{seats[state.order[0]].name} plays first (the highest tower).")
        flow.begin_turn(state, state.order[0])
        return state

    # -- legal decisions and playing one: the flow as data (phases.FLOW) -----------------------------------------
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order (the phase's `choices`)."""
        state = _own(state)
        return FLOW[state.phase].choices(state)

    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action on `state` (a copy): the play its phase's row gives its kind. A kind the phase
        does not take is refused before anything changes."""
        state = _own(state)
        play_in_row(FLOW[state.phase], state, action, _not_of_this_phase)
        endings.observe(state)

    def describe_action(self, state: GameState, action: Action) -> str:
        """The button for `action`, with the characters and lands named ('Bring the Lion on at B1')."""
        state = _own(state)
        fight = state.battle
        units = fight.units if fight is not None else []

        def who(index: int, capital: bool = False) -> str:
            unit = units[index]
            return f"{'The' if capital else 'the'} {unit.name}" + (f" ({unit.hex})" if unit.hex else "")

        if isinstance(action, Maneuver) and 0 <= action.unit < len(units):
            unit = units[action.unit]
            if unit.hex is None:
                return f"Bring the {unit.name} on at {action.hex}"
            return f"Move the {unit.name} from {unit.hex} to {action.hex}"
        if isinstance(action, Strike) and 0 <= action.unit < len(units) and 0 <= action.target < len(units):
            return f"{who(action.unit, True)} strikes {who(action.target)}: needs {action.number}"
        if isinstance(action, Rangestrike) and 0 <= action.unit < len(units) and 0 <= action.target < len(units):
            return f"{who(action.unit, True)} rangestrikes {who(action.target)}"
        if isinstance(action, Acquire) and not action.angel and state.phase == Phase.AFTERMATH:
            return _declining_angels(state)
        if isinstance(action, Carry) and 0 <= action.target < len(units):
            hits = fight.carry.hits if fight is not None and isinstance(fight.carry, CarryOver) else 0
            extra = f"the {hits} extra hit{'s' if hits != 1 else ''}" if hits else "the extra hits"
            return f"Carry {extra} to {who(action.target)}"
        if isinstance(action, (Move, Engage)) and action.land in LANDS:
            return f"{action.describe()} ({LANDS[action.land].terrain})"
        return action.describe()

    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A readable reason for a refusal (the phase's `refusals`)."""
        state = _own(state)
        return FLOW[state.phase].refusal(state, action)

    # -- the result ----------------------------------------------------------------------------------------------------
    def scores(self, state: GameState) -> list[float]:
        """Each player's score; under Battle Titan his battle points plus half the value of his living
        characters (2.A: the running total until the end, the final one after)."""
        state = _own(state)
        if state.war is not None:
            return endings.final_scores(state)
        return [float(player.score) for player in state.players]

    def winners(self, state: GameState) -> list[int]:
        """The last player with a Titan (none in a draw, none before the end); under Battle Titan every player
        with the highest total at the end (ties are ties)."""
        state = _own(state)
        if state.war is not None:
            if state.phase != Phase.GAME_OVER:
                return []
            totals = endings.final_scores(state)
            return [seat for seat, total in enumerate(totals) if total == max(totals)]
        return [state.winner] if state.winner >= 0 else []

    def keeps_time(self, state: GameState) -> bool:
        """Whether the game's clock counts toward its end (Battle Titan's time ending): the app then feeds it
        with `add_time` while the game is on screen."""
        own = _own(state)
        return own.war is not None and endings.ending(own) == "time"

    def add_time(self, state: GameState, seconds: int) -> GameState:
        """Battle Titan's clock: `state` with `seconds` more of the game being open (the app calls it while
        the game is on screen). The time goes into every state of the undo chain too, so an undo never gives
        time back; it draws nothing and is no move. The time ending is read only at the end of a round."""
        own = _own(state)
        if own.war is None or seconds <= 0 or own.phase == Phase.GAME_OVER:
            return state
        chain: list[TitanState] = []
        node: GameState | None = state
        while node is not None:
            copy = _own(node.clone())
            cast(Any, copy.war).seconds += seconds
            chain.append(copy)
            node = node.previous
        for later, earlier in pairwise(chain):
            later.previous = earlier
        return chain[0]

    def replay_between_moves(self, state: GameState, final: GameState) -> GameState:
        """Battle Titan's clock in a replay: set to the game's clock at the end of the round `state` is in (kept
        under the time ending), or past the last round's end kept, to the game's clock. So each round ends with
        the time the game had, as the time ending reads it, and the replay ends at the game's clock."""
        own, game = _own(state), _own(final)
        if own.war is None or game.war is None:
            return state
        reached, clocks = endings.rounds_ended(own), game.war.round_clock
        own.war.seconds = clocks[reached] if reached < len(clocks) else game.war.seconds
        return state

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (see `view.py`)."""
        from engine.titan.view import build_view

        return build_view(_own(state), seat)

    def migrate_position(self, own: dict[str, Any], rules_version: int) -> dict[str, Any]:
        """From version 1: an engagement left on the table after the mover's Titan died in it (version 1 did
        not clear it) is cleared, as today's rules do; nothing else changes shape."""
        if rules_version >= 2 or own.get("phase") not in (Phase.SPLIT, Phase.MOVE, Phase.ENGAGE, Phase.MUSTER):
            return own
        return {**own, "engagement": {}}

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        """Set the Titan fields of a saved position (validated; ValueError if it is not one)."""
        restore_fields(_own(state), own)

    def turn_heading(self, state: GameState) -> str:
        """'Turn 3: Ann' (an engagement's answers and the battle fall within the mover's turn)."""
        state = _own(state)
        return f"Turn {state.turn_number}: {state.seats[state.mover].name}"

    def rules_markdown(self) -> str:
        """This edition's rulings (engine/titan/rulings.py), with Battle Titan's page (set-up offers the variant)."""
        from engine.titan.rulings import rules_markdown

        return rules_markdown(battle_titan=True)

    def bot_levels(self) -> list[tuple[int, str]]:
        """Random (the generic random player: to learn the game against), the Standard player of `ai/standard.py`
        and the Strong player of `ai/strong.py`."""
        return [(0, "Random"), (1, "Standard"), (2, "Strong")]

    def bot_level_notes(self) -> dict[int, str]:
        """How Random, Standard and Strong play, in a line each for the set-up."""
        return {
            0: "Plays any legal move at random: to learn the rules against.",
            1: "Plays by rules of thumb: musters where it can, keeps clear of stronger stacks, closes in for the "
            "kill in battle. Moves at once.",
            2: "Searches: plans all its moves together against the enemies' next rolls; in battle, places its "
            "whole legion on the exact dice odds.",
        }

    def battle_key(self, state: GameState) -> str | None:
        """'Turn 5, 23, Bk02 attacks Bu07' while a battle is fought (its maneuvers, strikes, carries and the
        summons and reinforcements inside it); None outside battles."""
        titan = _own(state)
        fight = titan.battle
        if fight is None:
            return None
        return f"Turn {titan.turn_number}, {fight.land}, {fight.attacker} attacks {fight.defender}"

    def own_bot(self, level: int, seed: int) -> Any:
        """Titan's own players (engine/titan/ai: Standard, Strong and the trial levels); 0 stays the generic random
        player."""
        from engine.titan.ai import make_bot

        return make_bot(self, level, seed)

    def baseline_action(self, state: GameState, actions: list[Action]) -> Action:
        """The scripted player of engine/titan/ai/baseline.py (a yardstick for the computer players)."""
        from engine.titan.ai.baseline import choose

        return choose(_own(state), actions)

    def determinize(self, state: GameState, seat: int, rng: Rng) -> GameState:
        """A copy `seat` could believe in, and a sound game: new dice, and nothing hidden from the seat kept as it
        really is (see engine/titan/determinize.py)."""
        return determinize(_own(state), seat, rng)

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants (see invariants.py)."""
        from engine.titan.invariants import violations

        return violations(_own(state))

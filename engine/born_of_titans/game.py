"""The Born of Titans game object: options, set-up, legal decisions, playing them, results and checks."""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.born_of_titans import choices, divine
from engine.born_of_titans.actions import ACTION_TYPES, PlayDivine
from engine.born_of_titans.ai import BotLevels
from engine.born_of_titans.data import HEROES
from engine.born_of_titans.describe import describe
from engine.born_of_titans.hidden import determinize
from engine.born_of_titans.invariants import invariant_violations
from engine.born_of_titans.refusals import why_illegal
from engine.born_of_titans.rulings import rules_markdown
from engine.born_of_titans.saved import restore_fields
from engine.born_of_titans.sensible import sensible
from engine.born_of_titans.setup import new_game
from engine.born_of_titans.state import BornState, Challenge, Phase
from engine.born_of_titans.view import build_view
from engine.core import Action, Game, GameState, Rng, Seat


class BornOfTitansOptions(BaseModel):
    """Playing on for places after the winner, and which moments ask the players about Divine counters."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    play_for_places: bool = Field(
        False, title="Play on for places", description="After the winner, the others play on for second, third..."
    )
    moments: Literal["every_roll", "challenges"] = Field(
        "every_roll",
        title="Moments to play Divine counters",
        json_schema_extra={
            "labels": {
                "every_roll": "After every roll, Moves too",
                "challenges": "In Challenges and at the end of turns only",
            },
            "notes": {
                "every_roll": "Players holding a Divine counter are asked after every roll, a Move's too, at the "
                "start of each Challenge and at the end of each turn.",
                "challenges": "Fewer questions in a hot-seat game: nobody is asked after a Move roll or a die of "
                "Crew for Hire or the Dragon's Teeth.",
            },
        },
    )


def _own(state: GameState) -> BornState:
    """The state as a Born of Titans state (the contract passes the base type)."""
    return cast(BornState, state)


class BornOfTitans(BotLevels, Game):
    """Born of Titans for 2-4 players: Heroes on Quests around the Mediterranean; three Quests win."""

    id = "born_of_titans"
    title = "Born of Titans"
    min_players = 2
    max_players = 4
    rules_version = 2
    log_limit = 3000
    Options = BornOfTitansOptions
    action_types = ACTION_TYPES

    def setup(self, num_players: int, options: BaseModel, seed: int, seats: list[Seat]) -> GameState:
        """The map populated, Crew and Prophecy on their Shields, the selection roll made."""
        return new_game(self.id, num_players, options, seed, seats)

    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order."""
        return choices.legal(_own(state))

    def is_legal(self, state: GameState, action: Action) -> bool:
        """Listed, or a Fates play on any set of the dice just rolled."""
        if isinstance(action, PlayDivine) and action.counter == "fates":
            return divine.is_legal(_own(state), action)
        return action in self.legal_actions(state)

    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action in place."""
        choices.play(_own(state), action)

    def apply_unchecked(self, state: GameState, action: Action) -> None:
        """As every game, and an action that shows a face-down counter (an Encounter turned up, a Quest revealed,
        a Prophecy look, a Sacrifice draw) counts as a chance event: what was seen cannot be undone."""
        own = _own(state)
        face_up, seen = set(own.face_up), [set(known) for known in own.seen]
        super().apply_unchecked(state, action)
        if not state.last_chance and (
            own.face_up - face_up or any(known - before for known, before in zip(own.seen, seen, strict=True))
        ):
            state.last_chance = True

    def describe_action(self, state: GameState, action: Action) -> str:
        """A choice in the words of the table: a Divine play names the Hero it is played on (with her player) and
        the dice it changes by what they show; a Quest to place names whose it is."""
        return describe(_own(state), action)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (see view.py for the shape)."""
        return build_view(_own(state), seat)

    def scores(self, state: GameState) -> list[float]:
        """Quests completed by each seat."""
        return [float(len(sheet.quests)) for sheet in _own(state).sheets]

    def winners(self, state: GameState) -> list[int]:
        """The Hero who completed three Quests first."""
        state = _own(state)
        if state.phase != Phase.GAME_OVER or state.winner < 0:
            return []
        return [state.winner]

    def turn_heading(self, state: GameState) -> str:
        """'Round 3: Atalanta (Ann)'; 'Set-up' before the first turn."""
        state = _own(state)
        if state.mover < 0:
            return "Set-up"
        hero = state.sheets[state.mover].hero
        name = HEROES[hero].name if hero else "?"
        return f"Round {state.round}: {name} ({state.name(state.mover)})"

    def battle_key(self, state: GameState) -> str | None:
        """While the challenger decides inside a Challenge: the Challenge (its Hero, Site and foe, and the turn)."""
        state = _own(state)
        challenge = state.challenge
        if not isinstance(challenge, Challenge) or state.phase != Phase.CHALLENGE:
            return None
        return f"{state.round}:{challenge.seat}:{challenge.node}:{challenge.foe}"

    def is_interruption(self, state: GameState) -> bool:
        """A moment to react, or a Quest placed for another, is not a turn of one's own."""
        state = _own(state)
        return state.phase == Phase.REACT or (state.phase == Phase.PLACE_QUEST and state.mover >= 0)

    def heuristic(self, state: GameState, seat: int) -> float:
        """Quests done, then Crew, Prophecy and counters, against the best other Hero."""
        state = _own(state)
        if state.phase == Phase.GAME_OVER:
            return 1.0 if state.winner == seat else 0.0

        def strength(other: int) -> float:
            sheet = state.sheets[other]
            return 10.0 * len(sheet.quests) + sheet.crew * 0.6 + sheet.prophecy * 0.4 + len(sheet.divine) * 0.8

        mine = strength(seat)
        best = max((strength(o) for o in range(state.num_players) if o != seat), default=0.0)
        return max(0.0, min(1.0, 0.5 + (mine - best) / 40.0))

    def sensible_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        """The legal actions less the strictly pointless ones (sensible.py)."""
        return sensible(_own(state), actions)

    def determinize(self, state: GameState, seat: int, rng: Rng) -> GameState:
        """A copy `seat` could believe in (hidden.py)."""
        return determinize(_own(state), seat, rng)

    def rules_markdown(self) -> str:
        """This edition's rulings, map and components."""
        return rules_markdown()

    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A readable reason for refusing an action (refusals.py)."""
        return why_illegal(_own(state), action)

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants (invariants.py)."""
        return invariant_violations(_own(state))

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        """The game's own fields from a saved position (validated)."""
        restore_fields(_own(state), own)

"""The Titan Dice game object: set-up, legal decisions, playing them, scores, winners and checks."""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Action, Game, GameState, Seat
from engine.core.bots import BotSettings, GreedySettings, MctsSettings
from engine.core.flow import play_in_row
from engine.titan_dice import attacks, baseline, checks, flow
from engine.titan_dice.actions import ACTION_TYPES, Exchange
from engine.titan_dice.data import CREATURES, EXODUS_START, FACES, SOLO_STACK_DEFAULT, TRACK_MAX
from engine.titan_dice.phases import FLOW
from engine.titan_dice.rules import board_score, caged_count, deck_levels, ranked_winner, round_potential, solo_pair
from engine.titan_dice.rulings import RULINGS, designed_values, rules_markdown
from engine.titan_dice.state import AttackUnderWay, NoDecision, Phase, PlayerBoard, TitanDiceState, restore_fields
from engine.titan_dice.view import build_view

# Added to every attack's worth when the bots weigh their attack keeps: of two keeps otherwise equal (every
# attack doing nothing, or equally likely to do something), the one more likely to attack at all.
ANY_ATTACK = 1e-3

# The generic bots' budgets for Titan Dice (`TitanDice.bot_settings`; measured in docs/benchmarks.md, "AI").
BOT_SETTINGS = BotSettings(
    greedy=GreedySettings(samples=4, finish_turn=True),
    mcts=MctsSettings(iterations=1200, action_budget=6000, exploration=0.2, max_turns=1, max_actions=40),
)


def strength(board: PlayerBoard) -> float:
    """How well a board stands, in points, for the bots: its points, a bonus per caged type (progress toward
    the end trigger), and what the round may still bring it."""
    return board_score(board) + 1.5 * caged_count(board) + round_potential(board)


def _own(state: GameState) -> TitanDiceState:
    """The state as a Titan Dice state (the contract passes the base type)."""
    return cast(TitanDiceState, state)


SoloPair = Literal["1-2", "1-3", "2-3"]
SoloChoice = Literal["", "1-2", "1-3", "2-3"]
SOLO_LABELS = {"1-2": "Levels 1 and 2", "1-3": "Levels 1 and 3", "2-3": "Levels 2 and 3", "": "As solo cards"}
SOLO_TYPE_FORM: dict[str, Any] = {"labels": SOLO_LABELS, "players": [1]}


class TitanDiceOptions(BaseModel):
    """Variant settings: the first player; the two card levels of each type in the solo stacks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_player: Literal["1", "2", "3", "4", "random"] = Field(
        default="1",
        title="First player",
        description="Who holds the first player token in round 1 (the rulebook: the owner of the largest pet), "
        "or a die decides.",
        json_schema_extra={
            "labels": {"1": "Seat 1", "2": "Seat 2", "3": "Seat 3", "4": "Seat 4", "random": "Drawn at random"},
            "players": [2, 3, 4],
            "seats": True,
        },
    )
    solo_cards: SoloPair = Field(
        default=SOLO_STACK_DEFAULT,
        title="Solo cards",
        description="The two card levels of every type in the stacks (Kraken: the solo cards), unless a type has "
        "its own choice below.",
        json_schema_extra={"labels": SOLO_LABELS, "players": [1]},
    )
    solo_chimera: SoloChoice = Field(default="", title="Solo Chimera cards", json_schema_extra=SOLO_TYPE_FORM)
    solo_gryphon: SoloChoice = Field(default="", title="Solo Gryphon cards", json_schema_extra=SOLO_TYPE_FORM)
    solo_hydra: SoloChoice = Field(default="", title="Solo Hydra cards", json_schema_extra=SOLO_TYPE_FORM)
    solo_kraken: SoloChoice = Field(default="", title="Solo Kraken cards", json_schema_extra=SOLO_TYPE_FORM)
    solo_minotaur: SoloChoice = Field(default="", title="Solo Minotaur cards", json_schema_extra=SOLO_TYPE_FORM)


class TitanDice(Game):
    """Titan Dice for 1-4 players; one player plays the solo variant against the Exodus board."""

    id = "titan_dice"
    title = "Titan Dice"
    min_players = 1
    max_players = 4
    # 2 (release 6): Catch keeps a bonus die out when you go OUT; exchange with any card of a stack; Piracy's free
    # creature when none is collected; healed wound dice turned over; Convert and Transform to every side; the
    # first player and the solo cards per type chosen at set-up. Version 1 is frozen in engine/legacy/v1.
    rules_version = 2
    Options = TitanDiceOptions
    action_types = ACTION_TYPES
    rulings = RULINGS

    # -- set-up -------------------------------------------------------------------------------------
    def setup(self, num_players: int, options: Any, seed: int, seats: list[Seat]) -> GameState:
        """Every track at 1, stacks ordered level 1 on top, seat 0 first player of round 1."""
        state = TitanDiceState(self.id, num_players, options, seed, seats)
        state.boards = [PlayerBoard() for _ in range(num_players)]
        state.stacks = {
            creature: list(deck_levels(creature, num_players, solo_pair(options, creature))) for creature in CREATURES
        }
        state.exodus = [EXODUS_START] * len(CREATURES) if num_players == 1 else []
        state.round_number = 1
        state.first_player = flow.first_player(state, options)
        state.turn = state.decider = state.first_player
        state.end_triggered = False
        state.pending = NoDecision()
        state.solo_result = ""
        state.phase = Phase.FIRST_ROLL
        state.log.append(
            "Titan Dice, solo against Exodus." if num_players == 1 else f"Titan Dice for {num_players} players."
        )
        flow.start_round(state)
        return state

    def check_setup(self, num_players: int, options: BaseModel) -> None:
        """A first player who has a seat."""
        choice = getattr(options, "first_player", "1")
        if num_players > 1 and choice != "random" and int(choice) > num_players:
            raise ValueError(f"The first player must be one of the {num_players} seats (or random), not seat {choice}.")

    # -- legal decisions ------------------------------------------------------------------------------
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order: its phase's row (phases.FLOW)."""
        state = _own(state)
        return FLOW[state.phase].choices(state)

    # -- playing ------------------------------------------------------------------------------------------
    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action on `state` (a copy): the play its phase's row gives its kind. A kind the phase
        does not take is refused before anything changes."""
        state = _own(state)
        play_in_row(FLOW[state.phase], state, action, checks.why_illegal)
        flow.check_end(state)

    def rules_markdown(self) -> str:
        """This edition's values, card and attack texts and rulings, as markdown for the rules screen."""
        return rules_markdown()

    def designed_values(self) -> dict[str, Any]:
        """This edition's designed values, JSON-ready."""
        return designed_values()

    # -- results ------------------------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The JSON-ready picture (see `build_view` for its shape)."""
        state = _own(state)
        return build_view(state, seat, self.scores(state), self.winners(state))

    def turn_heading(self, state: GameState) -> str:
        """'Round 2: Ann' (an attack's victims answer within the attacker's turn)."""
        state = _own(state)
        return f"Round {state.round_number}: {state.seats[state.turn].name}"

    def scores(self, state: GameState) -> list[float]:
        """One point per creature on the tracks and per creature icon on cards (solo: the same count, for interest)."""
        state = _own(state)
        return [float(board_score(board)) for board in state.boards]

    def winners(self, state: GameState) -> list[int]:
        """The winner once over: most points, ties to the later player in the final round's turn order."""
        state = _own(state)
        if state.phase != Phase.GAME_OVER:
            return []
        if state.is_solo:
            return [0] if state.solo_result == "won" else []
        return [ranked_winner(state)]

    def bot_settings(self) -> BotSettings:
        """Easy and Hard (docs/benchmarks.md, "AI"). A turn is a short run of decisions (roll, buy/activate, pay,
        capture): Hard looks to the end of its own turn and scores it with the heuristic, since deeper random
        playouts cost time and gained nothing; Easy finishes its own turn at random before scoring."""
        return BOT_SETTINGS

    def heuristic(self, state: GameState, seat: int) -> float:
        """Score lead (and caging progress) mapped into [0, 1]; solo: caging progress against Exodus losses."""
        state = _own(state)
        if state.phase == Phase.GAME_OVER:
            if state.is_solo:
                return 1.0 if state.solo_result == "won" else 0.0
            return 1.0 if seat in self.winners(state) else 0.0
        board = state.boards[seat]
        if state.is_solo:
            progress = sum(board.track) / (TRACK_MAX * len(CREATURES))
            remaining = sum(state.exodus) / (EXODUS_START * len(CREATURES))
            return max(0.0, min(1.0, 0.5 + 0.5 * (progress - (1.0 - remaining))))
        best_other = max(strength(b) for i, b in enumerate(state.boards) if i != seat)
        return 0.5 + max(-0.5, min(0.5, (strength(board) - best_other) / 20.0))

    def baseline_action(self, state: GameState, actions: list[Action]) -> Action:
        """The scripted player of engine/titan_dice/baseline.py."""
        return baseline.choose(_own(state), actions)

    def sensible_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        """Attack: never re-roll a die of a set of three, never keep a die out of a set unrolled (every attack
        only hurts the others, so re-rolling can only add one)."""
        state = _own(state)
        if state.phase != Phase.ATTACK_KEEP:
            return actions
        return attacks.sensible_keeps(state, actions) or actions

    def preferred_actions(self, state: GameState, actions: list[Action]) -> list[Action]:
        """Attack: the keeps most likely to bring attacks that do something, reckoned exactly
        (`attacks.keep_worth`, every re-rolled face equally likely).

        Four sampled futures per keep (Easy), or Hard's search, could not tell keeping a pair (0.42 attacks)
        from keeping a single die (0.13): both levels re-rolled their own pair in about half such attacks.
        Every attack that does something counts the same: the heuristic's worth of one attack is too rough
        to trade a 0.42 chance for a 0.13 one (its round potential counts a Chimera attack's dice, which the
        players hit re-roll next turn, as lost: 1-2 points, ten times a Gryphon's bonus die). So a pair is
        set aside for the third unless its attack does nothing here (`attack_worth`): a Gryphon attack once
        the bonus die attacks already, a Hydra attack when nobody hit has a card to turn down, a Kraken
        attack on caged or empty tracks. Of keeps otherwise equal, the one likelier to attack at all."""
        own = _own(state)
        if own.phase != Phase.ATTACK_KEEP or len(actions) < 2:
            return actions
        useful = {face: (1.0 if worth > 0 else 0.0) + ANY_ATTACK for face, worth in self.attack_worth(own).items()}
        values = [attacks.keep_worth(own, action, useful.__getitem__) for action in actions]
        best = max(values)
        return [action for action, value in zip(actions, values, strict=True) if value >= best * (1 - 1e-9)]

    def attack_worth(self, state: GameState) -> dict[str, float]:
        """What one attack of each face by the attacker to move would do now, in points of `strength`: what
        every player it hits loses (each giving up what the baseline player would) and what the attacker
        gains (a Gryphon's bonus die), against no attack; never less than nothing."""
        own = _own(state)
        seat = own.decider

        def after(faces: list[str]) -> list[float]:
            trial = _own(own.clone(record=False))
            trial.pending = AttackUnderWay(attacker=seat, faces=faces, face="", victims=[])
            attacks.continue_attack(trial)
            while trial.phase == Phase.ATTACK_VICTIM:
                attacks.play_victim(trial, baseline.choose(trial, self.legal_actions(trial)))
            return [strength(board) for board in trial.boards]

        none = after([])

        def gain(face: str) -> float:
            hit = after([face])
            return hit[seat] - none[seat] + sum(none[i] - hit[i] for i in range(len(hit)) if i != seat)

        return {face: max(0.0, gain(face)) for face in FACES}

    def is_interruption(self, state: GameState) -> bool:
        """A player hit by an attack chooses what to give up during the attacker's turn: not a turn of hers."""
        return _own(state).phase == Phase.ATTACK_VICTIM

    # -- checks ---------------------------------------------------------------------------------------------
    def describe_action(self, state: GameState, action: Action) -> str:
        """Like `describe()`, with the other player's name in an exchange."""
        if isinstance(action, Exchange) and action.from_seat >= 0:
            return action.describe().replace(f"player {action.from_seat + 1}'s", f"{state.name(action.from_seat)}'s")
        return action.describe()

    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A readable reason for refusing an action."""
        return checks.why_illegal(_own(state), action)

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants: tracks, dice accounting, cards, wounds, scores, whose decision it is."""
        state = _own(state)
        return checks.invariant_violations(state, self.scores(state))

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        """Boards, stacks, Exodus, round and phase from a saved position (validated)."""
        restore_fields(_own(state), own)

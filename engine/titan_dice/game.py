"""The Titan Dice game object: set-up, legal decisions, playing them, scores, winners and checks."""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Action, Game, GameState, Seat
from engine.titan_dice import abilities, attacks, checks, flow
from engine.titan_dice.actions import (
    ACTION_TYPES,
    Activate,
    AttackKeep,
    AttackReroll,
    AttackRoll,
    Capture,
    ChooseDie,
    ChooseFace,
    ChooseType,
    CollectCreature,
    EndTurn,
    Exchange,
    Finish,
    FlipCard,
    KeepWounds,
    LoseCreature,
    MoveExodus,
    Pass,
    Pay,
    Purchase,
    RemoveDie,
    RerollWounds,
    Roll,
    RollExodus,
    RollFive,
    SetAside,
    make,
)
from engine.titan_dice.data import (
    CREATURES,
    EXODUS_START,
    SOLO_STACK_DEFAULT,
    TRACK_MAX,
    WOUND,
)
from engine.titan_dice.rules import (
    ability_of,
    board_score,
    caged_count,
    card_cost,
    deck_levels,
    exodus_lost,
    npc_dice,
    payment_splits,
)
from engine.titan_dice.rulings import RULINGS, designed_values, rules_markdown
from engine.titan_dice.state import Phase, PlayerBoard, TitanDiceState
from engine.titan_dice.view import build_view


def _own(state: GameState) -> TitanDiceState:
    """The state as a Titan Dice state (the contract passes the base type)."""
    return cast(TitanDiceState, state)


ABILITY_PHASES = (Phase.CHOOSE_DICE, Phase.CHOOSE_FACE, Phase.LOSE_CREATURE, Phase.COLLECT, Phase.CHOOSE_TYPE)


class TitanDiceOptions(BaseModel):
    """Variant settings: which two card levels of each type the solo stacks hold."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    solo_cards: Literal["1-2", "1-3", "2-3"] = Field(
        default=SOLO_STACK_DEFAULT,
        description="Solo only: the two card levels of every type in the stacks (Kraken: the solo cards).",
    )


class TitanDice(Game):
    """Titan Dice for 1-4 players; one player plays the solo variant against the Exodus board."""

    id = "titan_dice"
    title = "Titan Dice"
    min_players = 1
    max_players = 4
    rules_version = 1
    Options = TitanDiceOptions
    action_types = ACTION_TYPES
    rulings = RULINGS

    # -- set-up -------------------------------------------------------------------------------------
    def setup(self, num_players: int, options: Any, seed: int, seats: list[Seat]) -> GameState:
        """Every track at 1, stacks ordered level 1 on top, seat 0 first player of round 1."""
        state = TitanDiceState(self.id, num_players, options, seed, seats)
        state.boards = [PlayerBoard() for _ in range(num_players)]
        solo_cards = getattr(options, "solo_cards", SOLO_STACK_DEFAULT)
        state.stacks = {creature: list(deck_levels(creature, num_players, solo_cards)) for creature in CREATURES}
        state.exodus = [EXODUS_START] * len(CREATURES) if num_players == 1 else []
        state.round_number = 1
        state.first_player = 0
        state.turn = state.decider = 0
        state.end_triggered = False
        state.pending = {}
        state.solo_result = ""
        state.phase = Phase.FIRST_ROLL
        state.log.append(
            "Titan Dice, solo against Exodus." if num_players == 1 else f"Titan Dice for {num_players} players."
        )
        flow.start_round(state)
        return state

    # -- legal decisions ------------------------------------------------------------------------------
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order."""
        state = _own(state)
        phase = state.phase
        seat = state.decider
        board = state.boards[seat] if phase != Phase.GAME_OVER else None
        if board is None:
            return []
        if phase == Phase.NPC_ROLL:
            return [make(RollExodus, dice=npc_dice(state.round_number))]
        if phase == Phase.NPC_WOUND:
            lost = exodus_lost(state)
            return [make(MoveExodus, creature=c) for c in CREATURES if c not in lost]
        if phase == Phase.FIRST_ROLL:
            return [make(RollFive)]
        if phase == Phase.WOUND_REROLL:
            count = len(state.pending["wound_dice"])
            return [make(RerollWounds, count=count), make(KeepWounds, count=count)]
        if phase == Phase.ROLL:
            has_active, has_spent = bool(board.dice_in("active")), bool(board.dice_in("spent"))
            options = []
            if has_active:
                options.append(make(Roll, which="active"))
            if has_spent:
                options.append(make(Roll, which="spent"))
            if has_active and has_spent:
                options.append(make(Roll, which="both"))
            return options
        if phase == Phase.ACTION:
            return [*self._captures(board), *self._deals(state, seat), make(Pass)]
        if phase == Phase.PAYMENT:
            creature = state.pending["creature"]
            return [make(Pay, creature=creature, dice=d, creatures=m) for d, m in self._splits(state, seat)]
        if phase in ABILITY_PHASES:
            return abilities.ability_actions(state)
        if phase == Phase.AFTER_ACTION:
            return [*self._captures(board), make(EndTurn)]
        if phase == Phase.ATTACK_ROLL:
            return [make(AttackRoll, dice=len(attacks.attack_dice(state, seat)))]
        if phase == Phase.ATTACK_KEEP:
            return attacks.keep_actions(state)
        if phase == Phase.ATTACK_VICTIM:
            return attacks.victim_actions(state, seat, state.pending["face"])
        return []

    @staticmethod
    def _captures(board: PlayerBoard) -> list[Action]:
        """One capture per creature type among the active dice."""
        counts = board.active_counts()
        return [make(Capture, creature=c, count=counts[c]) for c in CREATURES if counts.get(c)]

    def _deals(self, state: TitanDiceState, seat: int) -> list[Action]:
        """Purchases, exchanges and activations the seat can pay for."""
        board = state.boards[seat]
        counts = board.active_counts()
        purchases: list[Action] = []
        exchanges: list[Action] = []
        activations: list[Action] = []
        for index, creature in enumerate(CREATURES):
            budget = counts.get(creature, 0) + board.track[index]  # matching dice and creatures
            stack = state.stacks[creature]
            owned = board.cards.get(creature)
            if owned is None:
                if stack and budget >= card_cost(stack[0]):
                    purchases.append(make(Purchase, creature=creature, level=stack[0]))
                continue
            if creature in board.face_down:
                continue  # a face-down card can neither be used nor exchanged
            if stack and stack[0] != owned and budget >= card_cost(stack[0]):
                exchanges.append(make(Exchange, creature=creature, level=stack[0], give_level=owned, from_seat=-1))
            for k in range(1, state.num_players):
                other = (seat + k) % state.num_players
                theirs = state.boards[other].cards.get(creature)
                if (
                    theirs is not None
                    and theirs != owned
                    and budget >= card_cost(theirs)
                    and state.boards[other].has_usable_card(creature)
                ):
                    exchanges.append(make(Exchange, creature=creature, level=theirs, give_level=owned, from_seat=other))
            if budget >= card_cost(owned) and any(
                abilities.is_feasible(state, seat, creature, owned, d, m)
                for d, m in payment_splits(board, creature, card_cost(owned))
            ):
                name = ability_of(creature, owned, state.is_solo)[0]
                activations.append(make(Activate, creature=creature, level=owned, ability=name))
        return [*purchases, *exchanges, *activations]

    def _splits(self, state: TitanDiceState, seat: int) -> list[tuple[int, int]]:
        """The payments (dice, creatures) allowed for the pending deal."""
        pending = state.pending
        board = state.boards[seat]
        splits = payment_splits(board, pending["creature"], card_cost(pending["level"]))
        if pending["deal"] == "activate":
            splits = [
                (d, m)
                for d, m in splits
                if abilities.is_feasible(state, seat, pending["creature"], pending["level"], d, m)
            ]
        return splits

    # -- playing ------------------------------------------------------------------------------------------
    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action in place."""
        state = _own(state)
        seat = state.decider
        phase = state.phase
        if isinstance(action, RollExodus):
            self._roll_exodus(state)
        elif isinstance(action, MoveExodus):
            self._move_exodus(state, action.creature)
        elif isinstance(action, RollFive):
            self._roll_five(state, seat)
        elif isinstance(action, RerollWounds | KeepWounds):
            self._first_wounds(state, seat, isinstance(action, RerollWounds))
        elif isinstance(action, Roll):
            board = state.boards[seat]
            areas = ("active", "spent") if action.which == "both" else (action.which,)
            dice = sorted(d for area in areas for d in board.dice_in(area))
            what = "active and spent" if action.which == "both" else action.which
            flow.roll_dice(state, seat, dice, f"rolls {what} dice")
            flow.after_roll(state, seat, Phase.ACTION)
        elif isinstance(action, Capture):
            self._capture(state, seat, action.creature)
        elif isinstance(action, Purchase | Exchange | Activate):
            self._begin_deal(state, seat, action)
        elif isinstance(action, Pay):
            self._pay(state, seat, action.dice, action.creatures)
        elif isinstance(action, Pass):
            state.log.append(f"{state.name(seat)} passes.")
            flow.end_turn(state)
        elif isinstance(action, EndTurn):
            state.log.append(f"{state.name(seat)} ends the turn.")
            flow.end_turn(state)
        elif phase in ABILITY_PHASES and isinstance(
            action, ChooseDie | ChooseFace | Finish | LoseCreature | CollectCreature | ChooseType
        ):
            abilities.play_ability_step(state, action)
        elif isinstance(action, AttackRoll):
            attacks.roll_attack(state, seat)
        elif isinstance(action, SetAside | AttackReroll | AttackKeep):
            attacks.play_keep(state, action)
        elif isinstance(action, FlipCard | LoseCreature | RemoveDie):
            attacks.play_victim(state, action)
        flow.check_end(state)

    def _roll_exodus(self, state: TitanDiceState) -> None:
        """Solo: the NPC's roll moves Exodus creatures left; wounds are the player's choice."""
        count = npc_dice(state.round_number)
        faces = [flow.roll_face(state) for _ in range(count)]
        state.log.append(f"Exodus rolls {count} {'die' if count == 1 else 'dice'}: {flow.face_list(faces)}.")
        wounds = 0
        for face in faces:
            if face == WOUND:
                wounds += 1
            else:
                self._exodus_step(state, face)
        if wounds and len(exodus_lost(state)) < len(CREATURES):
            state.pending = {"wounds": wounds, "npc_roll": faces}
            state.phase = Phase.NPC_WOUND
        else:
            flow.begin_turn(state, 0)

    @staticmethod
    def _exodus_step(state: TitanDiceState, creature: str) -> None:
        """Move an Exodus creature one space left (a lost one is ignored)."""
        index = CREATURES.index(creature)
        if state.exodus[index] <= 0:
            state.log.append(f"The Exodus {creature.title()} is already lost; the result is ignored.")
            return
        state.exodus[index] -= 1
        if state.exodus[index] == 0:
            state.log.append(f"The Exodus {creature.title()} is lost!")
        else:
            state.log.append(f"The Exodus {creature.title()} moves left to {state.exodus[index]}.")

    def _move_exodus(self, state: TitanDiceState, creature: str) -> None:
        """Solo: a wound result moves a not-yet-lost Exodus creature of the player's choice."""
        self._exodus_step(state, creature)
        state.pending["wounds"] -= 1
        if len(exodus_lost(state)) == len(CREATURES):
            return  # check_end ends the game
        if state.pending["wounds"] <= 0:
            flow.begin_turn(state, 0)

    @staticmethod
    def _roll_five(state: TitanDiceState, seat: int) -> None:
        """The first roll of the round; wounds wait for the re-roll decision."""
        board = state.boards[seat]
        board.has_rolled = True
        dice = board.dice_in("hand")
        faces = [flow.roll_face(state) for _ in dice]
        state.log.append(f"{state.name(seat)} rolls: {flow.face_list(faces)}.")
        wound_dice = []
        for die, face in zip(dice, faces, strict=True):
            board.die_face[die] = face
            if face == WOUND:
                wound_dice.append(die)
            else:
                board.die_area[die] = "active"
        if wound_dice:
            state.pending = {"wound_dice": wound_dice}
            state.phase = Phase.WOUND_REROLL
        else:
            flow.after_roll(state, seat, Phase.ACTION)

    @staticmethod
    def _first_wounds(state: TitanDiceState, seat: int, reroll: bool) -> None:
        """Re-roll the first roll's wounds once (new wounds stay), or keep them on the wound track."""
        dice = list(state.pending["wound_dice"])
        if reroll:
            flow.roll_dice(state, seat, dice, "re-rolls the wounds")
        else:
            for die in dice:
                state.boards[seat].die_area[die] = "wound"
            state.log.append(f"{state.name(seat)} keeps {len(dice)} wound(s).")
        flow.after_roll(state, seat, Phase.ACTION)

    @staticmethod
    def _capture(state: TitanDiceState, seat: int, creature: str) -> None:
        """Collect one creature per matching active die; the turn ends and the seat is OUT."""
        board = state.boards[seat]
        count = board.active_count(creature)
        gained = flow.collect(board, creature, count)
        wasted = f" ({count - gained} wasted: the track is full)" if gained < count else ""
        flow.go_out(state, seat, f"{state.name(seat)} captures {gained} {creature.title()}{wasted} and is OUT.")
        flow.end_turn(state)

    def _begin_deal(self, state: TitanDiceState, seat: int, action: Purchase | Exchange | Activate) -> None:
        """Note the chosen purchase, exchange or activation; pay next (at once if only one way)."""
        state.pending = {
            "deal": action.kind,
            "creature": action.creature,
            "level": action.level,
            "from_seat": action.from_seat if isinstance(action, Exchange) else -1,
        }
        splits = self._splits(state, seat)
        if len(splits) == 1:
            self._pay(state, seat, *splits[0])
        else:
            state.phase = Phase.PAYMENT

    def _pay(self, state: TitanDiceState, seat: int, dice: int, creatures: int) -> None:
        """Spend matching active dice and captured creatures, then complete the deal."""
        board = state.boards[seat]
        pending = state.pending
        creature, level = pending["creature"], pending["level"]
        paying = [d for d in board.dice_in("active") if board.die_face[d] == creature][:dice]
        for die in paying:
            board.die_area[die] = "spent"
        flow.lose(board, creature, creatures)
        paid = " and ".join(
            part
            for part in (
                f"{dice} {creature.title()} {'die' if dice == 1 else 'dice'}" if dice else "",
                f"{creatures} captured {creature.title()}" if creatures else "",
            )
            if part
        )
        name = state.name(seat)
        if pending["deal"] == "purchase":
            state.stacks[creature].pop(0)
            board.cards[creature] = level
            state.log.append(f"{name} buys {creature.title()} {level} for {paid}.")
        elif pending["deal"] == "exchange":
            given = board.cards[creature]
            source = pending["from_seat"]
            if source < 0:
                stack = state.stacks[creature]
                stack.pop(0)
                stack.append(given)
                stack.sort()
                state.log.append(
                    f"{name} exchanges {creature.title()} {given} for the stack's {creature.title()} {level}, "
                    f"paying {paid}."
                )
            else:
                state.boards[source].cards[creature] = given
                state.log.append(
                    f"{name} exchanges {creature.title()} {given} for {state.name(source)}'s "
                    f"{creature.title()} {level}, paying {paid}."
                )
            board.cards[creature] = level
        else:
            state.log.append(f"{name} pays {paid}.")
            abilities.start_ability(state, seat, creature, level)
            return
        state.pending = {}
        state.phase = Phase.AFTER_ACTION

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
        return [flow.ranked_winner(state)]

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

        def strength(b: PlayerBoard) -> float:
            return board_score(b) + 1.5 * caged_count(b)

        best_other = max(strength(b) for i, b in enumerate(state.boards) if i != seat)
        return 0.5 + max(-0.5, min(0.5, (strength(board) - best_other) / 20.0))

    # -- checks ---------------------------------------------------------------------------------------------
    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A readable reason for refusing an action."""
        return checks.why_illegal(_own(state), action)

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants: tracks, dice accounting, cards, wounds, scores, whose decision it is."""
        state = _own(state)
        return checks.invariant_violations(state, self.scores(state))

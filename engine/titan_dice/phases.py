"""Titan Dice's flow as data: for each phase of the game (`state.Phase`), the decisions it offers and the play of
each kind of decision it takes, as boardgame.io describes a game's flow.

`game.TitanDice` reads this table and nothing else to list the legal decisions (`Step.choices`) and to play one
(`Step.plays`, by the decision's type); `checks.why_illegal` reads it to say why one is refused (`Step.refusals`).
A decision of a kind the phase does not take is refused (`IllegalAction`) before anything changes. Adding a
decision is one row: its action type in `actions.py`, its play in the phase's `plays`, its offer in the phase's
`choices` and, if it may be refused while the phase takes it, its reason in the phase's `refusals`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.core import Action
from engine.core.flow import Step
from engine.core.records import of_kind
from engine.titan_dice import abilities, attacks, deals, flow, solo
from engine.titan_dice.actions import (
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
    make,
)
from engine.titan_dice.data import CREATURES
from engine.titan_dice.rules import exodus_lost, npc_dice
from engine.titan_dice.state import AttackUnderWay, Deal, FirstWounds, Phase, TitanDiceState

# -- what each phase offers -----------------------------------------------------------------------------------


def npc_roll_choices(state: TitanDiceState) -> list[Action]:
    """Solo: roll the round's NPC dice for Exodus."""
    return [make(RollExodus, dice=npc_dice(state.round_number))]


def npc_wound_choices(state: TitanDiceState) -> list[Action]:
    """Solo: an Exodus creature not lost yet to move for a wound result."""
    lost = exodus_lost(state)
    return [make(MoveExodus, creature=c) for c in CREATURES if c not in lost]


def first_roll_choices(_state: TitanDiceState) -> list[Action]:
    return [make(RollFive)]


def wound_reroll_choices(state: TitanDiceState) -> list[Action]:
    count = len(of_kind(state.pending, FirstWounds).wound_dice)
    return [make(RerollWounds, count=count), make(KeepWounds, count=count)]


def roll_choices(state: TitanDiceState) -> list[Action]:
    """Roll the active dice, the spent dice, or both, of those there are."""
    board = state.boards[state.decider]
    has_active, has_spent = bool(board.dice_in("active")), bool(board.dice_in("spent"))
    options: list[Action] = []
    if has_active:
        options.append(make(Roll, which="active"))
    if has_spent:
        options.append(make(Roll, which="spent"))
    if has_active and has_spent:
        options.append(make(Roll, which="both"))
    return options


def action_choices(state: TitanDiceState) -> list[Action]:
    """Capture, purchase, exchange, activate, or pass."""
    seat = state.decider
    return [*deals.capture_actions(state.boards[seat]), *deals.deal_actions(state, seat), make(Pass)]


def payment_choices(state: TitanDiceState) -> list[Action]:
    """The splits of the card's cost between matching active dice and captured creatures."""
    creature = of_kind(state.pending, Deal).creature
    return [make(Pay, creature=creature, dice=d, creatures=m) for d, m in deals.allowed_splits(state, state.decider)]


def after_action_choices(state: TitanDiceState) -> list[Action]:
    """Capture, or end the turn."""
    return [*deals.capture_actions(state.boards[state.decider]), make(EndTurn)]


def attack_roll_choices(state: TitanDiceState) -> list[Action]:
    return [make(AttackRoll, dice=len(attacks.attack_dice(state, state.decider)))]


def attack_victim_choices(state: TitanDiceState) -> list[Action]:
    """What the player hit may give up to the attack under way."""
    return attacks.victim_actions(state, state.decider, of_kind(state.pending, AttackUnderWay).face)


def no_choices(_state: TitanDiceState) -> list[Action]:
    return []


def _capture(state: TitanDiceState, action: Capture) -> None:
    deals.capture(state, state.decider, action.creature)


def _deal(state: TitanDiceState, action: Purchase | Exchange | Activate) -> None:
    deals.begin_deal(state, state.decider, action)


# -- the flow ---------------------------------------------------------------------------------------------------

FLOW: Mapping[Phase, Step[TitanDiceState]] = MappingProxyType(
    {
        Phase.NPC_ROLL: Step(npc_roll_choices, {RollExodus: lambda state, _action: solo.roll_exodus(state)}),
        Phase.NPC_WOUND: Step(
            npc_wound_choices, {MoveExodus: lambda state, action: solo.move_exodus(state, action.creature)}
        ),
        Phase.FIRST_ROLL: Step(
            first_roll_choices, {RollFive: lambda state, _action: flow.roll_five(state, state.decider)}
        ),
        Phase.WOUND_REROLL: Step(
            wound_reroll_choices,
            {
                RerollWounds: lambda state, _action: flow.first_wounds(state, state.decider, True),
                KeepWounds: lambda state, _action: flow.first_wounds(state, state.decider, False),
            },
        ),
        Phase.ROLL: Step(
            roll_choices, {Roll: lambda state, action: flow.roll_again(state, state.decider, action.which)}
        ),
        Phase.ACTION: Step(
            action_choices,
            {
                Capture: _capture,
                Purchase: _deal,
                Exchange: _deal,
                Activate: _deal,
                Pass: lambda state, _action: flow.finish_turn(state, "passes"),
            },
            refusals={
                Capture: deals.capture_refusal,
                Purchase: deals.deal_refusal,
                Exchange: deals.deal_refusal,
                Activate: deals.deal_refusal,
            },
        ),
        Phase.PAYMENT: Step(
            payment_choices, {Pay: lambda state, action: deals.pay(state, state.decider, action.dice, action.creatures)}
        ),
        Phase.CHOOSE_DICE: Step(
            abilities.choose_dice_actions, {ChooseDie: abilities.choose_die, Finish: abilities.finish_choosing}
        ),
        Phase.CHOOSE_FACE: Step(abilities.choose_face_actions, {ChooseFace: abilities.choose_face}),
        Phase.LOSE_CREATURE: Step(abilities.lose_creature_actions, {LoseCreature: abilities.lose_creature}),
        Phase.COLLECT: Step(
            abilities.collect_actions,
            {CollectCreature: abilities.collect_creature, Finish: abilities.finish_collecting},
        ),
        Phase.CHOOSE_TYPE: Step(abilities.choose_type_actions, {ChooseType: abilities.choose_type}),
        Phase.AFTER_ACTION: Step(
            after_action_choices,
            {Capture: _capture, EndTurn: lambda state, _action: flow.finish_turn(state, "ends the turn")},
            refusals={Capture: deals.capture_refusal},
        ),
        Phase.ATTACK_ROLL: Step(
            attack_roll_choices, {AttackRoll: lambda state, _action: attacks.roll_attack(state, state.decider)}
        ),
        Phase.ATTACK_KEEP: Step(
            attacks.keep_actions, {AttackReroll: attacks.set_aside_and_reroll, AttackKeep: attacks.keep_as_rolled}
        ),
        # a Kraken attack's LoseCreature is the victim's; the Hydra abilities' is the LOSE_CREATURE phase's
        Phase.ATTACK_VICTIM: Step(
            attack_victim_choices,
            {FlipCard: attacks.play_victim, LoseCreature: attacks.play_victim, RemoveDie: attacks.play_victim},
        ),
        Phase.GAME_OVER: Step(no_choices, {}),
    }
)

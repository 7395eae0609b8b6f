"""Titan's flow as data: for each phase of the game (`state.Phase`), the decisions it offers and the play of each
kind of decision it takes, as boardgame.io describes a game's flow.

`game.Titan` reads this table and nothing else to list the legal decisions (`Step.choices`), to play one
(`Step.plays`, by the decision's type) and to say why one is refused (`Step.refusals`). A decision of a kind the
phase does not take is refused (`IllegalAction`) before anything changes. Adding a decision is one row: its action
type in `actions.py`, its play in the phase's `plays`, and its offer in the phase's `choices`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from engine.core import Action
from engine.core.flow import Step
from engine.titan import battle, engagements, flow
from engine.titan.actions import (
    Accept,
    Acquire,
    AcquireInstead,
    Carry,
    Concede,
    EndManeuver,
    EndMoves,
    EndMusters,
    EndSplits,
    EndStrikes,
    Engage,
    Fight,
    Flee,
    Maneuver,
    Move,
    Mulligan,
    Muster,
    Propose,
    Rangestrike,
    Reinforce,
    Spawn,
    Split,
    Strike,
    Summon,
)
from engine.titan.battle_titan import respawn
from engine.titan.state import Phase, TitanState

Play = Callable[[TitanState, Any], None]  # carries out a legal decision on the state (a copy), in place


# -- what each phase offers -----------------------------------------------------------------------------------


def spawn_choices(state: TitanState) -> list[Action]:
    """Battle Titan: the creatures the wiped-out player may pick for his new legion's next slot."""
    return [Spawn(creature=name) for name in respawn.choices(state)]


def split_choices(state: TitanState) -> list[Action]:
    actions: list[Action] = [Split(marker=m, leaving=part) for m, part in flow.split_choices(state)]
    if flow.can_end_splits(state):
        actions.append(EndSplits())
    return actions


def move_choices(state: TitanState) -> list[Action]:
    actions: list[Action] = [Mulligan()] if flow.can_mulligan(state) else []
    actions += [
        Move(marker=m, land=land, side=side, teleport=how, edge=edge)  # type: ignore[arg-type]
        for m, land, side, how, edge in flow.move_choices(state)
    ]
    if not flow.must_keep_moving(state):
        actions.append(EndMoves())
    return actions


def engage_choices(state: TitanState) -> list[Action]:
    return [Engage(land=land) for land in flow.pending_engagements(state)]


def engagement_choices(state: TitanState) -> list[Action]:
    """The engagement's answers: accept the terms on the table, fight, flee, concede, or propose terms."""
    _attacker, defender = flow.engagement_legions(state)
    actions: list[Action] = []
    on_table = state.engagement_now().proposer >= 0
    if on_table:
        actions.append(Accept())
    actions.append(Fight())
    if not on_table and state.decider == defender.owner and not defender.has_lord:
        actions.append(Flee())
    actions.append(Concede())
    actions += [
        Propose(eliminated=e, losses=losses)  # type: ignore[arg-type]
        for e, losses in engagements.proposal_choices(state)
    ]
    return actions


def aftermath_choices(state: TitanState) -> list[Action]:
    """After an engagement: the summoned angel, the reinforcement, the angels earned."""
    winner = state.legions[state.aftermath_now().winner]
    actions: list[Action] = []
    if state.aftermath_now().summon and not engagements.eight_strong(state, winner):
        donors = engagements.summon_donors(state, winner)
        if donors:
            actions += [Summon(donor=d, angel=a) for d, a in donors]
            actions.append(Summon())
    if state.aftermath_now().reinforce:
        options = engagements.reinforcement_choices(state)
        if options:
            actions += [Reinforce(creature=c) for c in options]
            actions.append(Reinforce())
    angels = engagements.acquirable(state)
    if angels:
        if engagements.eight_strong(state, winner):  # Battle Titan: a spawn's eight have no room of their own
            actions += [AcquireInstead(angel=a, instead_of=c) for a, c in engagements.instead_choices(state)]
        else:
            actions += [Acquire(angel=a) for a in angels]
        actions.append(Acquire())
    return actions


def muster_choices(state: TitanState) -> list[Action]:
    actions: list[Action] = [Muster(marker=m, creature=c) for m, c in flow.muster_choices(state)]
    return [*actions, EndMusters()]


def no_choices(_state: TitanState) -> list[Action]:
    return []


def _battle_plays(*kinds: type[Action]) -> Mapping[type[Action], Play]:
    """The battle's plays (`battle.PLAYS`) of the kinds a battle phase takes."""
    return MappingProxyType({kind: battle.PLAYS[kind] for kind in kinds})


# -- the flow ---------------------------------------------------------------------------------------------------

FLOW: Mapping[Phase, Step[TitanState]] = MappingProxyType(
    {
        Phase.SPAWN: Step(spawn_choices, {Spawn: lambda state, action: respawn.pick(state, action.creature)}),
        Phase.SPLIT: Step(
            split_choices,
            {
                Split: lambda state, action: flow.split(state, action.marker, action.leaving),
                EndSplits: lambda state, _action: flow.end_splits(state),
            },
        ),
        Phase.MOVE: Step(
            move_choices,
            {
                Mulligan: lambda state, _action: flow.mulligan(state),
                Move: lambda state, action: flow.move(
                    state, action.marker, action.land, action.side, action.teleport, action.edge
                ),
                EndMoves: lambda state, _action: flow.end_moves(state),
            },
            # the move phase may not end yet: the first turn's split legions, or a legion that must move
            refusals={EndMoves: lambda state, _action: flow.must_keep_moving(state) or None},
        ),
        Phase.ENGAGE: Step(engage_choices, {Engage: lambda state, action: flow.engage(state, action.land)}),
        Phase.ENGAGEMENT: Step(
            engagement_choices,
            {
                Accept: lambda state, _action: engagements.accept(state),
                Fight: lambda state, _action: battle.start(state),
                Flee: lambda state, _action: engagements.flee(state),
                Concede: lambda state, _action: engagements.concede(state),
                Propose: lambda state, action: engagements.propose(state, action.eliminated, action.losses),
            },
        ),
        Phase.MANEUVER: Step(battle.legal_actions, _battle_plays(Reinforce, Summon, Maneuver, EndManeuver, Concede)),
        Phase.STRIKE: Step(battle.legal_actions, _battle_plays(Strike, Rangestrike, EndStrikes, Concede)),
        Phase.CARRY: Step(battle.legal_actions, _battle_plays(Carry)),
        Phase.AFTERMATH: Step(
            aftermath_choices,
            {
                Summon: lambda state, action: engagements.summon(state, action.donor, action.angel),
                Reinforce: lambda state, action: engagements.reinforce(state, action.creature),
                Acquire: lambda state, action: engagements.acquire(state, action.angel),
                AcquireInstead: lambda state, action: engagements.acquire_instead(
                    state, action.angel, action.instead_of
                ),
            },
        ),
        Phase.MUSTER: Step(
            muster_choices,
            {
                Muster: lambda state, action: flow.muster_into(state, state.legions[action.marker], action.creature),
                EndMusters: lambda state, _action: flow.end_musters(state),
            },
        ),
        Phase.GAME_OVER: Step(no_choices, {}),
    }
)

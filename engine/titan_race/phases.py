"""Titan Race's flow as data: for each phase of the game (`state.Phase`), the decisions it offers, the play of each
kind of decision it takes and why one of those kinds may be refused, as boardgame.io describes a game's flow.

`game.TitanRace` reads this table and nothing else to list the legal decisions (`Step.choices`), to play one
(`Step.plays`, by the decision's type) and to say why one is refused (`refusal`, from `Step.refusals`). A decision
of a kind the phase does not take is refused (`IllegalAction`) before anything changes. Adding a decision is one
row: its action type in `actions.py`, its play in the phase's `plays`, its offer in the phase's `choices` and, if
it may be refused while the phase takes it, its reason in the phase's `refusals`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.core import Action
from engine.core.flow import Step, play_in_row
from engine.titan_race import flow
from engine.titan_race.actions import (
    Answer,
    ChooseFace,
    ChooseStart,
    ChooseTitan,
    DiscardCard,
    EndTurn,
    Hit,
    Move,
    OrderTitans,
    PayPurple,
    PlaceTrap,
    PlayCard,
    Reroll,
    TakeDie,
    UseAbility,
)
from engine.titan_race.board import route_end
from engine.titan_race.data import FACE_EXTRA, FACE_ROUTES, FACES, PURPLE, START_SPACES, TITAN_ORDER
from engine.titan_race.powers import ability_options, card_options, card_refusal, damage_targets, trap_targets
from engine.titan_race.records import AbilityEffect, CardEffect, MoveEffect, PayEffect, SpaceEffect
from engine.titan_race.state import Phase, TitanRaceState, Turn
from engine.titan_race.view import status_sentence

# -- what each phase offers ------------------------------------------------------------------------------------------


def titan_choices(state: TitanRaceState) -> list[Action]:
    """The Titans nobody has chosen yet, in the rulebook's order."""
    taken = {t.name for t in state.titans}
    return [ChooseTitan(titan=t) for t in TITAN_ORDER if t not in taken]  # type: ignore[arg-type]


def order_choices(state: TitanRaceState) -> list[Action]:
    """2-player: which of the ordering player's two Titans races first."""
    seat = state.current_player
    return [OrderTitans(first=t.name) for t in state.titans if t.owner == seat]  # type: ignore[arg-type]


def draft_choices(state: TitanRaceState) -> list[Action]:
    """One die of each face left in the pool (the first of its face)."""
    seen: list[str] = []
    actions: list[Action] = []
    for index, face in enumerate(state.pool):
        if face not in seen:
            seen.append(face)
            actions.append(TakeDie(die=index, face=face))  # type: ignore[arg-type]
    return actions


def face_choices(_state: TitanRaceState) -> list[Action]:
    """A purple die: the five other faces."""
    return [ChooseFace(face=f) for f in FACES if f != PURPLE]  # type: ignore[arg-type]


def start_choices(_state: TitanRaceState) -> list[Action]:
    """The first turn: the start spaces."""
    return [ChooseStart(space=s) for s in START_SPACES]  # type: ignore[arg-type]


def extra_targets(state: TitanRaceState, turn: Turn) -> list[str]:
    """Targets of the die's pending trap or hit (empty once done or if there is none) in the turn under way."""
    if turn.extra_done:
        return []
    titan = state.acting
    if FACE_EXTRA.get(turn.face) == "trap":
        return trap_targets(state, titan, "behind")
    return damage_targets(state, titan, "before")


def turn_choices(state: TitanRaceState) -> list[Action]:
    """Move, the die's trap or hit, Ability, Bonus cards, the purple Life Point, the pentacle, end the turn."""
    titan = state.acting
    subject = state.titans[titan]
    turn = state.turn_now()
    space = str(subject.space)
    actions: list[Action] = []
    if not turn.moved:
        actions += [Move(steps=r, to=route_end(space, r)) for r in FACE_ROUTES[turn.face]]  # type: ignore[arg-type]
    extras = extra_targets(state, turn)
    extra = FACE_EXTRA.get(turn.face, "")
    if extra == "trap":
        actions += [PlaceTrap(space=s) for s in extras]  # type: ignore[arg-type]
    elif extra == "hit":
        actions += [Hit(space=s) for s in extras]  # type: ignore[arg-type]
    if not state.is_first_round and not turn.rerolled:
        if not subject.ability_used:
            actions += ability_options(state, titan)
        if not turn.card_played:
            actions += card_options(state, titan)
            actions += [DiscardCard(card=c) for c in sorted(set(state.hand_of(titan)))]  # type: ignore[arg-type]
    if turn.penalty:
        actions.append(PayPurple())
    settled = (turn.extra_done or not extras) and not turn.penalty
    if turn.pentacle and subject.space == turn.pentacle_space and settled:
        actions.append(Reroll())
    if turn.moved and settled:
        actions.append(EndTurn())
    return actions


def answer_choices(state: TitanRaceState) -> list[Action]:
    """The answers the question allows."""
    return [Answer(choice=c) for c in state.asked().options]


def no_choices(_state: TitanRaceState) -> list[Action]:
    return []


# -- the play of each decision ---------------------------------------------------------------------------------------


def choose_face(state: TitanRaceState, action: ChooseFace) -> None:
    state.log.append(f"{flow.name(state, state.acting)} takes the {action.face} action.")
    flow.set_face(state, action.face)


def choose_start(state: TitanRaceState, action: ChooseStart) -> None:
    flow.perform(state, SpaceEffect(kind="start", titan=state.acting, space=action.space))


def move(state: TitanRaceState, action: Move) -> None:
    titan = state.acting
    effect = MoveEffect(kind="move", titan=titan, steps=list(action.steps))
    state.log.append(f"{flow.name(state, titan)}: {action.describe()}.")
    flow.perform(state, effect)


def place_trap(state: TitanRaceState, action: PlaceTrap) -> None:
    flow.perform(state, SpaceEffect(kind="trap", titan=state.acting, space=action.space))


def hit(state: TitanRaceState, action: Hit) -> None:
    flow.perform(state, SpaceEffect(kind="hit", titan=state.acting, space=action.space))


def use_ability(state: TitanRaceState, action: UseAbility) -> None:
    titan = state.acting
    state.titans[titan].ability_used = True
    state.log.append(f"{flow.name(state, titan)} uses the Ability.")
    effect = AbilityEffect(kind="ability", titan=titan, target=action.target, direction=action.direction)
    flow.perform(state, effect)


def play_card(state: TitanRaceState, action: PlayCard) -> None:
    titan = state.acting
    state.hand_of(titan).remove(action.card)
    state.discard.append(action.card)
    state.turn_now().card_played = True
    if action.card == "lucky_charm":
        flow.lucky_charm(state)
        return
    effect = CardEffect(kind="card", titan=titan, card=action.card, target=action.target, direction=action.direction)
    flow.perform(state, effect)


def discard_card(state: TitanRaceState, action: DiscardCard) -> None:
    titan = state.acting
    state.hand_of(titan).remove(action.card)
    state.discard.append(action.card)
    state.turn_now().card_played = True
    state.log.append(f"{flow.name(state, titan)} discards a Bonus card.")


def pay_purple(state: TitanRaceState, _action: PayPurple) -> None:
    turn = state.turn_now()
    turn.penalty = False
    turn.paid = True
    flow.perform(state, PayEffect(kind="pay", titan=state.acting, why="the purple die"))


def end_turn(state: TitanRaceState, _action: EndTurn) -> None:
    state.log.append(f"{flow.name(state, state.acting)} ends the turn.")
    flow.end_turn(state)


def answer(state: TitanRaceState, action: Answer) -> None:
    """The answer is given: the effect waiting for it runs again from its start, in the phase it began in."""
    question = state.asked()
    state.answers.append(action.choice)
    state.phase = question.resume
    flow.perform(state, question.effect)


# -- why a decision the turn takes is refused now --------------------------------------------------------------------


def move_refusal(state: TitanRaceState, _action: Move) -> str | None:
    return "You have already moved this turn." if state.turn_now().moved else None


def _no_power(state: TitanRaceState) -> str | None:
    """No Ability or Bonus card on the first turn or after a pentacle re-roll."""
    if state.is_first_round:
        return "No Abilities or Bonus cards on the first turn."
    if state.turn_now().rerolled:
        return "No Ability or Bonus card after a pentacle re-roll."
    return None


def ability_refusal(state: TitanRaceState, _action: UseAbility) -> str | None:
    if reason := _no_power(state):
        return reason
    return "You have already used your Ability this turn." if state.titans[state.acting].ability_used else None


def discard_refusal(state: TitanRaceState, _action: DiscardCard) -> str | None:
    if reason := _no_power(state):
        return reason
    return "You have already played a Bonus card this turn." if state.turn_now().card_played else None


def card_play_refusal(state: TitanRaceState, action: PlayCard) -> str | None:
    return discard_refusal(state, action) or card_refusal(state, state.acting, action.card)


def reroll_refusal(state: TitanRaceState, _action: Reroll) -> str | None:
    return "You must first lose the purple die's Life Point." if state.turn_now().penalty else None


def end_turn_refusal(state: TitanRaceState, _action: EndTurn) -> str | None:
    turn = state.turn_now()
    if not turn.moved:
        return "You must take your die's action before ending the turn."
    if turn.penalty:
        return "You must first lose the purple die's Life Point."
    return "You must first place your trap or inflict your hit."


# -- the flow --------------------------------------------------------------------------------------------------------

FLOW: Mapping[Phase, Step[TitanRaceState]] = MappingProxyType(
    {
        Phase.CHOOSE_TITAN: Step(
            titan_choices, {ChooseTitan: lambda state, action: flow.add_titan(state, action.titan)}
        ),
        Phase.ORDER_TITANS: Step(
            order_choices, {OrderTitans: lambda state, action: flow.order_titans(state, action.first)}
        ),
        Phase.DRAFT: Step(draft_choices, {TakeDie: lambda state, action: flow.take_die(state, action.die)}),
        Phase.CHOOSE_FACE: Step(face_choices, {ChooseFace: choose_face}),
        Phase.START: Step(start_choices, {ChooseStart: choose_start}),
        Phase.TURN: Step(
            turn_choices,
            {
                Move: move,
                PlaceTrap: place_trap,
                Hit: hit,
                PayPurple: pay_purple,
                UseAbility: use_ability,
                PlayCard: play_card,
                DiscardCard: discard_card,
                Reroll: lambda state, _action: flow.reroll(state),
                EndTurn: end_turn,
            },
            refusals={
                Move: move_refusal,
                UseAbility: ability_refusal,
                PlayCard: card_play_refusal,
                DiscardCard: discard_refusal,
                Reroll: reroll_refusal,
                EndTurn: end_turn_refusal,
            },
        ),
        Phase.ANSWER: Step(answer_choices, {Answer: answer}),
        Phase.GAME_OVER: Step(no_choices, {}),
    }
)


def refusal(state: TitanRaceState, action: Action) -> str:
    """Why `action` may not be played now: the game is over, its phase does not take it, or its phase's reason."""
    if state.phase == Phase.GAME_OVER:
        return "The game is over."
    step = FLOW[state.phase]
    if type(action) not in step.plays:
        return f"\u201c{action.describe()}\u201d is not possible now: {status_sentence(state)}."
    return (
        step.refusal(state, action) or f"\u201c{action.describe()}\u201d is not allowed now: {status_sentence(state)}."
    )


def play(state: TitanRaceState, action: Action) -> None:
    """Carry out a legal action on `state` (a copy): the play its phase's row gives its kind. A kind the phase does
    not take is refused before anything changes."""
    play_in_row(FLOW[state.phase], state, action, refusal)

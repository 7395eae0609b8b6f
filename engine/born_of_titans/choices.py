"""The flow as data: one row per phase (docs/born-of-titans.md, the phases table) saying what the game waits for,
the legal decisions it lists, and the actions it takes with the play of each.

`STEPS[state.phase]` is the whole dispatch: listing the choices, playing one, and refusing an action the phase does
not take (refusals.py reads the same rows). A new phase is one row; a new action is one entry in its phase's row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from engine.born_of_titans import board, challenges, cities, divine, moments, moving, quests, setup, turns
from engine.born_of_titans.actions import (
    Argo,
    ChooseAttribute,
    ChooseHero,
    ChooseMatch,
    ChooseStart,
    DragonsTeeth,
    EncounterAction,
    EndTurn,
    Keep,
    LionSkin,
    Look,
    Move,
    MoveTo,
    PassMoment,
    PlaceQuest,
    PlayDivine,
    Prophecy,
    Recruit,
    RefuseAlly,
    Restock,
    Retreat,
    Roll,
    Sacrifice,
    Stop,
    TakeAlly,
    Underworld,
)
from engine.born_of_titans.data import ATTRIBUTES, MAX_CREW, MAX_PROPHECY, RECRUIT_MAX
from engine.born_of_titans.state import BornState, Challenge, Phase
from engine.born_of_titans.table import discard, gain_prophecy, gear_power, hero_name, track_prophecy
from engine.core import Action, IllegalAction

A = TypeVar("A", bound=Action)
Play = Callable[[BornState, Action], None]


def takes(kind: type[A], play: Callable[[BornState, A], None]) -> tuple[type[Action], Play]:
    """One action type a phase takes, with the play that carries it out (typed for that action)."""
    return kind, cast(Play, play)


class Step:
    """One phase as data: the words of what it waits for, the function listing its choices in a stable order, and
    each action type it takes with its play. `keeps_ended`: the Challenge just over stays shown through this
    decision (a completed Quest's through the restocking that follows it); any other decision clears it."""

    __slots__ = ("choices", "keeps_ended", "plays", "waits_for")

    def __init__(
        self,
        waits_for: str,
        choices: Callable[[BornState], list[Action]],
        *plays: tuple[type[Action], Play],
        keeps_ended: bool = False,
    ) -> None:
        self.waits_for = waits_for
        self.choices = choices
        self.plays: Mapping[type[Action], Play] = dict(plays)
        self.keeps_ended = keeps_ended


def legal(state: BornState) -> list[Action]:
    """Every legal decision for the current player, in a stable order."""
    return STEPS[state.phase].choices(state)


def play(state: BornState, action: Action) -> None:
    """Carry out a legal action in place, then let the flow settle; IllegalAction (the state untouched) for an
    action the phase does not take. The Challenge just over is shown until the next decision."""
    step = STEPS[state.phase]
    carry_out = step.plays.get(type(action))
    if carry_out is None:
        raise IllegalAction(refusal(state, action) or waiting(state, action))
    if state.ended is not None and not step.keeps_ended:
        state.ended = None
    carry_out(state, action)
    turns.settle(state)


def refusal(state: BornState, action: Action) -> str | None:
    """Why the phase does not take `action` at all; None when it does (whether it is legal now is the rest)."""
    if state.phase == Phase.GAME_OVER:
        return "The game is over."
    if type(action) in STEPS[state.phase].plays:
        return None
    return waiting(state, action)


def waiting(state: BornState, action: Action) -> str:
    """`action` is not possible now, and what the game waits for instead."""
    return f"\u201c{action.describe()}\u201d is not possible now: the game waits for {STEPS[state.phase].waits_for}."


# -- the choices of each phase -------------------------------------------------------------------------------------


def _no_choices(state: BornState) -> list[Action]:
    """The game is over: nobody decides."""
    return []


def _heroes(state: BornState) -> list[Action]:
    return [ChooseHero(hero=hero) for hero in setup.hero_options(state)]


def _starts(state: BornState) -> list[Action]:
    return [ChooseStart(site=site) for _, site in sorted(board.QUEST_SITES.items())]


def _quest_places(state: BornState) -> list[Action]:
    return [PlaceQuest(site=site) for site in quests.place_targets(state)]


def _underworld_sites(state: BornState) -> list[Action]:
    return [Underworld(site=site) for site in quests.underworld_sites()]


def _ally(state: BornState) -> list[Action]:
    return [TakeAlly(), RefuseAlly()]


def _keeps(state: BornState) -> list[Action]:
    faces = sorted({state.faces[cid] for cid in state.offer})
    return [Keep(divine=face) for face in faces]


def _restocks(state: BornState) -> list[Action]:
    city = state.restock[0]
    return [Restock(city=city, place=True), Restock(city=city, place=False)]


def _reactions(state: BornState) -> list[Action]:
    """Pass, a Divine counter, or (the challenger in her Challenge's moments) the Lion Skin."""
    found: list[Action] = [PassMoment()]
    found += divine.options(state)
    if _lion_skin_ready(state, state.moment_now().asked):
        found.append(LionSkin())
    return found


def _move_ends(state: BornState) -> list[Action]:
    """Every node the Courses reach, staying, and the free acts."""
    budget = moving.courses(state)
    reach = moving.reachable(state, state.mover, budget)
    found: list[Action] = [MoveTo(node=node) for node in sorted(reach)]
    found.append(Stop())
    return found + _own_extras(state)


def _lion_skin_ready(state: BornState, seat: int) -> bool:
    """The Lion Skin's holder inside her own Challenge, not yet worn (ruling 23)."""
    challenge = state.challenge
    return (
        isinstance(challenge, Challenge)
        and challenge.seat == seat
        and not challenge.lion_skin
        and (gear_power(state, seat) == "lion_skin")
    )


def _own_extras(state: BornState) -> list[Action]:
    """The free acts of her own turn at any of her decisions: the Argo, the Dragon's Teeth, Divine counters."""
    seat = state.mover
    found: list[Action] = []
    power = gear_power(state, seat)
    if power == "argo" and not state.turn_now().argo and track_prophecy(state, seat) < MAX_PROPHECY:
        found.append(Argo())
    if power == "dragons_teeth":
        found.append(DragonsTeeth())
    return found + divine.options(state)


def _challenge_actions(state: BornState) -> list[Action]:
    """Before the first roll: the attribute; then roll (committing Prophecy) or, after a loss, retreat."""
    challenge = state.challenge_now()
    seat = challenge.seat
    found: list[Action] = []
    usable = challenges.usable(state)
    if not challenge.attribute:
        if challenge.any_attribute:
            found += [ChooseMatch(hero_attribute=h, monster_attribute=m) for h in ATTRIBUTES for m in usable]  # type: ignore[arg-type]
        else:
            found += [ChooseAttribute(attribute=a) for a in usable]  # type: ignore[arg-type]
    else:
        found += [Roll(commit=k) for k in range(state.sheets[seat].prophecy + 1)]
        if state.rolls:
            found.append(Retreat())
    if _lion_skin_ready(state, seat):
        found.append(LionSkin())
    return found + _own_extras(state)


def _turn_actions(state: BornState) -> list[Action]:
    """Her turn: the actions she may still start, the free acts, and ending the turn."""
    seat = state.mover
    sheet = state.sheets[seat]
    node = str(sheet.node)
    found: list[Action] = []
    if turns.actions_left(state):
        found.append(Move())
        if cities.what_to_encounter(state, seat):
            found.append(EncounterAction())
        in_city = sheet.in_city and board.NODES[node].kind == "city"
        if in_city:
            found += [Recruit(crew=k) for k in range(1, RECRUIT_MAX + 1) if sheet.crew + k <= MAX_CREW]  # type: ignore[arg-type]
            if state.piles["divine"]:
                found.append(Sacrifice())
        if board.NODES[node].kind == "oracle" and sheet.prophecy < MAX_PROPHECY:
            found.append(Prophecy())
    if sheet.prophecy >= 1:
        found += [Look(site=site) for site in board.SITES if cities.unseen_at(state, seat, site)]
    found += _own_extras(state)
    found.append(EndTurn())
    return found


# -- the plays that are more than one call -------------------------------------------------------------------------


def _start_move(state: BornState, action: Move) -> None:
    turns.spend_action(state)
    moving.start(state)


def _move_to(state: BornState, action: MoveTo) -> None:
    moving.move_to(state, action.node)
    quests.reveal_if_here(state, state.mover)


def _encounter(state: BornState, action: EncounterAction) -> None:
    turns.spend_action(state)
    cities.encounter(state)


def _recruit(state: BornState, action: Recruit) -> None:
    turns.spend_action(state)
    cities.recruit(state, action.crew)


def _sacrifice(state: BornState, action: Sacrifice) -> None:
    turns.spend_action(state)
    cities.sacrifice(state)


def _prophecy(state: BornState, action: Prophecy) -> None:
    turns.spend_action(state)
    cities.prophecy(state)


def _end_turn(state: BornState, action: EndTurn) -> None:
    state.log.append(f"{hero_name(state, state.mover)} ends her turn.")
    turns.end_turn(state, chosen=True)


def _argo(state: BornState, action: Argo) -> None:
    """The Argo: one more Prophecy, once a turn."""
    state.turn_now().argo = True
    gained = gain_prophecy(state, state.mover, 1)
    state.log.append(f"{hero_name(state, state.mover)} sails the Argo: +{gained} Prophecy.")


def _dragons_teeth(state: BornState, action: DragonsTeeth) -> None:
    """Ruling 22: discard the Dragon's Teeth and roll one die: that many Crew (at most six), once the roll's moment
    has passed (ruling 27)."""
    seat = state.mover
    sheet = state.sheets[seat]
    if sheet.gear is not None:
        discard(state, sheet.gear)
        sheet.gear = None
    state.log.append(f"{hero_name(state, seat)} sows the Dragon's Teeth.")
    cities.roll_for_crew(state, seat, "dragons_teeth")


def _pass_moment(state: BornState, action: PassMoment) -> None:
    """One more pass; the moment is over once all asked have passed in a row."""
    if moments.passed(state):
        state.moment_now().over = True


# The free acts of the mover at any decision of her own turn (`_own_extras` lists them).
FREE_ACTS = (takes(Argo, _argo), takes(DragonsTeeth, _dragons_teeth), takes(PlayDivine, divine.play))
LION_SKIN = takes(LionSkin, lambda state, action: challenges.wear_lion_skin(state))

STEPS: dict[Phase, Step] = {
    Phase.CHOOSE_HERO: Step(
        "a Hero to be selected",
        _heroes,
        takes(ChooseHero, lambda state, action: setup.choose_hero(state, action.hero)),
    ),
    Phase.CHOOSE_START: Step(
        "a starting Quest Site to be chosen",
        _starts,
        takes(ChooseStart, lambda state, action: setup.choose_start(state, action.site)),
    ),
    Phase.PLACE_QUEST: Step(
        "a Quest to be placed",
        _quest_places,
        takes(PlaceQuest, lambda state, action: quests.place(state, action.site)),
    ),
    Phase.TURN: Step(
        "the player's next action",
        _turn_actions,
        takes(Move, _start_move),
        takes(EncounterAction, _encounter),
        takes(Recruit, _recruit),
        takes(Sacrifice, _sacrifice),
        takes(Prophecy, _prophecy),
        takes(Look, lambda state, action: cities.look(state, action.site)),
        *FREE_ACTS,
        takes(EndTurn, _end_turn),
    ),
    Phase.MOVE: Step(
        "the Move to be made with its Courses",
        _move_ends,
        takes(MoveTo, _move_to),
        takes(Stop, lambda state, action: moving.stop(state)),
        *FREE_ACTS,
    ),
    Phase.UNDERWORLD: Step(
        "the Underworld Site for the Quest",
        _underworld_sites,
        takes(Underworld, lambda state, action: quests.to_underworld(state, action.site)),
    ),
    Phase.CHALLENGE: Step(
        "the Challenge to go on",
        _challenge_actions,
        takes(ChooseAttribute, lambda state, action: challenges.choose(state, action.attribute, action.attribute)),
        takes(
            ChooseMatch,
            lambda state, action: challenges.choose(state, action.hero_attribute, action.monster_attribute),
        ),
        takes(Roll, lambda state, action: challenges.make_roll(state, action.commit)),
        takes(Retreat, lambda state, action: challenges.retreat(state)),
        LION_SKIN,
        *FREE_ACTS,
    ),
    Phase.ALLY: Step(
        "the Ally to be taken or refused",
        _ally,
        takes(TakeAlly, lambda state, action: cities.take_ally(state, True)),
        takes(RefuseAlly, lambda state, action: cities.take_ally(state, False)),
    ),
    Phase.SACRIFICE: Step(
        "a Divine counter to be kept",
        _keeps,
        takes(Keep, lambda state, action: cities.keep(state, action.divine)),
    ),
    Phase.RESTOCK: Step(
        "the Cities to be restocked",
        _restocks,
        takes(Restock, lambda state, action: quests.restock(state, action.city, action.place)),
        keeps_ended=True,
    ),
    Phase.REACT: Step(
        "the players to play a Divine counter or pass",
        _reactions,
        takes(PassMoment, _pass_moment),
        takes(PlayDivine, divine.play),
        LION_SKIN,
    ),
    Phase.GAME_OVER: Step("nothing more: the game is over", _no_choices),
}

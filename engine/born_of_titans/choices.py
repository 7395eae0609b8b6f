"""The legal decisions of each phase (docs/born-of-titans.md, the phases table), and playing one."""

from __future__ import annotations

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
from engine.born_of_titans.state import BornState, Phase
from engine.born_of_titans.table import discard, gain_prophecy, gear_power, hero_name, track_prophecy
from engine.core import Action


def legal(state: BornState) -> list[Action]:
    """Every legal decision for the current player, in a stable order."""
    phase = state.phase
    if phase == Phase.GAME_OVER:
        return []
    if phase == Phase.CHOOSE_HERO:
        return [ChooseHero(hero=hero) for hero in setup.hero_options(state)]
    if phase == Phase.CHOOSE_START:
        return [ChooseStart(site=site) for _, site in sorted(board.QUEST_SITES.items())]
    if phase == Phase.PLACE_QUEST:
        return [PlaceQuest(site=site) for site in quests.place_targets(state)]
    if phase == Phase.UNDERWORLD:
        return [Underworld(site=site) for site in quests.underworld_sites()]
    if phase == Phase.ALLY:
        return [TakeAlly(), RefuseAlly()]
    if phase == Phase.SACRIFICE:
        faces = sorted({state.faces[cid] for cid in state.offer})
        return [Keep(divine=face) for face in faces]
    if phase == Phase.RESTOCK:
        city = state.restock[0]
        return [Restock(city=city, place=True), Restock(city=city, place=False)]
    if phase == Phase.REACT:
        found: list[Action] = [PassMoment()]
        found += divine.options(state)
        if _lion_skin_ready(state, int(state.moment["asked"])):
            found.append(LionSkin())
        return found
    if phase == Phase.MOVE:
        budget = moving.courses(state)
        reach = moving.reachable(state, state.mover, budget)
        found = [MoveTo(node=node) for node in sorted(reach)]
        found.append(Stop())
        return found + _own_extras(state)
    if phase == Phase.CHALLENGE:
        return _challenge_actions(state)
    return _turn_actions(state)


def _lion_skin_ready(state: BornState, seat: int) -> bool:
    """The Lion Skin's holder inside her own Challenge, not yet worn (ruling 23)."""
    challenge = state.challenge
    return (
        bool(challenge)
        and int(challenge["seat"]) == seat
        and not challenge["lion_skin"]
        and (gear_power(state, seat) == "lion_skin")
    )


def _own_extras(state: BornState) -> list[Action]:
    """The free acts of her own turn at any of her decisions: the Argo, the Dragon's Teeth, Divine counters."""
    seat = state.mover
    found: list[Action] = []
    power = gear_power(state, seat)
    if power == "argo" and not state.turn.get("argo") and track_prophecy(state, seat) < MAX_PROPHECY:
        found.append(Argo())
    if power == "dragons_teeth":
        found.append(DragonsTeeth())
    return found + divine.options(state)


def _challenge_actions(state: BornState) -> list[Action]:
    """Before the first roll: the attribute; then roll (committing Prophecy) or, after a loss, retreat."""
    challenge = state.challenge
    seat = int(challenge["seat"])
    found: list[Action] = []
    usable = challenges.usable(state)
    if not challenge["attribute"]:
        if challenge["any_attribute"]:
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


def play(state: BornState, action: Action) -> None:
    """Carry out a legal action in place, then let the flow settle."""
    _play(state, action)
    turns.settle(state)


def _play(state: BornState, action: Action) -> None:
    if isinstance(action, ChooseHero):
        setup.choose_hero(state, action.hero)
    elif isinstance(action, ChooseStart):
        setup.choose_start(state, action.site)
    elif isinstance(action, PlaceQuest):
        quests.place(state, action.site)
    elif isinstance(action, Move):
        turns.spend_action(state)
        moving.start(state)
    elif isinstance(action, MoveTo):
        moving.move_to(state, action.node)
        quests.reveal_if_here(state, state.mover)
    elif isinstance(action, Stop):
        moving.stop(state)
    elif isinstance(action, EncounterAction):
        turns.spend_action(state)
        cities.encounter(state)
    elif isinstance(action, Recruit):
        turns.spend_action(state)
        cities.recruit(state, action.crew)
    elif isinstance(action, Sacrifice):
        turns.spend_action(state)
        cities.sacrifice(state)
    elif isinstance(action, Prophecy):
        turns.spend_action(state)
        cities.prophecy(state)
    elif isinstance(action, Look):
        cities.look(state, action.site)
    elif isinstance(action, Argo):
        state.turn["argo"] = True
        gained = gain_prophecy(state, state.mover, 1)
        state.log.append(f"{hero_name(state, state.mover)} sails the Argo: +{gained} Prophecy.")
    elif isinstance(action, DragonsTeeth):
        _dragons_teeth(state)
    elif isinstance(action, LionSkin):
        challenges.wear_lion_skin(state)
    elif isinstance(action, PlayDivine):
        divine.play(state, action)
    elif isinstance(action, EndTurn):
        state.log.append(f"{hero_name(state, state.mover)} ends her turn.")
        turns.end_turn(state, chosen=True)
    elif isinstance(action, Underworld):
        quests.to_underworld(state, action.site)
    elif isinstance(action, ChooseAttribute):
        challenges.choose(state, action.attribute, action.attribute)
    elif isinstance(action, ChooseMatch):
        challenges.choose(state, action.hero_attribute, action.monster_attribute)
    elif isinstance(action, Roll):
        challenges.make_roll(state, action.commit)
    elif isinstance(action, Retreat):
        challenges.retreat(state)
    elif isinstance(action, TakeAlly | RefuseAlly):
        cities.take_ally(state, isinstance(action, TakeAlly))
    elif isinstance(action, Keep):
        cities.keep(state, action.divine)
    elif isinstance(action, Restock):
        quests.restock(state, action.city, action.place)
    elif isinstance(action, PassMoment) and moments.passed(state):
        state.moment["over"] = True


def _dragons_teeth(state: BornState) -> None:
    """Ruling 22: discard the Dragon's Teeth and roll one die: that many Crew (at most six), once the roll's moment
    has passed (ruling 27)."""
    seat = state.mover
    sheet = state.sheets[seat]
    if sheet.gear is not None:
        discard(state, sheet.gear)
        sheet.gear = None
    state.log.append(f"{hero_name(state, seat)} sows the Dragon's Teeth.")
    cities.roll_for_crew(state, seat, "dragons_teeth")

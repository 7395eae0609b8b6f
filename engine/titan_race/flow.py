"""Rounds and turns of Titan Race: rolling and drafting dice, the first turn, K.O. turns, ending a turn."""

from __future__ import annotations

from engine.titan_race.data import FACE_EXTRA, FACES, PURPLE, TITANS
from engine.titan_race.effects import features_of, gain_life
from engine.titan_race.records import AnyEffect, PayEffect
from engine.titan_race.resolution import resolve
from engine.titan_race.state import NO_TURN, Ordering, Phase, Titan, TitanRaceState, Turn


def name(state: TitanRaceState, titan: int) -> str:
    """A Titan's name for the log."""
    return TITANS[state.titans[titan].name].name


def roll(state: TitanRaceState, count: int) -> list[str]:
    """Roll `count` dice from the state's RNG."""
    return [FACES[state.rng.randrange(len(FACES))] for _ in range(count)]


def roll_first_titan(state: TitanRaceState) -> int:
    """Roll a die until its colour names a Titan in play; that Titan plays first."""
    colours = {TITANS[t.name].colour: index for index, t in enumerate(state.titans)}
    while True:
        face = roll(state, 1)[0]
        if face in colours:
            state.log.append(f"The first-player die shows {face}: {name(state, colours[face])} plays first.")
            return colours[face]
        state.log.append(f"The first-player die shows {face}: no Titan of that colour races; roll again.")


def add_titan(state: TitanRaceState, titan_name: str, ask_order: bool = True) -> None:
    """A player takes a Titan; once every Titan is chosen: the 2-player order, then the race begins."""
    owner = state.pickers[len(state.titans)]
    state.titans.append(Titan.entering(titan_name, owner))
    state.lap_events.append([0, 0])
    spec = TITANS[titan_name]
    state.log.append(f"{state.name(owner)} races {spec.name} ({spec.colour}), ridden by {spec.rider}.")
    if len(state.titans) < len(state.pickers):
        return
    if state.shares_hands and ask_order:
        state.phase = Phase.ORDER_TITANS
        state.turn = Ordering(ordering=0)
        return
    start_race(state)


def order_titans(state: TitanRaceState, first: str) -> None:
    """2-player: the player to order names her Titan that races first (turn order A1, B1, A2, B2)."""
    seat = state.ordering_now().ordering
    mine = [index for index, titan in enumerate(state.titans) if titan.owner == seat]
    if state.titans[mine[0]].name != first:
        state.titans[mine[0]], state.titans[mine[1]] = state.titans[mine[1]], state.titans[mine[0]]
    state.log.append(f"{state.name(seat)} races {name(state, mine[0])} first, then {name(state, mine[1])}.")
    if seat + 1 < state.num_players:
        state.turn = Ordering(ordering=seat + 1)
        return
    state.turn = NO_TURN
    start_race(state)


def start_race(state: TitanRaceState) -> None:
    """Every Titan chosen (and ordered): one Bonus card per hand, the first-player die, round 1."""
    for index, titan in enumerate(state.titans):
        if state.hand_holder(index) == index:
            titan.hand.append(state.deck.pop(0))
    state.first_titan = roll_first_titan(state)
    begin_round(state)


def begin_round(state: TitanRaceState) -> None:
    """A new round: the first Titan rolls all the dice."""
    count = len(state.titans)
    state.order = [(state.first_titan + k) % count for k in range(count)]
    state.turn_index = 0
    state.pool = roll(state, count)
    state.log.append(f"Round {state.round_number}: {name(state, state.acting)} rolls {', '.join(state.pool)}.")
    begin_turn(state)


def begin_turn(state: TitanRaceState) -> None:
    """A Titan's turn: its Ability card flips face up; a recovering Titan stands up; the last Titan re-rolls."""
    titan = state.acting
    subject = state.titans[titan]
    subject.ability_used = False
    if subject.shielded:
        subject.shielded = False
        state.log.append(f"{name(state, titan)}'s Shield fades.")
    state.turn = Turn.begun()
    if subject.ko == "recovering":
        subject.ko = ""
        subject.life = TITANS[subject.name].start_life
        state.log.append(f"{name(state, titan)} stands up again with {subject.life} Life Points.")
    if state.turn_index == len(state.order) - 1 and state.turn_index > 0:
        state.pool = roll(state, len(state.titans))
        state.log.append(f"{name(state, titan)} re-rolls all the dice: {', '.join(state.pool)}.")
    state.phase = Phase.DRAFT


def take_die(state: TitanRaceState, index: int) -> None:
    """Draft a die: a K.O. Titan passes; your own colour gains a Life Point; purple asks for a face."""
    titan = state.acting
    subject = state.titans[titan]
    face = state.pool.pop(index)
    state.turn_now().die = face
    state.log.append(f"{name(state, titan)} takes the {face} die.")
    if subject.ko == "ko":
        subject.ko = "recovering"
        state.log.append(f"{name(state, titan)} is K.O. and passes; the Life token flips back to its heart.")
        end_turn(state)
        return
    begin_face(state, face)


def begin_face(state: TitanRaceState, face: str) -> None:
    """A die face was drafted or re-rolled: own colour heals, purple asks for another face."""
    titan = state.acting
    subject = state.titans[titan]
    is_chtooloo = subject.name == "chtooloo"
    if face == TITANS[subject.name].colour and not (is_chtooloo and face == PURPLE):
        gain_life(state, titan, 1, "its own colour")
    if face == PURPLE:
        state.turn_now().penalty = not is_chtooloo
        state.phase = Phase.CHOOSE_FACE
        return
    set_face(state, face)


def set_face(state: TitanRaceState, face: str) -> None:
    """The action to take this turn is known: start the race first if not on the circuit yet."""
    turn = state.turn_now()
    turn.face = face
    turn.extra_done = face not in FACE_EXTRA
    state.phase = Phase.START if state.titans[state.acting].space is None else Phase.TURN


def after_effect(state: TitanRaceState, effect: AnyEffect) -> None:
    """Book-keeping once an effect is complete: the move is done, the pentacle offers itself, a K.O. ends the turn."""
    if state.phase == Phase.GAME_OVER:
        return
    titan = state.acting
    subject = state.titans[titan]
    kind = effect.kind
    if kind == "start":
        state.phase = Phase.TURN
        return
    if kind == "move":
        turn = state.turn_now()
        turn.moved = True
        turn.pentacle = not subject.is_ko and subject.space in features_of(state, state.board_of(subject)).pentacle
        turn.pentacle_space = subject.space if turn.pentacle else ""
    elif kind in ("trap", "hit"):
        state.turn_now().extra_done = True
    state.phase = Phase.TURN
    if subject.is_ko:
        state.log.append(f"{name(state, titan)} is K.O.: the turn ends.")
        end_turn(state)


def perform(state: TitanRaceState, effect: AnyEffect) -> None:
    """Resolve an effect, then do its book-keeping (unless it stopped to ask a question)."""
    if resolve(state, effect):
        after_effect(state, effect)


def reroll(state: TitanRaceState) -> None:
    """The pentacle: lose 1 Life Point, re-roll the die, and take its action (no Ability or card after this)."""
    titan = state.acting
    turn = state.turn_now()
    turn.pentacle = False
    turn.rerolled = True
    state.log.append(f"{name(state, titan)} uses the pentacle.")
    if not resolve(state, PayEffect(kind="pay", titan=titan, why="the pentacle")):
        return  # cannot happen (a cost is never shielded), kept for safety
    if state.titans[titan].is_ko:
        state.log.append(f"{name(state, titan)} is K.O.: the turn ends.")
        end_turn(state)
        return
    face = roll(state, 1)[0]
    state.log.append(f"{name(state, titan)} re-rolls the die: {face}.")
    turn = state.turn_now()
    turn.die, turn.moved, turn.penalty, turn.pentacle_space = face, False, False, ""
    begin_face(state, face)


def lucky_charm(state: TitanRaceState) -> None:
    """Lucky Charm: re-roll the die before moving; the new face replaces the old one (and its purple cost)."""
    titan = state.acting
    face = roll(state, 1)[0]
    state.log.append(f"{name(state, titan)} plays Lucky Charm and re-rolls the die: {face}.")
    turn = state.turn_now()
    turn.die, turn.penalty = face, False
    begin_face(state, face)


def end_turn(state: TitanRaceState) -> None:
    """Pass the dice on; after the last Titan a new round starts with the first Titan."""
    state.turn_index += 1
    if state.turn_index >= len(state.order):
        state.round_number += 1
        begin_round(state)
    else:
        begin_turn(state)

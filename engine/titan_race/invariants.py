"""The invariants every Titan Race state keeps (checked after every action by the tests)."""

from __future__ import annotations

from engine.titan_race.board import SPACES
from engine.titan_race.data import (
    BONUS_CARDS,
    DECK,
    DIRECTIONS,
    FACE_EXTRA,
    FACES,
    GRAND_SLAM_BOARDS,
    HAND_LIMIT,
    LAPS_TO_WIN,
    MAX_LIFE,
    PURPLE,
    START_SPACES,
    TRAP_TOKENS,
)
from engine.titan_race.effects import Effect, GameWon, NeedAnswer
from engine.titan_race.records import AnyEffect, CardEffect, MoveEffect, SpaceEffect
from engine.titan_race.resolution import run
from engine.titan_race.state import Ordering, Phase, Question, TitanRaceState, Turn


def invariant_violations(state: TitanRaceState) -> list[str]:
    """Broken invariants: one Titan a space, life gauges, lap counters, hands, traps, cards, the flow."""
    problems: list[str] = []
    over = state.phase == Phase.GAME_OVER
    seen: dict[tuple[int, str], int] = {}
    for index, titan in enumerate(state.titans):
        who = f"titan {index} ({titan.name})"
        if titan.space is not None:
            if titan.space not in SPACES:
                problems.append(f"{who}: on a space that does not exist: {titan.space}")
            key = (state.board_of(titan), titan.space)
            if over and index == state.winner:
                continue  # the race stopped as the winner crossed the line: nothing after that happened
            if key in seen:
                problems.append(f"{who}: shares {titan.space} with titan {seen[key]}")
            seen[key] = index
            if state.has_trap(*key):
                problems.append(f"{who}: stands on a trap on {titan.space}")
        if not 0 <= titan.life <= MAX_LIFE:
            problems.append(f"{who}: life {titan.life} outside its gauge")
        if titan.ko not in ("", "ko", "recovering"):
            problems.append(f"{who}: unknown K.O. status {titan.ko!r}")
        if (titan.life == 0) != titan.is_ko:
            problems.append(f"{who}: life {titan.life} but K.O. status {titan.ko!r}")
        ups, downs = state.lap_events[index]
        if titan.lap != 1 + ups - downs:
            problems.append(f"{who}: lap counter {titan.lap} but {ups} crossings up and {downs} down")
        if titan.lap > LAPS_TO_WIN and not (over and state.winner == index):
            problems.append(f"{who}: lap counter {titan.lap} past the last lap without winning")
        if len(titan.hand) > HAND_LIMIT:
            problems.append(f"{who}: {len(titan.hand)} Bonus cards in hand")
        if titan.hand and state.hand_holder(index) != index:
            problems.append(f"{who}: holds cards, but its player's hand is with her first Titan")
    if len(state.traps) > TRAP_TOKENS:
        problems.append(f"{len(state.traps)} traps on the circuit (the supply holds {TRAP_TOKENS})")
    problems += _setup_problems(state)
    if len(set(state.traps)) != len(state.traps):
        problems.append(f"two traps on one space: {state.traps}")
    for trap in state.traps:
        board, _, space = trap.partition(":")
        if space not in SPACES or not 0 <= int(board) < len(state.circuits):
            problems.append(f"trap on a space that does not exist: {trap}")
    cards = sorted(state.deck + state.discard + [c for t in state.titans for c in t.hand])
    if cards != sorted(DECK):
        problems.append(f"Bonus cards not conserved: {len(cards)} of {len(DECK)}")
    if over:
        if state.winner < 0 or state.titans[state.winner].lap <= LAPS_TO_WIN:
            problems.append("the game is over without a Titan past its third lap")
        return problems
    if state.phase in (Phase.CHOOSE_TITAN, Phase.ORDER_TITANS):
        chosen = len(state.titans) == len(state.pickers)
        if chosen != (state.phase == Phase.ORDER_TITANS) or any(t.space is not None or t.hand for t in state.titans):
            problems.append("choosing (or ordering) Titans, yet the choice is not that far or one is racing")
        seat = state.turn.ordering if isinstance(state.turn, Ordering) else None
        if state.phase == Phase.ORDER_TITANS and not (
            state.shares_hands and seat is not None and seat < state.num_players
        ):
            problems.append("ordering the Titans, yet no player's hands are shared or nobody is to order")
        return problems
    if len(state.titans) != len(state.pickers) or [t.owner for t in state.titans] != state.pickers:
        problems.append("the Titans do not match the players who chose them")
    if any(face not in FACES for face in state.pool) or len(state.pool) > len(state.titans):
        problems.append(f"bad dice pool {state.pool}")
    if not 0 <= state.turn_index < len(state.order) or sorted(state.order) != list(range(len(state.titans))):
        problems.append(f"bad turn order {state.order} at {state.turn_index}")
        return problems
    acting = state.titans[state.acting]
    if state.phase == Phase.TURN and (acting.space is None or acting.is_ko):
        problems.append(f"{acting.name} must act but is off the circuit or K.O.")
    if state.phase == Phase.ANSWER and not isinstance(state.question, Question):
        problems.append("waiting for an answer without a question")
    if state.phase != Phase.ANSWER and (isinstance(state.question, Question) or state.answers):
        problems.append("a question is pending outside the ANSWER phase")
    if state.winner != -1:
        problems.append(f"a winner ({state.winner}) while the race goes on")
    count, index = len(state.titans), state.turn_index
    if state.order != [(state.first_titan + k) % count for k in range(count)]:
        problems.append(f"turn order {state.order} does not start with the first Titan {state.first_titan}")
    dice = (count if index == count - 1 and index > 0 else count - index) - (state.phase != Phase.DRAFT)
    if len(state.pool) != dice:
        problems.append(f"{len(state.pool)} dice left for the round's {count - index} turns")
    if not problems:
        problems += _turn_problems(state)
    return problems


def _setup_problems(state: TitanRaceState) -> list[str]:
    """What the set-up fixed: the circuits of the variant, the seats choosing the Titans and whether a player's
    Titans share a hand (the 2-player variant's), each Titan raced by the player who chose it."""
    problems: list[str] = []
    grand_slam = getattr(state.options, "variant", "") == "grand_slam"
    if len(state.circuits) != (GRAND_SLAM_BOARDS if grand_slam else 1):
        problems.append(f"{len(state.circuits)} circuits for the {'Grand Slam' if grand_slam else 'race'}")
    two_player = getattr(state.options, "variant", "") == "two_player"
    if state.pickers != ([seat % 2 for seat in range(4)] if two_player else list(range(state.num_players))):
        problems.append("the seats choosing the Titans are not those of the variant")
    if state.shared_hands and not two_player:  # (a 2-player game begun under version 1 shares none)
        problems.append("hands shared between a player's Titans outside the 2-player variant")
    if [titan.owner for titan in state.titans] != state.pickers[: len(state.titans)]:
        problems.append("a Titan raced by another player than the one who chose it")
    if len({titan.name for titan in state.titans}) != len(state.titans):
        problems.append("one Titan twice in the race")
    return problems


def _turn_problems(state: TitanRaceState) -> list[str]:
    """The turn's record fits its phase (the die taken, its face, what is done), and a question's effect is one
    the acting Titan's turn can run."""
    phase, turn = state.phase, state.turn
    if phase == Phase.ANSWER:
        question = state.asked()
        phase = question.resume
        effect = question.effect
        kind = effect.kind
        if phase not in (Phase.START, Phase.TURN):
            return ["a question asked outside a Titan's turn"]
        if effect.titan != state.acting:
            return [f"the {kind} effect waiting for an answer is not the acting Titan's"]
        if not _effect_sound(state, effect):
            return [f"the {kind} effect waiting for an answer names what is not there"]
    if not isinstance(turn, Turn):
        return [f"the turn's record does not fit the {phase} phase"]
    die, face = turn.die, turn.face
    if phase == Phase.DRAFT:
        done = [turn.penalty, turn.moved, turn.extra_done, turn.card_played, turn.rerolled, turn.pentacle]
        begun = turn.pentacle_space is None and turn.paid is None
        return [] if (die, face, any(done), begun) == ("", "", False, True) else ["a die drafted twice"]
    if die not in FACES or (phase == Phase.CHOOSE_FACE and die != PURPLE):
        return [f"the die taken ({die!r}) does not fit the {phase} phase"]
    if phase == Phase.CHOOSE_FACE:
        return []
    if face not in FACES or face == PURPLE:
        return [f"the turn's face ({face!r}) is not an action"]
    if face not in FACE_EXTRA and not turn.extra_done:
        return [f"a {face} die waiting for a trap or a hit"]
    if phase == Phase.START and (turn.moved or state.titans[state.acting].space is not None):
        return ["a Titan on the circuit still to enter the race"]
    return []


def _effect_sound(state: TitanRaceState, effect: AnyEffect) -> bool:
    """The effect's fields name real directions, spaces and cards, and running it again only stops to ask or
    ends the race (a hostile save cannot make it fail half-way)."""
    if isinstance(effect, MoveEffect) and not (len(effect.steps) <= 6 and all(s in DIRECTIONS for s in effect.steps)):
        return False
    if isinstance(effect, SpaceEffect) and effect.space not in (START_SPACES if effect.kind == "start" else SPACES):
        return False
    if isinstance(effect, CardEffect) and effect.card not in BONUS_CARDS:
        return False
    try:
        run(Effect(state.clone(record=False), list(state.answers), True), effect)  # type: ignore[arg-type]
    except (NeedAnswer, GameWon):
        return True
    except Exception:
        return False
    return True

"""The invariants every Titan Race state keeps (checked after every action by the tests)."""

from __future__ import annotations

from engine.titan_race.board import SPACES
from engine.titan_race.data import DECK, FACES, HAND_LIMIT, LAPS_TO_WIN, MAX_LIFE, TRAP_TOKENS
from engine.titan_race.state import Phase, TitanRaceState


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
    if state.phase == Phase.ANSWER and not state.question:
        problems.append("waiting for an answer without a question")
    if state.phase != Phase.ANSWER and (state.question or state.answers):
        problems.append("a question is pending outside the ANSWER phase")
    return problems

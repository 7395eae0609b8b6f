"""A tiny dice game (Pig to 20) that exercises the core contract in tests."""

from __future__ import annotations

from typing import Any, Literal

from engine.core import Action, Game, GameState


class Roll(Action):
    """Roll the die."""

    kind: Literal["roll"] = "roll"

    def describe(self) -> str:
        return "Roll"


class Hold(Action):
    """Bank the turn total."""

    kind: Literal["hold"] = "hold"

    def describe(self) -> str:
        return "Hold"


class PigState(GameState):
    """Banked points, the running turn total and whose turn it is."""

    banked: list[int]
    turn_total: int
    turn: int

    @property
    def current_player(self) -> int | None:
        return None if max(self.banked) >= 20 else self.turn

    def _clone_own(self, new: GameState) -> None:
        new.banked = self.banked.copy()

    def _snapshot_own(self) -> dict[str, Any]:
        return {"banked": self.banked, "turn_total": self.turn_total, "turn": self.turn}


class Pig(Game):
    """Pig: roll to add to your turn total, a 1 loses it; first to bank 20 wins."""

    id = "toy_pig"
    title = "Pig"
    min_players = 2
    max_players = 3
    action_types = (Roll, Hold)

    def setup(self, num_players, options, seed, seats):
        state = PigState(self.id, num_players, options, seed, seats)
        state.banked = [0] * num_players
        state.turn_total = 0
        state.turn = 0
        return state

    def legal_actions(self, state):
        if state.is_over:
            return []
        return [Roll(), Hold()] if state.turn_total else [Roll()]

    def play(self, state, action):
        if isinstance(action, Roll):
            face = state.rng.randrange(6) + 1
            state.log.append(f"{state.name(state.turn)} rolls {face}.")
            if face == 1:
                state.turn_total = 0
                state.turn = (state.turn + 1) % state.num_players
            else:
                state.turn_total += face
        else:
            state.banked[state.turn] += state.turn_total
            state.turn_total = 0
            state.log.append(f"{state.name(state.turn)} holds.")
            if state.banked[state.turn] < 20:
                state.turn = (state.turn + 1) % state.num_players

    def view(self, state, seat):
        return {"banked": state.banked, "turn_total": state.turn_total}

    def scores(self, state):
        return list(state.banked)

    def winners(self, state):
        best = max(state.banked)
        return [i for i, b in enumerate(state.banked) if b == best]

    def restore_own(self, state, own):
        banked, total, turn = own.get("banked"), own.get("turn_total"), own.get("turn")
        if not (isinstance(banked, list) and len(banked) == state.num_players and all(type(b) is int for b in banked)):
            raise ValueError("bad banked points")
        if type(total) is not int or type(turn) is not int or not 0 <= turn < state.num_players:
            raise ValueError("bad turn")
        state.banked, state.turn_total, state.turn = list(banked), total, turn


PIG = Pig()

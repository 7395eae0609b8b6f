"""A scripted Titan Race player of sound simple rules: the yardstick the bots are measured against.

Set-up: a strong Titan (Rassik, Craken, Ragnarok ...), C1 to start. Draft: your own colour when two
Life Points or fewer are left, else the die that goes furthest (yellow, blue, brown, green, red;
purple last, taken as yellow). Turn: the move that ends furthest up the race, avoiding a space with a
trap or lava; the trap or hit at once; the purple Life Point after the move; an Elixir when three Life
Points or fewer are left; no other Ability or card. A Shield is always played; pirates get a card
other than an Elixir or a Shield if there is one. It reads only what its player may see.
"""

from __future__ import annotations

from engine.core import Action
from engine.titan_race.board import SPACES
from engine.titan_race.data import CIRCUITS, ROWS, TITANS
from engine.titan_race.state import Phase, TitanRaceState

TITAN_PREFERENCE = ("rassik", "craken", "ragnarok", "chtooloo", "grinder", "slaugg")
DIE_PREFERENCE = ("yellow", "blue", "brown", "green", "red", "purple")
KEEP_FROM_PIRATES = ("shield", "elixir")


def choose(state: TitanRaceState, actions: list[Action]) -> Action:
    """The scripted decision among the legal `actions` of the player to move."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(str(getattr(action, "kind", "")), []).append(action)
    phase = state.phase
    if phase == Phase.CHOOSE_TITAN:
        return min(actions, key=lambda a: TITAN_PREFERENCE.index(a.titan))  # type: ignore[attr-defined]
    if phase == Phase.ANSWER:
        return _answer(state, actions)
    if phase == Phase.DRAFT:
        titan = state.titans[state.acting]
        own = TITANS[titan.name].colour
        if titan.life <= 2 and titan.name != "chtooloo":
            for action in actions:
                if action.face == own:  # type: ignore[attr-defined]
                    return action
        return min(actions, key=lambda a: DIE_PREFERENCE.index(a.face))  # type: ignore[attr-defined]
    if phase == Phase.CHOOSE_FACE:
        return next(a for a in actions if a.face == "yellow")  # type: ignore[attr-defined]
    if phase == Phase.START:
        return next((a for a in actions if a.space == "C1"), actions[0])  # type: ignore[attr-defined]
    if phase == Phase.TURN:
        return _turn(state, by_kind, actions)
    return actions[0]  # the 2-player order


def _turn(state: TitanRaceState, by_kind: dict[str, list[Action]], actions: list[Action]) -> Action:
    """One decision of a turn, in the order: move, trap or hit, purple cost, Elixir, end."""
    titan = state.titans[state.acting]
    if "move" in by_kind:
        return max(by_kind["move"], key=lambda a: _move_worth(state, a.to))  # type: ignore[attr-defined]
    for kind in ("place_trap", "hit", "pay_purple"):
        if kind in by_kind:
            return by_kind[kind][0]
    elixir = [a for a in by_kind.get("play_card", []) if a.card == "elixir"]  # type: ignore[attr-defined]
    if elixir and titan.life <= 3:
        return elixir[0]
    return by_kind["end_turn"][0] if "end_turn" in by_kind else actions[0]


def _move_worth(state: TitanRaceState, to: str) -> int:
    """How far up the race a move's end space is (over the top counts a whole lap), less a trap or lava there."""
    titan = state.titans[state.acting]
    here, there = int(str(titan.space)[1:]), int(to[1:])
    rows = there - here + (ROWS if there < here else 0)
    board = state.board_of(titan)
    danger = state.has_trap(board, to) or to in CIRCUITS[state.circuits[board]].lava
    return rows * 2 - (3 if danger else 0) if to in SPACES else rows


def _answer(state: TitanRaceState, actions: list[Action]) -> Action:
    """A Shield whenever it can be played; to the pirates a card it can spare, else a Life Point."""
    choices = [a.choice for a in actions]  # type: ignore[attr-defined]
    if "shield" in choices:
        return actions[choices.index("shield")]
    cards = [c for c in choices if c not in ("life", "no")]
    spare = [c for c in cards if c not in KEEP_FROM_PIRATES] or cards
    if spare and state.titans[state.asked().titan].life <= 3:
        return actions[choices.index(spare[0])]
    if spare and spare[0] not in KEEP_FROM_PIRATES:
        return actions[choices.index(spare[0])]
    return actions[choices.index("life")] if "life" in choices else actions[0]

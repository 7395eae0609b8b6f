"""Seeded random games for the tests: uniform random choices, with a share of purposeful ones so that games end
in a few hundred actions (pure random Heroes wander for thousands of rounds before three Quests)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.born_of_titans import GAME, board
from engine.born_of_titans.actions import MoveTo
from engine.born_of_titans.state import BornState, Phase
from engine.born_of_titans.table import foe_numbers, totals
from engine.core import Action, Rng

PURPOSE = 0.7  # the share of decisions made with a purpose


@cache
def _distance(a: str, b: str) -> int:
    """Courses from a to b (a cache over the map's search)."""
    found = board.distance(a, b)
    return 99 if found is None else found


def purposeful(state: BornState, actions: list[Action]) -> Action | None:
    """Go for the Quest: encounter what is there, recruit when short, sail towards the Quest, roll with all
    Prophecy on the best attribute, retreat at one Crew."""
    kinds = {action.kind: action for action in actions}
    seat = state.current_player
    if seat is None:
        return None
    sheet = state.sheets[seat]
    if state.hubris == seat and state.phase in (Phase.TURN, Phase.MOVE):
        return None  # held back from her Quest: she wanders in search of humility
    if state.phase == Phase.TURN:
        if sheet.crew <= 3 and "recruit" in kinds:
            return max((a for a in actions if a.kind == "recruit"), key=lambda a: a.crew)  # type: ignore[attr-defined]
        for kind in ("encounter", "move"):
            if kind in kinds:
                return kinds[kind]
        return kinds.get("end_turn")
    if state.phase == Phase.MOVE and sheet.quest is not None:
        goal = sheet.quest.site
        moves = [a for a in actions if isinstance(a, MoveTo)]
        if moves:
            return min(moves, key=lambda a: (_distance(a.node, goal), a.node))
    if state.phase == Phase.CHALLENGE:
        if "choose_attribute" in kinds:
            have = totals(state, seat)
            need = foe_numbers(state, state.challenge.foe)
            choices = [a for a in actions if a.kind == "choose_attribute"]
            return max(choices, key=lambda a: have[a.attribute] - (need[a.attribute] or 0))  # type: ignore[attr-defined]
        if "retreat" in kinds and sheet.crew <= 1:
            return kinds["retreat"]
        rolls = [a for a in actions if a.kind == "roll"]
        if rolls:
            return max(rolls, key=lambda a: a.commit)  # type: ignore[attr-defined]
    return None


def play_game(
    players: int,
    seed: int,
    options: dict | None = None,
    each: Callable[[BornState, Action], None] | None = None,
    after: Callable[[BornState, Action], BornState | None] | None = None,
) -> tuple[BornState, int]:
    """One seeded game to its end (applied in place); `each(state, action)` is called before every action,
    `after(state, action)` after it (it may return a state to go on from). Returns the final state and the
    number of actions."""
    chooser = Rng(seed ^ 0xB0B)
    state = GAME.new_game(players, options, seed=seed)
    assert isinstance(state, BornState)
    steps = 0
    while not state.is_over:
        legal = GAME.legal_actions(state)
        action = purposeful(state, legal) if chooser.random() < PURPOSE else None
        if action is None:
            action = chooser.choice(legal)
        if each is not None:
            each(state, action)
        GAME.apply_unchecked(state, action)
        steps += 1
        if after is not None:
            state = after(state, action) or state
        if steps > 50_000:
            raise AssertionError(f"seed {seed}: not over after 50,000 actions")
    return state, steps

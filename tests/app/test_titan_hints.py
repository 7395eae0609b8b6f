"""Hints: what the strongest level would play is marked on the board where it is made (the legion, the
character, the land or the target) and on its button, and said in words, in every phase of Titan."""

from __future__ import annotations

import asyncio
import functools
import re
from typing import Any

from app import ai
from app.computer_help import hint_of
from app.gameview import render_regions
from app.views import titan as titan_view
from engine.core import Seat
from engine.core.bots import make_bot
from engine.core.game import Action, GameState
from engine.registry import GAMES
from engine.titan.game import Titan
from tests.app.fake_page import FakePage, controller_with

GAME = GAMES["titan"]
ACTION = re.compile(r"data-action=['\"](\d+)['\"]")
WITH_STRONG = [(0, "Random"), (1, "Standard"), (2, "Strong")]
EVERY_PHASE = {"split", "move", "engage", "concede", "propose", "maneuver", "strike", "carry", "muster", "end_moves"}


def is_higher_strike(action: Action, legal: list[Action]) -> bool:
    """A strike at a higher number than its target needs (to set up a carry)."""
    if action.kind != "strike":
        return False
    same = [o for o in legal if o.kind == "strike" and (o.unit, o.target) == (action.unit, action.target)]  # type: ignore[attr-defined]
    return action.number > min(o.number for o in same)  # type: ignore[attr-defined]


@functools.cache
def decisions() -> dict[str, list[tuple[GameState, Action]]]:
    """A few decisions of each kind, from games of two humans with hints played by the Standard bots."""
    found: dict[str, list[tuple[GameState, Action]]] = {}
    for seed in range(1, 40):
        state = GAME.new_game(2, None, seed, [Seat(name="Ann", hints=True), Seat(name="Bob", hints=True)])
        players = [make_bot(GAME, 1, seat) for seat in range(2)]
        for _ in range(1500):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            legal = GAME.legal_actions(state)
            for action in legal if len(legal) > 1 else []:
                kind = "strike_higher" if is_higher_strike(action, legal) else action.kind
                kept = found.setdefault(kind, [])
                if len(kept) < 4 and (not kept or kept[-1][0] is not state):
                    kept.append((state, action))
            state = GAME.apply(state, players[seat].choose(state, seat))
        if set(found) >= EVERY_PHASE | {"strike_higher"} and all(len(found[k]) >= 4 for k in ("move", "carry")):
            break
    return found


def drawn(regions: Any, region: str) -> set[int]:
    return {int(i) for i in ACTION.findall(getattr(regions, region))}


def test_every_hinted_choice_is_marked_on_its_button_and_on_the_map_where_the_map_draws_it():
    found = decisions()
    assert set(found) >= EVERY_PHASE, sorted(found)
    for kind, examples in found.items():
        for state, action in examples:
            seat = state.current_player
            legal = GAME.legal_actions(state)
            hint = hint_of(GAME, state, GAME.view(state, seat), legal, action, "Strong")
            regions = render_regions(GAME, state, shown=seat, selected=hint.selected)
            assert hint.index in drawn(regions, "board") | drawn(regions, "actions"), (kind, action)
            if kind.split("_")[0] in titan_view.ON_MAP and not (kind == "carry" and action.target < 0):  # type: ignore[attr-defined]
                on_map = drawn(regions, "board") & {hint.index, *hint.on_map}
                assert on_map, (kind, action, hint)  # the legion, the character, the land or the target
            label = GAME.describe_action(state, action)
            assert hint.words == f"Strong would play \u201c{label}\u201d (marked). The choice is yours."


def higher_strike() -> tuple[GameState, Action]:
    """A strike at a higher number than its target needs (to set up a carry), from the decisions found."""
    return decisions()["strike_higher"][0]


def test_a_strike_at_a_higher_number_is_marked_on_its_target_and_its_own_button():
    state, action = higher_strike()
    legal = GAME.legal_actions(state)
    hint = hint_of(GAME, state, GAME.view(state, state.current_player), legal, action, "Strong")
    assert hint.on_map and all(legal[i].target == action.target for i in hint.on_map)  # type: ignore[attr-defined]
    regions = render_regions(GAME, state, shown=state.current_player, selected=hint.selected)
    assert hint.index not in drawn(regions, "board")  # the map draws the target once, at the lowest number
    assert hint.index in drawn(regions, "actions")
    assert drawn(regions, "board") & set(hint.on_map)


def run_hint(monkeypatch: Any, state: GameState, action: Action | None = None) -> FakePage:
    """Ask for a hint in the app (on a fake page); `action`: what the thinking returns (else it thinks)."""
    page = FakePage()
    controller = controller_with(page, monkeypatch)
    if action is not None:

        async def chosen(*_args: Any, **_options: Any) -> Action:
            return action

        monkeypatch.setattr(ai, "think", chosen)

    async def body() -> None:
        app = controller.App()
        app.table.begin(state, new_entry=True)
        app.table.reveal()  # two humans: the device is passed to the one to decide
        app.computer.ask_hint()
        for _ in range(5000):
            await asyncio.sleep(0)
            if not page.texts.get("hint-text", "").startswith("Thinking") and page.texts.get("hint-text"):
                break

    asyncio.run(body())
    return page


def test_the_app_marks_the_target_and_the_button_and_says_it(monkeypatch):
    state, action = higher_strike()
    legal = GAME.legal_actions(state)
    index = legal.index(action)
    page = run_hint(monkeypatch, state, action)
    marked = page.marked()
    assert ("actions", index) in marked  # its own button
    assert {region for region, _i in marked} == {"board", "actions"}  # and its target on the map
    assert [i for region, i in marked if region == "actions"] == [index]  # never another button
    label = GAME.describe_action(state, action)
    level = ai.hint_level(GAME)[1]  # the strongest offered: Standard (Strong once offered)
    assert page.texts["hint-text"] == f"{level} would play \u201c{label}\u201d (marked). The choice is yours."


def test_the_hint_thinks_at_strong_once_titan_offers_it(monkeypatch):
    monkeypatch.setattr(Titan, "bot_levels", lambda self: WITH_STRONG)
    state, _action = decisions()["maneuver"][0]
    page = run_hint(monkeypatch, state)  # Strong itself thinks
    assert page.texts["hint-text"].startswith("Strong would play \u201c"), page.texts
    assert page.marked()
    assert "Hint: what would Strong play?" in page.html["actions"]

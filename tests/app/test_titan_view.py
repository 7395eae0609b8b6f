"""The Titan board: random games render in every phase, every legal action can be reached by the clicks the
page offers (a button, a lit land or hex, or a pick on the map and then a target), names are escaped, the
split panel builds every split one counter at a time, and a seat sees no more than its view holds."""

from __future__ import annotations

import re

import pytest

from app.decision import handover_seat
from app.gameview import render_regions
from app.views import view_module
from app.views.titan import render_layers, shown_actions, status_hint
from engine.registry import GAMES
from engine.titan.state import TitanState
from tests.app.boards import board_context
from tests.app.helpers import titan_game, walk

GAME = GAMES["titan"]
XSS = "<img src=x onerror=alert(1)>"
DATA_ACTION = re.compile(r"data-action=['\"](\d+)['\"]")
DATA_SELECT = re.compile(r"data-select=['\"]([^'\"]*)['\"]")


def reachable(state: TitanState) -> tuple[set[int], set[str]]:
    """The action indices a player can reach by clicks from this screen, and the phases' select keys seen.

    A click on a data-select element re-renders with that selection; from there its targets are reachable.
    Splits are built one counter at a time, so selections are followed to any depth."""
    seat = state.current_player
    regions = render_regions(GAME, state, shown=seat)
    found = {int(i) for i in DATA_ACTION.findall(regions.board + regions.actions)}
    keys: set[str] = set()
    todo = list(DATA_SELECT.findall(regions.board))
    while todo:
        key = todo.pop()
        if key in keys:
            continue
        keys.add(key)
        picked = render_regions(GAME, state, shown=seat, selected=key)
        found |= {int(i) for i in DATA_ACTION.findall(picked.board + picked.actions)}
        todo.extend(DATA_SELECT.findall(picked.board))
    return found, keys


def test_the_app_has_a_view_for_titan() -> None:
    assert view_module("titan").__name__ == "app.views.titan"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (3, 2), (4, 3), (6, 5)])
def test_every_legal_action_can_be_reached_by_clicks_in_every_phase(players: int, seed: int) -> None:
    phases: set[str] = set()
    for state in walk(titan_game(players, seed), 500, seed=seed):
        if state.is_over:
            regions = render_regions(GAME, state)
            assert "wins" in regions.status_text or "draw" in regions.status_text
            break
        phase = state.phase.value
        phases.add(phase)
        legal = GAME.legal_actions(state)
        found, _keys = reachable(state)
        assert found == set(range(len(legal))), (
            phase,
            sorted(set(range(len(legal))) - found),
            [legal[i].describe() for i in sorted(set(range(len(legal))) - found)][:5],
        )
    assert {"split", "move", "muster"} <= phases


def test_a_battle_renders_the_battleland_and_its_strikes() -> None:
    """The first battle of a seeded game: the battleland replaces the masterboard, hexes and strikes light up
    once a character is picked, and each strike target shows its number and chance."""
    battle_seen = strike_seen = False
    for seed in range(1, 12):
        for state in walk(titan_game(2, seed), 900, seed=seed):
            if state.battle is None or state.is_over:
                continue
            battle_seen = True
            key, board, parts = render_layers(_context(state))
            assert key.startswith("battle:") and "tt-overlay" in parts and "tt-panel" in parts
            assert f"Battle in {state.battle.land}" in board or "Battle in" in board
            if state.phase.value == "strike":
                regions = render_regions(GAME, state, shown=state.current_player)
                picks = [k for k in DATA_SELECT.findall(regions.board) if k.startswith("unit:")]
                for pick in picks:
                    picked = render_regions(GAME, state, shown=state.current_player, selected=pick)
                    if "tt-strike" in picked.board:
                        strike_seen = True
                        assert re.search(r"\d+%|[1-6]\+|needs? [1-6]", picked.board), "a strike without its number"
            if strike_seen:
                break
        if strike_seen:
            break
    assert battle_seen and strike_seen


def _context(state: TitanState, seat: int | None = None, selected: str | None = None):
    seat = state.current_player if seat is None else seat
    interactive = not state.is_over and seat == state.current_player
    return board_context(GAME, state, seat, interactive=interactive, selected=selected)


def test_names_are_escaped_everywhere() -> None:
    state = titan_game(2, 3, names=[XSS, "Bob"], ai=True)
    seen_battle = False
    for current in walk(state, 700, seed=3):
        regions = render_regions(GAME, current, shown=0)
        for html in (regions.board, regions.status, regions.actions, regions.log, regions.gamebar):
            assert XSS not in html
        seen_battle = seen_battle or current.battle is not None
    assert "&lt;img src=x onerror=alert(1)&gt;" in render_regions(GAME, state, shown=0).board


def test_the_split_panel_builds_a_split_one_counter_at_a_time() -> None:
    state = titan_game(2, 1)
    first = state.current_player
    regions = render_regions(GAME, state, shown=first)
    picks = [key for key in DATA_SELECT.findall(regions.board) if key.startswith("split:")]
    assert len(picks) == 1  # the one starting legion of the first player (the others are shown on a tap)
    key = picks[0]
    code = key.split(":")[1]
    panel = render_regions(GAME, state, shown=first, selected=key)
    assert f"Split {code}" in panel.board and "Stays in" in panel.board and "Leaves for a new legion" in panel.board
    assert "The first split: the Angel and three others leave" in panel.board  # no split yet: why not
    # move the Angel and three others, one tap each
    legion = state.legions[code]
    leaving: list[str] = []
    for name in ["Angel", *[n for n in legion.contents if n not in ("Titan", "Angel")][:3]]:
        leaving.append(name)
        key = f"split:{code}:{','.join(sorted(leaving))}"
        assert key in DATA_SELECT.findall(panel.board), (key, DATA_SELECT.findall(panel.board))
        panel = render_regions(GAME, state, shown=first, selected=key)
    match = [int(i) for i in DATA_ACTION.findall(panel.board)]
    legal = GAME.legal_actions(state)
    assert len(match) == 1 and legal[match[0]].kind == "split"
    assert sorted(legal[match[0]].leaving) == sorted(leaving)  # type: ignore[attr-defined]
    # and a counter can be brought back
    assert re.search(r"aria-label=['\"]Angel [0-9-]+: bring back the Angel['\"]", panel.board)


def test_a_seat_sees_only_what_it_may_know() -> None:
    """Hidden legions show their height and what the seat has seen of them, never their contents."""
    state = next(s for s in walk(titan_game(3, 7), 400, seed=7) if s.turn_number >= 3 and not s.is_over)
    hidden_seen = 0
    for seat in range(3):
        view = GAME.view(state, seat)
        _key, board, _parts = render_layers(_context(state, seat))
        for legion in view["legions"]:
            title = re.search(rf"<title>{legion['marker']} \([A-Za-z]+\): (\d+)[^:<]*(?:: ([^<]*))?</title>", board)
            assert title is not None, legion["marker"]
            assert int(title.group(1)) == legion["height"]
            listed = title.group(2) or ""
            names = [n for n in re.split(r", | and ", listed) if n and not n.endswith("unknown")]
            if legion["contents"] is not None:
                assert sorted(names) == sorted(state.legions[legion["marker"]].contents)
                continue
            hidden_seen += 1
            assert sorted(names) == sorted(legion["known"])  # what it has seen, and no more
            assert legion["height"] == len(state.legions[legion["marker"]].contents)
    assert hidden_seen > 0
    some_hidden = next(
        (lg for lg in GAME.view(state, 0)["legions"] if lg["contents"] is None and lg["height"] > len(lg["known"])),
        None,
    )
    assert some_hidden is not None
    board = render_layers(_context(state, 0))[1]
    assert f"legion:{some_hidden['marker']}" in DATA_SELECT.findall(board)  # tapped to show what is known
    panel = render_layers(_context(state, 0, selected=f"legion:{some_hidden['marker']}"))[1]
    assert f"+ {some_hidden['height'] - len(some_hidden['known'])} unknown" in panel


def test_two_humans_pass_the_device_and_bots_never_ask() -> None:
    state = titan_game(2, 1)
    assert handover_seat(GAME, state, None) == state.current_player
    regions = render_regions(GAME, state, shown=None)
    assert "Pass the device to" in regions.board and regions.legal == []
    solo = titan_game(2, 1, ai=True)
    assert handover_seat(GAME, solo, None) is None


def test_the_choices_bar_keeps_only_what_is_not_on_the_map() -> None:
    state = next(s for s in walk(titan_game(2, 2), 200, seed=2) if s.phase.value == "move")
    ctx = _context(state)
    shown, note = shown_actions(ctx)
    legal = ctx.actions
    assert all(legal[i].kind != "move" for i in shown) and "Pick on the map" in note
    marker = next(a.marker for a in legal if a.kind == "move")  # type: ignore[attr-defined]
    picked_shown, _ = shown_actions(_context(state, selected=f"legion:{marker}"))
    assert {i for i in picked_shown if legal[i].kind == "move"} == {
        i
        for i, a in enumerate(legal)
        if a.kind == "move" and a.marker == marker  # type: ignore[attr-defined]
    }
    hint = status_hint(ctx)
    assert hint is not None and hint.startswith(state.seats[state.current_player].name)


def test_the_last_strikes_dice_are_shown_by_its_target_until_the_next_maneuver() -> None:
    for seed in range(1, 15):
        struck = next(
            (s for s in walk(titan_game(2, seed), 900, seed=seed) if s.battle is not None and s.battle.last_roll), None
        )
        if struck is not None:
            break
    assert struck is not None
    roll = struck.battle.last_roll
    _key, board, _parts = render_layers(_context(struck))
    assert board.count("class='tt-die") == len(roll["rolls"])
    assert board.count("class='tt-die is-hit'") == sum(1 for r in roll["rolls"] if r >= roll["number"])
    assert f"needing {roll['number']}:" in board and "class='tt-strike-line'" in board
    # the roll is part of the saved position, and a new maneuver phase clears it
    from engine.core import save
    from engine.titan import battle as battles

    assert save.loads(save.dumps(struck)).battle.last_roll == roll
    after = struck.clone()
    battles.begin_maneuver(after)
    assert after.battle.last_roll == {} and "tt-die" not in render_layers(_context(after))[1]


def test_an_engagement_shows_both_legions_and_the_terms_on_the_table() -> None:
    from engine.titan.actions import Propose

    for seed in range(1, 30):
        engaged = next((s for s in walk(titan_game(2, seed), 600, seed=seed) if s.phase.value == "engagement"), None)
        if engaged is not None:
            break
    assert engaged is not None
    seat = engaged.current_player
    board = render_layers(_context(engaged))[1]
    attacker, defender = engaged.engagement_now().attacker, engaged.engagement_now().defender
    assert "Engagement in" in board and f"Legion {attacker}" in board and f"Legion {defender}" in board
    assert board.count("worth ") >= 2  # both legions are shown whole to the two players, with their value
    offer = next(a for a in GAME.legal_actions(engaged) if isinstance(a, Propose))
    after = GAME.apply(engaged, offer)
    proposer = engaged.seats[seat].name
    assert f"{proposer} proposes:" in render_layers(_context(after))[1]


def test_the_angels_owed_are_offered_by_name_each_with_its_factors() -> None:
    """350 + 161 = 511 passes 400 and 500 with room for one: a button for the Archangel and for the Angel,
    each saying what it brings, and one to take neither."""
    from tests.engine.titan.helpers import WORTH_161, won_by_concession

    state = won_by_concession(350, ["Lion", "Lion", "Ogre", "Ogre", "Troll", "Troll"], WORTH_161)
    actions = render_regions(GAME, state, shown=state.current_player).actions
    for text in ("Take an Archangel", "Power 9, skill 4, flies", "Take an Angel", "Power 6, skill 4, flies"):
        assert text in actions
    assert "Take no angel" in actions


def test_the_movement_roll_is_on_the_masterboard_while_moving_and_when_the_mulligan_is_offered() -> None:
    """Regression: on a phone the roll was only in the panel under the map, under the choices sheet."""
    state = titan_game(2, 5)
    while state.phase.value == "split":  # the first turn's split, then the roll
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, next((a for a in legal if a.kind == "end_splits"), legal[0]))  # type: ignore[assignment]
    moving = state
    state = titan_game(2, 5)
    assert moving.phase.value == "move" and moving.roll > 0
    kinds = {a.kind for a in GAME.legal_actions(moving)}
    assert "mulligan" in kinds  # the first turn: the mulligan is offered with the roll in view
    _key, _board, parts = render_layers(_context(moving))
    assert f"aria-label='Movement roll: {moving.roll}'" in parts["tt-overlay"]
    assert "tt-map-roll" not in render_layers(_context(state))[2]["tt-overlay"]  # none before the roll

"""A seat's screen drawn from its record alone (app.gameview.record_regions): the host's table and a friend's page are
one path. A record that went through JSON, as a friend's page receives it, draws exactly the regions the host's table
draws for that seat; the board views never receive the engine's state."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from app.computer_help import battle_offer, battle_offer_html
from app.decision import decision_now
from app.gameview import Regions, record_regions, render_regions, since_lines
from app.remote.record import SeatRecord, seat_record
from app.since import log_mark
from app.views import BoardContext
from engine.core.game import Game, GameState, Seat
from engine.core.replay import can_replay
from engine.registry import GAMES

# game id -> (players, seed, moves, draw every n-th position)
PLAN = {
    "titan_dice": (3, 8_100, 400, 3),
    "titan_race": (3, 8_200, 400, 3),
    "titan": (3, 8_300, 700, 4),
    "born_of_titans": (3, 8_400, 700, 5),
}


def _through_json(record: SeatRecord) -> SeatRecord:
    """The record as a friend's page reads it."""
    return SeatRecord.model_validate_json(record.model_dump_json())


def _regions(regions: Regions) -> dict[str, Any]:
    """What a screen shows, and the actions its indices play."""
    fields = ("gamebar", "status", "board", "actions", "log", "status_text", "board_key", "board_parts", "view")
    drawn = {name: getattr(regions, name) for name in fields}
    drawn["legal"] = [action.model_dump(mode="json") for action in regions.legal]
    return drawn


def _offer(game: Game, state: GameState) -> str:
    """The host's offer to hand a battle to its computer, above the choices."""
    offer = battle_offer(game, state)
    return battle_offer_html(state.seats[0].name, offer) if offer else ""


class _NoState:
    """A game that can do only what needs no position: any call that would need the state fails the test."""

    def __init__(self, game: Game) -> None:
        self.id, self.title, self.parse_action = game.id, game.title, game.parse_action

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"record_regions asked the game for {name}")


@pytest.mark.parametrize("game_id", sorted(PLAN))
def test_a_record_through_json_draws_exactly_the_hosts_screen_of_its_one_human_seat(game_id: str) -> None:
    game = GAMES[game_id]
    players, seed, moves, every = PLAN[game_id]
    seats = [Seat(name="Ann"), *(Seat(name=f"Computer {i}", kind="ai", level=1) for i in range(1, players))]
    state: GameState = game.new_game(players, seed=seed, seats=seats)
    chooser = random.Random(seed)
    previous: dict[str, Any] | None = None
    mark = log_mark(state)
    compared = asked = summaries = 0
    for step in range(moves):
        # (where the table plays her only Pass for her, at once, its screen is the host's own words)
        if (step % every == 0 or state.is_over) and decision_now(game, state).answer is None:
            since = mark if state.current_player == 0 else None
            host = render_regions(game, state, rolled=state.last_chance, previous=previous, since=since)
            record = _through_json(seat_record(game, state, 0))
            friend = record_regions(
                _NoState(game),  # type: ignore[arg-type]
                record,
                previous=previous,
                since_lines=since_lines(game, record, since) if since is not None else None,
                replay=can_replay(state),  # (the host's alone: it holds every move)
                preface=_offer(game, state) if record.asked else "",  # (the host's: its computer fights)
            )
            if not record.asked:  # (nothing to click: the host's table keeps the legal actions all the same)
                host.legal = []
            assert _regions(friend) == _regions(host), (game_id, step)
            previous = host.view
            compared += 1
            asked += record.asked
            summaries += "Since your last turn" in friend.actions
        if state.is_over:
            break
        if state.current_player == 0:
            mark = log_mark(state)
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    assert compared > 40 and asked > 10 and summaries > 3, (compared, asked, summaries)


def test_the_board_views_are_given_no_state() -> None:
    assert "state" not in {field.name for field in dataclasses.fields(BoardContext)}


def test_a_table_of_computers_only_draws_the_public_record() -> None:
    game = GAMES["titan"]
    state = game.new_game(2, seed=4, seats=[Seat(name=f"Computer {i}", kind="ai", level=1) for i in range(2)])
    for _ in range(30):
        state = game.apply(state, random.Random(4).choice(game.legal_actions(state)))
    record = _through_json(seat_record(game, state, None))
    assert record.seat is None and not record.asked and record.view == game.view(state, None)
    host = render_regions(game, state)
    host.legal = []  # (nothing to click)
    friend = record_regions(_NoState(game), record, replay=can_replay(state))  # type: ignore[arg-type]
    assert _regions(friend) == _regions(host)


def test_what_a_battle_choice_would_cost_is_worked_out_on_the_host_and_carried_in_the_record() -> None:
    """Titan's battle warnings read the state (which characters could still come on): the record carries them,
    and the map's note on a picked character's entry hexes is drawn from them alone."""
    from tests.engine.titan.helpers import gargoyles, three_gargoyles_on

    game = GAMES["titan"]
    state = three_gargoyles_on()
    seat = state.current_player
    record = _through_json(seat_record(game, state, seat))
    warned = [choice for choice in record.choices if choice.warning]
    assert [choice.warning for choice in warned] == ["the Titan could then not come on"]
    assert warned[0].button_label == "Bring the Gargoyle on at D1 \u2014 the Titan could then not come on"
    done = next(choice for choice in record.choices if choice.action["kind"] == "end_maneuver")
    assert done.confirm is not None and done.confirm[0] == "Lose your Titan and the game?"
    picked = f"unit:{gargoyles(state)[3]}"
    drawn = record_regions(_NoState(game), record, selected=picked)  # type: ignore[arg-type]
    assert "At D1: the Titan could then not come on and would be eliminated" in drawn.board
    assert drawn.board == render_regions(game, state, shown=seat, selected=picked).board


def test_every_hook_the_app_asks_a_view_module_for_is_in_the_documented_table() -> None:
    """The hooks are looked up by name: app.views.HOOKS names each, with where it runs (draw, record, host)."""
    import re
    from pathlib import Path

    from app.views import HOOKS, VIEW_MODULES, view_module

    asked = re.compile(r"(?:hasattr|getattr)\((?:module|view_module\([^)]*\)), \"([A-Za-z_]+)\"")
    names = {name for path in Path("app").rglob("*.py") for name in asked.findall(path.read_text())}
    assert len(names) > 20 and names <= set(HOOKS), names - set(HOOKS)
    assert {where for where, _words in HOOKS.values()} == {"draw", "record", "host"}
    for game_id in VIEW_MODULES:  # the one hook every view module has
        assert callable(view_module(game_id).render_board)

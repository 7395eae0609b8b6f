"""The seat's record (app/remote/record.py): what a friend's page receives holds nothing its seat may not know.

The check is a difference: a world the seat cannot tell from the real one (`game.determinize(state, seat, rng)`:
the hidden legions, face-down counters, Divine counters, Bonus hands and the future dice dealt again) must give
the very same record. A record that read anything hidden (another seat's view, a legion's contents, the RNG)
would differ between the two worlds; the test counts the worlds where another seat's view did differ, so it is
known to have teeth.
"""

from __future__ import annotations

import json
import random

import pytest

from app.remote.record import SeatRecord, seat_record
from engine.core import Rng
from engine.core.game import Game, GameState
from engine.registry import GAMES

# game id -> (players, first seed, moves in all (a game over, the next seed's starts), check every n-th state,
# worlds with another seat's view changed at least)
PLAN = {
    "titan_dice": (3, 7_000_101, 2_000, 9, 0),
    "titan_race": (4, 7_000_202, 2_000, 5, 20),
    "titan": (3, 7_000_303, 1_500, 12, 20),
    "born_of_titans": (3, 7_000_404, 1_500, 8, 20),
}
RECORD_FIELDS = ("log", "turns", "last_action", "last_lines", "previous", "history")


def _world(game: Game, state: GameState, seat: int, salt: int) -> GameState:
    """A world `seat` cannot tell from `state`, its record (log, last move, undo chain) the same."""
    world = game.determinize(state, seat, Rng(salt))
    for name in RECORD_FIELDS:
        setattr(world, name, getattr(state, name))
    return world


def _dump(record: SeatRecord) -> str:
    return json.dumps(record.model_dump(mode="json"), sort_keys=True)


@pytest.mark.parametrize("game_id", sorted(PLAN))
def test_a_record_is_the_same_in_every_world_its_seat_cannot_tell_apart(game_id: str) -> None:
    game = GAMES[game_id]
    players, seed, moves, every, varied_at_least = PLAN[game_id]
    state = game.new_game(players, seed=seed)
    chooser = random.Random(seed)
    checked = varied = asked = ended = 0
    for step in range(moves):
        if step % every == 0 or state.is_over:
            for seat in range(players):
                record = seat_record(game, state, seat)
                text = _dump(record)
                assert record.view == game.view(state, seat)
                assert str(state.seed) not in text and str(state.rng.state) not in text and '"rng"' not in text
                assert record.asked == (state.current_player == seat and not state.is_over)
                assert bool(record.choices) == record.asked
                world = _world(game, state, seat, salt=step * 7 + seat)
                assert _dump(seat_record(game, world, seat)) == text, (game_id, step, seat)
                varied += any(game.view(world, o) != game.view(state, o) for o in range(players) if o != seat)
                checked += 1
                asked += record.asked
        if state.is_over:
            ended += 1
            state = game.new_game(players, seed=seed + ended)
            continue
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    assert checked > 100 and asked > 20
    assert varied >= varied_at_least, f"only {varied} worlds changed anything hidden"


def test_a_record_survives_json_as_the_guest_reads_it() -> None:
    game = GAMES["titan"]
    state = game.new_game(2, seed=5)
    chooser = random.Random(5)
    for _ in range(60):
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    for seat in range(2):
        record = seat_record(game, state, seat)
        assert SeatRecord.model_validate_json(record.model_dump_json()) == record
        for choice in record.choices:  # every choice reads back as the very action the engine offers
            assert game.parse_action(choice.action) in game.legal_actions(state)


def test_only_the_seat_asked_gets_choices_with_the_tables_words() -> None:
    game = GAMES["titan_dice"]
    state = game.new_game(2, seed=3)
    asked = state.current_player
    other = 1 - asked
    mine, theirs = seat_record(game, state, asked), seat_record(game, state, other)
    legal = game.legal_actions(state)
    assert [c.label for c in mine.choices] == [game.describe_action(state, a) for a in legal]
    assert [c.action for c in mine.choices] == [a.model_dump(mode="json") for a in legal]
    assert theirs.choices == [] and not theirs.asked and theirs.current == asked
    assert mine.status == theirs.status and mine.log == theirs.log


def test_a_seat_out_of_the_game_is_refused() -> None:
    game = GAMES["titan_dice"]
    state = game.new_game(2, seed=3)
    with pytest.raises(ValueError):
        seat_record(game, state, 2)


def test_a_records_choices_are_grouped_by_the_rule_the_tables_choices_are() -> None:
    """A view module grouping by the choice itself (`action_group_of`, as Born of Titans' Move ends by their place's
    kind) groups a seat's record the same way (gameview.choice_group), in a long list only."""
    from types import SimpleNamespace

    from app.gameview import choice_group
    from app.remote.record import _choice

    module = SimpleNamespace(
        action_group_of=lambda view, data: f"by place {data['node']}", action_group=lambda kind: f"by kind {kind}"
    )
    data = {"kind": "move_to", "node": "delphi"}
    assert _choice(module, {}, data, "Move to Delphi", 7).group == choice_group(module, {}, data) == "by place delphi"
    assert _choice(module, {}, data, "Move to Delphi", 6).group == ""
    by_kind = SimpleNamespace(action_group=lambda kind: f"by kind {kind}")
    assert _choice(by_kind, {}, data, "Move to Delphi", 7).group == "by kind move_to"
    assert choice_group(SimpleNamespace(), {}, data) is None

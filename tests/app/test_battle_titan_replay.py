"""The replay screen of a Battle Titan game whose clock ran: it opens, steps to the end and shows the
game's own last position (the clock is no move; the replay sets it from the record, tests/engine/titan/
test_battle_replay.py). The app runs for real, drawing into a fake page (tests/app/fake_page.py)."""

from __future__ import annotations

from tests.app.fake_page import FakePage, controller_with
from tests.engine.titan.helpers import clocked_game


def test_the_replay_of_a_game_ended_by_time_opens_and_steps_to_its_end(monkeypatch):
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    state = clocked_game(2, seed=4, options={"ending": "time", "minutes": 5}, tick=5)
    assert state.is_over and state.war.round_clock
    app.table.begin(state, new_entry=True)
    assert 'data-cmd="replay"' in page.html["actions"]  # offered at the end of the game
    app.replay.show()
    assert app.router.screen == "replay" and app.notices.shown == []  # no "cannot be replayed" warning
    assert len(app.replay.states) == state.moves + 1
    assert app.replay.states[-1].position() == state.position()
    app.replay.to(len(app.replay.states) - 1)
    assert f"Move {state.moves} of {state.moves}" in page.html["actions"]
    assert "minutes are up" in page.html["log"]

"""Titan games in save strings: exact round trips at every step (mid-battle too), undo after a load, the
replay of a whole game, and a finished game's string under 8 KB with the log kept to its last turns."""

from __future__ import annotations

from engine.core import Rng, Seat, save
from engine.core.bots import make_bot
from engine.core.game import trim_log
from engine.core.replay import replay_states
from engine.core.undo import undo, undo_steps
from engine.registry import GAMES

GAME = GAMES["titan"]


def test_saves_round_trip_at_every_step_and_keep_undo():
    state = GAME.new_game(2, None, 9, [Seat(name="Ann"), Seat(name="Bob")])
    rng = Rng(9)
    battles = 0
    while not state.is_over and state.moves < 1200:
        text = save.dumps(state)
        again = save.loads(text)
        assert again == state and save.dumps(again) == text
        for seat in range(2):
            assert undo_steps(again, seat) == undo_steps(state, seat)
        battles += state.battle is not None
        actions = [a for a in GAME.legal_actions(state) if a.kind not in ("concede", "propose", "accept", "flee")]
        state = GAME.apply(state, rng.choice(actions or GAME.legal_actions(state)))
    assert battles > 20


def test_a_finished_bot_game_fits_in_8_kb_and_replays_from_its_start():
    for players in (2, 4):
        state = GAME.new_game(
            players, None, 40 + players, [Seat(name=f"P{i}", kind="ai", level=1) for i in range(players)]
        )
        bots = [make_bot(GAME, 1, seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            state = GAME.apply(state, bots[seat].choose(state, seat))
        text = save.dumps(state)
        assert len(text) < 8000, len(text)
        assert len(state.log) <= GAME.log_limit + 200  # the last turns only: the replay has the rest
        loaded = save.loads(text)
        states = replay_states(GAME, loaded)
        assert states[-1].position() == state.position() and len(states[-1].log) > len(state.log)


def test_trimming_a_log_drops_whole_turns_from_its_start():
    state = GAME.new_game(2, None, 1, [Seat(name="Ann"), Seat(name="Bob")])
    state.log = [f"line {i}" for i in range(10)]
    state.turns = [(0, "T1"), (4, "T2"), (7, "T3")]
    trim_log(state, 5)  # 5 too many: the cut falls at the start of T3, the first turn starting at 5 or later
    assert state.log == ["line 7", "line 8", "line 9"] and state.turns == [(0, "T3")]
    undone = undo(state, 0)
    assert undone is state  # nothing to take back in a fresh game


def test_a_rules_version_1_save_keeps_no_engagement_its_mover_died_in():
    """Rules version 1 left the engagement in which the mover's Titan died on the table into the next turn;
    such a save opens with it cleared (`migrate_position`), while today's saves may not hold one at all."""
    import pytest

    from engine.core import InvalidSave
    from engine.titan.actions import Concede, Engage, Propose
    from engine.titan.state import Phase
    from tests.engine.titan.helpers import act, engaged

    state = act(engaged(["Titan", "Ogre"], ["Lion", "Lion"], players=3), Engage(land=6))
    stale = state.engagement.snapshot()
    state = act(act(state, Propose(eliminated="attacker", losses=())), Concede())
    assert state.phase == Phase.SPLIT and state.engagement.snapshot() == {}
    for version, opens in ((1, True), (2, False)):
        data = save.save_data(state, version)
        data.pop("c", None), data.pop("d", None), data.pop("h", None)
        data["x"]["own"]["engagement"] = stale
        if opens:
            again = save.loads(save.pack(data))
            assert again.engagement.snapshot() == {} and again.phase == Phase.SPLIT and again.mover == state.mover
            assert again.snapshot()["own"] == state.snapshot()["own"]
        else:
            with pytest.raises(InvalidSave, match="engagement on the table"):
                save.loads(save.pack(data))

"""The shared engine core: RNG, apply's legality check, save strings, undo."""

from __future__ import annotations

import base64
import zlib

import pytest

from engine.core import IllegalAction, InvalidSave, Rng, Seat, save
from engine.core.undo import undo, undo_steps
from engine.registry import GAMES, register
from tests.engine.toy_game import PIG

register(PIG)


def play_some(seed: int, steps: int):
    state = PIG.new_game(2, seed=seed)
    rng = Rng(seed + 1)
    for _ in range(steps):
        if state.is_over:
            break
        state = PIG.apply(state, rng.choice(PIG.legal_actions(state)))
    return state


def test_rng_is_deterministic_and_known():
    a, b = Rng(42), Rng(42)
    assert [a.randrange(6) for _ in range(50)] == [b.randrange(6) for _ in range(50)]
    # SplitMix64's published first output for seed 0.
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_rng_copy_and_snapshot():
    a = Rng(7)
    a.randrange(10)
    b = Rng.restore(a.snapshot())
    assert [a.randrange(100) for _ in range(10)] == [b.randrange(100) for _ in range(10)]


def test_apply_refuses_illegal_and_leaves_state():
    state = PIG.new_game(2, seed=3)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="not allowed"):
        PIG.apply(state, {"kind": "hold"})
    with pytest.raises(IllegalAction, match="not an action"):
        PIG.apply(state, {"kind": "fly"})
    assert state.snapshot() == before


def test_apply_never_changes_its_input():
    state = PIG.new_game(2, seed=3)
    before = state.snapshot()
    PIG.apply(state, {"kind": "roll"})
    assert state.snapshot() == before


class CountingPig(type(PIG)):
    """Pig that counts how often its legal actions are listed."""

    listed = 0

    def legal_actions(self, state):
        CountingPig.listed += 1
        return super().legal_actions(state)


def test_apply_lists_the_legal_actions_once_and_records_the_index():
    game = CountingPig()
    state = game.new_game(2, seed=3)
    CountingPig.listed = 0
    state = game.apply(state, {"kind": "roll"})
    while not state.turn_total:
        state = game.apply(state, {"kind": "roll"})
    state = game.apply(state, {"kind": "hold"})
    assert CountingPig.listed == state.moves  # the check and the record of the move share one listing
    assert state.history == [0] * (state.moves - 1) + [1]


def test_save_round_trip():
    for seed in range(20):
        state = play_some(seed, 40)
        assert save.loads(save.dumps(state)) == state


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("hello", "not a Titan Table save"),
        ("TT.9.abc", "version"),
        ("TT.1.!!!!", "damaged"),
        ("TT.1." + base64.urlsafe_b64encode(b"garbage").decode().rstrip("="), "damaged"),
    ],
)
def test_bad_save_strings(text, message):
    with pytest.raises(InvalidSave, match=message):
        save.loads(text)


def _pack(raw: bytes) -> str:
    return "TT.1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_truncated_save():
    text = save.dumps(play_some(1, 30))
    with pytest.raises(InvalidSave):
        save.loads(text[: len(text) // 2])


def test_decompression_bomb():
    with pytest.raises(InvalidSave, match="more than"):
        save.loads(_pack(b" " * 50_000_000))


def test_unknown_game_and_illegal_action():
    with pytest.raises(InvalidSave, match="unknown game"):
        save.loads(_pack(b'{"g":"chess","r":1,"n":2,"o":{},"p":[],"s":0,"a":[]}'))
    seats = '[{"name":"A"},{"name":"B"}]'
    with pytest.raises(InvalidSave, match="do not allow one of its moves"):
        save.loads(_pack(('{"g":"toy_pig","r":1,"n":2,"o":{},"p":' + seats + ',"s":0,"a":[{"kind":"hold"}]}').encode()))


def test_undo_stops_at_chance():
    state = PIG.new_game(2, seed=5, seats=[Seat(name="A"), Seat(name="B", kind="ai", level=1)])
    state = PIG.apply(state, {"kind": "roll"})
    assert undo_steps(state, 0) == 0  # the roll was seen
    if not state.is_over and state.turn == 0 and state.turn_total:
        held = PIG.apply(state, {"kind": "hold"})
        assert undo_steps(held, 0) == 1
        assert undo(held, 0) is state


def test_registry_has_pig():
    assert GAMES["toy_pig"] is PIG

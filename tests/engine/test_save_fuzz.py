"""Fuzzing `save.loads`: whatever text it is given, it opens a sound game or refuses with InvalidSave, quickly.

Inputs: random bytes, truncations and bit flips of real saves (both formats), decompression bombs,
deep nesting, huge lists in every field, wrong types in every field of a real save, illegal actions.
Every refusal is an InvalidSave with a short message, within LIMIT_SECONDS; the big inputs also stay
under LIMIT_MB of memory. A save that does open must be a sound position: invariants hold, every
seat's view and the legal actions work, and it saves again.
"""

from __future__ import annotations

import base64
import contextlib
import json
import time
import tracemalloc
import zlib

import pytest

from engine.core import GameState, InvalidSave, Rng, save
from engine.registry import GAMES
from tests.engine.save_strings import LIMIT_SECONDS, WRONG, attempt, leaves, pack, replaced, unpack

LIMIT_MB = 50


def real_game(game_id: str, players: int, seed: int, steps: int, options: dict | None = None) -> GameState:
    game = GAMES[game_id]
    seats = [{"name": "P0"}] + [{"name": f"P{i}", "kind": "ai", "level": 1} for i in range(1, players)]
    state = game.new_game(players, options, seed, seats)
    chooser = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return state


REAL = [
    real_game("titan_dice", 2, 1, 40),
    real_game("titan_dice", 1, 2, 25),
    real_game("titan_race", 3, 3, 45, {"circuit": "lagoon"}),
    real_game("titan_race", 2, 4, 60, {"variant": "two_player"}),
]
REAL_V2 = [save.dumps(state) for state in REAL]
REAL_V1 = [
    pack(
        {
            "g": state.game_id,
            "r": 1,
            "n": state.num_players,
            "o": state.options.model_dump(mode="json"),
            "p": [s.model_dump(mode="json") for s in state.seats],
            "s": state.seed,
            "a": [],
        },
        version=1,
    )
    for state in REAL
]


def within_memory(text: str) -> None:
    """`attempt` within LIMIT_MB of memory."""
    tracemalloc.start()
    try:
        started = time.process_time()
        with contextlib.suppress(InvalidSave):
            save.loads(text)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
    assert peak < LIMIT_MB, f"{peak:.0f} MB"
    assert time.process_time() - started < 4 * LIMIT_SECONDS  # (tracemalloc slows it down)


def test_real_saves_open():
    for text, state in zip(REAL_V2, REAL, strict=True):
        assert attempt(text) == state


def test_random_text_and_bytes():
    rng = Rng(1)
    alphabet = 'TT.12ABCxyz_-=+/#!{}[]"\\\n \u00e9\u2028\U0001f642'
    for length in (0, 1, 5, 50, 500, 5000):
        for _ in range(20):
            attempt("".join(alphabet[rng.randrange(len(alphabet))] for _ in range(length)))
            raw = bytes(rng.randrange(256) for _ in range(length))
            attempt("TT.2." + base64.urlsafe_b64encode(raw).decode().rstrip("="))
            attempt(raw.decode("latin-1"))
    for bad in (None, 12, b"TT.2.abc", ["TT.2."], {"g": 1}):
        attempt(bad)


def test_truncations_and_bit_flips_of_real_saves():
    rng = Rng(2)
    for text in REAL_V2 + REAL_V1:
        for cut in range(0, len(text), max(1, len(text) // 60)):
            attempt(text[:cut])
        raw = bytearray(base64.urlsafe_b64decode(text[5:] + "=" * (-len(text[5:]) % 4)))
        for _ in range(150):
            flipped = bytearray(raw)
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
            attempt(text[:5] + base64.urlsafe_b64encode(bytes(flipped)).decode().rstrip("="))


def test_bombs_deep_nesting_and_huge_numbers():
    bombs = [
        pack(b" " * 50_000_000),
        pack(b"[" * 20_000),
        pack(b"[" * 20_000 + b"]" * 20_000),
        pack(b'{"a":' * 5_000 + b"1" + b"}" * 5_000),
        pack(b"[" + b"0," * 900_000 + b"0]"),
        pack(b'{"g":"titan_dice","r":1,"n":2,"o":{},"p":[],"s":' + b"9" * 100_000 + b',"x":{},"l":[]}'),
        pack(b'"' + b"\\u00e9" * 300_000 + b'"'),
        "TT.2." + "A" * (save.MAX_TEXT - 5),
        "TT.2." + "A" * (save.MAX_TEXT * 3),
        "x" * 200_000,
    ]
    for text in bombs:
        assert attempt(text) is None
        within_memory(text)


@pytest.mark.parametrize("index", range(len(REAL_V2)))
def test_every_field_of_a_real_save_with_a_wrong_value(index):
    data = unpack(REAL_V2[index])
    rng = Rng(index)
    loaded = 0
    for path in leaves(data):
        for value in WRONG:
            if rng.random() < 0.5:  # half of them each run keeps the test quick; the seed keeps it fixed
                loaded += attempt(pack(replaced(data, path, value))) is not None
    assert loaded > 0  # the log's lines and the seat levels may change freely, for one


# Each just under the 2,000,000 bytes a save may unpack to, or past the count of lists and objects.
FILLERS = [
    json.dumps(filler, separators=(",", ":"))
    for filler in ([0] * 980_000, ["abc"] * 320_000, [[]] * 300_000, [{}] * 5_000, [[0] * 1500] * 600)
]


@pytest.mark.parametrize("index", range(len(REAL_V2)))
def test_huge_lists_in_every_field(index):
    data = unpack(REAL_V2[index])
    rng = Rng(index)
    for path in leaves(data):
        if len(path) > 1 and rng.random() < (0.7 if len(path) == 2 else 0.92):
            continue  # every top-level field, some of their children and of the deeper fields
        template = json.dumps(replaced(data, path, "@@FILL@@"), separators=(",", ":"))
        for filler in FILLERS:
            raw = template.replace('"@@FILL@@"', filler).encode()
            text = "TT.2." + base64.urlsafe_b64encode(zlib.compress(raw, 1)).decode().rstrip("=")
            assert len(text) <= save.MAX_TEXT
            opened = attempt(text)
            if path[:1] == ("h",):  # the history is for the replay only: a damaged one is dropped, the game opens
                assert opened is None or opened.history is None
            elif path[:1] == ("t",):  # the turn headings only group the log: dropped when damaged
                assert opened is None or opened.turns == []
            else:
                assert opened is None
    within_memory(pack(replaced(data, ("o",), {"titans": ["grinder"] * 990_000}), level=9))


def test_illegal_actions():
    v1 = unpack(REAL_V1[0])
    for bad in ([{"kind": "end_turn"}], [{"kind": "nope"}], [{"kind": "roll_five"}] * 3, [1, 2, 3], [None]):
        assert attempt(pack({**v1, "a": bad}, version=1)) is None
    assert attempt(pack({**v1, "a": [{"kind": "roll_five"}] * (save.MAX_V1_ACTIONS + 1)}, version=1)) is None
    data = unpack(REAL_V2[0])
    assert "c" in data  # the real save has an undo chain: spoil it
    first = data["c"][0]
    spoilt = [
        [{**first, "x": {"rng": [1, 1]}}],
        [{**first, "k": 10**6}],
        [{**first, "w": 9}],
        [7],
    ]
    for bad in spoilt:
        state = attempt(pack({**data, "c": bad}))
        assert state is not None and state.previous is None  # the position opens, without its undo
    for bad in ({**data["d"], "a": {"kind": "nope"}}, {**data["d"], "w": -7}, [1]):
        state = attempt(pack({**data, "d": bad}))
        assert state is not None and state.previous is None


def test_messages_never_echo_the_input_at_length():
    long_name = "<script>" + "A" * 5000
    data = unpack(REAL_V2[0])
    for text in (
        pack({**data, "g": long_name}),
        pack({**data, "p": [{"name": long_name}, {"name": "B"}]}),
        pack({**data, "o": {long_name: 1}}),
        "TT." + long_name + ".abc",
        "TT.2." + long_name,
    ):
        with pytest.raises(InvalidSave) as refused:
            save.loads(text)
        assert len(str(refused.value)) <= save.MAX_MESSAGE
        assert "A" * 100 not in str(refused.value)


# -- a save that opens plays on: every field of real saves (and of their undo chains) changed ----------------------

SOUND_SAVES: list[tuple[str, int, int, str, dict | None]] = [  # game, players, seed, the phase saved in, options
    ("titan", 2, 3, "maneuver", None),
    ("titan", 3, 2, "engagement", None),
    ("titan", 3, 4, "carry", None),
    ("titan", 5, 7, "split", None),
    ("titan_dice", 3, 2, "wound_reroll", None),
    ("titan_dice", 4, 5, "collect", None),
    ("titan_dice", 1, 6, "npc_wound", None),
    ("titan_race", 3, 1, "answer", None),
    ("titan_race", 2, 4, "turn", {"variant": "grand_slam"}),
]


def sound_mutations(index: int, share: float, playout: int) -> int:
    """Open every mutation (a `share` of them) of one real save; play on from each that opens. The count opened."""
    from tests.engine.save_soundness import mutations, open_or_refuse, play_on, play_until

    game_id, players, seed, phase, options = SOUND_SAVES[index]
    state = play_until(game_id, players, seed, lambda s: s.phase.value == phase, options=options, at_least=8)
    opened = 0
    for path, text in mutations(save.dumps(state), Rng(seed), share):
        loaded = open_or_refuse(text)
        if loaded is not None:
            opened += 1
            try:
                play_on(loaded, seed, playout=playout, every_action=True)
            except Exception as error:
                raise AssertionError(f"{game_id} with {path} changed: {error!r}") from error
    return opened


@pytest.mark.parametrize("index", range(len(SOUND_SAVES)))
def test_every_save_that_opens_plays_on(index):
    share = 0.03 if SOUND_SAVES[index][0] == "titan" else 0.15  # a Titan save has many more fields, and moves
    assert sound_mutations(index, share=share, playout=12) > 0


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(SOUND_SAVES)))
def test_every_save_that_opens_plays_on_at_length(index):
    assert sound_mutations(index, share=1.0, playout=40) > 0

"""Save strings of format 3 and the record beside the position: undo chain, log, copies for bots, restore checks."""

from __future__ import annotations

import base64
import json
import re

import pytest

from engine.core import InvalidSave, Rng, Seat, save
from engine.core.bots import make_bot
from engine.core.undo import undo, undo_steps
from engine.registry import GAMES, register
from engine.stress import STRESS, play_stress
from engine.titan_race.state import Question
from tests.engine.save_strings import pack, unpack
from tests.engine.toy_game import PIG

register(PIG)
register(STRESS)
DICE = GAMES["titan_dice"]
RACE = GAMES["titan_race"]


def seats(*kinds: str) -> list[Seat]:
    return [
        Seat(name=f"S{i}", kind="ai" if k == "ai" else "human", level=1 if k == "ai" else 0)
        for i, k in enumerate(kinds)
    ]


def test_a_save_holds_the_position_the_log_and_the_undo_chain_and_opens_without_the_moves():
    state = play_stress(10_000, 400, seed=3)
    data = unpack(save.dumps(state))
    assert {"g", "r", "n", "o", "p", "s", "x", "l", "c", "d"} <= set(data) <= {*"grnopsxlcd", "t", "h"}
    assert data["x"] == state.position() and data["l"] == state.log
    assert 1 <= len(data["c"]) < 20  # only the states since the last roll
    loaded = save.loads(save.dumps(state))
    assert loaded == state
    assert [undo_steps(loaded, s) for s in range(6)] == [undo_steps(state, s) for s in range(6)]
    assert undo(loaded, loaded.current_player) == undo(state, state.current_player)


def test_undo_walks_back_the_chain_over_computer_moves_and_never_past_a_roll():
    state = PIG.new_game(2, seed=11, seats=seats("human", "ai"))
    state = PIG.apply(state, {"kind": "roll"})
    assert undo_steps(state, 0) == 0  # its result was seen
    while state.turn != 0 or not state.turn_total:
        state = PIG.apply(state, PIG.legal_actions(state)[0])
    held = PIG.apply(state, {"kind": "hold"})
    assert held.previous is state and undo(held, 0) is state
    computer = held
    while computer.current_player == 1 and not computer.last_chance:
        computer = PIG.apply(computer, {"kind": "roll"})
    if not computer.last_chance:
        assert undo(computer, 0) is state


def test_no_undo_once_the_game_is_over():
    state = PIG.new_game(2, seed=2)
    rng = Rng(5)
    while not state.is_over:
        state = PIG.apply(state, rng.choice(PIG.legal_actions(state)))
    assert state.previous is None
    assert [undo_steps(state, seat) for seat in range(2)] == [0, 0]
    assert undo(state, 0) is state
    assert "b" not in unpack(save.dumps(state))


def test_bots_copies_carry_no_log_and_no_undo_chain():
    state = play_stress(10_000, 600, seed=4)
    assert len(state.log) == state.moves and state.previous is not None
    copy = STRESS.determinize(state, state.current_player, Rng(1))
    assert copy.log == [] and copy.previous is None and copy.last_action is None
    assert copy.position()["own"] == state.position()["own"] and copy.moves == state.moves
    race = RACE.new_game(3, seed=5)
    while race.moves < 40:
        race = RACE.apply(race, RACE.legal_actions(race)[0])
    sample = RACE.determinize(race, race.current_player, Rng(2))
    assert sample.log == [] and sample.previous is None


def test_a_bot_decides_the_same_on_a_loaded_game():
    state = DICE.new_game(3, seed=8, seats=seats("human", "ai", "ai"))
    rng = Rng(8)
    while state.current_player == 0 or state.moves < 12:
        state = DICE.apply(state, rng.choice(DICE.legal_actions(state)))
    loaded = save.loads(save.dumps(state))
    seat = state.current_player
    assert make_bot(DICE, 2, 5).choose(state, seat) == make_bot(DICE, 2, 5).choose(loaded, seat)


def test_format_1_replays_with_the_rules_of_version_1_and_keep_the_undo_chain():
    from engine.legacy.v1.titan_dice import GAME as DICE_V1

    state = DICE_V1.new_game(2, seed=9, seats=seats("human", "human"))
    rng, actions = Rng(9), []
    while state.moves < 30 or state.last_chance:
        action = rng.choice(DICE_V1.legal_actions(state))
        actions.append(action.model_dump(mode="json"))
        state = DICE_V1.apply(state, action)
    old = {"g": "titan_dice", "r": 1, "n": 2, "o": {}, "p": [s.model_dump() for s in state.seats], "s": 9, "a": actions}
    loaded = save.loads(pack(old, version=1))
    assert loaded.position() == state.position() and loaded.log == state.log
    assert [undo_steps(loaded, s) for s in range(2)] == [undo_steps(state, s) for s in range(2)]
    assert undo(loaded, 0).position() == undo(state, 0).position()


def test_a_format_1_titan_race_save_made_while_a_purple_move_waits_for_an_answer_opens_and_still_owes_the_life():
    """Version 1 carried the purple die's Life Point in the move waiting for the answer: the save opens
    with the question as its player saw it, and once the move is done the Life Point is today's decision."""
    from engine.legacy.v1.titan_race import GAME as RACE_V1

    for seed in range(1, 400):
        state = RACE_V1.new_game(3, {}, seed=seed, seats=seats("human", "human", "human"))
        rng, actions = Rng(seed), []
        while not state.is_over and not state.question:
            action = rng.choice(RACE_V1.legal_actions(state))
            actions.append(action.model_dump(mode="json"))
            state = RACE_V1.apply(state, action)
        if state.question and state.question["effect"] == {**state.question["effect"], "kind": "move", "penalty": True}:
            break
    else:
        raise AssertionError("no seed reaches a purple move waiting for an answer")
    old = {"g": "titan_race", "r": 1, "n": 3, "o": {}, "p": [s.model_dump() for s in state.seats], "s": seed}
    loaded = save.loads(pack({**old, "a": actions}, version=1))
    assert loaded.phase.value == "answer" and loaded.turn.penalty and not loaded.turn.moved
    assert {k: v for k, v in loaded.question.snapshot().items() if k != "effect"} == {
        k: v for k, v in state.question.items() if k != "effect"
    }
    seat = state.current_player  # the seat asked sees the question as it saw it
    assert loaded.current_player == seat
    assert RACE.view(loaded, seat)["question"] == RACE_V1.view(state, seat)["question"]
    while loaded.phase.value == "answer":
        loaded = RACE.apply(loaded, RACE.legal_actions(loaded)[0])
    if not loaded.titans[loaded.acting].is_ko:
        assert loaded.turn.moved and {"kind": "pay_purple"} in [a.model_dump() for a in RACE.legal_actions(loaded)]


@pytest.mark.parametrize(
    "where, value, message",
    [
        (("x", "rng"), [1, -2], "dice state"),
        (("x", "moves"), True, "move count"),
        (("x", "last_human"), 7, "last player"),
        (("x", "own", "boards"), [], "boards"),
        (("x", "own", "phase"), "dancing", "phase"),
        (("x", "own", "stacks", "hydra"), [1, 1, 1, 1, 1, 1], "not conserved"),
        (("x", "own", "boards", 0, "track"), [9, 1, 1, 1, 1], "track"),
        (("x", "own", "pending"), {"a": {"b": 1}}, "pending"),
    ],
)
def test_an_impossible_position_is_refused_with_its_reason(where, value, message):
    state = DICE.new_game(2, seed=1)
    data = unpack(save.dumps(state))
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(InvalidSave, match=message):
        save.loads(pack(data))


def test_a_pending_question_of_older_rules_is_asked_again_when_an_answer_does_not_fit():
    """A question saved under older rules stays as the player saw it; today's rules ask theirs if it differs."""
    state = RACE.new_game(3, {"circuit": "lagoon"}, seed=3)
    rng = Rng(3)
    while not (isinstance(state.question, Question) and state.question.kind == "pirates"):
        state = RACE.apply(state, rng.choice(RACE.legal_actions(state)))
    data = unpack(save.dumps(state))
    data["x"]["own"]["question"]["options"] = ["life", "voodoo_doll"]  # as if an older rules version had asked this
    loaded = save.loads(pack(data))
    assert loaded.question.options == ["life", "voodoo_doll"]
    answered = RACE.apply(loaded, {"kind": "answer", "choice": "voodoo_doll"})  # does not fit: asked again
    assert answered.phase == state.phase and answered.question == state.question and answered.answers == state.answers


def test_a_save_of_a_newer_rules_version_asks_for_an_update():
    data = unpack(save.dumps(DICE.new_game(2, seed=1)))
    data["r"] = DICE.rules_version + 1
    with pytest.raises(InvalidSave, match="newer version"):
        save.loads(pack(data))


def test_nesting_is_measured_outside_strings_before_parsing():
    from engine.core.untrusted import nesting_problem

    assert nesting_problem('{"a": [[1], {"b": "[[[[[[[["}]}', 3) is None
    assert nesting_problem("[[[[]]]]", 3) == "it nests deeper than 3 levels"
    assert nesting_problem("[[[]]", 3) == "it is not valid JSON"
    assert nesting_problem('["\\"[[[[", "]"]', 1) is None  # escaped quotes inside strings


def test_a_loaded_game_saves_to_the_very_same_string():
    for players, seed in ((2, 1), (3, 4), (4, 7)):
        state = DICE.new_game(players, seed=seed)
        rng = Rng(seed)
        while state.moves < 40 or state.previous is None:
            state = DICE.apply(state, rng.choice(DICE.legal_actions(state)))
        text = save.dumps(state)
        assert save.dumps(save.loads(text)) == text


@pytest.mark.parametrize(("game_id", "players"), [("titan_dice", 3), ("titan_dice", 1), ("titan_race", 4)])
def test_a_save_keeps_the_moves_since_the_start_and_they_replay_to_its_position(game_id, players):
    from engine.core.replay import ReplayError, can_replay, replay_states
    from engine.registry import GAMES

    game = GAMES[game_id]
    state = game.new_game(players, None, 8, [Seat(name=f"P{i}") for i in range(players)])
    rng = Rng(8)
    while not state.is_over and state.moves < 150:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    data = unpack(save.dumps(state))
    assert save.history_of(data["h"]) == state.history and len(state.history) == state.moves
    assert [tuple(turn) for turn in data["t"]] == state.turns and state.turns[0][0] <= 3
    loaded = save.loads(save.dumps(state))
    assert loaded.history == state.history and loaded.turns == state.turns and can_replay(loaded)
    states = replay_states(game, loaded)
    assert len(states) == state.moves + 1 and states[-1].position() == state.position()
    assert states[-1].log == state.log and states[0].moves == 0
    # A history that does not lead to the position is refused by the replay, never by the save.
    spoilt = save.loads(save.pack({**data, "h": save.history_text([0] * state.moves)}))
    assert spoilt is not None and spoilt.position() == state.position()
    with pytest.raises(ReplayError):
        replay_states(game, spoilt)
    # One of the wrong length, or made under older rules, is dropped.
    assert save.loads(save.pack({**data, "h": save.history_text(state.history[:-1])})).history is None
    older = {key: value for key, value in data.items() if key not in ("c", "d")}
    assert save.loads(save.pack({**older, "r": game.rules_version - 1}, version=2)).history is None


def test_the_history_is_one_string_of_base_45_digits_and_reads_back_exactly():
    every = list(range(save.MAX_ITEMS))
    text = save.history_text(every)
    assert save.history_of(text) == every
    assert [len(save.history_text([i])) for i in (0, 9, 10, 44, 45, 2024 - 25)] == [1, 1, 1, 1, 2, 2]
    assert save.history_text([0, 9, 10, 44, 45, 46]) == "09aIK0K1"
    assert save.history_of("") == [] and '"' not in save.DIGITS and "\\" not in save.DIGITS


@pytest.mark.parametrize(
    "text",
    ["0 1", "K", "J0", "0\u00e9", save.DIGITS[89] + "k", save.history_text([1]) * (2 * save.MAX_HISTORY + 1)],
    ids=["foreign", "unfinished", "leading zero", "not ascii", "index over the limit", "too long"],
)
def test_a_damaged_history_string_is_dropped_and_the_game_opens_without_its_replay(text):
    assert save.history_of(text) is None
    state = GAMES["titan_dice"].new_game(2, None, 3, [Seat(name="A"), Seat(name="B")])
    data = unpack(save.dumps(state))
    loaded = save.loads(save.pack({**data, "h": text}))
    assert loaded.history is None and loaded.position() == state.position()


def test_a_format_2_save_with_its_history_as_a_list_opens_with_its_replay_and_format_3_is_shorter():
    from engine.core.replay import can_replay, replay_states

    game = GAMES["titan_race"]
    state = game.new_game(3, None, 9, [Seat(name=f"P{i}") for i in range(3)])
    rng = Rng(9)
    while not state.is_over and state.moves < 400:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    today = save.dumps(state)
    assert today.startswith("TT.3.") and isinstance(unpack(today)["h"], str)
    old = save.pack({**unpack(today), "h": state.history}, version=2)
    assert old.startswith("TT.2.") and len(today) < len(old)
    for text in (old, today):
        loaded = save.loads(text)
        assert loaded == state and loaded.history == state.history and can_replay(loaded)
        assert replay_states(game, loaded)[-1].position() == state.position()


def test_format_3_packs_with_its_preset_dictionary_which_never_changes():
    import hashlib
    import zlib

    from engine.core.save_dictionary import DICTIONARY

    # A format-3 string opens only with these very bytes: a new dictionary is a new format.
    assert (
        hashlib.sha256(DICTIONARY).hexdigest() == "fb33dbe8528fb241005be2e2bef31962ac0e17bd5879da8f2492612604785d65"
        and len(DICTIONARY) == 13962
    )
    state = GAMES["titan"].new_game(3, {"variant": "battle"}, 4, [Seat(name=n) for n in ("Ann", "Bob", "Cy")])
    rng = Rng(4)
    while not state.is_over and state.moves < 300:
        state = GAMES["titan"].apply(state, rng.choice(GAMES["titan"].legal_actions(state)))
    text = save.dumps(state)
    body = text.split(".", 2)[2]
    with pytest.raises(zlib.error):  # plain zlib cannot read it: the dictionary is needed
        zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    assert save.loads(text) == state
    plain = {**unpack(text), "h": state.history}
    assert len(text) < 0.9 * len(save.pack(plain, version=2))  # the words of the position and the log not spelt out
    assert save.loads(save.pack(plain, version=2)) == state


def test_a_log_turn_heading_is_the_turn_the_move_falls_in():
    from engine.registry import GAMES

    game = GAMES["titan_dice"]
    state = game.new_game(2, None, 4, [Seat(name="Ann"), Seat(name="Bob")])
    start = len(state.log)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.turns == [(start, "Round 1: Ann")]
    assert save.loads(save.pack({**unpack(save.dumps(state)), "t": [[5, "x"], [2, "y"]]})).turns == []  # disorder


def _born_game(players: int = 4, seed: int = 3, steps: int = 400):
    game = GAMES["born_of_titans"]
    state = game.new_game(players, None, seed, [Seat(name=f"P{i}") for i in range(players)])
    rng = Rng(seed)
    while not state.is_over and state.moves < steps:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def test_format_4_packs_a_born_of_titans_save_with_the_games_own_dictionary_which_never_changes():
    import hashlib
    import zlib

    from engine.core.save_dictionary_born import DICTIONARY

    # A format-4 string names its dictionary by its Adler-32 and opens only with these very bytes.
    assert (
        hashlib.sha256(DICTIONARY).hexdigest() == "92e713b546e625933c26d70264e2aff2720a3b0f147b08ebcafeae78730030d7"
        and len(DICTIONARY) == 24559
        and save.OWN_DICTIONARIES["born_of_titans"][1] == zlib.adler32(DICTIONARY)
    )
    state = _born_game()
    text = save.dumps(state)
    assert text.startswith("TT.4.") and save.peek_format(text) == 4
    assert save.loads(text) == state
    # The same save in format 3 (Titan's words) still opens, and is longer.
    old = save.pack(unpack(text), version=3)
    assert old.startswith("TT.3.") and save.loads(old) == state and len(text) < len(old)
    # Every other game is still written in format 3.
    assert save.dumps(GAMES["titan_race"].new_game(2, None, 1, [Seat(name="A"), Seat(name="B")])).startswith("TT.3.")


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda packed: packed[:1] + bytes([packed[1] & ~0x20 & 0xFF]) + packed[2:], "names no dictionary"),
        (lambda packed: packed[:2] + b"\x00\x00\x00\x01" + packed[6:], "names a dictionary this app does not have"),
        (lambda packed: packed[:3], "names no dictionary"),
    ],
    ids=["no-dictionary-flag", "unknown-dictionary", "cut-short"],
)
def test_a_format_4_string_naming_no_dictionary_or_an_unknown_one_is_refused_plainly(damage, message):
    text = save.dumps(_born_game(steps=50))
    body = text.split(".", 2)[2]
    packed = damage(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    with pytest.raises(InvalidSave, match=message):
        save.loads("TT.4." + base64.urlsafe_b64encode(packed).decode().rstrip("="))


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: "\r\n".join(text[i : i + 76] for i in range(0, len(text), 76)),  # a mail app's lines
        lambda text: "\n\n  " + " ".join(text[i : i + 20] for i in range(0, len(text), 20)) + "\t\n",
        lambda text: "\u00a0".join(text[i : i + 50] for i in range(0, len(text), 50)),  # no-break spaces
        lambda text: "\ufeff" + "\u200b".join(text[i : i + 30] for i in range(0, len(text), 30)),  # zero-width
        lambda text: "https://example.org/#save=" + "\n".join(text[i : i + 64] for i in range(0, len(text), 64)),
    ],
    ids=["crlf-lines", "spaces", "no-break-spaces", "zero-width", "share-link-over-lines"],
)
@pytest.mark.parametrize("game_id", ["titan_race", "born_of_titans"])
def test_a_pasted_save_string_broken_over_lines_or_spaced_out_opens(spoil, game_id):
    """Chat and mail apps break a long string over lines and put spaces in it."""
    game = GAMES[game_id]
    state = game.new_game(2, None, 4, [Seat(name="A"), Seat(name="B")])
    rng = Rng(4)
    for _ in range(30):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    text = save.dumps(state)
    assert save.loads(spoil(text)) == state


def test_a_string_that_is_not_a_save_is_told_the_starts_of_every_format_written():
    assert set(save.WRITTEN) == {save.VERSION} | {save.format_of(game) for game in save.OWN_DICTIONARIES}
    with pytest.raises(InvalidSave, match=re.escape("should start with “TT.3.” or “TT.4.”")):
        save.loads("Hello, here is my game")


def test_a_lone_surrogate_in_a_save_is_mended_at_open_so_every_later_save_works():
    """Regression: a log line holding "\\ud800" opened, then every save of the game failed in `save.pack` (UTF-8
    holds no lone surrogate), losing the player's progress at the next move. It opens mended (U+FFFD)."""
    state = RACE.new_game(2, None, 5, seats("human", "human"))
    data = unpack(save.dumps(state))
    data["l"][0] += "\ud800"
    data["t"] = [[0, "Round 1 \udfff"]]
    data["p"][1]["name"] = "B\ud83d"  # a name cut inside an emoji
    loaded = save.loads(pack(data))  # (this test's pack writes JSON escapes: "\\ud800")
    assert loaded.log[0] == state.log[0] + "\ufffd" and loaded.turns == [(0, "Round 1 \ufffd")]
    assert loaded.seats[1].name == "B\ufffd"
    moved = RACE.apply(loaded, RACE.legal_actions(loaded)[0])
    assert save.loads(save.dumps(moved)) == moved


def test_a_seat_named_with_a_lone_surrogate_starts_a_game_that_saves():
    """A name from a browser cut inside an emoji (a lone UTF-16 surrogate): pydantic refused it as no text."""
    seat = Seat(name="Zo\ud83d")
    assert seat.name == "Zo\ufffd"
    state = RACE.new_game(2, None, 5, [seat, Seat(name="B")])
    assert save.loads(save.dumps(state)).seats[0].name == "Zo\ufffd"


@pytest.mark.parametrize(
    ("escaped", "read"),
    [
        ('"\\ud83d\\ude42"', "\U0001f642"),  # an emoji as older saves escaped it: a pair, kept
        ('"\\uD83D\\uDE42!"', "\U0001f642!"),
        ('"a\\ud800"', "a\ufffd"),
        ('"\\udfff"', "\ufffd"),
        ('"\\ud800\\ud800\\udc00"', "\ufffd\U00010000"),
        ('"\\ude42\\ud83d"', "\ufffd\ufffd"),  # the wrong way round
        ('"\\\\ud800"', "\\ud800"),  # an escaped backslash: no surrogate at all
    ],
)
def test_only_a_lone_surrogate_is_mended_and_a_pair_stays_the_character_it_is(escaped, read):
    from engine.core.untrusted import mend_surrogates

    assert mend_surrogates(json.loads(escaped), escaped) == read

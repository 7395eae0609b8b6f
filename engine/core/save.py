"""Save strings: `TT.3.` + base64url (no padding) of zlib-compressed JSON of a game's position and log (zlib with
a preset dictionary, `save_dictionary.DICTIONARY`: the words most saves share, so they need not be spelt out).

A save holds the position the player saw, not the moves that led there, so it opens into that very
position in every later release, whatever the rules have become since (docs/saves.md):

    g  game id                     r  rules version it was made under
    n  number of players           o  options          p  seats          s  the seed the game began with
    x  the position (GameState.position(): the RNG, moves, last human, the game's own fields)
    l  the log                     t  the log's turn headings
    h  the moves since the start (for the replay), as a string: each move's index among the legal actions
       in base 45, one character below 45, two below 2,025 (`history_text`); format 2 wrote a list of ints
    c, d  (only while an undo is possible) the undo chain: the earlier states an undo may return to,
          oldest first, each {x: position, k: length of its log, w: who made the move that led there,
          a: that move}; d is {w, a} of the move that led to the position x

Format 4 (`TT.4.`) is format 3 with the game's own preset dictionary instead, named in the zlib header by its
Adler-32 (zlib's DICTID) among `OWN_DICTIONARIES`; it is written for a game that has one (Born of Titans, whose
finished 4-player saves passed 8 KB with format 3's words), format 3 for every other game.
Format 2 (`TT.2.`) is format 3 without the dictionary and with the history as a JSON list of ints;
it is still read, and so is a history list in any format-2 or format-3 save.
Format 1 (`TT.1.`, made before format 2) held the seed and every action; it is still read, by
replaying the actions under today's rules: it opens where those rules are the ones it was made under,
and is refused with a plain message where they are not.

`loads` never raises anything but InvalidSave, with a short message: every limit is checked before
the work it protects (text length, compressed size, nesting depth, item counts, number of actions).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable
from typing import Any, TypeVar

from engine.core.errors import IllegalAction, InvalidSave
from engine.core.game import Game, GameState
from engine.core.save_dictionary import DICTIONARY
from engine.core.untrusted import UntrustedInputError, check_sizes, mend_surrogates, parse, short

_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
# What a chat or mail app puts inside a pasted string (line breaks, spaces of every kind, zero-width spaces, a
# byte-order mark), never part of one: dropped before anything else is read.
_PASTED_SPACE = re.compile(r"[\s\u200b-\u200d\u2060\ufeff]+")

PREFIX = "TT"
VERSION = 3  # the format written (4 for a game with a dictionary of its own)
READS = (1, 2, 3, 4)  # the formats read
WRITTEN = (3, 4)  # the formats written today (VERSION, and 4 for a game with a dictionary of its own)
# Format 4's dictionaries: game id -> (the module holding its DICTIONARY, imported when needed; its Adler-32,
# the DICTID its strings carry). Never change an entry: a string opens only with its very bytes.
OWN_DICTIONARIES = {"born_of_titans": ("engine.core.save_dictionary_born", 0x7E167E18)}
MAX_TEXT = 200_000  # characters of a save string we even look at
MAX_JSON = 2_000_000  # bytes a save may decompress to (decompression bombs stop here)
MAX_DEPTH = 24  # nesting of lists and objects
MAX_ITEMS = 2_000  # items in any one list or object ...
MAX_LOG_LINES = 50_000  # ... but the log
MAX_V1_ACTIONS = 10_000  # ... and the actions of a format-1 save (each is replayed: about 0.2 s per 10,000)
MAX_HISTORY = 50_000  # ... and the moves of a save's history (kept for the replay, never needed to open)
MAX_TURNS = 50_000  # ... and its turn headings (the log's groups)
MAX_HEADING = 200  # characters of a turn heading
MAX_TOTAL = 400_000  # items in all
MAX_CONTAINERS = 20_000  # lists and objects in all
MAX_MESSAGE = 300  # characters of any refusal


def dumps(state: GameState) -> str:
    """The save string of a state: its position, its log and (while an undo is possible) its undo chain."""
    from engine.registry import get_game

    return pack(save_data(state, get_game(state.game_id).rules_version))


def save_data(state: GameState, rules_version: int) -> dict[str, Any]:
    """What a format-3 save holds of a state played under `rules_version` (JSON-ready)."""
    data: dict[str, Any] = {
        "g": state.game_id,
        "r": rules_version,
        "n": state.num_players,
        "o": state.options.model_dump(mode="json"),
        "p": [seat.model_dump(mode="json") for seat in state.seats],
        "s": state.seed,
        "x": state.position(),
        "l": state.log,
        "t": [[start, heading] for start, heading in state.turns],
    }
    if state.history is not None:
        data["h"] = history_text(state.history)
    chain: list[GameState] = []  # the states an undo may return to, newest first
    node = state
    while node.previous is not None:
        node = node.previous
        chain.append(node)
    if chain:
        data["c"] = [_link(step, with_position=True) for step in reversed(chain)]
        data["d"] = _link(state, with_position=False)
    return data


def _link(state: GameState, with_position: bool) -> dict[str, Any]:
    """A state of the undo chain: its position and the length of its log; who made the move that led there."""
    link: dict[str, Any] = {
        "w": state.last_actor,
        "a": state.last_action.model_dump(mode="json") if state.last_action else None,
    }
    if with_position:
        link.update(x=state.position(), k=len(state.log))
    return link


# The history's digits: printable ASCII but the two characters JSON escapes. A move's index in base 45, most
# significant digit first: its last digit from the first 45 ("0"-"9", "a"-"z", "A"-"I"), any before it from
# the next 45, so indices need no separator. Titan's indices are mostly small: most moves take one character.
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&'()*+,-./:;<=>?@[]^_`{|}~"[:90]
BASE = 45
_INDEX = re.compile(f"[{re.escape(DIGITS[BASE:])}]?[{re.escape(DIGITS[:BASE])}]")


def history_text(history: list[int]) -> str:
    """A history (indices among the legal actions, each 0 <= i < MAX_ITEMS) as a save's string."""
    parts = []
    for index in history:
        last = DIGITS[index % BASE]
        index //= BASE
        lead = ""
        while index:
            lead = DIGITS[BASE + index % BASE] + lead
            index //= BASE
        parts.append(lead + last)
    return "".join(parts)


_INDEX_VALUE = {history_text([index]): index for index in range(MAX_ITEMS)}


def history_of(text: str) -> list[int] | None:
    """The history of a save's string (`history_text`); None where it is not one (a foreign character, a
    leading zero, a last index left unfinished, an index of MAX_ITEMS or more, more than MAX_HISTORY moves).
    A regular expression splits it and a table reads each index: fast on a stranger's 100,000 characters."""
    if len(text) > 2 * MAX_HISTORY:  # every index below MAX_ITEMS takes at most two characters
        return None
    tokens = _INDEX.findall(text)
    if len(tokens) > MAX_HISTORY or sum(map(len, tokens)) != len(text):  # too many; characters outside any index
        return None
    try:
        return [_INDEX_VALUE[token] for token in tokens]
    except KeyError:  # a leading zero, or an index of MAX_ITEMS or more
        return None


def pack(data: dict[str, Any], version: int | None = None) -> str:
    """The save string of save data (JSON-ready), in the format its game is written in unless `version` is given."""
    game = data["g"] if isinstance(data.get("g"), str) else ""
    version = format_of(game) if version is None else version
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(6, zlib.DEFLATED, 15, 8, zlib.Z_DEFAULT_STRATEGY, *preset(version, game))
    packed = packer.compress(raw) + packer.flush()
    return f"{PREFIX}.{version}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def format_of(game: str) -> int:
    """The format a game's saves are written in: 4 for a game with a dictionary of its own, else VERSION."""
    return 4 if game in OWN_DICTIONARIES else VERSION


def preset(version: int, game: str = "") -> tuple[bytes, ...]:
    """The preset dictionary a format writes, as zlib's optional argument: format 3 its one, format 4 the
    game's own, formats 1 and 2 none."""
    if version >= 4:
        return (own_dictionary(game),)
    return (DICTIONARY,) if version == 3 else ()


def own_dictionary(game: str) -> bytes:
    """A game's own dictionary (format 4), its module imported the first time it is needed."""
    import importlib

    module, _ = OWN_DICTIONARIES[game]
    dictionary: bytes = importlib.import_module(module).DICTIONARY
    return dictionary


def preset_of(version: int, packed: bytes) -> tuple[bytes, ...]:
    """The preset dictionary a packed string needs, as zlib's optional argument: format 4 names its own in the
    zlib header (FDICT set, then the dictionary's Adler-32); InvalidSave if it names none this app has."""
    if version < 4:
        return preset(version)
    if len(packed) < 6 or not packed[1] & 0x20:
        raise InvalidSave("The save string is damaged (its compressed data names no dictionary).")
    named = int.from_bytes(packed[2:6], "big")
    for game, (_, ident) in OWN_DICTIONARIES.items():
        if ident == named:
            return (own_dictionary(game),)
    raise InvalidSave("The save string is damaged (it names a dictionary this app does not have).")


def peek_format(text: str) -> int | None:
    """The format of what looks like a save string (prefix, version, base64url body), else None; no decoding."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    parts = text.split(".", 2)
    if len(parts) != 3 or parts[0] != PREFIX or parts[1] not in {str(v) for v in READS}:
        return None
    return int(parts[1]) if _BASE64URL.fullmatch(parts[2]) else None


def decode(text: str) -> dict[str, Any]:
    """The data inside a save string, checked for shape only (its format under the key "format"); InvalidSave."""
    return _refusing(_decode, text)


def loads(text: str) -> GameState:
    """The game of a save string, in the position it was saved in; raises InvalidSave (only)."""
    return _refusing(_load, text)


def _load(text: str) -> GameState:
    data = _decode(text)
    return _load_v1(data) if data["format"] == 1 else _load_v2(data)


T = TypeVar("T")


def _refusing(work: Callable[[str], T], text: str) -> T:
    """`work(text)`, whatever a stranger's text provokes in it turned into an InvalidSave of at most MAX_MESSAGE."""
    try:
        return work(text)
    except InvalidSave as error:
        raise InvalidSave(short(error, MAX_MESSAGE)) from None
    except Exception as error:
        message = f"The save string could not be opened ({type(error).__name__}: {error})."
        raise InvalidSave(short(message, MAX_MESSAGE)) from None


def _decode(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise InvalidSave("A save string must be text.")
    if len(text) > 2 * MAX_TEXT:  # before any copy of it is made
        raise InvalidSave(f"The save string is too long ({len(text)} characters; at most {MAX_TEXT}).")
    text = "".join(_PASTED_SPACE.split(text))  # a string broken over lines or spaced out by a chat or mail app
    if "#" in text:  # a whole share link was pasted: keep the fragment
        text = text.rsplit("#", 1)[1]
    if text.startswith("save="):
        text = text[len("save=") :]
    if not text:
        raise InvalidSave("The save string is empty.")
    if len(text) > MAX_TEXT:
        raise InvalidSave(f"The save string is too long ({len(text)} characters; at most {MAX_TEXT}).")
    parts = text.split(".", 2)
    if len(parts) != 3 or parts[0] != PREFIX:
        written = " or ".join(f"“{PREFIX}.{version}.”" for version in WRITTEN)
        raise InvalidSave(f"This is not a Titan Table save string (it should start with {written}).")
    if parts[1] not in {str(v) for v in READS}:
        raise InvalidSave(
            f"This save string has format version {short(parts[1], 10)!r}; this app reads versions "
            f"{', '.join(str(v) for v in READS)}. It may come from a newer version of Titan Table."
        )
    version, body = int(parts[1]), parts[2]
    if not _BASE64URL.fullmatch(body):
        raise InvalidSave("The save string is damaged (it has characters a save string never holds).")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise InvalidSave("The save string is damaged (it is not valid base64url).") from None
    try:
        inflater = zlib.decompressobj(15, *preset_of(version, packed))
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise InvalidSave(f"The save string unpacks to more than {MAX_JSON} bytes; it is refused.")
        if not inflater.eof:
            raise InvalidSave("The save string is truncated (its compressed data ends early).")
    except zlib.error:
        raise InvalidSave("The save string is damaged (its compressed data is corrupt).") from None
    try:
        json_text = raw.decode("utf-8")
        data = mend_surrogates(parse(json_text, max_depth=MAX_DEPTH, max_containers=MAX_CONTAINERS), json_text)
    except UnicodeDecodeError:
        raise InvalidSave("The save string is damaged (its contents are not text).") from None
    except UntrustedInputError as error:
        raise InvalidSave(f"The save string is damaged ({error}).") from None
    if not isinstance(data, dict):
        raise InvalidSave("The save string is damaged (unexpected contents).")
    try:
        check_sizes(
            data,
            max_items=MAX_ITEMS,
            max_total=MAX_TOTAL,
            exceptions={"l": MAX_LOG_LINES, "a": MAX_V1_ACTIONS, "h": MAX_HISTORY, "t": MAX_TURNS},
        )
    except UntrustedInputError as error:
        raise InvalidSave(f"The save string is refused ({error}).") from None
    expected: dict[str, type] = {"g": str, "r": int, "n": int, "o": dict, "p": list, "s": int}
    expected.update({"a": list} if version == 1 else {"x": dict, "l": list})
    for key, kind in expected.items():
        if not isinstance(data.get(key), kind) or (kind is int and isinstance(data.get(key), bool)):
            raise InvalidSave(f"The save string is damaged (field {key!r} is missing or of the wrong kind).")
    data["format"] = version
    return data


def _game_of(data: dict[str, Any]) -> Game:
    """The game a save names (its package imported now)."""
    from engine.registry import GAMES

    if data["g"] not in GAMES:
        raise InvalidSave(f"The save string is for an unknown game {short(data['g'])!r}.")
    return GAMES[data["g"]]


# Format-1 saves were made under rules version 1: the frozen copy of those rules replays them.
V1_RULES: dict[str, str] = {"titan_dice": "engine.legacy.v1.titan_dice", "titan_race": "engine.legacy.v1.titan_race"}
NEVER_FORMAT_1 = frozenset({"titan"})  # games released after format 1 was last written: no such save exists


def _load_v1(data: dict[str, Any]) -> GameState:
    """A format-1 save: replay its actions under rules version 1, then open the position reached as today's game."""
    game = _game_of(data)
    if game.id in NEVER_FORMAT_1:  # a game that came after format 1: nothing to replay, whatever it holds
        raise InvalidSave(f"This is not a {game.title} save string: {game.title} games were never saved in format 1.")
    if data["r"] != 1:
        raise InvalidSave(
            f"This {game.title} game was saved by an older version of Titan Table whose rules have changed "
            "since, so this version cannot open it."
        )
    rules = game
    if game.rules_version != 1:
        import importlib

        rules = importlib.import_module(V1_RULES[game.id]).GAME
    try:
        state = rules.replay(data["n"], data["o"], data["s"], data["p"], data["a"])
    except IllegalAction as error:
        raise InvalidSave(
            f"This {game.title} game was saved by an older version of Titan Table, and today's rules do not "
            f"allow one of its moves ({short(str(error).rstrip('.'), 120)}), so this version cannot open it."
        ) from None
    except ValueError as error:
        raise InvalidSave(f"The save string cannot start a game: {short(error, 120)}") from None
    if rules is game:
        return state
    return _load_v2({**save_data(state, 1), "format": 2})


def _load_v2(data: dict[str, Any]) -> GameState:
    """A format-2 save: restore its position and log, then its undo chain if that replays to the same position."""
    game = _game_of(data)
    made_under = data["r"]
    if made_under > game.rules_version:
        raise InvalidSave(
            f"This {game.title} game was saved by a newer version of Titan Table (rules version {made_under}); "
            "reload the page to update, then open it again."
        )
    if made_under < 1:
        raise InvalidSave("The save string is damaged (its rules version is not valid).")
    log = data["l"]
    if not all(isinstance(line, str) for line in log):
        raise InvalidSave("The save string is damaged (its log is not text).")
    state = _restore(game, data, data["x"], made_under)
    state.log = log
    state.turns = _turns(data.get("t"), len(log))
    # The moves since the start (for the replay), if they are there, whole, and made under today's rules.
    history = data.get("h")
    if isinstance(history, str):
        history = history_of(history)
    state.history = (
        history
        if made_under == game.rules_version
        and isinstance(history, list)
        and len(history) == state.moves
        and all(type(index) is int and 0 <= index < MAX_ITEMS for index in history)
        else None
    )
    chain, last = data.get("c"), data.get("d")
    if isinstance(chain, list) and chain and isinstance(last, dict):
        _undo_chain(game, data, state, chain, last, made_under)
    return state


def _turns(data: Any, log_length: int) -> list[tuple[int, str]]:
    """The log's turn headings of a save, if they are whole and in order; none otherwise (the log shows ungrouped)."""
    if not isinstance(data, list):
        return []
    turns: list[tuple[int, str]] = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 2):
            return []
        start, heading = item
        if type(start) is not int or not isinstance(heading, str) or len(heading) > MAX_HEADING:
            return []
        if not (turns[-1][0] if turns else 0) <= start <= log_length:
            return []
        turns.append((start, heading))
    return turns


def _restore(game: Game, data: dict[str, Any], position: Any, made_under: int) -> GameState:
    """A checked state of a saved position (JSON read from a save string, not yet checked; migrated from an
    older rules version first)."""
    position = dict(position)
    own = position.get("own")
    if made_under < game.rules_version and isinstance(own, dict):
        position["own"] = game.migrate_position(own, made_under)
    try:
        return game.restore(data["n"], data["o"], data["s"], data["p"], position)
    except ValueError as error:
        raise InvalidSave(f"The save string is damaged: {short(error, 160)}.") from None


def _undo_chain(
    game: Game, data: dict[str, Any], state: GameState, chain: list[Any], last: dict[str, Any], made_under: int
) -> None:
    """Link `state` to the earlier states an undo may return to (restored like it); none if any is not valid.

    The chain holds positions, not moves, so an undo still works after the rules have changed.
    """
    links: list[GameState] = []
    try:
        for item in [*chain, last]:
            if not isinstance(item, dict):
                return
            if item is last:
                step = state
            else:
                step = _restore(game, data, item.get("x"), made_under)
                length = item.get("k")
                if type(length) is not int or not 0 <= length <= len(state.log):
                    return
                step.log = state.log[:length]
                step.turns = [turn for turn in state.turns if turn[0] <= length]
                step.history = None if state.history is None else state.history[: step.moves]
            actor = item.get("w")
            if type(actor) is not int or not -1 <= actor < state.num_players:
                return
            step.last_actor = actor
            step.last_action = game.parse_action(item["a"]) if item.get("a") is not None else None
            if links:
                step.previous = links[-1]
            links.append(step)
    except (InvalidSave, IllegalAction, ValueError, KeyError, TypeError):
        state.previous = None
        return

"""Benchmark hooks for scripts/bench_browser.py: `window.titanBench`, set only when the URL has `?bench`.

app/main.py imports this module only for `?bench`, so users never load it. It is
the one module besides `app.dom` that touches `js`/`pyodide`: the engine is
clock-free, so the page's clock (`performance.now()`) times the work here.
Results cross the bridge as JSON strings.

- `titanBench.engine(game_id, n_games, seed, players)`: the very
  `engine.bench.run_random_games` the CPython side runs, timed; returns its
  counts plus `ms`.
- `titanBench.aiStart(game_id, level, seed, players)`, then per decision
  `aiChoose()` and `aiPlay(sliced)` (a Promise): a bot-vs-bot game of any
  registered game (default options), every seat at `level` and seeded as the
  app seeds it, stepped one decision at a time so the caller can read the
  page's CPU time around each call. `aiChoose` times one
  `Bot.choose` of a decision with more than one legal action (`ms`); `aiPlay`,
  with `sliced`, makes the same decision again through the app's own
  `app.ai.think` (time-boxed slices, yielding to the page between them): the
  wall time the player waits (`wall_ms`, without the app's visible pause), the
  slice count and the longest slice (main-thread blocking); then it plays the
  action and moves on to the next decision (`next`).
- `titanBench.aiLog(clear)`: the app's own computer decisions since the page opened (or the last clear):
  `app.ai.LOG`, which this module turns on, one record per decision played in a real game (seat, phase,
  legal actions, think time, longest slice, when the board showed it): scripts/bench_titan_ai.py.
- `titanBench.wasmMemory()`: the size of Pyodide's WebAssembly memory in bytes (null if it cannot be read).
- `titanBench.stress(length, stop, seed)`: plays the synthetic stress game
  (engine/stress.py) of `length` actions up to action `stop` (`stop` < `length`:
  mid-game, with an undo chain) as `scripts/bench_saves.py` does in CPython, then
  times `dumps`, `loads`, an undo, copies with and without the record, and the
  app's autosave (`app.saving.Saver.write` on the real store: localStorage, the
  revision check and write one IndexedDB transaction; a promise, as the write is).
- `titanBench.load(text)`: times `loads` of one save string (a hostile one, say):
  `ms`, whether it opened, and the refusal.
- `titanBench.hostStart(game_id, players, seed)`, `hostInvite(seat)`, `hostReply(seat, code)`, `hostSpare(seat)`,
  `hostStatus()`: a remote-play host in this page (a HostSession over app/remote/peer.py's real WebRTC, no page of
  its own): a game started, a seat's invite link fragment (its offer gathered), the friend's reply code pasted, a
  standing offer sent to the friend's page (the next join answers it), and the game's moves, the seats joined,
  each peer's state and the host's faults (tests/e2e/test_remote_guest.py; the handshake's and a move's times).
"""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from app import ai
from app.saving import Saver
from app.storage import SaveStore
from engine.bench import run_random_games
from engine.core import InvalidSave
from engine.core.bots import make_bot
from engine.core.save import dumps, loads
from engine.core.undo import undo
from engine.registry import get_game, register
from engine.stress import STRESS, play_stress

ai.LOG = []  # the app keeps a record of each computer decision (ai_log)
MAX_ACTIONS = 20_000  # a bot game longer than this is a bug (Titan's run to 1,000-5,000); stop it rather than hang


def _now() -> float:
    return float(js.performance.now())


def engine(game_id: str, n_games: int, seed: int, players: int) -> str:
    """Random games as in `python -m engine.bench`, timed by the page's clock (ms)."""
    started = _now()
    result: dict[str, Any] = run_random_games(str(game_id), int(n_games), int(seed), int(players) or None)
    result["ms"] = _now() - started
    return json.dumps(result)


_match: dict[str, Any] = {}  # the bot-vs-bot game in progress (one at a time)


def ai_start(game_id: str, level: int, seed: int, players: int = 2) -> str:
    """Start a bot-vs-bot game of `game_id`, every seat at `level`, and play up to the first real decision."""
    game = get_game(str(game_id))
    level, players = int(level), int(players)
    _match.clear()
    _match.update(
        game=game,
        level=level,
        state=game.new_game(players, seed=int(seed)),
        bots=[make_bot(game, level, ai.BOT_SEED_BASE + seat) for seat in range(players)],
        actions=0,
        action=None,
    )
    return json.dumps(_advance())


def _advance() -> dict[str, Any]:
    """Play forced moves (one legal action) until a decision with a choice, or the end."""
    game, state = _match["game"], _match["state"]
    while state.current_player is not None and _match["actions"] < MAX_ACTIONS:
        legal = game.legal_actions(state)
        if len(legal) > 1:
            _match["state"] = state
            return {"over": False, "legal": len(legal), "actions": _match["actions"]}
        state = game.apply(state, legal[0])
        _match["actions"] += 1
    _match["state"] = state
    return {"over": True, "actions": _match["actions"], "finished": state.is_over, "final": dumps(state)[-16:]}


def ai_choose() -> str:
    """Time one `Bot.choose` for the player to move (the action is kept for `ai_play`)."""
    state = _match["state"]
    seat = state.current_player
    started = _now()
    _match["action"] = _match["bots"][seat].choose(state, seat)
    return json.dumps({"ms": _now() - started})


async def ai_play(sliced: bool = True) -> str:
    """Optionally make the same decision with the app's sliced `app.ai.think`; play it; advance to the next one."""
    game, state, action = _match["game"], _match["state"], _match["action"]
    record: dict[str, Any] = {}
    if sliced:
        ai.STATS["max_slice_ms"] = 0.0
        ai.STATS["slices"] = 0
        started = _now()
        again = await ai.think(game, state, state.current_player, _match["level"])
        record.update(
            wall_ms=_now() - started,
            slices=int(ai.STATS["slices"]),
            max_slice_ms=ai.STATS["max_slice_ms"],
            same=again == action,
        )
    _match["state"] = game.apply(state, action)
    _match["actions"] += 1
    record["next"] = _advance()
    return json.dumps(record)


def ai_log(clear: bool = False) -> str:
    """The app's computer decisions recorded so far (`app.ai.LOG`), emptied if `clear`."""
    records = list(ai.LOG or [])
    if clear and ai.LOG is not None:
        ai.LOG.clear()
    return json.dumps(records)


def wasm_memory() -> str:
    """The bytes of Pyodide's WebAssembly memory (its whole heap: interpreter, packages, the game), or null: what
    a second Pyodide in a Web Worker would hold again."""
    try:
        import pyodide_js  # type: ignore[import-not-found]

        return json.dumps(int(pyodide_js._module.HEAP8.length))
    except Exception:  # an internal of Pyodide: absent, the figure is left out
        return json.dumps(None)


async def stress(length: int, stop: int, seed: int) -> str:
    """The stress game's save, load, undo, copy and autosave times in the page (ms)."""
    from app.browser_store import LocalStorageBackend

    register(STRESS)
    state = play_stress(int(length), int(stop), int(seed))
    result: dict[str, Any] = {"actions": state.moves, "log_lines": len(state.log)}
    started = _now()
    text = dumps(state)
    result["dumps_ms"] = _now() - started
    result["chars"] = len(text)
    started = _now()
    loaded = loads(text)
    result["loads_ms"] = _now() - started
    result["equal"] = loaded == state
    seat = state.current_player
    started = _now()
    undone = undo(loaded, seat) if seat is not None else loaded
    result["undo_ms"] = _now() - started
    result["undo_steps"] = loaded.moves - undone.moves
    for record in (True, False):
        started = _now()
        for _ in range(100):
            state.clone(record=record)
        result[f"clone_{'record' if record else 'bare'}_ms"] = (_now() - started) / 100
    saver = Saver(SaveStore(LocalStorageBackend()), lambda: 0, lambda: "bench-stress")
    saver.track_new()
    times = []
    for _ in range(5):
        started = _now()
        await saver.write(STRESS, state)  # (its check and write an IndexedDB transaction: awaited)
        times.append(_now() - started)
    saver.store.delete("bench-stress")
    result["autosave_ms"] = sorted(times)[len(times) // 2]
    return json.dumps(result)


def load(text: str) -> str:
    """Time `loads` of one save string."""
    started = _now()
    try:
        loads(str(text))
        opened, message = True, ""
    except InvalidSave as error:
        opened, message = False, str(error)
    return json.dumps({"ms": _now() - started, "opened": opened, "message": message})


_remote: dict[str, Any] = {}  # the remote-play host's session and each seat's pending peer


async def host_start(game_id: str, players: int, seed: int, moves: int = 0) -> str:
    """A remote-play host of a new game (every seat a human, named Ann, Bob, ...), `moves` random moves into it
    (a long log: the records go in parts)."""
    import random

    from app import dom
    from app.remote.host import HostSession
    from engine.core.game import Seat

    game = get_game(str(game_id))
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"][: int(players)]
    state = game.new_game(int(players), seed=int(seed), seats=[Seat(name=name) for name in names])
    rng = random.Random(int(seed))
    for _ in range(int(moves)):
        if state.is_over:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    release = await dom.release_id()
    _remote.clear()
    _remote.update(session=HostSession(game, state, release=release, clock=lambda: _now() / 1000), peers={})
    return json.dumps({"release": release, "current": state.current_player, "moves": state.moves})


async def host_invite(seat: int, spare: bool = False) -> str:
    """An offer for `seat`: its invite link's fragment (or, with `spare`, sent to the friend's page as a standing
    offer)."""
    from app.remote.invite import invite_fragment
    from app.remote.messages import Spare
    from app.remote.peer import make_offer

    session, seat = _remote["session"], int(seat)
    peer, code = await make_offer([])

    def opened() -> None:
        link = session.connect(peer)
        peer.on_text = link.receive
        peer.on_close = lambda _reason: link.close()

    peer.on_open = opened
    _remote["peers"][seat] = peer
    if spare and code:
        for link in session.joined(seat):
            link.send(Spare(code=code))
    fragment = invite_fragment(session.invite(seat), code) if code else ""
    return json.dumps({"fragment": fragment, "code": code, "state": peer.state, "reason": peer.reason})


async def host_spare(seat: int) -> str:
    return await host_invite(seat, spare=True)


async def host_reply(seat: int, code: str) -> str:
    """The friend's reply code pasted for `seat`'s latest offer."""
    from app.remote.peer import take_reply
    from app.remote.sdpcode import CodeError

    try:
        await take_reply(_remote["peers"][int(seat)], str(code))
    except CodeError as error:
        return json.dumps({"error": str(error)})
    return json.dumps({"error": ""})


def host_status() -> str:
    session = _remote["session"]
    return json.dumps({
        "moves": session.state.moves,
        "joined": sorted({link.seat for link in session.joined()}),
        "peers": {seat: [peer.state, peer.reason] for seat, peer in _remote["peers"].items()},
        "faults": session.faults,
    })  # fmt: skip


def _install() -> None:
    """Expose the hooks as `window.titanBench` (proxies kept alive for the page's lifetime)."""
    hooks = js.Object.new()
    hooks.engine = create_proxy(engine)
    hooks.aiStart = create_proxy(ai_start)
    hooks.aiChoose = create_proxy(ai_choose)
    hooks.aiPlay = create_proxy(ai_play)
    hooks.aiLog = create_proxy(ai_log)
    hooks.wasmMemory = create_proxy(wasm_memory)
    hooks.stress = create_proxy(stress)
    hooks.load = create_proxy(load)
    hooks.hostStart = create_proxy(host_start)
    hooks.hostInvite = create_proxy(host_invite)
    hooks.hostSpare = create_proxy(host_spare)
    hooks.hostReply = create_proxy(host_reply)
    hooks.hostStatus = create_proxy(host_status)
    js.window.titanBench = hooks


_install()

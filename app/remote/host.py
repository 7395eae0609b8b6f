"""The host's side of remote play: the one game, seats given to friends by invite tokens, every friend's message
checked before anything is played (docs/remote-play.md).

`HostSession` knows nothing of WebRTC: each friend's connection is a channel with `send(text)` and `close()`
(a data channel in the page, a fake one in the tests), handed to `connect`, whose `Link.receive(text)` takes
each incoming message. The host's table tells the session of every change it makes itself (a local move, a
computer's, an undo) with `update(state)`; a friend's move comes back through `on_change(state)`.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from app.remote.messages import (
    PROTOCOL,
    Act,
    Bye,
    Code,
    Hello,
    MessageError,
    Mismatch,
    OtherVersionError,
    Ping,
    Pong,
    Record,
    Refused,
    Spare,
    Undo,
    Welcome,
    dumps,
    frames,
    parse_guest,
)
from app.remote.record import seat_record
from engine.core.errors import IllegalAction
from engine.core.game import Game, GameState
from engine.core.undo import undo, undo_steps
from engine.core.untrusted import short

BUCKET = 30.0  # messages a friend may send at once ...
REFILL = 10.0  # ... and per second after that
CLOSE_AFTER = 300  # messages over the rate in a row: the channel is closed
DROPPED_AFTER = 15.0  # seconds without a word from a friend: shown as dropped (pings go every few seconds)


class Channel(Protocol):
    """One friend's connection: text messages out, and a way to end it."""

    def send(self, text: str) -> None: ...

    def close(self) -> None: ...


@dataclass
class Link:
    """One channel to a friend's page: the seat it joined (None before its hello), its rate, what it holds."""

    session: HostSession
    channel: Channel
    seat: int | None = None
    closed: bool = False
    tokens: float = BUCKET
    refilled: float = 0.0
    over: int = 0  # messages over the rate in a row
    warned: float = -1.0  # when the last too_fast went out
    last_seen: float = 0.0
    log: list[str] = field(default_factory=list)  # the log lines the friend's page holds
    played: tuple[str, str] | None = None  # (position id, action) of the last action it played
    mismatched: bool = False  # its page runs another release: told so (`mismatch`) and closed, nothing played

    def receive(self, text: object) -> None:
        """One message from the friend's page: checked, then played or refused. Never raises: a fault of the host's
        own code on some message is kept in `session.faults` (for the page's console) and the message refused."""
        try:
            self.session.receive(self, text)
        except Exception as error:  # the boundary with a stranger's page: the host goes on
            self.session.faults.append(f"{type(error).__name__}: {short(error, 200)}")
            self.session._refuse(self, "bad_message", "The host could not handle that message.")

    def send(self, message: object) -> None:
        if not self.closed:
            for frame in frames(dumps(message)):  # type: ignore[arg-type]
                self.channel.send(frame)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.channel.close()


class HostSession:
    """The host's game and the friends' seats (see the module's docstring)."""

    def __init__(
        self,
        game: Game,
        state: GameState,
        *,
        release: str,
        clock: Callable[[], float],
        tokens: dict[int, str] | None = None,
        on_change: Callable[[GameState], None] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.release = release
        self.clock = clock
        self.tokens: dict[int, str] = dict(tokens or {})  # seat -> invite token (kept with the game on this device)
        self.on_change = on_change
        self.epoch = secrets.token_hex(4)  # new at each run of the host's page: old position ids never match
        self.serial = 0
        self.links: list[Link] = []
        self.faults: list[str] = []  # errors of the host's own code met on a friend's message (see Link.receive)

    # -- the host's side ---------------------------------------------------------------------------------------
    @property
    def pos(self) -> str:
        """The id of the position now (changes with every change of the game)."""
        return f"{self.epoch}.{self.serial}"

    def invite(self, seat: int) -> str:
        """The token of `seat`'s invite (made once; the same for every rejoin until revoked)."""
        if not 0 <= seat < self.state.num_players:
            raise ValueError(f"no seat {seat} in a game of {self.state.num_players}")
        if seat not in self.tokens:
            self.tokens[seat] = secrets.token_urlsafe(16)
        return self.tokens[seat]

    def revoke(self, seat: int) -> None:
        """The seat's invite no longer works (a page that joined with it is told so and closed)."""
        self.tokens.pop(seat, None)
        for link in self.joined(seat):
            link.send(Bye(message="The host has taken this seat back."))
            link.close()

    def connect(self, channel: Channel) -> Link:
        """A new channel from a friend's page; it takes a seat with its hello."""
        link = Link(self, channel, refilled=self.clock(), last_seen=self.clock())
        self.links = [each for each in self.links if not each.closed] + [link]
        return link

    def joined(self, seat: int | None = None) -> list[Link]:
        """The open links that hold a seat (`seat`'s only, if given)."""
        return [each for each in self.links if not each.closed and each.seat is not None and seat in (None, each.seat)]

    def connected(self) -> dict[int, bool]:
        """Each invited seat: True while its friend's page answers, False when dropped or gone."""
        now = self.clock()
        live = {link.seat for link in self.joined() if now - link.last_seen <= DROPPED_AFTER}
        return {seat: seat in live for seat in sorted(self.tokens)}

    def offer_spare(self, seat: int, code: str) -> bool:
        """Send `seat`'s friend a standing offer (`code`) for his next connection (docs/remote-play.md, joining
        again); False if no page holds the seat now."""
        links = self.joined(seat)
        for link in links:
            link.send(Spare(code=code))
        return bool(links)

    def ping(self) -> None:
        """Ask every friend's page for a sign of life (every few seconds)."""
        for link in self.joined():
            link.send(Ping(n=self.serial))

    def update(self, state: GameState, first: Link | None = None) -> None:
        """The game changed at the host's table (a move, a computer's move, an undo, a reload): every friend gets
        the position; `first` (the friend whose move or Undo it is) before the others, so that the page waiting on
        its own click is answered without waiting for the other seats' records to be made."""
        self.state = state
        self.serial += 1
        links = self.joined()
        if first is not None and first in links:
            links.remove(first)
            links.insert(0, first)
        for link in links:
            self.send_record(link)

    def send_record(self, link: Link) -> None:
        """The seat's record of the position now, the log only from where the friend's copy differs."""
        assert link.seat is not None
        record = seat_record(self.game, self.state, link.seat)
        lines = record.log
        common = 0
        limit = min(len(lines), len(link.log))
        if lines[:limit] == link.log[:limit]:
            common = limit
        else:
            while common < limit and lines[common] == link.log[common]:
                common += 1
        link.log = list(lines)
        link.send(Record(pos=self.pos, record=record.model_copy(update={"log": []}), log_from=common,
                         log=lines[common:]))  # fmt: skip

    # -- a friend's messages -----------------------------------------------------------------------------------
    def receive(self, link: Link, text: object) -> None:
        """Everything a friend's page sends comes here (see `Link.receive`)."""
        if link.closed or not self._within_rate(link):
            return
        try:
            message = parse_guest(text)
        except OtherVersionError:
            self._mismatch(link, None)
            return
        except MessageError as error:
            self._refuse(link, "bad_message", f"The host could not read that message: {error}.")
            return
        link.last_seen = self.clock()
        if isinstance(message, Hello):
            self._hello(link, message)
        elif isinstance(message, Ping):
            link.send(Pong(n=message.n))
        elif isinstance(message, Pong):
            pass
        elif isinstance(message, Bye):
            link.close()
        elif link.seat is None:
            self._refuse(link, "not_joined", "Join with your invite first.")
        elif isinstance(message, Act):
            self._act(link, message)
        elif isinstance(message, Undo):
            self._undo(link, message)

    def _within_rate(self, link: Link) -> bool:
        """A token bucket per link: a flood costs a counter, never a parse; a long one closes the channel."""
        now = self.clock()
        link.tokens = min(BUCKET, link.tokens + max(0.0, now - link.refilled) * REFILL)
        link.refilled = now
        if link.tokens >= 1:
            link.tokens -= 1
            link.over = 0
            return True
        link.over += 1
        if link.over >= CLOSE_AFTER:
            link.send(Bye(message="Too many messages: the host closed the connection. Open your invite again."))
            link.close()
        elif now - link.warned >= 1.0:
            link.warned = now
            self._refuse(link, "too_fast", "Too many messages at once: the host skipped some.")
        return False

    def _hello(self, link: Link, hello: Hello) -> None:
        if hello.release != self.release:
            self._mismatch(link, hello.release)
            return
        given = hello.token.encode("utf-8")  # bytes: compare_digest refuses str with characters outside ASCII
        seat = next((s for s, token in self.tokens.items() if hmac.compare_digest(token.encode("utf-8"), given)), None)
        if seat is None:
            self._refuse(link, "no_seat", "This invite is no longer valid: ask the host for a new one.")
            link.close()
            return
        if link.seat is not None and link.seat != seat:
            self._refuse(link, "seat_taken", "This page has already joined with another seat.")
            return
        for other in self.joined(seat):
            if other is not link:
                other.send(Bye(message="This seat has joined again from another page."))
                other.close()
        link.seat = seat
        link.log = []
        link.send(Welcome(seat=seat, name=self.state.seats[seat].name, game=self.game.id, release=self.release))
        self.send_record(link)

    def _mismatch(self, link: Link, release: str | None) -> None:
        text = (
            "This page and the host's run different versions of Titan Table: reload this page to get the newest "
            "and open the invite again (if it already is the newest, the host must reload)."
        )
        link.send(Mismatch(protocol=PROTOCOL, release=self.release, message=text))
        link.mismatched = True
        link.close()

    def _act(self, link: Link, act: Act) -> None:
        seat = link.seat
        assert seat is not None
        played = (act.pos, json.dumps(act.action, sort_keys=True))
        if act.pos != self.pos:
            if played == link.played:
                self._refuse(link, "duplicate", "That choice has already been played.")
            else:
                self._refuse(link, "stale", "The game moved on before that choice arrived: here it is as it stands.")
                self.send_record(link)
            return
        state = self.state
        if not self._asks(seat):
            self._refuse(link, "not_your_turn", self._whose(seat))
            return
        try:
            action = self.game.parse_action(act.action)
        except IllegalAction as error:
            self._refuse(link, "illegal", short(error, 280))
            return
        legal = self.game.legal_actions(state)
        if action not in legal:
            reason = self.game.why_illegal(state, action) or "That is not one of your choices now."
            self._refuse(link, "illegal", short(reason, 280))
            return
        try:
            new = self.game.apply(state, action)
        except IllegalAction as error:
            self._refuse(link, "illegal", short(error, 280))
            return
        link.played = played
        self._changed(new, link)

    def _undo(self, link: Link, message: Undo) -> None:
        seat = link.seat
        assert seat is not None
        if message.pos != self.pos:
            self._refuse(link, "stale", "The game moved on before that Undo arrived: here it is as it stands.")
            self.send_record(link)
            return
        if undo_steps(self.state, seat) == 0:
            self._refuse(link, "illegal", "There is nothing of yours to take back now.")
            return
        self._changed(undo(self.state, seat), link)

    def _asks(self, seat: int) -> bool:
        """The game asks `seat` now and its friend answers (not a computer seat, not a seat without an invite)."""
        state = self.state
        return not state.is_over and state.current_player == seat and not state.seats[seat].is_ai

    def _whose(self, seat: int) -> str:
        state = self.state
        current = state.current_player
        if state.is_over or current is None:
            return "The game is over."
        if current == seat:
            return "The computer plays this seat now."
        return f"It is not your decision: {state.seats[current].name} decides now."

    def _changed(self, state: GameState, first: Link | None = None) -> None:
        self.update(state, first)
        if self.on_change is not None:
            self.on_change(state)

    def _refuse(self, link: Link, code: Code, message: str) -> None:
        link.send(Refused(code=code, message=short(message, 300)))

"""A friend's side of remote play: join a seat with the invite's token, keep the seat's record as the host sends
it, send this seat's choices and undos, show what the host refused (docs/remote-play.md).

The guest holds no game: only the record of its seat (`app/remote/record.py`) and the log. It reads the host's
messages within limits too (a page never trusts another blindly); one it cannot read is shown as a notice and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from app.remote.host import Channel
from app.remote.messages import (
    Act,
    Bye,
    Hello,
    Joiner,
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
    parse_host,
)
from app.remote.record import SeatRecord
from app.remote.sdpcode import CodeError, unpack


class GuestSession:
    """One friend's page, joined (or joining) one seat of a hosted game."""

    def __init__(
        self,
        channel: Channel,
        token: str,
        *,
        release: str,
        on_change: Callable[[GuestSession], None] | None = None,
    ) -> None:
        self.channel = channel
        self.token = token
        self.release = release
        self.on_change = on_change  # the page repaints
        self.seat: int | None = None
        self.pos = ""
        self.record: SeatRecord | None = None  # the record with the whole log joined in
        self.log: list[str] = []
        self.notice = ""  # the last refusal or problem, for the player
        self.reload = ""  # set when the page must reload to play (another release meets)
        self.closed = ""  # set when the host ended the connection: why
        self.sent_pos = ""  # the position of the choice sent last, until the next record: no second one meanwhile
        self.joiner = Joiner()  # a long message's parts (messages.frames)
        self.spare = ""  # the host's standing offer for the next join (the page keeps it with the token)

    def open(self) -> None:
        """The channel is open: take the seat."""
        self._send(Hello(token=self.token, release=self.release))

    def receive(self, text: object) -> None:
        """One message from the host (or a part of a long one). Never raises."""
        try:
            if isinstance(text, str) and text.startswith("~"):
                text = self.joiner.feed(text)
                if text is None:
                    return
            message = parse_host(text)
        except OtherVersionError:
            self.reload = "The host runs another version of Titan Table: reload this page and open the invite again."
            self._changed()
            return
        except MessageError as error:
            self.notice = f"The host sent a message this page cannot read ({error})."
            self._changed()
            return
        if isinstance(message, Welcome):
            self.seat = message.seat
            self.log = []
        elif isinstance(message, Record):
            self._record(message)
        elif isinstance(message, Refused):
            self.notice = message.message
            self.sent_pos = ""  # nothing is under way (a stale choice's record follows): the board may be played
        elif isinstance(message, Mismatch):
            self.reload = message.message
        elif isinstance(message, Spare):
            try:  # kept only if it is an offer this page can answer (it is untrusted as any code)
                if not unpack(message.code).answer:
                    self.spare = "".join(message.code.split())
            except CodeError:
                pass
        elif isinstance(message, Ping):
            self._send(Pong(n=message.n))
            return
        elif isinstance(message, Pong):
            return
        elif isinstance(message, Bye):
            self.closed = message.message or "The host ended the connection."
        self._changed()

    def _record(self, message: Record) -> None:
        if message.record.seat != self.seat or message.log_from > len(self.log):
            self.notice = "The host sent a position this page cannot follow: open your invite again."
            return
        self.log = self.log[: message.log_from] + message.log
        self.record = message.record.model_copy(update={"log": list(self.log)})
        self.pos = message.pos
        self.sent_pos = ""
        self.notice = "" if self.notice.startswith("The host sent") else self.notice

    def act(self, index: int) -> bool:
        """Send the record's choice `index`; False (with a notice) when there is none to send now."""
        record = self.record
        if record is None or not record.asked or not 0 <= index < len(record.choices):
            self.notice = "That is not one of your choices now."
            return False
        if self.sent_pos == self.pos:
            self.notice = "Your choice is on its way to the host."
            return False
        self.notice = ""
        self.sent_pos = self.pos
        self._send(Act(pos=self.pos, action=record.choices[index].action))
        return True

    def undo(self) -> bool:
        """Ask the host to take back this seat's last decision."""
        if self.record is None or not self.record.can_undo:
            return False
        self._send(Undo(pos=self.pos))
        return True

    def ping(self, n: int) -> None:
        self._send(Ping(n=n))

    def leave(self) -> None:
        """Closing the page: the seat waits for the same invite."""
        self._send(Bye())
        self.channel.close()

    def _send(self, message: object) -> None:
        if not self.closed and not self.reload:
            self.channel.send(dumps(message))  # type: ignore[arg-type]

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

"""The friend's page: an invite link (`#join=<token>.<offer code>`) opened, the reply code made and shown, the seat
taken once the host pastes it, and the seat's table drawn from each record the host sends (docs/remote-play.md).

The page holds no game: only the seat's record (`app/remote/guest.GuestSession`). Choices go to the host
(`session.act`), Undo too; a pick on the board (data-select) is drawn here, as at the table. The invite is kept on
the device (app/remote/join_view.InviteBook) and this tab remembers which it joins, so a reload joins again.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any

from app import dom
from app.paint import SCREEN
from app.remote.guest import GuestSession
from app.remote.join_view import (
    JOINING_KEY,
    InviteBook,
    Joining,
    connection_html,
    draw_record,
    joining_html,
    mark_after,
    mark_of,
    read_join_fragment,
    told_since,
)
from app.remote.sdpcode import CodeError
from app.screens import confirm_dialog_html, game_layout_html
from app.since import Mark
from app.table import show_armed
from engine.registry import GAMES

if TYPE_CHECKING:
    from app.controller import App
    from app.remote.peer import Peer


def _ice_servers() -> list[dict[str, Any]]:
    """The player's STUN/TURN servers (app/remote/ice.py, the settings), none where that part is not installed."""
    try:
        from app.remote.ice import ice_servers  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return []
    return list(ice_servers())


async def _qr(token: str, reply: str) -> str:
    """The reply as a QR code of a link, `<page URL>#reply=<token>.<reply code>` (app/remote/relay.py): scanned by
    the host's phone, it hands the code to the host's game there; '' where QR codes are not installed. segno is
    loaded now, the first time (app/remote/qr.py)."""
    try:
        from app.remote.qr import PACKAGE, qr_svg  # type: ignore[import-not-found, unused-ignore]
        from app.remote.relay import reply_link  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return ""
    try:
        await dom.load_package(PACKAGE)
        return str(qr_svg(reply_link(dom.page_url(), token, reply), title="Your reply code, for the host to scan"))
    except Exception:
        return ""


class Join:
    """The friend's side of one invite in this tab (see the module's docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.token = ""
        self.offer = ""  # the offer code answered (the invite's, or the host's standing offer)
        self.peer: Peer | None = None
        self.session: GuestSession | None = None
        self.joining = Joining("making")
        self.lost = ""  # why the connection ended (the table stays, with how to rejoin)
        self.release = ""
        self.drawn = False  # the table's layout is on the screen
        self.previous: dict[str, Any] | None = None  # the view drawn last (boards animate from it)
        self.selected: str | None = None
        self.attempt = 0  # each join's number: a late event of an older one changes nothing
        self.armed: str | None = None  # the choice a first tap previewed (touch)
        self.asked: str | None = None  # the choice whose question the dialog asks
        self.mark: Mark | None = None  # where the log stood when this seat last decided (app/since.py)
        self.was_asked = False  # the record drawn last asked this seat (its first choice took the focus then)

    @property
    def book(self) -> InviteBook:
        return InviteBook(self.app.stored.store.backend)

    # -- opening ---------------------------------------------------------------------------------------------
    def open_link(self, fragment: str) -> bool:
        """A `#join=` link: join its seat (True); False when the fragment is not an invite at all."""
        try:
            found = read_join_fragment(fragment)
        except CodeError as error:
            dom.clear_hash()
            self._screen()
            self.joining = Joining("error", message=str(error))
            self.show()
            return True
        if found is None:
            return False
        dom.clear_hash()
        token, offer = found
        self.start(token, self.book.opened(token, offer))
        return True

    def reopen(self) -> bool:
        """A reload of a tab that was joining: join the same seat again (False if this tab was joining none)."""
        token = dom.session_get(JOINING_KEY)
        offer = self.book.answer_for(token) if token else ""
        if not token or not offer:
            return False
        self.start(token, offer)
        return True

    def again(self) -> None:
        """Try again (Rejoin): a new reply code, from the host's standing offer if one came, else the invite's."""
        if self.token:
            self.start(self.token, self.book.answer_for(self.token) or self.offer)

    def start(self, token: str, offer: str) -> None:
        self.stop()
        self.attempt += 1
        if token != self.token:
            self.mark = None  # another seat: told from its first record on
        self.token, self.offer = token, offer
        dom.session_set(JOINING_KEY, token)
        self._screen()
        self.joining = Joining("making")
        self.show()
        self.app.spawn(self._connect(self.attempt))

    def _screen(self) -> None:
        self.app.router.screen = "join"
        self.app.router.mark_open(None)
        self.drawn = False

    async def _connect(self, attempt: int) -> None:
        from app.remote.peer import make_reply

        if not self.release:
            self.release = await dom.release_id()
        servers = _ice_servers()
        try:
            peer, reply = await make_reply(self.offer, servers)
        except CodeError as error:
            if attempt == self.attempt:
                self.joining = Joining("error", message=str(error))
                self.show()
            return
        if attempt != self.attempt or self.app.router.screen != "join":
            peer.close()
            return
        self.peer = peer
        if peer.state == "failed":
            self.joining = Joining("failed", message=peer.reason)
            self.show()
            return
        peer.on_open = lambda: self._opened(attempt)
        peer.on_close = lambda reason: self._ended(attempt, reason)
        self.joining = Joining("reply", reply=reply)
        self.show()
        dom.publish("titanReplyCode", reply)
        picture = await _qr(self.token, reply)  # drawn once its library is loaded; the code is shown already
        if picture and attempt == self.attempt and self.joining.step == "reply" and self.joining.reply == reply:
            self.joining.qr = picture
            self.show()

    def _opened(self, attempt: int) -> None:
        if attempt != self.attempt or self.peer is None:
            return
        session = GuestSession(self.peer, self.token, release=self.release, on_change=self._changed)
        self.session = session
        self.peer.on_text = session.receive
        self.lost = ""
        self.joining = Joining("connected")
        if not self.drawn:
            self.show()
        session.open()

    def _ended(self, attempt: int, reason: str) -> None:
        if attempt != self.attempt:
            return
        if self.session is not None and self.session.reload:
            return  # the host closes the channel after its `mismatch`: "reload this page" stays what is said
        self.lost = reason or "The connection to the host ended."
        if self.session is not None and self.session.record is not None:
            self.draw()
        else:
            self.joining = Joining("lost" if self.session is not None else "failed", message=self.lost)
            self.show()

    def _changed(self, session: GuestSession) -> None:
        if session is not self.session:
            return
        if session.spare:
            self.book.keep_spare(self.token, session.spare)
        if session.record is None:
            message = session.reload or session.closed or session.notice
            if message:
                self.joining = Joining("reload" if session.reload else "lost", message=message)
                self.show()
            return
        self.draw()

    def stop(self) -> None:
        """Leave the seat (Home, or a new join): the host is told, the connection closed."""
        if self.session is not None:
            self.session.leave()
        if self.peer is not None:
            self.peer.close()
        self.session = self.peer = None
        self.lost = ""
        self.previous = self.selected = None

    def page_hidden(self) -> None:
        """The page is left (a reload, the tab closed, another address): the host is told at once, so the seat
        shows as gone there; this tab still joins the same seat when it comes back."""
        if self.session is None and self.peer is None:
            return
        self.attempt += 1
        self.stop()
        self.lost = "The connection was closed when this page was left."
        if self.drawn:
            SCREEN.html("join-line", connection_html(lost=self.lost))
            SCREEN.html("actions", "<p class='waiting'>Not connected to the host.</p>")

    def leave(self) -> None:
        self.attempt += 1
        self.stop()
        dom.session_set(JOINING_KEY, None)

    # -- drawing ---------------------------------------------------------------------------------------------
    def resume(self) -> None:
        """Back from the rules: the table (or the joining screen) as it stands now."""
        self._screen()
        if self.session is not None and self.session.record is not None:
            self.draw()
        else:
            self.show()

    def show(self) -> None:
        """The "Joining a game" screen as it stands."""
        if self.app.router.screen != "join":
            return  # (the rules are open: drawn on the way back)
        self.drawn = False
        dom.set_html("screen", joining_html(self.joining))
        SCREEN.reset()
        dom.set_html("topbar-extra", "")

    def draw(self) -> None:
        """The friend's table from the record (one innerHTML write a region)."""
        session = self.session
        if session is None or session.record is None or self.app.router.screen != "join":
            return
        record = session.record
        game = GAMES.get(record.game) if record.game in GAMES else None
        if game is None:
            self.joining = Joining("lost", message="The host plays a game this page does not know: reload this page.")
            self.show()
            return
        if not self.drawn:
            dom.set_html("screen", "<div id='join-line' class='join-line'></div>" + game_layout_html(record.title))
            SCREEN.reset()
            dom.scroll_top()
            self.drawn = True
            self.previous = None
        self.mark = mark_after(record, self.mark)  # from the game's start, then from after his own decisions
        started = dom.perf_now()
        try:
            told = told_since(record, self.mark)
            screen = draw_record(game, record, previous=self.previous, selected=self.selected, since_lines=told)
        except Exception as error:  # a record the views cannot draw (the host's page is untrusted): say so
            traceback.print_exc()
            session.notice = f"The host sent a position this page cannot draw ({str(error)[:120]})."
            SCREEN.html("join-line", connection_html(notice=session.notice))
            return
        self.previous = screen.view
        self.armed = None
        drawn = dom.perf_now()
        line = connection_html(notice=session.notice, reload=session.reload, ended=session.closed, lost=self.lost)
        SCREEN.html("join-line", line)  # (only the regions whose markup changed are written: app/paint.py)
        SCREEN.html("gamebar", screen.gamebar)
        SCREEN.html("status", screen.status)
        kept = dom.query(dom.element("board"), "[data-static]") if screen.board_key else None
        SCREEN.board(
            screen.board,
            screen.board_key,
            screen.board_parts,
            kept is not None and dom.attribute(kept, "data-static") == screen.board_key,
        )
        connected = not (self.lost or session.closed or session.reload)
        SCREEN.html("actions", screen.actions if connected else "<p class='waiting'>Not connected to the host.</p>")
        SCREEN.log(screen.log, screen.log_items)
        if connected and record.asked and not self.was_asked:  # keyboard play flows, as at the table
            dom.focus("#actions .btn-action:not(.ends-turn)", scroll=False)
        self.was_asked = record.asked and connected
        dom.publish("titanGuestDrawMs", [drawn - started, dom.perf_now() - drawn])  # scripts/bench_remote.py
        dom.publish("titanGuestPos", session.pos)

    # -- the friend's hand -----------------------------------------------------------------------------------
    def press(self, value: str, node: Any = None, *, touch: bool = False, confirmed: bool = False) -> None:
        """A click (or Enter) on a choice: a choice with a question asks it first in a dialog (the record's
        `confirm`); on touch, a choice on the board with a drawn preview or a text to read shows it on a first tap
        and plays on a second, as at the table; then it goes to the host."""
        choice = self._choice(value)
        if choice is None:
            return
        question = getattr(choice, "confirm", None)
        if question and not confirmed:
            self.asked = value
            dom.set_html("dialog", confirm_dialog_html(*[str(part) for part in question], value=value))
            dom.show_dialog("dialog")
            dom.focus("#dialog [data-cmd='close-dialog']")
            return
        if touch and not self._second_tap(value, node, choice.detail):
            return
        self.play(value)

    def confirm(self, value: str) -> None:
        """The dialog's confirming button: play the choice, if the board is still the one it was asked on."""
        asked, self.asked = self.asked, None
        dom.close_dialog("dialog")
        if asked == value and self.session is not None and self.session.sent_pos != self.session.pos:
            self.press(value, confirmed=True)

    def _choice(self, value: str) -> Any:
        record = self.session.record if self.session is not None else None
        try:
            index = int(value)
        except ValueError:
            return None
        if record is None or not record.asked or not 0 <= index < len(record.choices):
            return None
        return record.choices[index]

    def _second_tap(self, value: str, node: Any, detail: str) -> bool:
        """True when a tap plays the choice now; False when this first tap shows its preview or its text."""
        board = dom.element("board")
        if board is None:
            return True
        previewed = dom.query(board, f"[data-preview-of='{value}']") is not None
        on_board = node is not None and bool(board.contains(node))
        if not on_board or (not previewed and not detail) or self.armed == value:
            return True
        self.armed = value
        show_armed(value, previewed, detail)
        return False

    def play(self, value: str) -> None:
        """A click on a choice: sent to the host (the board stays until the host's record comes back)."""
        session = self.session
        if session is None or self.lost:
            return
        try:
            index = int(value)
        except ValueError:
            return
        self.armed = None
        record, mark = session.record, self.mark
        if record is not None:  # told from here until the record of his decision played comes (`mark_after`)
            self.mark = mark_of(record)
        if session.act(index):
            self.selected = None
            SCREEN.html("join-line", "<p class='join-notice' role='status'>Sent to the host…</p>")
        else:
            self.mark = mark
            self.draw()

    def select(self, key: str) -> None:
        """A pick on the board, drawn here (again: dropped)."""
        if self.session is None or self.session.record is None:
            return
        self.selected = None if key == self.selected else key
        self.draw()
        dom.focus(f"[data-select='{self.selected}']" if self.selected else "#board", scroll=False)

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            SCREEN.html("join-line", "<p class='join-notice' role='status'>Asked the host to take it back…</p>")

    async def copy(self) -> None:
        if self.joining.step == "reply" and await dom.copy_text(self.joining.reply):
            self.joining.copied = True
            self.show()
            dom.focus("[data-cmd='join-copy']")
        else:
            dom.select_text("join-reply")

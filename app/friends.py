"""Friends on other devices at the host's table (remote play, docs/remote-play.md): the host's session with the
stored invite tokens, each friend's seat's invite, reply code and connection, the standing offer sent to a
joined friend (`spare`), pings, the Friends panel, and a seat handed to the computer and back.

The WebRTC glue (`app.remote.peer`), the QR codes (`app.remote.qr`) and the STUN/TURN settings
(`app.remote.ice`) are imported inside the functions that use them: they exist in the browser, and the tests
give fakes; so is the relay of a reply code scanned on the host's own device (`app.remote.relay`), where there is
one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app import ai, dom
from app.events import GameOpened, PositionDrawn
from app.friends_panel import FriendRow, friend_html, friends_html, strip_html
from app.remote.host import DROPPED_AFTER, HostSession, Link
from app.remote.invite import invite_fragment
from app.remote.messages import Bye
from engine.core.game import GameState

if TYPE_CHECKING:
    from app.controller import App

PING_SECONDS = 5.0  # a ping to every friend's page this often (a friend silent for 15 s shows as dropped)


async def page_release() -> str:
    """This page's release id, read as the friend's page reads it (`dom.release_id()`: the service worker's cache
    version), or 'dev' where the page has no such function."""
    release_id = getattr(dom, "release_id", None)
    if release_id is None:
        return "dev"
    try:
        return str(await release_id())
    except Exception:
        traceback.print_exc()
        return "dev"


@dataclass
class Invite:
    """A friend's seat at this page: the peer waiting for his reply code (an invite link's offer or the standing
    offer sent to him), the link shown, and what the panel says."""

    peer: Any = None  # an app.remote.peer.Peer waiting for a reply code
    link: str = ""  # the invite link shown
    qr: str = ""
    making: bool = False
    message: str = ""
    reply: str = ""  # the reply code pasted last, shown again in its field while it did not connect
    joined: bool = False  # a page held the seat in this run of the host's page


class Friends:
    """The host's session (None: a game without friends' seats) and each friend's seat's invite."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.session: HostSession | None = None
        self.invites: dict[int, Invite] = {}
        self.spared: set[int] = set()  # ids of the links that were sent a standing offer
        self.generation = 0  # a new game shown: the pings and offers under way for the last one stop
        self.entry_id: str | None = None  # the stored game the session is for
        self.relay: Any = None  # the channel a reply code scanned in another tab comes by (app/remote/relay.py)
        self.ping_seconds = PING_SECONDS
        self.drawn: dict[int, str] = {}  # each friend's row as last written in the panel ({}: the panel is new)
        self.following: Any = None  # while a session is open: its subscription to the positions drawn
        app.events.subscribe(GameOpened, lambda _event: self.start())

    # -- the session ---------------------------------------------------------------------------------------
    def start(self) -> None:
        """The game shown has friends' seats (stored with its entry): its session, with their tokens (the same
        game shown again, from the home screen, keeps its session and its friends connected; another game ends
        it)."""
        table, saver = self.app.table, self.app.stored.saver
        friends = saver.friends
        session = self.session
        same = session is not None and saver.entry_id == self.entry_id and session.tokens == friends
        if same and session is not None and table.state is not None:
            if table.state is not session.state:
                session.update(table.state)
            return
        self.end()
        if table.game is None or table.state is None or not friends:
            return
        self.entry_id = saver.entry_id
        self.session = HostSession(
            table.game,
            table.state,
            release="dev",  # until the page's own is read (`learn_release`): a hello comes seconds later at least
            clock=lambda: dom.perf_now() / 1000,
            tokens=dict(friends),
            on_change=self.on_change,
        )
        self.invites = {seat: Invite() for seat in sorted(friends)}
        self.following = self.app.events.subscribe(PositionDrawn, lambda event: self.changed(event.state))
        self.app.spawn(self.learn_release(self.session))
        self.app.spawn(self.pinger(self.generation))
        try:
            from app.remote import relay
        except ImportError:  # no relay in this release: the host pastes the codes
            return
        self.relay = relay.listen(self.scanned)

    async def learn_release(self, session: HostSession) -> None:
        """The release id the session's welcome carries (a friend's page on another release is told to reload)."""
        session.release = await page_release()

    def end(self) -> None:
        """Another game is shown: the friends' pages are told, the offers waiting are dropped."""
        self.generation += 1
        session, self.session, self.entry_id = self.session, None, None
        if self.following is not None:  # the friends' pages follow this game no more
            self.app.events.unsubscribe(PositionDrawn, self.following)
            self.following = None
        if session is not None:
            for link in session.joined():
                link.send(Bye(message="The host closed this game on his page: open your invite again when he is back."))
                link.close()
        for invite in self.invites.values():
            _close(invite.peer)
        self.invites, self.spared, self.drawn = {}, set(), {}
        relay, self.relay = self.relay, None
        _close(relay)

    async def pinger(self, generation: int) -> None:
        """Every few seconds: a ping to each friend's page, and the panel redrawn (a silent friend shows as
        dropped)."""
        while generation == self.generation and self.session is not None:
            await asyncio.sleep(self.ping_seconds)
            if generation != self.generation or self.session is None:
                return
            self.session.ping()
            self.render()

    def changed(self, state: GameState) -> None:
        """The table drew `state`: the friends' pages get it if it changed (a move here, a computer's, an undo,
        a reload, a seat handed over); the panel is redrawn."""
        session = self.session
        if session is None:
            return
        if state is not session.state:
            session.update(state)
        dom.publish("titanHostPos", session.pos)  # the position the friends' pages are sent (for tests to wait on)
        self.render()

    def on_change(self, state: GameState) -> None:
        """A friend's move or Undo, checked and applied by the session: the table takes it as a local move."""
        self.app.table.take(state)

    # -- a friend's connection -----------------------------------------------------------------------------
    def invite(self, seat: int) -> None:
        """'Invite': a new offer for the seat, shown as a link (the seat's token, the offer's code) and QR code."""
        invite = self.invites.get(seat)
        if self.session is None or invite is None or invite.making:
            return
        invite.making, invite.message = True, ""
        self.render()
        self.app.spawn(self.make_invite(seat, self.generation))

    async def make_invite(self, seat: int, generation: int) -> None:
        """The invite's offer (ICE gathering takes a moment), then the link and its QR code."""
        invite = self.invites.get(seat)
        session = self.session
        if invite is None or session is None:
            return
        try:
            from app.remote import ice, peer, qr

            with contextlib.suppress(OSError):  # without it, the QR code says so below; the link works
                await dom.load_package(qr.PACKAGE)  # segno, loaded the first time a code is shown
            made, code = await peer.make_offer(ice.ice_servers())
        except Exception as error:
            traceback.print_exc()
            invite.making, invite.message = False, f"The invite could not be made ({error})."
            self.render()
            return
        if generation != self.generation or self.invites.get(seat) is not invite:
            _close(made)
            return
        name = session.state.seats[seat].name
        link = f"{dom.page_url()}#{invite_fragment(session.invite(seat), code)}"  # #join=<token>.<offer code>
        try:
            picture = qr.qr_svg(link, title=f"Invite for {name}")  # its library loaded before the offer
        except Exception as error:  # the link still works without its picture
            traceback.print_exc()
            picture, invite.message = "", f"No QR code this time ({error}); the link works."
        self._wait_for_reply(seat, made)
        invite.making, invite.link, invite.qr, invite.reply = False, link, picture, ""
        if not invite.message:
            invite.message = f"Send {name} this link; paste the reply code he gets below."
        self.render()

    def _wait_for_reply(self, seat: int, made: Any) -> None:
        """`made` is the seat's offer waiting for a reply code now (an older one waiting is dropped)."""
        invite = self.invites[seat]
        if invite.peer is not None and invite.peer is not made:
            _close(invite.peer)
        invite.peer = made
        made.on_open = lambda: self.opened(seat, made)
        made.on_close = lambda reason: self.closed(seat, made, None, reason)

    def copy(self, seat: int) -> None:
        """The Copy button: the invite link to the clipboard."""
        invite = self.invites.get(seat)
        if invite is not None and invite.link:
            self.app.spawn(self._copy(invite.link))

    async def _copy(self, text: str) -> None:
        copied = await dom.copy_text(text)
        self.app.notices.notify("info" if copied else "warn", "Copied." if copied else "Copy the link by hand.")

    def reply(self, seat: int) -> None:
        """'Connect': the friend's reply code pasted for the offer waiting."""
        invite = self.invites.get(seat)
        if self.session is None or invite is None:
            return
        code = dom.value_of(f"friend-reply-{seat}").strip()
        if invite.peer is None:
            invite.message = "Make an invite first."
        elif not code:
            invite.message = "Paste the reply code your friend's page shows."
        else:
            invite.reply = code[:4000]
            self.app.spawn(self.take_reply(seat, invite.peer, code))
            return
        self.render()

    def scanned(self, token: str, code: str) -> bool:
        """A reply code scanned on this device and handed over by another tab (app/remote/relay.py, checked there
        as untrusted): taken as if pasted in its seat's field; False when no seat of this game waits for it."""
        session = self.session
        if session is None:
            return False
        given = token.encode("utf-8")
        seat = next((s for s, t in session.tokens.items() if hmac.compare_digest(t.encode("utf-8"), given)), None)
        invite = self.invites.get(seat) if seat is not None else None
        if seat is None or invite is None or invite.peer is None:
            return False
        invite.reply = code[:4000]
        self.app.spawn(self.take_reply(seat, invite.peer, code))
        return True

    async def take_reply(self, seat: int, waiting: Any, code: str) -> None:
        """The reply code given to the offer: the connection opens (`opened`), or the panel says why not; a code
        that cannot be read changes nothing."""
        from app.remote import peer
        from app.remote.sdpcode import CodeError

        invite = self.invites.get(seat)
        if invite is None:
            return
        try:
            await peer.take_reply(waiting, code)
        except CodeError as error:
            invite.message = f"That reply code cannot be read ({error}). Nothing changed: ask for it again."
        except Exception as error:
            traceback.print_exc()
            reason = str(getattr(waiting, "reason", "") or error)
            invite.message = f"The connection failed: {reason}"
        else:
            if invite.peer is waiting:  # not opened meanwhile (`opened` takes the offer and clears the message)
                invite.message = "Connecting…"
        self.render()

    def opened(self, seat: int, made: Any) -> None:
        """A friend's channel is open: the session takes it (its hello gives it the seat)."""
        session, invite = self.session, self.invites.get(seat)
        if session is None or invite is None:
            _close(made)
            return
        if invite.peer is made:
            invite.peer, invite.link, invite.qr = None, "", ""
        invite.message, invite.reply = "", ""
        link = session.connect(made)
        made.on_text = lambda text: self.heard(seat, link, text)
        made.on_close = lambda reason: self.closed(seat, made, link, reason)
        self.render()

    def heard(self, seat: int, link: Link, text: object) -> None:
        """A friend's message: to the session (which checks it); a page that just took a seat gets a standing
        offer for its next connection."""
        self.keep_time()
        link.receive(text)
        invite = self.invites.get(seat)
        if link.mismatched and invite is not None and self.session is not None:
            name = self.session.state.seats[seat].name
            invite.message = (
                f"{name}'s page runs another version of Titan Table: nothing was played. He must reload his page "
                "(or, if his is the newer, reload this one), then open a new invite link."
            )
        if link.seat is not None and not link.closed:
            invite = self.invites.get(link.seat)
            if invite is not None:
                invite.joined = True
            if id(link) not in self.spared:
                self.spared.add(id(link))
                self.app.spawn(self.make_spare(link.seat, link, self.generation))
        self.render()

    def keep_time(self) -> None:
        """Battle Titan's clock: the time counted goes into the game before a friend's message is played, as before
        a move here (`GameClock.fold`). A change of the time alone (this, or the clock's own flush) is no new
        position: the session takes it without a new position id, so a friend's choice on its way stays good."""
        table, session = self.app.table, self.session
        if session is None or table.state is None:
            return
        before = table.state
        table.state = self.app.clock.fold(before)
        if table.confirming is not None and table.confirming[1] is before:
            table.confirming = (table.confirming[0], table.state)  # a dialog open on this position stays good
        session.state = table.state

    async def make_spare(self, seat: int, link: Link, generation: int) -> None:
        """The standing offer for the seat's next connection, sent over the open channel (message `spare`): a
        friend whose page reloads or loses the network then only shows a reply code for the host to paste."""
        try:
            from app.remote import ice, peer

            made, code = await peer.make_offer(ice.ice_servers())
        except Exception:  # no spare: the host can still make a new invite link
            traceback.print_exc()
            return
        session, invite = self.session, self.invites.get(seat)
        if generation != self.generation or session is None or invite is None or link.closed:
            _close(made)
            return
        self._wait_for_reply(seat, made)
        session.offer_spare(seat, code)
        self.render()

    def closed(self, seat: int, made: Any, link: Link | None, reason: str) -> None:
        """A channel ended (the friend left, the network went) or an offer's connection failed."""
        invite = self.invites.get(seat)
        if link is not None:
            link.close()
        elif invite is not None and invite.peer is made:
            invite.message = f"The connection failed: {reason}" if reason else "The connection failed."
        self.render()

    # -- a seat of the game shown handed to a friend ---------------------------------------------------------
    def add_seat(self, seat: int) -> None:
        """A human seat of the game shown (one opened from a save string, say, whose friends' seats are none) is
        played by a friend on another device from now on: its invite token is made and kept with the game's entry
        (never in the save), and the Friends panel shows the seat with its Invite. Friends already joined stay
        connected."""
        table, saver = self.app.table, self.app.stored.saver
        state = table.state
        if state is None or state.is_over or not 0 <= seat < state.num_players or state.seats[seat].is_ai:
            return
        if seat in saver.friends:
            return
        token = secrets.token_urlsafe(16)
        saver.friends = {**saver.friends, seat: token}
        if self.session is not None and self.entry_id == saver.entry_id:
            self.session.tokens[seat] = token
            self.invites[seat] = Invite()
        else:
            self.start()
        if table.shown_seat == seat:  # the device is no longer his to hold
            table.shown_seat = None
        self.app.dialogs.close()
        table.note(f"{state.seats[seat].name} plays from another device: invite him from the Friends panel.")
        table.show()
        saver.written = None  # the entry's friends changed: written though the position did not
        self.app.stored.autosave()

    # -- a seat handed to the computer and back ----------------------------------------------------------------
    def to_computer(self, seat: int) -> None:
        """A friend is gone: the computer plays his seat, at the level chosen (his invite still holds)."""
        table, session = self.app.table, self.session
        game, state = table.game, table.state
        if session is None or game is None or state is None or seat not in self.invites or state.seats[seat].is_ai:
            return
        levels = ai.bot_levels(game)
        chosen = dom.value_of(f"friend-level-{seat}")
        level, level_name = next(((lv, n) for lv, n in levels if str(lv) == chosen), max(levels, default=(1, "")))
        for link in session.joined(seat):
            link.send(Bye(message="The host handed your seat to the computer: open your invite when he hands it back."))
            link.close()
        name = state.seats[seat].name
        table.note(f"{name}'s seat is handed to the computer ({level_name}).")
        table.take(with_seat(state, seat, kind="ai", level=level))

    def back(self, seat: int) -> None:
        """The seat handed to the computer is the friend's again (he rejoins with his invite)."""
        table = self.app.table
        state = table.state
        if self.session is None or state is None or seat not in self.invites or not state.seats[seat].is_ai:
            return
        table.note(f"{state.seats[seat].name}'s seat is handed back to him.")
        table.take(with_seat(state, seat, kind="human", level=0))

    # -- the panel -------------------------------------------------------------------------------------------
    def rows(self) -> list[FriendRow]:
        """Each friend's seat as the panel shows it."""
        session, game = self.session, self.app.table.game
        if session is None or game is None:
            return []
        state = session.state
        now = session.clock()
        levels = ai.bot_levels(game)
        rows = []
        for seat, invite in sorted(self.invites.items()):
            who = state.seats[seat]
            links = session.joined(seat)
            if who.is_ai:
                kind = "computer"
            elif any(now - link.last_seen <= DROPPED_AFTER for link in links):
                kind = "thinking" if state.current_player == seat and not state.is_over else "connected"
            elif links:
                kind = "dropped"
            else:
                kind = "gone" if invite.joined else "waiting"
            rows.append(
                FriendRow(
                    seat=seat,
                    name=who.name,
                    state=kind,
                    link=invite.link,
                    qr=invite.qr,
                    making=invite.making,
                    waiting_reply=invite.peer is not None and kind in ("waiting", "dropped", "gone"),
                    message=invite.message,
                    reply=invite.reply,
                    level_name=dict(levels).get(who.level, "") if who.is_ai else "",
                    levels=levels,
                )
            )
        return rows

    def render(self) -> None:
        """Write the Friends panel and the strip (on the game screen): only the rows that changed (a field being
        filled in another row keeps its text and focus; pings redraw every few seconds)."""
        if self.session is None or self.app.router.screen != "game":
            return
        rows = self.rows()
        markup = {row.seat: friend_html(row) for row in rows}
        if set(markup) != set(self.drawn):
            dom.set_html("friends", friends_html(rows))
        else:
            for seat, row in markup.items():
                if row != self.drawn[seat]:
                    dom.set_html(f"friend-row-{seat}", row)
        self.drawn = markup
        dom.set_html("friends-strip", strip_html(rows))


def with_seat(state: GameState, seat: int, *, kind: str, level: int) -> GameState:
    """`state` with `seat` played by the computer at `level` (kind 'ai') or by its human again ('human'): a change
    of who plays, saved as any change. An Undo never goes back past it (its own undo chain starts here)."""
    new = state.clone()
    seats = list(state.seats)
    seats[seat] = seats[seat].model_copy(update={"kind": kind, "level": level})
    new.seats = seats
    new.previous = None
    return new


def _close(peer: Any) -> None:
    """Drop an offer or a connection (a peer that is already closed ignores it)."""
    if peer is not None:
        try:
            peer.close()
        except Exception:
            traceback.print_exc()

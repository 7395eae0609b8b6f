"""The friend's page, as pure functions (no DOM): the invites kept on the device, the "Joining a game" screen, and
the friend's table drawn from the seat's record (docs/remote-play.md). `app/join.py` writes them into the page.

Everything the host sent is untrusted: the record came through the protocol's strict parsing, and every text of it
is escaped here or by the views that draw it.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, Protocol, cast

from app.markup import button, esc
from app.remote.invite import read_invite
from app.remote.record import SeatRecord
from app.remote.sdpcode import CodeError, unpack
from app.screens import actions_html, log_html, status_html
from app.since import Mark, log_mark, summary_html, summary_lines, turns_since
from app.views import view_module

PREFIX = "titan-table:join:"  # + the seat's token: {"offer": the invite's offer, "spare": the host's standing offer}
JOINING_KEY = "titan-table:joining"  # (this tab's sessionStorage) the token of the invite this tab is joining
MAX_STORED = 10_000  # characters of a stored invite read at all


class KeyValue(Protocol):
    """The device's storage as the saved games use it (app/storage.Backend): get, set, remove."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


class InviteBook:
    """The invites this device has opened, by token: the invite's offer code and the host's standing offer (sent
    while connected, `spare`), so that a reload or a reopened invite joins again with only a reply code to send
    back."""

    def __init__(self, store: KeyValue) -> None:
        self.store = store

    def read(self, token: str) -> tuple[str, str]:
        """(offer, spare) kept for `token` (('', '') if none, or if what is kept cannot be read)."""
        try:
            raw = self.store.get(PREFIX + token)
        except Exception:
            return "", ""
        if not raw or len(raw) > MAX_STORED:
            return "", ""
        try:
            data = json.loads(raw)
        except ValueError:
            return "", ""
        if not isinstance(data, dict):
            return "", ""
        offer, spare = data.get("offer"), data.get("spare")
        return (offer if _is_offer(offer) else ""), (spare if _is_offer(spare) else "")

    def opened(self, token: str, offer: str) -> str:
        """An invite opened (its link): kept, and the offer code to answer: the host's standing offer if this very
        invite was opened here before and the host sent one since; else the invite's own (a new invite from the
        host, another offer, starts afresh)."""
        kept_offer, spare = self.read(token)
        if kept_offer == offer and spare:
            return spare
        self._write(token, offer, "")
        return offer

    def answer_for(self, token: str) -> str:
        """The offer code to answer on a reload of a page that was joining `token` ('' if nothing is kept)."""
        offer, spare = self.read(token)
        return spare or offer

    def keep_spare(self, token: str, code: str) -> None:
        """The host's standing offer, kept for the next join (a code that is not an offer is ignored)."""
        offer, _spare = self.read(token)
        if offer and _is_offer(code):
            self._write(token, offer, code)

    def _write(self, token: str, offer: str, spare: str) -> None:
        with contextlib.suppress(Exception):  # (storage full or blocked: a reload then needs the invite link again)
            self.store.set(PREFIX + token, json.dumps({"offer": offer, "spare": spare}))


def _is_offer(code: object) -> bool:
    if not isinstance(code, str) or not code:
        return False
    try:
        return not unpack(code).answer
    except CodeError:
        return False


def read_join_fragment(fragment: str) -> tuple[str, str] | None:
    """The token and offer code of a `#join=` fragment; None when the fragment is not one at all; CodeError (with
    words for the player) for a damaged invite link."""
    text = str(fragment).strip()
    if not text.removeprefix("#").startswith("join="):
        return None
    return read_invite(text)


# -- the "Joining a game" screen -------------------------------------------------------------------------------
@dataclass
class Joining:
    """Where the join stands, for the screen."""

    step: str  # 'making' (the reply code being made), 'reply' (shown: waiting for the host), 'connected',
    # 'failed' (the connection could not be made), 'error' (a bad invite link), 'lost' (the connection ended),
    # 'reload' (the host runs another release)
    reply: str = ""
    message: str = ""  # why it failed or ended, in plain words
    qr: str = ""  # the reply code's QR code (SVG markup made by app/remote/qr.py), '' without it
    copied: bool = False


def joining_html(joining: Joining) -> str:
    """The friend's screen before the table: the reply code to send back, or what went wrong and what to do."""
    head = "<section class='join' aria-labelledby='join-title'><h1 id='join-title'>Joining a game</h1>"
    step = joining.step
    if step == "making":
        body = "<p class='join-step' role='status'>Making your reply code…</p>"
    elif step == "reply":
        qr = f"<figure class='join-qr'>{joining.qr}<figcaption>The reply code as a QR code</figcaption></figure>" if (
            joining.qr) else ""  # fmt: skip
        body = (
            "<p class='join-step'><strong>Send this reply code back to the host</strong> (by the chat or mail the "
            "invite came by). The host pastes it, and you are seated. Keep this page open until then.</p>"
            "<label for='join-reply' class='join-label'>Your reply code</label>"
            f"<textarea id='join-reply' class='join-code' readonly rows='3' spellcheck='false'>{esc(joining.reply)}"
            "</textarea><p class='join-buttons'>"
            + button("Copied" if joining.copied else "Copy the reply code", cls="btn btn-primary", cmd="join-copy")
            + "</p>"
            + qr
            + "<p class='join-wait' role='status'>Waiting for the host…</p>"
        )
    elif step == "connected":
        body = "<p class='join-step' role='status'>Connected: taking your seat…</p>"
    else:
        title = {
            "error": "This invite cannot be used",
            "lost": "The connection ended",
            "reload": "Reload this page",
        }.get(step, "The connection could not be made")
        again = {
            "error": "",
            "reload": button("Reload this page", cls="btn btn-primary", cmd="join-reload"),
        }.get(step, button("Try again", cls="btn btn-primary", cmd="join-again"))
        body = (
            f"<h2 class='join-problem'>{esc(title)}</h2><p class='join-message' role='alert'>{esc(joining.message)}"
            f"</p><p class='join-buttons'>{again}{button('Home', cls='btn', cmd='home')}</p>"
        )
    return head + body + "</section>"


# -- the friend's table --------------------------------------------------------------------------------------------
@dataclass
class GuestScreen:
    """The markup of each region of the friend's table (app/gameview.Regions's, plus the connection's line)."""

    gamebar: str
    status: str
    board: str
    actions: str
    log: str
    view: dict[str, Any] | None = None
    board_key: str = ""
    board_parts: dict[str, str] | None = None
    log_items: list[str] | None = None  # `log` as its items (app/paint.py writes only the changed ones)


def guest_bar_html(title: str, can_undo: bool, is_over: bool, game_id: str = "") -> str:
    """The friend's menu: Undo (this seat's last decision, asked of the host), the rules, Home."""
    return (
        f"<h1 class='game-title'>{esc(title)}{' · Game over' if is_over else ''}</h1>"
        "<nav class='menu' aria-label='Game menu'>"
        + button(
            "Undo",
            cls="btn btn-small",
            cmd="join-undo",
            disabled=not can_undo,
            title="Ask the host to take back your last decision (never past a roll, nor another player's decision)",
        )
        + button("Rules", cls="btn btn-small", cmd="rules", game=game_id)
        + button("Home", cls="btn btn-small", cmd="home")
        + "</nav>"
    )


def connection_html(*, notice: str = "", reload: str = "", ended: str = "", lost: str = "") -> str:
    """The line above the friend's table: a refusal, a release that differs (reload), a host who ended the
    connection, a lost connection and how to rejoin ('' when all is well)."""
    if reload:
        return f"<div class='join-alert' role='alert'><p>{esc(reload)}</p>" + button(
            "Reload this page", cls="btn btn-primary", cmd="join-reload"
        ) + "</div>"  # fmt: skip
    if ended:
        return f"<div class='join-alert' role='alert'><p>{esc(ended)}</p></div>"
    if lost:
        return (
            f"<div class='join-alert' role='alert'><p>{esc(lost)} To rejoin, press Rejoin (or reload this page) "
            "and send the new reply code to the host: your seat waits for you.</p>"
            + button("Rejoin", cls="btn btn-primary", cmd="join-again")
            + "</div>"
        )
    if notice:
        return f"<p class='join-notice' role='status'>{esc(notice)}</p>"
    return ""


def told_since(record: SeatRecord, mark: Mark | None) -> list[str] | None:
    """What happened since this seat last decided (`mark`: where the log stood then), a line a turn, for the
    summary above its choices (app/since.py, from the log alone as at the table); None when it is not asked."""
    if not record.asked or mark is None:
        return None
    logged = cast(Any, record)  # (a record has the log and the turns a mark is read against)
    return summary_lines(turns_since(logged, mark), getattr(view_module(record.game), "turn_summary", None))


def mark_of(record: SeatRecord) -> Mark:
    """Where the record's log stands now."""
    return log_mark(cast(Any, record))


def mark_after(record: SeatRecord, mark: Mark | None) -> Mark:
    """Where the seat's summary is told from once `record` is drawn (`mark`: where it was told from before): from
    the first record on, and from just after each of the seat's own decisions (a record whose last action is the
    seat's), as the host's table marks a seat once its decision is played. So what the seat did itself is never
    told back to it as what happened since its last turn."""
    if mark is None or (record.seat is not None and record.actor == record.seat):
        return mark_of(record)
    return mark


def draw_record(
    game: Any,
    record: SeatRecord,
    *,
    previous: dict[str, Any] | None = None,
    selected: str | None = None,
    since_lines: list[str] | None = None,
) -> GuestScreen:
    """Every region of the friend's table from the seat's record alone: through `app.gameview.record_regions` (the
    table's own drawing, so the friend sees the same board, choices, log and hints as at the host's table); until
    that exists, the status, the choices (every one as a button) and the log, with the board left out."""
    from app import gameview

    draw = getattr(gameview, "record_regions", None)
    bar = guest_bar_html(record.title, record.can_undo, record.over, record.game)
    if draw is not None:
        extra = {"since_lines": since_lines} if since_lines is not None else {}
        regions = draw(game, record, previous=previous, selected=selected, **extra)
        return GuestScreen(
            gamebar=bar,
            status=regions.status,
            board=regions.board,
            actions=regions.actions,
            log=regions.log,
            view=regions.view,
            board_key=getattr(regions, "board_key", ""),
            board_parts=getattr(regions, "board_parts", None),
            log_items=getattr(regions, "log_items", None),
        )
    thinking = not record.asked and not record.over
    if record.over:
        actions = "<ul class='result-list'>" + "".join(f"<li>{esc(line)}</li>" for line in record.result) + "</ul>"
    elif record.asked:
        actions = actions_html(
            [choice.label for choice in record.choices],
            interactive=True,
            icons=[choice.icon for choice in record.choices],
            groups=[choice.group for choice in record.choices],
            details=[choice.detail for choice in record.choices],
            ends_turn=[choice.ends_turn for choice in record.choices],
        )
        if record.choices_note:
            actions = f"<p class='choices-note'>{esc(record.choices_note)}</p>{actions}"
        actions = summary_html(since_lines or []) + actions
    else:
        whose = record.names[record.current] if record.current is not None else ""
        actions = actions_html([], interactive=False, waiting_text=f"{whose} is deciding…")
    return GuestScreen(
        gamebar=bar,
        status=status_html(record.status, thinking=thinking, over=record.over, seat=record.current),
        board="<p class='join-board-note'>The board is drawn here once this release draws a seat's screen from its "
        "record.</p>",
        actions=actions,
        log=log_html(record.log, record.turns, last_lines=record.last_lines),
        view=record.view,
    )

"""The host's Friends panel and strip as HTML from plain data (remote play, docs/remote-play.md): each friend's
seat, its state, its invite link and QR code, the reply code's field, and the hand-over to the computer.

No DOM here (app/friends.py gathers the rows and writes them); every name, link and message is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.markup import attrs, button, esc

# A friend's seat's state, in the words the panel shows.
STATES = {
    "waiting": "not joined yet",
    "connected": "connected",
    "thinking": "thinking: it is his decision",
    "dropped": "dropped: no word for 15 s",
    "gone": "gone",
    "computer": "played by the computer",
}


@dataclass
class FriendRow:
    """One friend's seat as the panel shows it."""

    seat: int
    name: str
    state: str  # a key of STATES
    link: str = ""  # the invite link shown ('' none)
    qr: str = ""  # its QR code: SVG markup made by app/remote/qr.py (escaped there), shown as is
    making: bool = False  # an invite (its offer) is being made
    waiting_reply: bool = False  # an offer (an invite's or a standing one) waits for the friend's reply code
    message: str = ""  # what went wrong last, or where the connection stands
    reply: str = ""  # the reply code last pasted (kept in its field when it could not be read)
    level_name: str = ""  # a seat handed to the computer: its level's name
    levels: list[tuple[int, str]] = field(default_factory=list)  # the levels it can be handed at


def strip_html(rows: list[FriendRow]) -> str:
    """The short line near the status: each friend and his state."""
    if not rows:
        return ""
    parts = [
        f"<span{attrs(class_=f'friend-chip friend-{row.state}')}>"
        f"<span class='seat-chip seat-bg-{row.seat}' aria-hidden='true'></span>{esc(row.name)}: "
        f"{esc(STATES.get(row.state, row.state))}</span>"
        for row in rows
    ]
    return "<span class='friends-label'>Friends:</span> " + " · ".join(parts)


def friend_html(row: FriendRow) -> str:
    """One friend's seat: its state, then what the host can do for it."""
    seat = row.seat
    state = STATES.get(row.state, row.state)
    if row.state == "computer" and row.level_name:
        state = f"{state} ({row.level_name})"
    head = (
        f"<p class='friend-head'><span class='seat-chip seat-bg-{seat}' aria-hidden='true'></span>"
        f"<strong>{esc(row.name)}</strong> <span{attrs(class_=f'friend-state friend-{row.state}')}>"
        f"{esc(state)}</span></p>"
    )
    body: list[str] = []
    if row.state == "computer":
        body.append(
            button(
                f"Hand back to {row.name}",
                cls="btn btn-small",
                cmd="friend-back",
                id=seat,
                title="The seat is his again: he rejoins with his invite",
            )
        )
    else:
        if row.state in ("waiting", "dropped", "gone"):
            label = "Making the invite…" if row.making else ("New invite link" if row.link else "Invite")
            body.append(
                button(
                    label,
                    cls="btn btn-small",
                    cmd="friend-invite",
                    id=seat,
                    disabled=row.making,
                    title=f"A link for {row.name} to open in his browser (the same seat, the same invite)",
                )
            )
        if row.link:
            link_id = f"friend-link-{seat}"
            body.append(
                f"<label class='field friend-link'{attrs(for_=link_id)}><span>Invite link for {esc(row.name)}</span>"
                f"<input{attrs(type='text', id=link_id, value=row.link, readonly=True)}></label>"
                + button("Copy", cls="btn btn-small", cmd="friend-copy", id=seat)
                + (f"<div class='friend-qr'>{row.qr}</div>" if row.qr else "")
            )
        if row.waiting_reply:
            reply_id = f"friend-reply-{seat}"
            field = attrs(type="text", id=reply_id, value=row.reply or None, autocomplete="off", spellcheck="false")
            body.append(
                f"<label class='field friend-reply'{attrs(for_=reply_id)}><span>{esc(row.name)}'s reply code</span>"
                f"<input{field}></label>"
                + button("Connect", cls="btn btn-small btn-primary", cmd="friend-reply", id=seat)
            )
        if row.state in ("waiting", "dropped", "gone") and row.levels:
            level_id = f"friend-level-{seat}"
            options = "".join(f"<option{attrs(value=level)}>{esc(name)}</option>" for level, name in row.levels)
            body.append(
                f"<div class='friend-hand'><label class='field'{attrs(for_=level_id)}><span>Computer level</span>"
                f"<select{attrs(id=level_id)}>{options}</select></label>"
                + button("Hand to the computer", cls="btn btn-small", cmd="friend-to-computer", id=seat)
                + "</div>"
            )
    message = f"<p class='friend-message' role='status'>{esc(row.message)}</p>" if row.message else ""
    return f"{head}{message}{''.join(body)}"


def friends_html(rows: list[FriendRow]) -> str:
    """The Friends panel: every friend's seat, each in its own element (`friend-row-<seat>`), so that a change of
    one friend's state is written there alone and never clears a reply code being pasted in another's field."""
    return "".join(
        f"<div{attrs(class_='friend', id=f'friend-row-{row.seat}')}>{friend_html(row)}</div>" for row in rows
    )

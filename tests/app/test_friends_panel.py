"""The host's Friends panel as HTML (app/friends_panel.py): each state's words and controls, everything escaped."""

from __future__ import annotations

from app.friends_panel import FriendRow, friends_html, strip_html

XSS = "<img src=x onerror=alert(1)>"


def test_every_name_link_and_message_is_escaped():
    row = FriendRow(
        seat=1,
        name=XSS,
        state="gone",
        link=f"http://127.0.0.1/#join='{XSS}",
        waiting_reply=True,
        message=f"The connection failed: {XSS}",
        levels=[(1, XSS)],
    )
    panel, strip = friends_html([row]), strip_html([row])
    assert "<img" not in panel and "<img" not in strip
    assert "&lt;img src=x onerror=alert(1)&gt;" in panel and "&#x27;" in panel


def test_each_state_has_its_words_and_its_controls():
    def panel(state: str, **fields) -> str:
        return friends_html([FriendRow(seat=2, name="Bob", state=state, levels=[(1, "Standard")], **fields)])

    waiting = panel("waiting")
    assert "not joined yet" in waiting and 'data-cmd="friend-invite"' in waiting and 'data-id="2"' in waiting
    assert "friend-to-computer" in waiting  # a friend who never came can be replaced too
    connected = panel("connected")
    assert "friend-invite" not in connected and "friend-to-computer" not in connected
    assert "thinking: it is his decision" in panel("thinking")
    assert "dropped: no word for 15 s" in panel("dropped") and "friend-to-computer" in panel("dropped")
    computer = panel("computer", level_name="Standard")
    assert "played by the computer (Standard)" in computer and "friend-back" in computer
    assert "friend-invite" not in computer
    shown = panel("waiting", link="http://x/#join=a.b", qr="<svg></svg>", waiting_reply=True)
    assert "friend-copy" in shown and "<svg></svg>" in shown and "friend-reply-2" in shown
    assert "New invite link" in shown
    assert "disabled" in panel("waiting", making=True) and "Making the invite…" in panel("waiting", making=True)
    assert strip_html([]) == ""

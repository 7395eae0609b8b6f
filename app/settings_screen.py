"""The settings screen as HTML from plain data: the STUN and TURN servers remote play may use (app/remote/ice.py)."""

from __future__ import annotations

from app.markup import attrs, button, esc
from app.remote.ice import PUBLIC_STUN, IceSettings


def _server_html(url: str, kind: str, username: str) -> str:
    user = f"<span class='ice-user'>user {esc(username)}</span>" if username else ""
    return (
        f"<li class='ice-server'><span class='ice-kind'>{esc(kind)}</span><code class='ice-url'>{esc(url)}</code>"
        f"{user}<button{attrs(type='button', class_='btn btn-small btn-ghost', data_cmd='ice-remove', data_id=url)}"
        f"{attrs(aria_label=f'Remove {url}')}>Remove</button></li>"
    )


def settings_html(
    settings: IceSettings, *, error: str = "", message: str = "", url: str = "", username: str = ""
) -> str:
    """The settings screen; `error` (a refused entry, kept in the form with `url` and `username`) or `message`."""
    listed = "".join(_server_html(s.url, s.kind, s.username) for s in settings.servers)
    servers = f"<ul class='ice-list'>{listed}</ul>" if listed else "<p class='empty'>None added.</p>"
    feedback = (
        f"<p class='form-error' role='alert'>{esc(error)}</p>"
        if error
        else f"<p class='settings-msg' role='status'>{esc(message)}</p>"
    )
    public = (
        f"<label class='check ice-public'><input{attrs(type='checkbox', id='ice-public', data_cmd='ice-public')}"
        f"{' checked' if settings.public_stun else ''}><span>Use a public STUN server, <code>{esc(PUBLIC_STUN)}</code>"
        " (Google's): it learns this device's address when a friend connects.</span></label>"
    )
    return (
        "<section class='settings' aria-labelledby='settings-title'><div class='rules-bar'>"
        f"{button('Back', cls='btn btn-primary', cmd='back')}<h1 id='settings-title'>Settings</h1></div>"
        "<section class='settings-part' aria-labelledby='ice-title'>"
        "<h2 id='ice-title'>Playing with friends on other devices: connection servers</h2>"
        "<p>By default this page contacts no server at all. On one Wi-Fi or LAN none is needed. Across the "
        "internet, add them here:</p>"
        "<dl class='ice-terms'><dt>STUN</dt><dd>finds your public address; needed across most home routers.</dd>"
        "<dt>TURN</dt><dd>relays the game when a direct connection fails (about one connection in five across the "
        "internet); it needs a user name and a credential from whoever runs it.</dd></dl>"
        f"{public}<h3>Your servers</h3>{servers}"
        "<form id='ice-form' class='ice-form' onsubmit='return false' aria-labelledby='ice-add-title'>"
        "<h3 id='ice-add-title'>Add a server</h3>"
        "<label class='field' for='ice-url'><span>Address (stun:, turn: or turns:)</span>"
        f"<input{attrs(id='ice-url', name='url', type='text', value=url, spellcheck='false', autocomplete='off')}"
        " placeholder='turn:turn.example.org:3478' autocapitalize='off'></label>"
        "<label class='field' for='ice-username'><span>User name (TURN only)</span>"
        f"<input{attrs(id='ice-username', name='username', type='text', value=username, autocomplete='off')}"
        " autocapitalize='off'></label>"
        "<label class='field' for='ice-credential'><span>Credential (TURN only)</span>"
        "<input id='ice-credential' name='credential' type='password' autocomplete='off'></label>"
        f"{feedback}<div class='form-buttons'>{button('Add', cls='btn btn-primary', cmd='ice-add')}</div></form>"
        "<p class='settings-note'>Kept in this browser only, the credential as typed: use one meant for games.</p>"
        "</section><section class='settings-part' aria-labelledby='page-qr-title'>"
        "<h2 id='page-qr-title'>Open this page on another device</h2>"
        "<p>A phone on the same Wi-Fi can scan this page's address (served to the network with "
        "<code>scripts/play.sh --lan</code>).</p>"
        f"{button('Show the address as a QR code', cls='btn', cmd='show-page-qr')}"
        "<div id='page-qr' class='page-qr' aria-live='polite'></div></section></section>"
    )

"""`scripts/play.sh --lan` (scripts/serve.py): served on every interface, only what a build ships, the address
printed; the default stays on 127.0.0.1. Requests go to 127.0.0.1 only."""

from __future__ import annotations

import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from serve import lan_addresses, make_server  # noqa: E402


def status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("lan", [False, True])
def test_what_is_served_and_where(lan: bool) -> None:
    httpd = make_server(ROOT, 0, lan=lan)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        port = httpd.server_address[1]
        assert httpd.server_address[0] == ("0.0.0.0" if lan else "127.0.0.1")
        assert status(port, "") == status(port, "index.html") == status(port, "assets/app.css") == 200
        assert status(port, "?pad=1") == 200
        hidden = 404 if lan else 200
        assert status(port, "pyproject.toml") == status(port, "app/main.py") == hidden
        assert status(port, "scripts/serve.py") == hidden and status(port, ".git/HEAD") in (hidden, 404)
        assert status(port, "assets/") == (404 if lan else 200)  # no folder listing to the network
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_the_lan_addresses_leave_out_the_loopback() -> None:
    assert all(not address.startswith("127.") and address.count(".") == 3 for address in lan_addresses())


def test_the_command_prints_the_address_to_send_friends() -> None:
    serve = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--lan", "--port", "0"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        first, second = serve.stdout.readline(), serve.stdout.readline()
    finally:
        serve.terminate()
        serve.wait(timeout=10)
    assert first.startswith("Titan Table: open http://127.0.0.1:")
    assert second.startswith(("Friends on this network open http://", "No network address found"))

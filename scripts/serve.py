"""A static server for Titan Table on 127.0.0.1 (or, with --lan, to the local network), with the right MIME types.

    python3 scripts/serve.py [--root DIR] [--port N] [--lan]

--lan serves on every interface, so friends on the same Wi-Fi or LAN can open the page (remote play,
docs/remote-play.md), and prints the addresses to send them. It then serves only what a build ships
(index.html, pyscript.toml, assets/, vendor/pyodide/, vendor/pyscript/, titan-py.zip, sw.js): never the
working tree's other files (.git, notes, .venv). The page is then plain http on a LAN address: WebRTC works,
but the browser gives such a page no service worker (no offline play) and no clipboard (Copy selects the text).

Serves the working tree (default) or a built dist/. For the working tree,
titan-py.zip and sw.js are made on request from the current files (see
scripts/titan_site.py), so an edited or new .py file needs only a reload. Every
response says `Cache-Control: no-cache`: the browser revalidates, so it never
runs stale code in development. Also used by the e2e tests and the start-up
benchmark (start_server).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import socket
import struct
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from titan_site import PY_ZIP, SW, py_zip, render_sw, static_files

# Debian's Chromium, headless, quiet (no background traffic): for the e2e tests and benchmarks.
CHROMIUM = os.environ.get("TITAN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME}
    quiet = True
    shipped: frozenset[str] | None = None  # with --lan: the only paths served ("" is index.html)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self):
        if self._refused() or self._generated(head=False):
            return
        super().do_GET()

    def do_HEAD(self):
        if self._refused() or self._generated(head=True):
            return
        super().do_HEAD()

    def _refused(self) -> bool:
        """With --lan, a path a build does not ship gets 404 (the generated files are shipped)."""
        path = unquote(urlsplit(self.path).path).lstrip("/")
        if self.shipped is None or path in self.shipped:
            return False
        self.send_error(HTTPStatus.NOT_FOUND, "Not served to the network")
        return True

    def _generated(self, head: bool) -> bool:
        path = unquote(urlsplit(self.path).path).lstrip("/")
        # Made from the working tree, unless the root has them as files (a build).
        if path not in (PY_ZIP, SW) or (Path(self.directory) / path).exists():
            return False
        root = Path(self.directory)
        try:
            body, ctype = (
                (py_zip(root), "application/zip") if path == PY_ZIP else (render_sw(root, dev=True), MIME[".js"])
            )
        except Exception as exc:  # show the reason in the browser, not a hung request
            self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR, f"{path}: {exc}")
            return True
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)
        return True

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self):
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


def make_server(root: Path, port: int = 0, quiet: bool = True, lan: bool = False) -> ThreadingHTTPServer:
    """A server of `root` on 127.0.0.1; `lan`: on every interface, serving only what a build ships."""
    shipped = frozenset(["", *static_files(root), PY_ZIP, SW]) if lan else None
    handler = type("TitanHandler", (Handler,), {"quiet": quiet, "shipped": shipped})
    httpd = ThreadingHTTPServer(("0.0.0.0" if lan else "127.0.0.1", port), partial(handler, directory=str(root)))
    httpd.daemon_threads = True
    return httpd


def start_server(root: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve root in a background thread; returns the server and its base URL (ending in /)."""
    httpd = make_server(root, port)
    threading.Thread(target=httpd.serve_forever, name="titan-http", daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than the loopback, read from its interfaces (no packet is sent)."""
    found: list[str] = []
    try:
        import fcntl

        for _index, name in socket.if_nameindex():
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
                request = struct.pack("256s", name.encode()[:15])
                found.append(socket.inet_ntoa(fcntl.ioctl(probe.fileno(), 0x8915, request)[20:24]))  # SIOCGIFADDR
    except (ImportError, OSError):
        with contextlib.suppress(OSError):
            found = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return sorted({address for address in found if not address.startswith("127.")})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--port", type=int, default=8000, help="0 picks a free port; a busy port falls back to a free one")
    ap.add_argument("--log", action="store_true", help="log every request")
    ap.add_argument("--lan", action="store_true", help="serve to the local network too (friends on the same Wi-Fi)")
    args = ap.parse_args()
    try:
        httpd = make_server(args.root, args.port, quiet=not args.log, lan=args.lan)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        httpd = make_server(args.root, 0, quiet=not args.log, lan=args.lan)
    port = httpd.server_address[1]
    url = f"http://127.0.0.1:{port}/"
    print(f"Titan Table: open {url}  (serving {args.root.resolve()}; Ctrl+C stops)", flush=True)
    if args.lan:
        addresses = lan_addresses()
        for address in addresses:
            print(f"Friends on this network open http://{address}:{port}/", flush=True)
        if not addresses:
            print("No network address found: is this machine on a Wi-Fi or LAN?", flush=True)
        print(
            "Served to the network over plain http: no offline play there, and Copy selects the text to copy by "
            "hand. Anyone on this network can open the page; stop with Ctrl+C when the game is over.",
            flush=True,
        )
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()

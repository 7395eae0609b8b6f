"""What the page is made of: one definition shared by the dev server, the build and the tests.

Two files are generated rather than kept in git:

- ``titan-py.zip``: every file under engine/ and app/ (no caches). pyscript.toml's
  [files] unpacks it into Python's working directory in one request, so a new .py
  file is shipped without editing any list.
- ``sw.js``: assets/sw.js with the precache manifest (path -> content hash) written
  in. Any change to a shipped file changes sw.js, which makes browsers install the
  new version of the service worker. (The dev server's sw.js lists the files
  without hashes and fetches from the network first: see assets/sw.js.)

The dev server (scripts/serve.py) makes both on request from the working tree; the
build (scripts/build.py) writes them into dist/, the zip with precompiled bytecode.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY_DIRS = ("engine", "app")
PY_ZIP = "titan-py.zip"
SW = "sw.js"
SW_TEMPLATE = "assets/sw.js"

# Shipped as they are (relative to the root); vendor/ is made by scripts/setup.sh.
STATIC_FILES = ("index.html", "pyscript.toml")
STATIC_DIRS = ("assets", "vendor/pyodide", "vendor/pyscript")
SKIP_NAMES = {"__pycache__", ".DS_Store", ".titan-stamp"}
SKIP_SUFFIXES = (".pyc", ".map")
# PyScript's editor and terminal (py-editor, py-terminal) are not used: not shipped or precached.
UNUSED = ("vendor/pyscript/codemirror", "vendor/pyscript/xterm")


def _walk(root: Path, rel_dir: str):
    base = root / rel_dir
    if not base.is_dir():
        return
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and not SKIP_NAMES.intersection(rel.parts) and not path.name.endswith(SKIP_SUFFIXES):
            yield rel.as_posix()


def py_sources(root: Path = ROOT) -> list[str]:
    return [p for d in PY_DIRS for p in _walk(root, d)]


def py_zip(root: Path = ROOT) -> bytes:
    """A deterministic zip of engine/ and app/ (same bytes for the same files)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for rel in py_sources(root):
            info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, (root / rel).read_bytes())
    return buf.getvalue()


def compiled_py_zip(root: Path = ROOT) -> bytes:
    """py_zip with bytecode added by the browser's own Python (scripts/pycompile.mjs): for builds."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "src.zip", Path(tmp) / "out.zip"
        src.write_bytes(py_zip(root))
        subprocess.run(["node", str(ROOT / "scripts" / "pycompile.mjs"), str(src), str(out)], check=True, cwd=ROOT)
        return out.read_bytes()


def static_files(root: Path = ROOT) -> list[str]:
    files = [f for f in STATIC_FILES if (root / f).is_file()]
    for d in STATIC_DIRS:
        files.extend(p for p in _walk(root, d) if p != SW_TEMPLATE and not p.startswith(UNUSED))
    return files


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def precache_manifest(root: Path = ROOT, zip_bytes: bytes | None = None) -> dict[str, str]:
    """Every shipped file (relative URL) -> a hash of its content."""
    manifest = {rel: _digest((root / rel).read_bytes()) for rel in static_files(root)}
    manifest[PY_ZIP] = _digest(zip_bytes if zip_bytes is not None else py_zip(root))
    return dict(sorted(manifest.items()))


def render_sw(root: Path = ROOT, zip_bytes: bytes | None = None, dev: bool = False) -> bytes:
    """sw.js with its manifest; dev=True (the dev server): network first, and no hashes (see assets/sw.js)."""
    manifest = dict.fromkeys([*static_files(root), PY_ZIP], "") if dev else precache_manifest(root, zip_bytes)
    version = _digest(json.dumps([manifest, dev], sort_keys=True).encode())
    template = (root / SW_TEMPLATE).read_text()
    body = json.dumps({"version": version, "dev": dev, "files": manifest}, indent=1, sort_keys=True)
    marker = "const MANIFEST = null; // filled in by scripts/titan_site.py"
    if marker not in template:
        raise RuntimeError(f"{SW_TEMPLATE}: manifest marker missing")
    return template.replace(marker, f"const MANIFEST = {body};").encode()

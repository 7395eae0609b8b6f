"""Build dist/: a self-contained static folder for any static host, under any sub-path.

    scripts/build.sh            (sets up vendor/ first, then runs this)
    python3 scripts/build.py [--out DIR]

dist/ holds index.html, pyscript.toml, assets/, vendor/ (Pyodide, PyScript, the
wheels), titan-py.zip (engine/ + app/, with bytecode precompiled by the browser's
Python) and sw.js (with its precache manifest).
All URLs in the page are relative, so the folder works wherever it is uploaded.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from titan_site import PY_ZIP, ROOT, SW, compiled_py_zip, render_sw, static_files


def build(out: Path, root: Path = ROOT) -> Path:
    if not (root / "vendor" / "pyodide" / "pyodide-lock.json").exists():
        sys.exit("build: vendor/ is missing; run scripts/setup.sh first")
    if out.exists():
        shutil.rmtree(out)
    for rel in static_files(root):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, out / rel)
    zip_bytes = compiled_py_zip(root)
    (out / PY_ZIP).write_bytes(zip_bytes)
    (out / SW).write_bytes(render_sw(root, zip_bytes))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "dist")
    out = build(ap.parse_args().out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"build: {out} ({size / 1e6:.1f} MB). Upload the folder's contents to any static host.")


if __name__ == "__main__":
    main()

"""Vendor the browser runtime into vendor/ (git-ignored), at pinned versions.

- vendor/pyodide/: the Pyodide runtime from node_modules/pyodide, the browser
  wheels of pydantic and its dependencies and of segno (from PyPI, sha256-checked, kept in
  vendor/wheels/, then precompiled to bytecode by scripts/pycompile.mjs so the
  browser does not compile them at each start), and a pyodide-lock.json trimmed
  to exactly those wheels, with their sha256.
- vendor/pyscript/: PyScript's dist/ from node_modules/@pyscript/core (no .map).

Run by scripts/setup.sh after `npm ci`; stdlib only, idempotent: a file that is
already in place with the right size is not copied again, a wheel that is
already there with the right sha256 is not downloaded or compiled again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "vendor"
WHEEL_CACHE = VENDOR / "wheels"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"

# The browser wheels, pinned: name -> (version, file, PyPI sha256, import names, depends).
WHEELS: dict[str, tuple[str, str, str, list[str], list[str]]] = {
    "pydantic": (
        "2.14.3",
        "pydantic-2.14.3-py3-none-any.whl",
        "3f7b347782ab7e4cf4c798496ae3a82787d9f21ec12676a9c564355eeef8daa8",
        ["pydantic"],
        ["pydantic-core", "typing-extensions", "annotated-types", "typing-inspection"],
    ),
    "pydantic-core": (
        "2.50.4",
        "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "e6da138a1ecc1341c8b788a5ee822670b03788e1f5decf7af9d461de6e508b8e",
        ["pydantic_core"],
        ["typing-extensions"],
    ),
    "typing-extensions": (
        "4.16.0",
        "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
        ["typing_extensions"],
        [],
    ),
    "annotated-types": (
        "0.8.0",
        "annotated_types-0.8.0-py3-none-any.whl",
        "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0",
        ["annotated_types"],
        [],
    ),
    "typing-inspection": (
        "0.4.5",
        "typing_inspection-0.4.5-py3-none-any.whl",
        "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39",
        ["typing_inspection"],
        [],
    ),
    # QR codes (app/remote/qr.py): pure Python, loaded only when a code is shown (not in pyscript.toml).
    "segno": (
        "1.6.6",
        "segno-1.6.6-py3-none-any.whl",
        "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7",
        ["segno"],
        [],
    ),
}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def vendor_runtime() -> None:
    src = NODE / "pyodide"
    for name in PYODIDE_FILES:
        copy_if_changed(src / name, VENDOR / "pyodide" / name)
    dist = NODE / "@pyscript" / "core" / "dist"
    dst = VENDOR / "pyscript"
    wanted = {p.name for p in dist.iterdir() if p.is_file() and not p.name.endswith(".map")}
    for name in sorted(wanted):
        copy_if_changed(dist / name, dst / name)
    if dst.exists():
        for stale in dst.iterdir():
            if stale.name not in wanted:
                stale.unlink()


def download_wheels() -> None:
    """The PyPI wheels, checked against the pinned sha256, into vendor/wheels/ (a download cache)."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    missing = [
        (name, version)
        for name, (version, file_name, digest, *_rest) in WHEELS.items()
        if not (WHEEL_CACHE / file_name).exists() or sha256(WHEEL_CACHE / file_name) != digest
    ]
    if not missing:
        return
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", PYODIDE_PYTHON, "--platform", PYODIDE_PLATFORM, "--dest", tmp,
            *(f"{name}=={version}" for name, version in missing),
        ]  # fmt: skip
        subprocess.run(cmd, check=True)
        for name, _version in missing:
            _version, file_name, digest, *_rest = WHEELS[name]
            got = Path(tmp) / file_name
            if not got.exists():
                sys.exit(f"vendor: pip did not fetch {file_name}")
            if sha256(got) != digest:
                sys.exit(f"vendor: sha256 mismatch for {file_name}: got {sha256(got)}, pinned {digest}")
            shutil.copy2(got, WHEEL_CACHE / file_name)


def compile_wheels() -> None:
    """vendor/pyodide/*.whl: the wheels with bytecode added by the browser's Python (scripts/pycompile.mjs)."""
    out = VENDOR / "pyodide"
    keep = {w[1] for w in WHEELS.values()}
    for stale in out.glob("*.whl"):
        if stale.name not in keep:
            stale.unlink()
    todo = [
        name
        for name in sorted(keep)
        if not (out / name).exists() or (out / name).stat().st_mtime < (WHEEL_CACHE / name).stat().st_mtime
    ]
    if todo:
        pairs = [str(p) for name in todo for p in (WHEEL_CACHE / name, out / name)]
        subprocess.run(["node", str(ROOT / "scripts" / "pycompile.mjs"), *pairs], check=True, cwd=ROOT)


def write_lock() -> None:
    """pyodide-lock.json with only the vendored wheels (Pyodide checks sha256 as SRI)."""
    shipped = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    packages = {}
    for name, (version, file_name, _digest, imports, depends) in WHEELS.items():
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": file_name,
            "install_dir": "site",
            "sha256": sha256(VENDOR / "pyodide" / file_name),
            "package_type": "package",
            "imports": imports,
            "depends": depends,
            "unvendored_tests": False,
        }
    lock = {"info": shipped["info"], "packages": packages}
    text = json.dumps(lock, indent=1, sort_keys=True) + "\n"
    dst = VENDOR / "pyodide" / "pyodide-lock.json"
    if not dst.exists() or dst.read_text() != text:
        dst.write_text(text)


def main() -> None:
    if not (NODE / "pyodide").is_dir() or not (NODE / "@pyscript" / "core").is_dir():
        sys.exit("vendor: node_modules is missing; run `npm ci` first (scripts/setup.sh does)")
    vendor_runtime()
    download_wheels()
    compile_wheels()
    write_lock()


if __name__ == "__main__":
    main()

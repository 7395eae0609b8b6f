#!/usr/bin/env bash
# Install what Titan Table needs, at pinned versions, into git-ignored folders.
# Idempotent and fast when already done (each step keeps a stamp).
#
#   scripts/setup.sh          what playing needs: node_modules (npm ci) and vendor/
#   scripts/setup.sh test     also .venv (pytest, playwright, ruff, mypy, pydantic) and chromium
#
# Pins: package.json + package-lock.json (pyodide, @pyscript/core, axe-core),
# scripts/vendor.py (browser wheels with sha256), pyproject.toml (Python tools)
# with scripts/constraints.txt (everything they pull in).
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "test" ] && want_test=1

say() { printf 'setup: %s\n' "$*"; }
digest() { cat "$@" | sha256sum | cut -c1-16; }

# 1. npm packages (exactly the lock file).
npm_stamp=$(digest package.json package-lock.json)
if [ "$(cat node_modules/.titan-stamp 2>/dev/null)" != "$npm_stamp" ]; then
  say "npm ci (pyodide, @pyscript/core, axe-core)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$npm_stamp" > node_modules/.titan-stamp
fi

# 2. vendor/: Pyodide runtime, PyScript, browser wheels, trimmed pyodide-lock.json.
vendor_stamp=$(digest node_modules/.titan-stamp scripts/vendor.py scripts/pycompile.mjs)
if [ "$(cat vendor/.titan-stamp 2>/dev/null)" != "$vendor_stamp" ]; then
  say "vendoring the browser runtime into vendor/"
  python3 scripts/vendor.py
  echo "$vendor_stamp" > vendor/.titan-stamp
fi

[ "$want_test" = 1 ] || exit 0

# 3. .venv with the pinned Python tools from pyproject.toml.
venv_stamp=$(digest pyproject.toml scripts/constraints.txt)
if [ "$(cat .venv/.titan-stamp 2>/dev/null)" != "$venv_stamp" ]; then
  say "creating .venv (pydantic, segno, pytest, pytest-xdist, pytest-rerunfailures, playwright, ruff, zxing-cpp, mypy)"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  mapfile -t reqs < <(.venv/bin/python - <<'EOF'
import tomllib
p = tomllib.load(open("pyproject.toml", "rb"))["project"]
print("\n".join(p["dependencies"] + p["optional-dependencies"]["test"]))
EOF
)
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -c scripts/constraints.txt "${reqs[@]}"
  echo "$venv_stamp" > .venv/.titan-stamp
fi

# 4. A browser for the e2e tests: Debian's chromium (playwright cannot download one here).
if [ ! -x /usr/bin/chromium ]; then
  say "installing chromium (apt-get)"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi

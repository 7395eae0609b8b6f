#!/usr/bin/env bash
# Run every test: ruff (lint and format), mypy, then pytest over the engine, app and browser tests (the `slow`
# marker excluded, see pyproject.toml), spread over TEST_WORKERS processes (pytest-xdist; default 2, this
# machine's cores; 0 runs them in this process). Sets up what the tests need first.
#   scripts/test.sh [pytest args]     e.g. scripts/test.sh -k startup
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test || { echo "test: setup failed" >&2; exit 1; }

status=0
echo "== ruff check, ruff format --check"
.venv/bin/python -m ruff check . || status=1
.venv/bin/python -m ruff format --check . || status=1
echo "== mypy (strict on engine/core, pyproject.toml's [tool.mypy])"
.venv/bin/python -m mypy || status=1

suites=()
for d in tests/engine tests/app tests/e2e; do [ -d "$d" ] && suites+=("$d"); done
echo "== pytest ${suites[*]}"
# A headless Chromium renderer that dies under this machine's load ("Target crashed", seen once in CI in a
# three-context remote test, never reproduced in 8 runs) gets the test one more run, reported as "rerun" in the
# summary; any other failure fails at once.
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --reruns 1 --only-rerun "Target crashed" "${suites[@]}" "$@"
rc=$?
if [ "$rc" = 5 ]; then
  echo "test: pytest collected no tests (exit 5); nothing to fail on" >&2
  rc=0
fi
[ "$rc" = 0 ] || status=1
exit "$status"

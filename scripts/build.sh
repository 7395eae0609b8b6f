#!/usr/bin/env bash
# Build dist/, a static folder that works uploaded to any static host under any sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
python3 scripts/build.py "$@"

#!/usr/bin/env bash
# Set up what is missing, then serve Titan Table on http://127.0.0.1:8000/ (or a free port).
#   scripts/play.sh [--port N] [--log] [--lan]
# --lan also serves it to the local network (friends on the same Wi-Fi) and prints the address to send them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec python3 scripts/serve.py "$@"

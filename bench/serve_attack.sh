#!/bin/bash
# serve_attack.sh: what one hostile client can do to whist serve (issue 22, "The server", items 1-4): each
# scenario against a fresh server of its own; one summary line each, then a Markdown table.
# Usage: bench/serve_attack.sh BUILD_DIR [SCENARIO...]   (identity icons queue fds replay idle; default all)
# Sizes and server options by environment: see bench/serve_attack.py and docs/server.md ("Under attack").
# Figures only: exit 1 only if a run itself failed, never on the figures.
set -u
BUILD=${1:?usage: bench/serve_attack.sh BUILD_DIR [SCENARIO...]}
shift
WHIST=$BUILD/whist
[ -x "$WHIST" ] || { echo "serve_attack.sh: build $WHIST first" >&2; exit 2; }
exec python3 "$(dirname "$0")/serve_attack.py" "$WHIST" "$@"

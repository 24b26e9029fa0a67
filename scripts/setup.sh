#!/usr/bin/env bash
# Installs the Debian packages whist needs to build and test, only those missing.
set -euo pipefail

# openssl and curl: test_serve.sh makes a certificate for its TLS part (and fails without one) and asks
# the server's pages; curl also fetches jansson's Debian source for the WebAssembly build.
# emscripten: the engine in WebAssembly (docs/wasm.md; its jansson: scripts/wasm-deps.sh).
packages=(cmake ninja-build pkg-config gcc clang libclang-rt-14-dev libcmocka-dev tmux
  libncurses-dev libsqlite3-dev sqlite3 libjansson-dev python3 libwebsockets-dev
  chromium fonts-liberation openssl curl emscripten)
# Node.js and npm run the browser tests (tests/web: Playwright, driving the chromium above). A machine
# that has them already keeps its own (another source's nodejs bundles npm and conflicts with Debian's).
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

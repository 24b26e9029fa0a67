#!/usr/bin/env bash
# wasm-deps.sh [DIR]: builds the one library the WebAssembly module needs besides the C library, jansson,
# for emscripten, from Debian's source of the very package the native build uses (libjansson-dev 2.14):
# fetched from deb.debian.org, its sha256 checked against the one pinned here and the one the package's
# .dsc gives, unpacked and built with emcmake, installed into DIR/prefix (default build-wasm/deps). Done
# once: a later call finds DIR/prefix/lib/libjansson.a and returns at once. Nothing of it enters the
# repository (build folders are ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-wasm/deps}
prefix=$dir/prefix
if [ -f "$prefix/lib/libjansson.a" ] && [ -f "$prefix/lib/pkgconfig/jansson.pc" ]; then
  exit 0
fi
command -v emcmake >/dev/null 2>&1 || { echo "wasm-deps: emcmake not found (scripts/setup.sh installs emscripten)" >&2; exit 1; }

VERSION=2.14
POOL=http://deb.debian.org/debian/pool/main/j/jansson
TARBALL=jansson_$VERSION.orig.tar.gz
DSC=jansson_$VERSION-2.dsc
SHA256=c739578bf6b764aa0752db9a2fdadcfe921c78f1228c7ec0bb47fa804c55d17b

mkdir -p "$dir"
for f in "$DSC" "$TARBALL"; do
  if [ ! -f "$dir/$f" ]; then
    curl -sSf --retry 3 -o "$dir/$f.part" "$POOL/$f"
    mv "$dir/$f.part" "$dir/$f"
  fi
done
sum=$(sha256sum "$dir/$TARBALL" | cut -d' ' -f1)
if [ "$sum" != "$SHA256" ] || ! grep -Eq "^ $sum [0-9]+ $TARBALL\$" "$dir/$DSC"; then
  echo "wasm-deps: $TARBALL has sha256 $sum, not $SHA256 as pinned and in $DSC" >&2
  rm -f "$dir/$TARBALL" "$dir/$DSC"
  exit 1
fi

src=$dir/jansson-$VERSION
rm -rf "$src" "$dir/jansson-build"
tar -xzf "$dir/$TARBALL" -C "$dir"
abs_prefix=$(mkdir -p "$prefix" && cd "$prefix" && pwd)
emcmake cmake -S "$src" -B "$dir/jansson-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$abs_prefix" -DJANSSON_BUILD_DOCS=OFF -DJANSSON_WITHOUT_TESTS=ON \
  -DJANSSON_EXAMPLES=OFF -DJANSSON_BUILD_SHARED_LIBS=OFF >"$dir/jansson-configure.log" 2>&1 ||
  { cat "$dir/jansson-configure.log" >&2; exit 1; }
ninja -C "$dir/jansson-build" -j2 install >"$dir/jansson-build.log" 2>&1 ||
  { cat "$dir/jansson-build.log" >&2; exit 1; }
echo "wasm-deps: jansson $VERSION for emscripten in $abs_prefix" >&2

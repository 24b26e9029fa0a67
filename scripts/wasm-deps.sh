#!/usr/bin/env bash
# wasm-deps.sh [DIR]: builds the one library the WebAssembly module needs besides the C library, jansson,
# for emscripten, from Debian's source of the very package the native build uses (libjansson-dev 2.14):
# fetched from deb.debian.org, its sha256 checked against the one pinned here and the one the package's
# .dsc gives, unpacked, its twelve sources compiled with emcc and archived, installed into DIR/prefix
# (default build-wasm/deps) with its headers and a jansson.pc. jansson's own CMake build would do the same
# but spends minutes in its configuration checks (each one an emcc run): the two configuration headers are
# written here instead, with what those checks find for emscripten (they found exactly these). Done once: a
# later call finds DIR/prefix/lib/libjansson.a and returns at once. Nothing of it enters the repository
# (build folders are ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-wasm/deps}
prefix=$dir/prefix
if [ -f "$prefix/lib/libjansson.a" ] && [ -f "$prefix/lib/pkgconfig/jansson.pc" ]; then
  exit 0
fi
command -v emcc >/dev/null 2>&1 || { echo "wasm-deps: emcc not found (scripts/setup.sh installs emscripten)" >&2; exit 1; }

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
work=$dir/jansson-build
rm -rf "$src" "$work" "$prefix"
tar -xzf "$dir/$TARBALL" -C "$dir"
mkdir -p "$work/include" "$prefix/lib/pkgconfig" "$prefix/include"
# The public configuration: autotools' template with emscripten's answers (inline, long long, localeconv,
# the atomic and sync builtins).
sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' -e 's/@json_have_localeconv@/1/' \
  -e 's/@json_have_atomic_builtins@/1/' -e 's/@json_have_sync_builtins@/1/' \
  "$src/src/jansson_config.h.in" >"$work/include/jansson_config.h"
# The private one: what jansson's sources ask of the platform (the module seeds jansson's hash tables itself,
# so /dev/urandom, read here once, is never reached).
cat >"$work/include/jansson_private_config.h" <<'CONFIG'
/* jansson_private_config.h for emscripten, written by whist's scripts/wasm-deps.sh. */
#define HAVE_ENDIAN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_SCHED_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_CLOSE 1
#define HAVE_GETPID 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_OPEN 1
#define HAVE_READ 1
#define HAVE_SCHED_YIELD 1
#define HAVE_SYNC_BUILTINS 1
#define HAVE_ATOMIC_BUILTINS 1
#define HAVE_LOCALE_H 1
#define HAVE_SETLOCALE 1
#define USE_URANDOM 1
#define INITIAL_HASHTABLE_ORDER 3
CONFIG
objs=()
for c in dump error hashtable hashtable_seed load memory pack_unpack strbuffer strconv utf value version; do
  emcc -O2 -DNDEBUG -DHAVE_CONFIG_H -I"$work/include" -I"$src/src" -c "$src/src/$c.c" -o "$work/$c.o" \
    2>>"$work/build.log" || { cat "$work/build.log" >&2; exit 1; }
  objs+=("$work/$c.o")
done
emar rcs "$prefix/lib/libjansson.a" "${objs[@]}"
cp "$src/src/jansson.h" "$work/include/jansson_config.h" "$prefix/include/"
abs_prefix=$(cd "$prefix" && pwd)
cat >"$prefix/lib/pkgconfig/jansson.pc" <<PC
prefix=$abs_prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: Jansson
Description: Library for encoding, decoding and manipulating JSON data (for emscripten)
Version: $VERSION
Libs: -L\${libdir} -ljansson
Cflags: -I\${includedir}
PC
echo "wasm-deps: jansson $VERSION for emscripten in $abs_prefix" >&2

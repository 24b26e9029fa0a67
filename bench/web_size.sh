#!/usr/bin/env bash
# web_size.sh: the download size of the static game (`./run.sh web-build DIR`): every file's bytes and
# gzip -9 bytes, the page's first-load set apart from the rest, and the totals. The first-load set is
# what a first visit needs to show the home screen and deal a game: index.html and what it links
# (stylesheets, icon, manifest), the JS modules app.js imports (followed through every static import), the
# screens a new game opens (app.js loads screens by name, `import(\`./screens/${name}.js\`)`: SCREENS,
# default "home table", and their imports), the service worker (sw.js), and what the engine's Web Worker
# pulls in (engine-worker.js, its imports and the module js/whist-engine.js, found through
# `new URL("./x.js", import.meta.url)`). Everything else is loaded later (other screens) or only by the
# service worker, which caches the whole folder during the first visit. Image files (png, jpg, webp,
# gif, svg other than the icon) are listed apart as card images: the client draws its cards with CSS and
# text, so there should be none. The issue's goal: under 300 KB gzipped before card images.
# Reports only: it never fails on size.
#   bench/web_size.sh [DIR]      (default build-web; DIR missing: ./run.sh web-build DIR first)
# Environment: SCREENS (default "home table").
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-web}
screens=${SCREENS:-home table}
if [ ! -f "$dir/index.html" ] || [ ! -f "$dir/js/whist-engine.js" ]; then
  ./run.sh web-build "$dir" >/dev/null
fi
dir=$(cd "$dir" && pwd)

# norm FROM REF: the path (relative to $dir) that REF, found in the file FROM (relative to $dir), names.
norm() {
  realpath -m --relative-to="$dir" "$dir/$(dirname "$1")/$2"
}

declare -A first=()
queue=(index.html sw.js)
for s in $screens; do queue+=("js/screens/$s.js"); done
# index.html: href= and src= of local files.
for ref in $(grep -oE '(href|src)="[^":#?]+"' "$dir/index.html" | sed -E 's/^[a-z]+="(.*)"$/\1/'); do
  queue+=("$(norm index.html "$ref")")
done
while [ ${#queue[@]} -gt 0 ]; do
  f=${queue[0]}
  queue=("${queue[@]:1}")
  [ -n "${first[$f]:-}" ] && continue
  [ -f "$dir/$f" ] || { echo "web_size: $f is referenced but not in $dir" >&2; continue; }
  first[$f]=1
  case $f in
    *.js)
      # static imports (`from "./x.js"`, `import "./x.js"`) and `new URL("./x.js", import.meta.url)`
      for ref in $(grep -oE '(from|import) +"\.{1,2}/[^"]+"|new URL\("\.{1,2}/[^"]+", *import\.meta\.url' "$dir/$f" |
        sed -E 's/^[^"]*"([^"]+)".*$/\1/'); do
        queue+=("$(norm "$f" "$ref")")
      done
      ;;
    *.webmanifest)
      for ref in $(grep -oE '"src": *"[^"]+"' "$dir/$f" | sed -E 's/.*"([^"]+)"$/\1/'); do
        queue+=("$(norm "$f" "$ref")")
      done
      ;;
  esac
done

declare -A raw=() gz=()
all=()
while IFS= read -r f; do
  all+=("$f")
  raw[$f]=$(wc -c <"$dir/$f")
  gz[$f]=$(gzip -9c "$dir/$f" | wc -c)
done < <(cd "$dir" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)

kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
# table TITLE FILES...: each file's bytes and gzipped bytes, and the sum; sets SUM_RAW and SUM_GZ.
table() {
  local title=$1 f
  shift
  SUM_RAW=0 SUM_GZ=0
  echo "$title"
  printf '  %-30s %10s %10s\n' file bytes gzip-9
  for f in "$@"; do
    printf '  %-30s %10d %10d\n' "$f" "${raw[$f]}" "${gz[$f]}"
    SUM_RAW=$((SUM_RAW + raw[$f]))
    SUM_GZ=$((SUM_GZ + gz[$f]))
  done
  printf '  %-30s %10d %10d   (%s KB, %s KB gzipped)\n' "total ($# files)" "$SUM_RAW" "$SUM_GZ" "$(kb "$SUM_RAW")" "$(kb "$SUM_GZ")"
}

load=() rest=() images=()
for f in "${all[@]}"; do
  if [ -n "${first[$f]:-}" ]; then
    load+=("$f")
  elif [[ $f =~ \.(png|jpe?g|webp|gif|avif|svg)$ ]]; then
    images+=("$f")
  else
    rest+=("$f")
  fi
done

echo "web_size: $dir (screens of a first game: $screens)"
table "first load (the home screen, a game dealt, the service worker, the engine's worker and module):" "${load[@]}"
first_raw=$SUM_RAW first_gz=$SUM_GZ
table "the rest (other screens; the service worker fetches them during the first visit):" "${rest[@]}"
rest_raw=$SUM_RAW rest_gz=$SUM_GZ
if [ ${#images[@]} -gt 0 ]; then
  table "card images and other images (not counted below):" "${images[@]}"
else
  echo "card images: none (the cards are drawn with CSS and text)"
fi
engine_gz=${gz[js/whist-engine.js]}
echo "whole folder before card images: $((first_raw + rest_raw)) bytes, $((first_gz + rest_gz)) gzipped ($(kb $((first_gz + rest_gz))) KB; goal under 300 KB)"
echo "first load: $first_gz gzipped ($(kb "$first_gz") KB), of which the engine js/whist-engine.js $engine_gz ($(kb "$engine_gz") KB)"

# test_check_fixtures.sh: runs `whist check` on every fixture in tests/data/check
# and compares its exit status, standard output and standard error with
# NAME.expected, exactly.
#
# The cases:
#   NAME.gwr          whist check check/NAME.gwr
#   stdin-NAME.gwr    whist check - < check/stdin-NAME.gwr
#   NAME.args         whist check ARGS..., one argument a line (for unreadable
#                     paths, several files, options)
# whist runs in tests/data, so paths in messages read check/NAME.gwr.
#
# NAME.expected holds:
#   exit N
#   the standard output lines
#   --- stderr
#   the standard error lines
#
# UPDATE=1 bash tests/cli/test_check_fixtures.sh rewrites the .expected files
# from what whist prints now (WHIST and GW_TEST_DATA must be set). Review
# every change against shared/spec/record.md before keeping it: the expected
# files encode the spec, not the program.
. "$(dirname "$0")/lib.sh"

cd "$GW_TEST_DATA" || exit 1
UPDATE=${UPDATE:-0}

# run_case NAME: prints the combined result of case NAME in the .expected form.
run_case() {
  local name=$1 rc
  local -a args=()
  if [ -f "check/$name.args" ]; then
    mapfile -t args <"check/$name.args"
    "$WHIST" check ${args[@]+"${args[@]}"} </dev/null >"$TMP/out" 2>"$TMP/err"
  elif [[ $name == stdin-* ]]; then
    "$WHIST" check - <"check/$name.gwr" >"$TMP/out" 2>"$TMP/err"
  else
    "$WHIST" check "check/$name.gwr" </dev/null >"$TMP/out" 2>"$TMP/err"
  fi
  rc=$?
  printf 'exit %d\n' "$rc"
  cat "$TMP/out"
  printf -- '--- stderr\n'
  cat "$TMP/err"
}

cases=0
for f in check/*.gwr check/*.args; do
  [ -e "$f" ] || continue
  base=${f%.*}
  name=${base#check/}
  cases=$((cases + 1))
  run_case "$name" >"$TMP/actual"
  if [ "$UPDATE" = 1 ]; then
    cmp -s "$TMP/actual" "$base.expected" || { cp "$TMP/actual" "$base.expected" && echo "updated $base.expected"; }
  elif [ ! -f "$base.expected" ]; then
    fail "$f has no $base.expected"
  elif ! diff -u --label "$base.expected" --label "actual" "$base.expected" "$TMP/actual" >"$TMP/diff"; then
    fail "$f: output differs from $base.expected:"
    cat "$TMP/diff" >&2
  fi
done

# Every .expected belongs to a case, and a .gwr is not also an .args case.
for e in check/*.expected; do
  [ -e "$e" ] || continue
  base=${e%.expected}
  [ -f "$base.gwr" ] || [ -f "$base.args" ] || fail "$e has neither $base.gwr nor $base.args"
  [ -f "$base.gwr" ] && [ -f "$base.args" ] && fail "$base has both a .gwr and an .args file"
done

[ "$cases" -ge 50 ] || fail "only $cases fixtures found in $GW_TEST_DATA/check"
echo "$cases check fixtures"
finish

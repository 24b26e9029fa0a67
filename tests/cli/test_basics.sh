# test_basics.sh: top-level help, version, unknown commands and options.
. "$(dirname "$0")/lib.sh"

run --help
expect_rc 0 "--help"
expect_out "Usage: whist" "--help"
run --version
expect_rc 0 "--version"
expect_out "whist " "--version"
run frobnicate
expect_rc 2 "unknown command"
expect_err "unknown command 'frobnicate'" "unknown command"
run check --frob x
expect_rc 2 "unknown option"
expect_err "whist check: unknown option" "unknown option"
finish

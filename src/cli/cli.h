/* cli.h: what the `whist` subcommands share: entry points, option helpers, files and seeds. */
#ifndef GW_CLI_H
#define GW_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gw/deck.h"
#include "gw/game.h"
#include "gw/record.h"
#include "gw/score.h"

/* Exit codes of every subcommand. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

int cmd_arena(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_solve(int argc, char **argv);

/* Prints "whist CMD: message" and a pointer to --help on stderr; returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The message for an unknown option or a missing argument after getopt_long
 * returned '?' or ':'; returns CLI_USAGE. */
int cli_bad_option(const char *cmd, char **argv, int opt_index_hint);

/* Option values, each false with a usage message on a bad value. */
bool cli_parse_variant(const char *cmd, const char *s, gw_variant *out);
bool cli_parse_scoring(const char *cmd, const char *s, gw_scoring *out);
bool cli_parse_target(const char *cmd, const char *s, int *out);
bool cli_parse_seed(const char *cmd, const char *s, uint64_t *out);

/* A fresh seed from the system's entropy (or the clock if that fails). */
uint64_t cli_fresh_seed(void);

/* Reads a whole file ("-" for standard input) into *data (NUL-terminated,
 * caller frees). On failure writes the reason into why and returns false. */
bool cli_read_file(const char *path, char **data, size_t *len, char *why, size_t why_cap);

/* Writes data to path, replacing a regular file atomically (temporary file
 * and rename) so a failed write never destroys the old content. On failure
 * writes the reason into why and returns false. */
bool cli_write_file(const char *path, const char *data, size_t len, char *why, size_t why_cap);

/* $XDG_DATA_HOME/whist/SUB (or ~/.local/share/whist/SUB), created if
 * missing and checked writable. On failure returns false with the reason in why. */
bool cli_data_dir(const char *sub, char *out, size_t cap, char *why, size_t why_cap);

/* Writes a card set sorted for display (suit order, high to low, suits
 * separated by two spaces). */
void cli_print_hand(FILE *f, gw_cards hand, int trump, gw_suit_style style);

/* A card's canonical name in a static buffer that rotates among 8. */
const char *cli_card(gw_card c);

#endif

/* cli.h: what the `whist` subcommands share: entry points, option helpers, seeds, the statistics. */
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
#include "gw/text.h"
#include "gw/store.h"
#include "line_input.h"

/* Exit codes of every subcommand. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* The command line: argv[1] names the subcommand. Returns the exit code. */
int cli_main(int argc, char **argv);

int cmd_android(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_history(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_stats(int argc, char **argv);

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

/* Opens the statistics database for a command that reads it (stats,
 * history, replay --id): CLI_OK with *out set, or CLI_OK with *out NULL when
 * there is no database yet (nothing played: none is created), or CLI_FAIL
 * after telling why on stderr ("whist CMD: the statistics cannot be read:
 * REASON"), for an unusable data folder or a database it refuses. */
int cli_open_store(const char *cmd, gw_store **out);

/* Writes s as a JSON string, quotes and escapes included. */
void cli_json_string(FILE *f, const char *s);

/* Reads one line of standard input byte by byte (a NUL must not cut it short
 * unseen) into line (cap bytes): trimmed, runs of blanks folded into one
 * space, lower case; *len its length. LINE_LONG and LINE_CONTROL (a control
 * character) leave nothing usable in line. */
cli_line cli_read_line(char *line, size_t cap, size_t *len);

/* A record file that a line-mode game saves after every move. */
typedef struct cli_record_file {
    char path[4096];
    bool has_path; /* false: nowhere to save (the record is printed at the end) */
    bool save_ok;  /* the last save worked (true before the first) */
    char save_why[256];
} cli_record_file;

/* Today's local date "YYYY.MM.DD" for a record's Date tag. */
void cli_today(char date[16]);

/* Points f at $XDG_DATA_HOME/whist/games/PREFIX-SEED.gwr unless a path was
 * given; warns on stderr (and leaves f without a path, so the record is
 * printed at the end) if the folder cannot be used. */
void cli_record_default(cli_record_file *f, const char *prefix, uint64_t seed);

/* Replaces the file with text (its `failed` flag: out of memory); warns on
 * stderr once per new reason and lets the game go on. */
void cli_record_save(cli_record_file *f, const gw_text *text);

/* The final words on a record: where it is saved (CLI_OK), or, when it
 * could not be saved, the reason and the record itself on stdout (CLI_FAIL). */
int cli_record_finish(const cli_record_file *f, const gw_text *text);

/* Writes a card set sorted for display (suit order, high to low, suits
 * separated by two spaces). */
void cli_print_hand(FILE *f, gw_cards hand, int trump, gw_suit_style style);

/* A card's canonical name in a static buffer that rotates among 8. */
const char *cli_card(gw_card c);

#endif

/* cli.h: what the `whist` subcommands share: entry points, option helpers, seeds, the statistics. */
#ifndef GW_CLI_H
#define GW_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gw/deck.h"
#include "gw/files.h"
#include "gw/game.h"
#include "gw/record.h"
#include "gw/score.h"
#include "gw/session.h"
#include "gw/text.h"
#include "gw/store.h"
#include "line_input.h"

/* Exit codes of every subcommand. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* A subcommand: its name and what runs it (argv[0] is the name). */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
} cli_command;

/* The command line: argv[1] names the subcommand, one of cli's own or one of
 * the n_more commands of other modules the program links (`whist serve`:
 * src/programs/whist/main.c), so that cli never includes them. Returns the
 * exit code. */
int cli_main(int argc, char **argv, const cli_command *more, size_t n_more);

/* True for an option of `whist play` that `whist` alone takes too, as if
 * "play" came first (`whist --seed 7` is `whist play --seed 7`): --seed,
 * --ascii, --variant, --scoring, --target, --opponent, --think-ms (also
 * in the --name=value form). */
bool cli_is_play_option(const char *arg);

/* Checks the options of `whist play` in argv (argv[0] the command's name)
 * as `whist play --plain` reads them, before the full-screen game starts:
 * CLI_OK, or CLI_USAGE after the same message (one parser for both). */
int cli_play_check(int argc, char **argv);

int cmd_android(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_engine(int argc, char **argv);
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

/* Option values of the commands outside the session (deal, arena), each
 * false with a usage message on a bad value. */
bool cli_parse_variant(const char *cmd, const char *s, gw_variant *out);
bool cli_parse_scoring(const char *cmd, const char *s, gw_scoring *out);
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
    gw_file_lock lock; /* held while the game writes path (see cli_record_start) */
} cli_record_file;

/* What a record file that exists already holds, as the command that would
 * write it reads it. */
typedef struct cli_saved {
    bool resumable;   /* a game of this command that goes on */
    char what[96];    /* "A match with seed 1234", "A finished match with seed 1234", "A record that
                         cannot be resumed" ... */
    char detail[300]; /* "hand 2, you 3, the computer 1", or why it cannot be resumed */
} cli_saved;

/* How a new game (no --resume) goes on after cli_record_start. */
typedef enum { CLI_START_NEW, CLI_START_RESUME, CLI_START_STOP } cli_start;

/* Decides where a new game's record goes, never replacing a record that
 * exists: takes the file's lock (so that two whists never write one
 * record); if the file exists (describe tells what it holds) or another
 * whist writes it, then on a terminal with a resumable game asks "WHAT is
 * saved in FILE (DETAIL). Resume it? [y/n]" (y: CLI_START_RESUME, the lock
 * held; no answer: CLI_START_STOP), else moves the record to a free numbered name
 * (match-1234-2.gwr) and says so (on stderr when standard input is no
 * terminal). kind names the game in messages ("match", "rubber"); cmd the
 * command. A path that is no regular file (a device) is left as it is. */
cli_start cli_record_start(const char *cmd, const char *kind, cli_record_file *f,
                           void (*describe)(const char *path, cli_saved *out));

/* For --resume: takes the lock of f (CLI_OK), or says on stderr that another
 * whist plays that game, or that there is no such file (CLI_USAGE). */
int cli_record_claim(const char *cmd, const char *kind, cli_record_file *f);

/* Lets go of the record's lock. */
void cli_record_release(cli_record_file *f);

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

/* ---- a line-mode game on the session (whist play's match, whist android's rubber) ---- */

/* Sets option name of c from value through gw_session_config_option (the
 * one parser of the play options); false after a usage message ("whist
 * CMD: ...") on a bad value. */
bool cli_config_option(const char *cmd, gw_session_config *c, const char *name, const char *value);

/* A describe function for cli_record_start: restores the record at path
 * with gw_session_restore from base (its seats, limits and clock); the
 * record must hold base->game. If that fails, out says "A record that
 * cannot be resumed" and why; else describe(s, out) tells what it holds. */
void cli_describe_record(const char *path, cli_saved *out, const gw_session_config *base,
                         void (*describe)(const gw_session *s, cli_saved *out));

/* For --resume: restores the record at path (locked) from base into *out.
 * CLI_OK, or CLI_USAGE after telling why on stderr ("whist CMD: cannot read
 * PATH: ...", "whist CMD: the KIND in PATH cannot be resumed: ...", or, when
 * want (the --seed asked; NULL: any) is not the record's seed, "whist CMD:
 * PATH holds the KIND with seed N, not M"). */
int cli_resume_load(const char *cmd, const char *kind, const char *path, const gw_session_config *base,
                    const uint64_t *want, gw_session **out);

/* Says that the KIND in path is finished (how: "you won 3-1 ...") and that
 * there is nothing to resume. */
void cli_resume_finished(const char *kind, const char *path, const char *how);

/* What a line-mode game keeps beside its session: where its record goes and
 * its row in the statistics. */
typedef struct cli_game {
    gw_session *ses;
    cli_record_file rec;
    gw_store *store;  /* the statistics; NULL when they are off */
    int64_t store_id; /* the game's row (its StoreMatch or StoreRubber tag), 0 if none */
} cli_game;

/* Saves the record of g so far (the hand in play included while one is). */
void cli_game_save(cli_game *g);

/* Sets the Date tag of g's session to today (cli_today) for the hand in play on. */
void cli_game_date(cli_game *g);

/* Deals the next hand after one was scored, today's Date on it; false
 * after telling on stderr why it could not (a bug). */
bool cli_game_next_hand(cli_game *g);

/* Makes id g's row in the statistics, in the record's StoreMatch
 * (StoreRubber) tag from the hand in play on (0: none). */
void cli_game_set_row(cli_game *g, int64_t id);

/* The statistics of a restored game: its row (its record's StoreMatch or
 * StoreRubber tag) goes on, g->store opened; true when it needs a new row
 * (none yet and no hand over: the caller begins one); otherwise warns as
 * cli_stats_resume does. */
bool cli_game_stats_resume(cli_game *g);

/* Ends a line-mode game of command cmd ("play", "android"): saves the
 * record; an unfinished game whose record could not be saved is abandoned
 * in the statistics (one saved stays open: --resume goes on with it); the
 * final words (cli_record_finish, and how to resume); frees the session,
 * closes the statistics, lets go of the record's lock. Returns the exit code. */
int cli_game_finish(cli_game *g, const char *cmd);

/* Turns the statistics off (closes *store, NULL) with the one warning. */
void cli_stats_off(gw_store **store, const char *why);

/* The statistics of a resumed game of kind, whose record names its row id
 * (its TAG tag; 0: none). True when it needs a new row (none yet, and no
 * hand of it is over: the caller begins one). Otherwise opens *store for the
 * row id, or warns on stderr that the game is not in the statistics (an id
 * of 0 after a hand is over: *store stays NULL) or that they are off. */
bool cli_stats_resume(const char *kind, const char *tag, int64_t id, bool hand_over, gw_store **store);

#endif

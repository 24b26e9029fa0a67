/* line_input.h: one line of typed input parsed without any I/O: a line-mode game's card, command or
 * word, and a `whist solve` position or batch line (what the fuzz harnesses call in-process). */
#ifndef GW_CLI_LINE_INPUT_H
#define GW_CLI_LINE_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/android.h"
#include "gw/card.h"
#include "gw/solver.h"

/* What cli_read_line read. */
typedef enum { LINE_TEXT, LINE_EMPTY, LINE_EOF, LINE_LONG, LINE_CONTROL } cli_line;

/* Cleans the n raw bytes of one typed line (without its newline; NULs
 * possible) in place: trimmed, runs of blanks folded into one space, lower
 * case, NUL-terminated (line has room for n + 1 bytes); *len its length.
 * LINE_CONTROL (a control character or a NUL: nothing usable left in line),
 * LINE_EMPTY or LINE_TEXT. */
cli_line cli_line_clean(char *line, size_t n, size_t *len);

/* What a cleaned line asks for. */
typedef enum cli_input {
    CLI_INPUT_HELP,    /* help, ? */
    CLI_INPUT_QUIT,    /* quit, q, exit */
    CLI_INPUT_SHOW,    /* hand, show */
    CLI_INPUT_HINT,    /* hint */
    CLI_INPUT_CARD,    /* a card: *card set */
    CLI_INPUT_COMMAND, /* an Android Whist command: *command set */
    CLI_INPUT_OTHER    /* anything else */
} cli_input;

/* Reads a cleaned line (n bytes) as one of the words above, a card or a command. */
cli_input cli_input_parse(const char *line, size_t n, gw_card *card, gw_android_command *command);

/* A position of `whist solve` from its words (led may be NULL); false with
 * the reason in why (cap bytes). */
bool cli_solve_position(const char *trump, const char *a, const char *b, const char *led, gw_position *p,
                        char *why, size_t cap);

/* What one line of a `whist solve --batch` file holds. */
typedef enum { CLI_SOLVE_BLANK, CLI_SOLVE_POSITION, CLI_SOLVE_BAD } cli_solve_line_kind;

/* Reads one batch line: the n bytes of line (without its newline; a NUL
 * makes the line bad), "TRUMP HAND_A HAND_B [LED]". The line is changed in
 * place (room for n + 1 bytes). CLI_SOLVE_POSITION fills p; CLI_SOLVE_BAD
 * puts the reason in why (cap bytes). */
cli_solve_line_kind cli_solve_line(char *line, size_t n, gw_position *p, char *why, size_t cap);

#endif

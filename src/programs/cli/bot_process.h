/* bot_process.h: an outside program run as a child (`/bin/sh -c CMD`), spoken to one line at a time on its
 * standard input and output under a time limit, and always reaped. Used by `whist arena --engine-a/-b`. */
#ifndef BOT_PROCESS_H
#define BOT_PROCESS_H

#include <stdbool.h>
#include <stddef.h>

/* The longest line a program may write (bytes, newline excluded): longer is garbage. */
#define BOT_LINE_MAX 65536
/* How much of the program's standard error is kept for reports (its last bytes). */
#define BOT_STDERR_KEEP 2048

typedef struct bot_process bot_process;

/* What a send or a read came to. */
typedef enum bot_io {
    BOT_IO_OK = 0,
    BOT_IO_CLOSED,  /* the program closed its end or exited (crash: see bot_process_exit_text) */
    BOT_IO_TIMEOUT, /* no whole line within the time limit (the program is killed) */
    BOT_IO_GARBAGE, /* a line longer than BOT_LINE_MAX, or a NUL byte in it (the program is killed) */
    BOT_IO_ERROR    /* the system refused (the reason in the message) */
} bot_io;

/* Starts cmd under /bin/sh in a process group of its own, with pipes on its
 * standard input, output and error (every descriptor close-on-exec, so no
 * other child inherits them, though a child of another thread holds them
 * between its fork and its exec; SIGPIPE is ignored in this process, so a
 * write to a program that died is an error, not death). NULL with the reason in
 * why (cap bytes) when pipes or fork fail; a command that cannot run shows as
 * a program that exits at once (sh's status 127). The caller owns the result:
 * bot_process_stop frees it. */
bot_process *bot_process_start(const char *cmd, char *why, size_t cap);

/* Writes line and a newline, waiting at most timeout_ms for the program to
 * take it. BOT_IO_CLOSED if the program is gone, BOT_IO_TIMEOUT if it stops
 * reading (the program is then killed). */
bot_io bot_process_send(bot_process *b, const char *line, int timeout_ms);

/* Reads the program's next line (newline removed, NUL-terminated) into the
 * process's buffer, waiting at most timeout_ms; *line points at it until the
 * next call. On BOT_IO_TIMEOUT and BOT_IO_GARBAGE the program is killed;
 * bot_process_partial shows what it had written of the line. */
bot_io bot_process_read(bot_process *b, int timeout_ms, const char **line);

/* Whether the program has written anything not yet read (never waits): a
 * line when no answer was due. bot_process_partial then shows it. */
bool bot_process_pending(bot_process *b);

/* What the program had written of an unfinished line (NUL-terminated, may be empty). */
const char *bot_process_partial(bot_process *b);

/* The program's status once it is gone ("exited with status 3", "was killed by
 * signal 11 (Segmentation fault)", "was stopped by the arena", or "is running"),
 * waiting up to grace_ms for it to end after it closed its output (then it is killed). */
void bot_process_exit_text(bot_process *b, int grace_ms, char *out, size_t cap);

/* The last bytes the program wrote on its standard error (NUL-terminated, may be empty). */
const char *bot_process_stderr(bot_process *b);

/* Kills the program's process group (SIGKILL) now; it is reaped by bot_process_stop. */
void bot_process_kill(bot_process *b);

/* Closes the program's input, gives it grace_ms to exit, then kills its
 * process group, reaps it and frees b (NULL is fine). Never blocks longer
 * than grace_ms plus a kill. */
void bot_process_stop(bot_process *b, int grace_ms);

/* Copies s into out (cap bytes) for a message: at most max bytes of it,
 * control characters shown as '?', "..." when cut. */
void bot_truncate(const char *s, size_t max, char *out, size_t cap);

#endif

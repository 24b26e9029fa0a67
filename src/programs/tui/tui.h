/* tui.h: the full-screen German Whist game (ncursesw): the program's entry when it runs on a terminal. */
#ifndef GW_TUI_H
#define GW_TUI_H

/* Runs the game: argv[0] is "play" (or the program name), the rest its
 * options (--seed, --ascii, rule overrides, --help). Returns the exit code:
 * 0 after a normal quit, 2 on a usage error, 1 when the terminal cannot be
 * used, 128 + the signal after SIGINT, SIGTERM or SIGHUP (the unfinished
 * match is kept and the terminal restored in every case). */
int gw_tui_main(int argc, char **argv);

#endif

/* main.c: the whist program: the full-screen game on a terminal, the command line otherwise. */
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tui.h"

/* The full-screen game opens for `whist` alone and for `whist play` without
 * --plain (or --help), and only when standard input and output are a terminal. */
static bool wants_tui(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "play") != 0) return false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) break;
        if (strcmp(a, "-p") == 0 || strcmp(a, "--plain") == 0 || strcmp(a, "-h") == 0 ||
            strcmp(a, "--help") == 0)
            return false;
    }
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

int main(int argc, char **argv) {
    if (wants_tui(argc, argv)) return argc >= 2 ? gw_tui_main(argc - 1, argv + 1) : gw_tui_main(1, argv);
    return cli_main(argc, argv);
}

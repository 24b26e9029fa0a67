/* main.c: the whist program: the full-screen game on a terminal, the command line otherwise. */
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "server.h"
#include "tui.h"

/* The full-screen game opens for `whist` alone, for `whist play` and for
 * `whist` followed by a play option (`whist --seed 7` is `whist play --seed 7`),
 * unless --plain or --help is given, and only when standard input and output
 * are a terminal. */
static bool wants_tui(int argc, char **argv) {
    int from = 1;
    if (argc >= 2 && strcmp(argv[1], "play") == 0)
        from = 2;
    else if (argc >= 2 && !cli_is_play_option(argv[1]))
        return false;
    for (int i = from; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) break;
        if (strcmp(a, "-p") == 0 || strcmp(a, "--plain") == 0 || strcmp(a, "-h") == 0 ||
            strcmp(a, "--help") == 0)
            return false;
    }
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

/* The commands of other modules than cli's: cli and server never include each other. */
static const cli_command MORE[] = {{"serve", server_main}};

int main(int argc, char **argv) {
    if (wants_tui(argc, argv)) {
        /* gw_tui_main reads its options from argv[1] on: skip "play" when it is there */
        bool play = argc >= 2 && strcmp(argv[1], "play") == 0;
        int n = play ? argc - 1 : argc;
        char **args = play ? argv + 1 : argv;
        /* The options are refused as `whist play --plain` refuses them: one parser (the session's). */
        int rc = cli_play_check(n, args);
        return rc != CLI_OK ? rc : gw_tui_main(n, args);
    }
    return cli_main(argc, argv, MORE, sizeof MORE / sizeof MORE[0]);
}

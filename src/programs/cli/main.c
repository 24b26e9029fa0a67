/* main.c: the `whist` command line: picks the subcommand and prints the top-level help. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char HELP[] =
    "Usage: whist COMMAND [OPTIONS]\n"
    "       whist [--seed N] [--ascii] [--variant V] [--scoring S] [--target N] ...\n"
    "German Whist for two: play against the computer, check and replay game records.\n"
    "\n"
    "Commands:\n"
    "  play           the full-screen game (what `whist` alone opens on a terminal;\n"
    "                 `whist --seed N ...` is `whist play --seed N ...`)\n"
    "  play --plain   play a match against the computer in line mode\n"
    "  android        Android Whist against the computer in line mode (--plain)\n"
    "  deal           print a fresh deal as a game record (.gwr)\n"
    "  check FILE     check game records against the rules (- for standard input)\n"
    "  replay FILE    show a recorded hand trick by trick (--id ID: a stored hand)\n"
    "  stats          your statistics per variant and computer level (--json)\n"
    "  history        your most recent hands, newest first (--limit N, --json)\n"
    "  solve          exact endgame values (--trump S HAND_A HAND_B, or --batch FILE)\n"
    "  arena A B      play two computer levels against each other on duplicate deals\n"
    "  engine         the JSON line protocol: serve a level (--level) or referee a match\n"
    "  serve          play in a browser: the web client and its WebSocket (--host, --port)\n"
    "\n"
    "Options:\n"
    "  -h, --help     show this help (whist COMMAND --help for a command's own)\n"
    "  -V, --version  show the version\n"
    "\n"
    "Records are described in docs/record.md. Exit status: 0 success, 1 failure\n"
    "(an invalid record, an unsaved game), 2 usage error or unreadable file.\n";

static const cli_command COMMANDS[] = {
    {"check", cmd_check},   {"deal", cmd_deal},     {"play", cmd_play},   {"android", cmd_android},
    {"replay", cmd_replay}, {"solve", cmd_solve},   {"arena", cmd_arena}, {"history", cmd_history},
    {"stats", cmd_stats},   {"engine", cmd_engine},
};

bool cli_is_play_option(const char *arg) {
    static const char *const OPTIONS[] = {"--seed",   "--ascii",    "--variant", "--scoring",
                                          "--target", "--opponent", "--think-ms"};
    for (size_t i = 0; i < sizeof OPTIONS / sizeof OPTIONS[0]; i++) {
        size_t n = strlen(OPTIONS[i]);
        if (strncmp(arg, OPTIONS[i], n) == 0 && (arg[n] == '\0' || arg[n] == '=')) return true;
    }
    return false;
}

int cli_main(int argc, char **argv, const cli_command *more, size_t n_more) {
    if (argc < 2) {
        fputs(HELP, stdout);
        return CLI_OK;
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "help") == 0) {
        fputs(HELP, stdout);
        return CLI_OK;
    }
    if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0) {
        printf("whist %s\n", GW_VERSION);
        return CLI_OK;
    }
    if (cli_is_play_option(name)) return cmd_play(argc, argv); /* whist --seed 7: whist play --seed 7 */
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (strcmp(name, COMMANDS[i].name) == 0) return COMMANDS[i].run(argc - 1, argv + 1);
    }
    for (size_t i = 0; i < n_more; i++) {
        if (strcmp(name, more[i].name) == 0) return more[i].run(argc - 1, argv + 1);
    }
    if (name[0] == '-')
        fprintf(stderr, "whist: unknown option '%s'\nTry 'whist --help'.\n", name);
    else
        fprintf(stderr, "whist: unknown command '%s'\nTry 'whist --help'.\n", name);
    return CLI_USAGE;
}

/* cmd_history.c: `whist history`: the most recent stored hands of both games, newest first, as a list or
 * JSON. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define HISTORY_DEFAULT_LIMIT 20
#define HISTORY_MAX_LIMIT     1000000

static const char HELP[] = "Usage: whist history [--limit N] [--json]\n"
                           "Lists the hands you finished, newest first, of German Whist ('whist play',\n"
                           "the full-screen game) and Android Whist ('whist android --plain', the\n"
                           "full-screen game): the hand's id (for 'whist replay --id ID'), when it ended,\n"
                           "the game, the variant and scoring rule (German Whist), the opponent, the\n"
                           "hand's number in its match or rubber, the tricks that counted (yours or your\n"
                           "side's first), who scored, and 'assisted' if you took back a card.\n"
                           "Nothing is created when no database exists yet.\n"
                           "\n"
                           "  -n, --limit N   show at most N hands (default 20; 0 shows them all)\n"
                           "      --json      print the hands as a JSON array\n"
                           "  -h, --help      show this help\n"
                           "\n"
                           "Exit status: 0 shown (also when nothing was played yet), 1 the database\n"
                           "cannot be read, 2 usage error.\n";

/* "you scored 2", "computer scored 10 (slam)", "your side scored 3", "no score";
 * running total: "you scored 8, computer 5". */
static void result_text(const gw_store_entry *e, char *out, size_t cap) {
    if (strcmp(e->scoring, gw_scoring_name(GW_TOTAL)) == 0)
        snprintf(out, cap, "you scored %d, computer %d", e->scored[0], e->scored[1]);
    else if (e->winner < 0)
        snprintf(out, cap, "no score");
    else if (e->android)
        snprintf(out, cap, "%s side scored %d",
                 e->winner == 0                      ? "your"
                 : strcmp(e->opponent, "human") == 0 ? "player 2's"
                                                     : "computer's",
                 e->points);
    else
        snprintf(out, cap, "%s scored %d%s", e->winner == 0 ? "you" : "computer", e->points,
                 e->slam ? " (slam)" : "");
}

static void print_list(const gw_store_entry *rows, int count) {
    if (count == 0) {
        printf("No games played yet: 'whist play' and 'whist android --plain' store every finished hand.\n");
        return;
    }
    printf("%6s  %-19s  %-7s  %-7s  %-10s  %-8s  %4s  %-6s  %s\n", "id", "date", "game", "variant", "scoring",
           "opponent", "hand", "tricks", "result");
    for (int i = 0; i < count; i++) {
        const gw_store_entry *e = &rows[i];
        char tricks[24], result[64];
        snprintf(tricks, sizeof tricks, "%d-%d", e->tricks[0], e->tricks[1]);
        result_text(e, result, sizeof result);
        printf("%6lld  %-19s  %-7s  %-7s  %-10s  %-8s  %4d  %-6s  ", (long long)e->id, e->played,
               e->android ? "android" : "german", e->android ? "-" : e->variant,
               e->android ? "-" : e->scoring, e->opponent, e->number, tricks);
        if (e->assisted)
            printf("%-25s  assisted\n", result);
        else
            printf("%s\n", result);
    }
}

static void print_json(const gw_store_entry *rows, int count) {
    printf("[");
    for (int i = 0; i < count; i++) {
        const gw_store_entry *e = &rows[i];
        char result[64];
        result_text(e, result, sizeof result);
        printf("%s{\"id\": %lld, \"match\": %lld, \"hand\": %d, \"played\": ", i ? ",\n " : "",
               (long long)e->id, (long long)e->match_id, e->number);
        cli_json_string(stdout, e->played);
        printf(", \"variant\": ");
        cli_json_string(stdout, e->variant);
        printf(", \"scoring\": ");
        cli_json_string(stdout, e->scoring);
        printf(", \"target\": %d, \"opponent\": ", e->target);
        cli_json_string(stdout, e->opponent);
        printf(", \"tricks\": [%d, %d], \"winner\": %d, \"points\": %d, \"scored\": [%d, %d], \"slam\": %s, "
               "\"assisted\": %s, \"score\": [%d, %d], \"result\": ",
               e->tricks[0], e->tricks[1], e->winner, e->points, e->scored[0], e->scored[1],
               e->slam ? "true" : "false", e->assisted ? "true" : "false", e->score[0], e->score[1]);
        cli_json_string(stdout, result);
        printf(", \"game\": \"%s\"}", e->android ? "android" : "german");
    }
    printf("]\n");
}

int cmd_history(int argc, char **argv) {
    static const struct option OPTIONS[] = {{"limit", required_argument, NULL, 'n'},
                                            {"json", no_argument, NULL, 'J'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    bool json = false;
    int limit = HISTORY_DEFAULT_LIMIT, opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":n:h", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'n': {
            char *end;
            errno = 0;
            long v = strtol(optarg, &end, 10);
            if (errno || !(*optarg >= '0' && *optarg <= '9') || *end != '\0' || v > HISTORY_MAX_LIMIT)
                return cli_usage_error("history", "--limit wants a number of hands from 0 to %d, not '%s'",
                                       HISTORY_MAX_LIMIT, optarg);
            limit = (int)v;
            break;
        }
        case 'J': json = true; break; /* long option only */
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("history", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("history", "unexpected argument '%s'", argv[optind]);
    gw_store *store;
    int rc = cli_open_store("history", &store);
    if (rc != CLI_OK) return rc;
    gw_store_entry *rows = NULL;
    int count = 0;
    if (store) {
        gw_error err;
        gw_status st = gw_store_history(store, limit, &rows, &count, &err);
        gw_store_close(store);
        if (st != GW_OK) {
            fprintf(stderr, "whist history: the history cannot be read: %s\n", err.msg);
            return CLI_FAIL;
        }
    }
    if (json)
        print_json(rows, count);
    else
        print_list(rows, count);
    free(rows);
    return CLI_OK;
}

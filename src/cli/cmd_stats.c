/* cmd_stats.c: `whist stats`: the player's statistics per variant and opponent level, as a table or JSON. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char HELP[] = "Usage: whist stats [--json]\n"
                           "Shows your statistics from every finished hand of 'whist play', per variant\n"
                           "and computer level, then over all: matches played (finished ones) and won,\n"
                           "hands played and won, the share of hands won, your slams, your longest run\n"
                           "of hands won, and the hands where you took back a card (assisted).\n"
                           "The database is $XDG_DATA_HOME/whist/whist.db (see docs/stats.md).\n"
                           "\n"
                           "      --json   print the figures as one JSON object\n"
                           "  -h, --help   show this help\n"
                           "\n"
                           "Exit status: 0 shown (also when nothing was played yet), 1 the database\n"
                           "cannot be read, 2 usage error.\n";

/* Hands won out of hands played, as text: "75.0%", or "-" with no hands. */
static void win_rate(const gw_stats *r, char out[16]) {
    if (r->hands == 0)
        snprintf(out, 16, "-");
    else
        snprintf(out, 16, "%.1f%%", 100.0 * r->hands_won / r->hands);
}

static void print_row(const gw_stats *r) {
    char rate[16];
    win_rate(r, rate);
    printf("%-8s %-9s %7d %4d %8d %4d %9s %6d %15d %9d\n", r->variant, r->opponent, r->matches,
           r->matches_won, r->hands, r->hands_won, rate, r->slams, r->longest_streak, r->assisted);
}

static void print_table(const gw_stats *rows, int count) {
    const gw_stats *total = &rows[count - 1];
    if (total->hands == 0) {
        printf("No games played yet: 'whist play' stores every finished hand.\n");
        return;
    }
    printf("                    matches         hands\n");
    printf("variant  opponent   played  won   played  won  win rate  slams  longest streak  assisted\n");
    for (int i = 0; i < count; i++)
        print_row(&rows[i]);
    printf("\nCurrent winning streak: %d hand%s.\n", total->current_streak,
           total->current_streak == 1 ? "" : "s");
}

static void print_json_row(const gw_stats *r) {
    printf("{\"variant\": ");
    cli_json_string(stdout, r->variant);
    printf(", \"opponent\": ");
    cli_json_string(stdout, r->opponent);
    printf(", \"matches\": %d, \"matches_won\": %d, \"hands\": %d, \"hands_won\": %d, ", r->matches,
           r->matches_won, r->hands, r->hands_won);
    if (r->hands == 0)
        printf("\"win_rate\": null, ");
    else
        printf("\"win_rate\": %.4f, ", (double)r->hands_won / r->hands);
    printf("\"slams\": %d, \"longest_streak\": %d, \"current_streak\": %d, \"assisted\": %d}", r->slams,
           r->longest_streak, r->current_streak, r->assisted);
}

static void print_json(const gw_stats *rows, int count) {
    printf("{\"rows\": [");
    for (int i = 0; i < count - 1; i++) {
        printf("%s", i ? ", " : "");
        print_json_row(&rows[i]);
    }
    printf("], \"total\": ");
    print_json_row(&rows[count - 1]);
    printf("}\n");
}

int cmd_stats(int argc, char **argv) {
    static const struct option OPTIONS[] = {
        {"json", no_argument, NULL, 'J'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    bool json = false;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":h", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'J': json = true; break; /* long option only */
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("stats", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("stats", "unexpected argument '%s'", argv[optind]);
    gw_store *store;
    int rc = cli_open_store("stats", &store);
    if (rc != CLI_OK) return rc;
    gw_stats none = {.variant = "all", .opponent = "all"}, *rows = &none;
    int count = 1;
    if (store) {
        gw_error err;
        gw_status st = gw_store_stats(store, &rows, &count, &err);
        gw_store_close(store);
        if (st != GW_OK) {
            fprintf(stderr, "whist stats: the statistics cannot be read: %s\n", err.msg);
            return CLI_FAIL;
        }
    }
    if (json)
        print_json(rows, count);
    else
        print_table(rows, count);
    if (rows != &none) free(rows);
    return CLI_OK;
}

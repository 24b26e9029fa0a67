/* cmd_stats.c: `whist stats`: the player's statistics per set of rules and opponent level, and for Android
 * Whist per opponent, as tables or JSON. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char HELP[] = "Usage: whist stats [--json]\n"
                           "Shows your statistics from every finished hand you played.\n"
                           "German Whist ('whist play', the full-screen game): one row per set of rules\n"
                           "(variant, scoring rule, win target) and computer level, then over all:\n"
                           "matches played (finished ones) and won, hands played and won, the share of\n"
                           "hands won, your slams, your current and your longest run of hands won, and\n"
                           "the hands where you took back a card (assisted).\n"
                           "Android Whist ('whist android --plain', the full-screen game): one row per\n"
                           "opponent ('human' for two players at one terminal, seen from player 1), then\n"
                           "over all: rubbers, games and hands played and won, the points your side\n"
                           "scored and conceded, your current and longest run of hands won.\n"
                           "The database is $XDG_DATA_HOME/whist/whist.db (see docs/stats.md); nothing is\n"
                           "created when it does not exist yet.\n"
                           "\n"
                           "      --json   print the figures as one JSON object\n"
                           "  -h, --help   show this help\n"
                           "\n"
                           "Exit status: 0 shown (also when nothing was played yet), 1 the database\n"
                           "cannot be read, 2 usage error.\n";

/* Hands won out of hands played, as text: "75.0%", or "-" with no hands. */
static void win_rate(int won, int played, char out[16]) {
    if (played == 0)
        snprintf(out, 16, "-");
    else
        snprintf(out, 16, "%.1f%%", 100.0 * won / played);
}

static void print_row(const gw_stats *r) {
    char rate[16], target[16];
    win_rate(r->hands_won, r->hands, rate);
    if (r->target > 0)
        snprintf(target, sizeof target, "%d", r->target);
    else
        snprintf(target, sizeof target, "-");
    printf("%-8s %-10s %6s  %-8s %6d %4d %7d %4d %9s %6d %7d %7d %9d\n", r->variant, r->scoring, target,
           r->opponent, r->matches, r->matches_won, r->hands, r->hands_won, rate, r->slams, r->current_streak,
           r->longest_streak, r->assisted);
}

static void print_android_row(const gw_android_stats *r) {
    char rate[16];
    win_rate(r->hands_won, r->hands, rate);
    printf("%-9s %6d %4d %6d %4d %6d %4d %9s %6d %7d %7d %7d\n", r->opponent, r->rubbers, r->rubbers_won,
           r->games, r->games_won, r->hands, r->hands_won, rate, r->points, r->points_against,
           r->current_streak, r->longest_streak);
}

static void print_table(const gw_stats *rows, int count, const gw_android_stats *arows, int acount) {
    const gw_stats *total = &rows[count - 1];
    const gw_android_stats *atotal = &arows[acount - 1];
    if (total->hands == 0 && atotal->hands == 0) {
        printf("No games played yet: 'whist play' and 'whist android --plain' store every finished hand.\n");
        return;
    }
    if (total->hands > 0) {
        printf("German Whist                          matches        hands                       streak\n");
        printf("variant  scoring    target  opponent  played  won  played  won  win rate  slams  current "
               "longest  assisted\n");
        for (int i = 0; i < count; i++)
            print_row(&rows[i]);
        printf("\nCurrent winning streak: %d hand%s.\n", total->current_streak,
               total->current_streak == 1 ? "" : "s");
    }
    if (atotal->hands > 0) {
        if (total->hands > 0) printf("\n");
        printf("Android Whist    rubbers      games       hands                 points          streak\n");
        printf("opponent  played  won played  won played  won  win rate  scored against current longest\n");
        for (int i = 0; i < acount; i++)
            print_android_row(&arows[i]);
    }
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
    printf("\"slams\": %d, \"longest_streak\": %d, \"current_streak\": %d, \"assisted\": %d, \"scoring\": ",
           r->slams, r->longest_streak, r->current_streak, r->assisted);
    cli_json_string(stdout, r->scoring);
    if (r->target > 0)
        printf(", \"target\": %d}", r->target);
    else
        printf(", \"target\": null}");
}

static void print_json_android_row(const gw_android_stats *r) {
    printf("{\"opponent\": ");
    cli_json_string(stdout, r->opponent);
    printf(", \"rubbers\": %d, \"rubbers_won\": %d, \"games\": %d, \"games_won\": %d, \"hands\": %d, "
           "\"hands_won\": %d, ",
           r->rubbers, r->rubbers_won, r->games, r->games_won, r->hands, r->hands_won);
    if (r->hands == 0)
        printf("\"win_rate\": null, ");
    else
        printf("\"win_rate\": %.4f, ", (double)r->hands_won / r->hands);
    printf("\"points\": %d, \"points_against\": %d, \"longest_streak\": %d, \"current_streak\": %d}",
           r->points, r->points_against, r->longest_streak, r->current_streak);
}

static void print_json(const gw_stats *rows, int count, const gw_android_stats *arows, int acount) {
    printf("{\"rows\": [");
    for (int i = 0; i < count - 1; i++) {
        printf("%s", i ? ", " : "");
        print_json_row(&rows[i]);
    }
    printf("], \"total\": ");
    print_json_row(&rows[count - 1]);
    printf(", \"android\": {\"rows\": [");
    for (int i = 0; i < acount - 1; i++) {
        printf("%s", i ? ", " : "");
        print_json_android_row(&arows[i]);
    }
    printf("], \"total\": ");
    print_json_android_row(&arows[acount - 1]);
    printf("}}\n");
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
    gw_stats none = {.variant = "all", .opponent = "all", .scoring = "all"}, *rows = &none;
    gw_android_stats anone = {.opponent = "all"}, *arows = &anone;
    int count = 1, acount = 1;
    if (store) {
        gw_error err;
        gw_status st = gw_store_stats(store, &rows, &count, &err);
        if (st == GW_OK) {
            st = gw_store_android_stats(store, &arows, &acount, &err);
            if (st != GW_OK) {
                free(rows);
                rows = &none;
            }
        }
        gw_store_close(store);
        if (st != GW_OK) {
            fprintf(stderr, "whist stats: the statistics cannot be read: %s\n", err.msg);
            return CLI_FAIL;
        }
    }
    if (json)
        print_json(rows, count, arows, acount);
    else
        print_table(rows, count, arows, acount);
    if (rows != &none) free(rows);
    if (arows != &anone) free(arows);
    return CLI_OK;
}

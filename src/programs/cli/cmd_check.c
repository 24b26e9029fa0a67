/* cmd_check.c: `whist check`: checks records of both games and reports each hand's first problem. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gw/files.h"
#include "gw/record_file.h"

static const char HELP[] =
    "Usage: whist check [--quiet] FILE... (- for standard input)\n"
    "Checks game records against the rules. For each hand prints one line:\n"
    "  hand H: tricks A-B, player P scores N   (or: no score / unfinished after trick T)\n"
    "  hand H: tricks A-B, side S scores N     (Android Whist: side S is player S and their android)\n"
    "or its first problem as FILE:LINE:COL: error: MESSAGE on standard error.\n"
    "\n"
    "  -q, --quiet   print only the problems\n"
    "  -h, --help    show this help\n"
    "\n"
    "Exit status: 0 every hand valid, 1 some hand invalid, 2 usage error or unreadable file.\n";

/* Prints a hand's first problem; returns CLI_FAIL. */
static int report_error(const char *shown, const gw_error *e, int hand_line) {
    fflush(stdout);
    fprintf(stderr, "%s:%d:%d: error: %s\n", shown, e->line ? e->line : hand_line, e->col ? e->col : 1,
            e->msg);
    fflush(stderr);
    return CLI_FAIL;
}

/* Checks one file, read once; returns the exit status it deserves. Each hand
 * is checked by the rules its Game tag names (gw_record_file_read). */
static int check_file(const char *path, bool quiet) {
    char *text = NULL;
    size_t len = 0;
    const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
    gw_error err;
    if (gw_file_read(path, &text, &len, &err) != GW_OK) {
        fprintf(stderr, "whist check: cannot read %s: %s\n", shown, err.msg);
        return CLI_USAGE;
    }
    gw_record_file rec;
    gw_status st = gw_record_file_read(text, len, &rec, &err);
    free(text);
    if (st != GW_OK) {
        fprintf(stderr, "whist check: %s: %s\n", shown, err.msg);
        return CLI_USAGE;
    }
    int status = CLI_OK;
    if (rec.count == 0) {
        fprintf(stderr,
                "%s:1:1: error: no hand found (a hand starts with tags such as [Game \"German Whist\"])\n",
                shown);
        status = CLI_FAIL;
    }
    for (int i = 0; i < rec.count; i++) {
        const gw_record_file_hand *h = &rec.hands[i];
        const gw_error *e = gw_record_file_error(h);
        char line[96];
        if (e->status != GW_OK) {
            status = report_error(shown, e, gw_record_file_line(h));
        } else if (!quiet) {
            gw_record_file_summary(h, line, (int)sizeof line);
            printf("%s\n", line);
        }
    }
    gw_record_file_free(&rec);
    return status;
}

int cmd_check(int argc, char **argv) {
    static const struct option OPTIONS[] = {
        {"quiet", no_argument, NULL, 'q'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    bool quiet = false;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":qh", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'q': quiet = true; break;
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("check", argv, optind);
        }
    }
    if (optind >= argc) return cli_usage_error("check", "which file? (- for standard input)");
    int status = CLI_OK;
    for (int i = optind; i < argc; i++) {
        int s = check_file(argv[i], quiet);
        if (s > status) status = s;
    }
    return status;
}

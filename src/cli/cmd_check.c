/* cmd_check.c: `whist check`: checks record files and reports each hand's first problem. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gw/files.h"

static const char HELP[] =
    "Usage: whist check [--quiet] FILE... (- for standard input)\n"
    "Checks game records against the rules. For each hand prints one line:\n"
    "  hand H: tricks A-B, player P scores N   (or: no score / unfinished after trick T)\n"
    "or its first problem as FILE:LINE:COL: error: MESSAGE on standard error.\n"
    "\n"
    "  -q, --quiet   print only the problems\n"
    "  -h, --help    show this help\n"
    "\n"
    "Exit status: 0 every hand valid, 1 some hand invalid, 2 usage error or unreadable file.\n";

/* Checks one file; returns the exit status it deserves. */
static int check_file(const char *path, bool quiet) {
    char *text = NULL;
    size_t len = 0;
    const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
    gw_error err;
    if (gw_file_read(path, &text, &len, &err) != GW_OK) {
        fprintf(stderr, "whist check: cannot read %s: %s\n", shown, err.msg);
        return CLI_USAGE;
    }
    gw_record rec;
    if (gw_record_read(text, len, &rec, &err) != GW_OK) {
        free(text);
        fprintf(stderr, "whist check: %s: %s\n", shown, err.msg);
        return CLI_USAGE;
    }
    free(text);
    int status = CLI_OK;
    if (rec.count == 0) {
        fprintf(stderr,
                "%s:1:1: error: no hand found (a hand starts with tags such as [Game \"German Whist\"])\n",
                shown);
        status = CLI_FAIL;
    }
    for (int i = 0; i < rec.count; i++) {
        const gw_record_hand *h = &rec.hands[i];
        if (h->error.status != GW_OK) {
            fflush(stdout);
            fprintf(stderr, "%s:%d:%d: error: %s\n", shown, h->error.line ? h->error.line : h->line,
                    h->error.col ? h->error.col : 1, h->error.msg);
            fflush(stderr);
            status = CLI_FAIL;
        } else if (!quiet) {
            char line[96];
            gw_record_summary(h, line, (int)sizeof line);
            printf("%s\n", line);
        }
    }
    gw_record_free(&rec);
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

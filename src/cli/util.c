/* util.c: option values, seeds, hand display. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "gw/files.h"

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "whist %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'whist %s --help'.\n", cmd);
    return CLI_USAGE;
}

int cli_bad_option(const char *cmd, char **argv, int index) {
    const char *word = argv[index > 0 ? index - 1 : 0];
    return cli_usage_error(cmd, "unknown option or missing value: '%s'", word);
}

bool cli_parse_variant(const char *cmd, const char *s, gw_variant *out) {
    if (gw_variant_parse(s, out)) return true;
    cli_usage_error(cmd, "unknown variant '%s' (classic or small)", s);
    return false;
}

bool cli_parse_scoring(const char *cmd, const char *s, gw_scoring *out) {
    if (gw_scoring_parse(s, out)) return true;
    cli_usage_error(cmd, "unknown scoring '%s' (last13, every or difference)", s);
    return false;
}

bool cli_parse_target(const char *cmd, const char *s, int *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || !(*s >= '0' && *s <= '9') || *end != '\0' || v < 1 || v > 1000) {
        cli_usage_error(cmd, "the target must be a whole number from 1 to 1000, not '%s'", s);
        return false;
    }
    *out = (int)v;
    return true;
}

bool cli_parse_seed(const char *cmd, const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || !(*s >= '0' && *s <= '9') || *end != '\0') { /* digits only: no sign, no blanks */
        cli_usage_error(cmd, "the seed must be a whole number from 0 to 18446744073709551615, not '%s'", s);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

void cli_print_hand(FILE *f, gw_cards hand, int trump, gw_suit_style style) {
    int order[GW_SUITS];
    gw_suit_order(trump, style, order);
    bool first = true;
    for (int i = 0; i < GW_SUITS; i++) {
        gw_cards suit = hand & gw_suit_cards(order[i]);
        if (!suit) continue;
        char text[64];
        gw_cards_format_list(suit, NULL, ' ', text, (int)sizeof text);
        fprintf(f, "%s%s", first ? "" : "  ", text);
        first = false;
    }
    if (first) fputs("(none)", f);
}

const char *cli_card(gw_card c) {
    static char names[8][3];
    static int next;
    char *out = names[next++ % 8];
    if (c == GW_NO_CARD) return "--";
    gw_card_format(c, out);
    return out;
}

void cli_record_save(cli_record_file *f, const gw_text *text) {
    if (!f->has_path) return;
    char why[256] = "out of memory";
    gw_error err;
    bool ok = !text->failed && gw_file_write(f->path, text->data, text->len, &err) == GW_OK;
    if (!ok && !text->failed) snprintf(why, sizeof why, "%s", err.msg);
    if (!ok && (f->save_ok || strcmp(why, f->save_why) != 0))
        fprintf(stderr, "warning: cannot save the record to %s: %s (the game goes on)\n", f->path, why);
    if (!ok) snprintf(f->save_why, sizeof f->save_why, "%s", why);
    f->save_ok = ok;
}

int cli_record_finish(const cli_record_file *f, const gw_text *text) {
    if (f->has_path && f->save_ok) {
        printf("The record is saved in %s\n", f->path);
        return CLI_OK;
    }
    printf("The record could not be saved%s%s; here it is, to keep:\n\n%s", f->has_path ? ": " : "",
           f->has_path ? f->save_why : "", gw_text_str(text));
    return CLI_FAIL;
}

cli_line cli_read_line(char *line, size_t cap, size_t *len) {
    size_t n = 0;
    bool any = false, too_long = false;
    int ch;
    while ((ch = getchar()) != EOF) {
        any = true;
        if (ch == '\n') break;
        if (n < cap - 1)
            line[n++] = (char)ch;
        else
            too_long = true;
    }
    if (!any) return LINE_EOF;
    if (too_long) return LINE_LONG;
    return cli_line_clean(line, n, len);
}

void cli_today(char date[16]) {
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, 16, "%Y.%m.%d", &tm);
    else
        snprintf(date, 16, "????.??.??");
}

void cli_record_default(cli_record_file *f, const char *prefix, uint64_t seed) {
    if (f->has_path) return;
    char dir[3500];
    gw_error err;
    if (gw_xdg_dir(GW_XDG_DATA, "games", dir, sizeof dir, &err) == GW_OK) {
        snprintf(f->path, sizeof f->path, "%s/%s-%llu.gwr", dir, prefix, (unsigned long long)seed);
        f->has_path = true;
    } else {
        fprintf(stderr, "warning: %s; the record will be printed at the end instead\n", err.msg);
    }
}

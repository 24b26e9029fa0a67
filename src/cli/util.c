/* util.c: option values, seeds, whole-file reading and safe writing, XDG folders, hand display. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

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

uint64_t cli_fresh_seed(void) {
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        size_t n = fread(&seed, sizeof seed, 1, f);
        fclose(f);
        if (n == 1) return seed % 1000000000000ull; /* short enough to type */
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid()) %
           (uint64_t)1000000000000;
}

bool cli_read_file(const char *path, char **data, size_t *len, char *why, size_t why_cap) {
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(why, why_cap, "%s", strerror(errno));
        return false;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *p = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
            if (!p) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = p;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    bool failed = !buf || ferror(f);
    int err = errno;
    if (!is_stdin) fclose(f);
    if (failed) {
        free(buf);
        snprintf(why, why_cap, "%s", strerror(err ? err : EIO));
        return false;
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return true;
}

/* Writes all of data to fd; false with errno set on failure. */
static bool write_all(int fd, const char *data, size_t len) {
    while (len > 0) {
        ssize_t w = write(fd, data, len);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += w;
        len -= (size_t)w;
    }
    return true;
}

bool cli_write_file(const char *path, const char *data, size_t len, char *why, size_t why_cap) {
    struct stat st;
    bool regular = stat(path, &st) != 0 || S_ISREG(st.st_mode);
    if (!regular) { /* a device or pipe: write straight into it */
        int fd = open(path, O_WRONLY | O_TRUNC);
        bool ok = fd >= 0 && write_all(fd, data, len);
        int err = errno;
        if (fd >= 0 && close(fd) != 0 && ok) {
            ok = false;
            err = errno;
        }
        if (!ok) snprintf(why, why_cap, "%s", strerror(err));
        return ok;
    }
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp) {
        snprintf(why, why_cap, "%s", strerror(ENOMEM));
        return false;
    }
    snprintf(tmp, plen + 16, "%s.tmp%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    bool ok = fd >= 0 && write_all(fd, data, len) && fsync(fd) == 0;
    int err = errno;
    if (fd >= 0 && close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        if (fd >= 0) unlink(tmp);
        snprintf(why, why_cap, "%s", strerror(err));
    }
    free(tmp);
    return ok;
}

/* mkdir -p for one path; false with errno set on failure. */
static bool make_dirs(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok) return false;
    }
    return mkdir(path, 0755) == 0 || errno == EEXIST;
}

bool cli_data_dir(const char *sub, char *out, size_t cap, char *why, size_t why_cap) {
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/') {
        n = snprintf(out, cap, "%s/whist/%s", xdg, sub);
    } else if (home && home[0]) {
        n = snprintf(out, cap, "%s/.local/share/whist/%s", home, sub);
    } else {
        snprintf(why, why_cap, "neither XDG_DATA_HOME nor HOME is set");
        return false;
    }
    if (n < 0 || (size_t)n >= cap) {
        snprintf(why, why_cap, "the data folder's path is too long");
        return false;
    }
    if (!make_dirs(out)) {
        snprintf(why, why_cap, "cannot create %s: %s", out, strerror(errno));
        return false;
    }
    if (access(out, W_OK) != 0) {
        snprintf(why, why_cap, "cannot write in %s: %s", out, strerror(errno));
        return false;
    }
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

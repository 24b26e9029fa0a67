/* stored.c: what the commands that read the statistics share: opening the database, JSON strings. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <sys/stat.h>

#include "cli.h"

int cli_open_store(const char *cmd, gw_store **out) {
    *out = NULL;
    char path[4096];
    gw_error err;
    /* The path only: a command that reads creates neither the file nor its folder. */
    if (gw_store_path(path, sizeof path, &err) != GW_OK) {
        fprintf(stderr, "whist %s: the statistics cannot be read: %s\n", cmd, err.msg);
        return CLI_FAIL;
    }
    struct stat sb;
    if (stat(path, &sb) != 0 && errno == ENOENT) return CLI_OK; /* nothing played yet */
    if (gw_store_open(path, out, &err) != GW_OK) {
        fprintf(stderr, "whist %s: the statistics cannot be read: %s\n", cmd, err.msg);
        return CLI_FAIL;
    }
    return CLI_OK;
}

void cli_json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20 || *p == 0x7F)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

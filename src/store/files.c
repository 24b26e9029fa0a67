/* files.c: the user's files: XDG folders, whole-file reading and atomic replacement. */
#define _POSIX_C_SOURCE 200809L
#include "gw/files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The message of a failed call: the system's reason, as the header promises. */
static gw_status fail_errno(gw_error *err, int e) {
    return gw_error_set(err, GW_EIO, 0, 0, "%s", strerror(e));
}

gw_status gw_xdg_path(gw_xdg_kind kind, const char *sub, char *out, size_t cap, gw_error *err) {
    const char *var = kind == GW_XDG_CONFIG ? "XDG_CONFIG_HOME" : "XDG_DATA_HOME";
    const char *fallback = kind == GW_XDG_CONFIG ? ".config" : ".local/share";
    const char *xdg = getenv(var);
    const char *home = getenv("HOME");
    const char *slash = sub && sub[0] ? "/" : "";
    if (!sub) sub = "";
    int n;
    if (xdg && xdg[0] == '/') /* the XDG specification ignores relative paths */
        n = snprintf(out, cap, "%s/whist%s%s", xdg, slash, sub);
    else if (home && home[0] == '/')
        n = snprintf(out, cap, "%s/%s/whist%s%s", home, fallback, slash, sub);
    else
        return gw_error_set(err, GW_EIO, 0, 0, "neither %s nor HOME is set to an absolute path", var);
    if (n < 0 || (size_t)n >= cap)
        return gw_error_set(err, GW_EIO, 0, 0, "the path of the %s folder is too long",
                            kind == GW_XDG_CONFIG ? "settings" : "data");
    return GW_OK;
}

/* mkdir -p; false with errno set on failure. */
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

gw_status gw_xdg_dir(gw_xdg_kind kind, const char *sub, char *out, size_t cap, gw_error *err) {
    gw_status st = gw_xdg_path(kind, sub, out, cap, err);
    if (st != GW_OK) return st;
    if (!make_dirs(out)) return gw_error_set(err, GW_EIO, 0, 0, "cannot create %s: %s", out, strerror(errno));
    struct stat sb;
    if (stat(out, &sb) != 0)
        return gw_error_set(err, GW_EIO, 0, 0, "cannot use %s: %s", out, strerror(errno));
    if (!S_ISDIR(sb.st_mode)) return gw_error_set(err, GW_EIO, 0, 0, "%s is not a folder", out);
    if (access(out, W_OK | X_OK) != 0)
        return gw_error_set(err, GW_EIO, 0, 0, "cannot write in %s: %s", out, strerror(errno));
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_file_read(const char *path, char **data, size_t *len, gw_error *err) {
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) return fail_errno(err, errno);
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int e = buf ? 0 : ENOMEM;
    while (buf) {
        if (n + 1 >= cap) {
            char *p = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
            if (!p) {
                free(buf);
                buf = NULL;
                e = ENOMEM;
                break;
            }
            buf = p;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) e = errno ? errno : EIO;
            break;
        }
    }
    if (!is_stdin) fclose(f);
    if (!buf || e) {
        free(buf);
        return fail_errno(err, e);
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    gw_error_clear(err);
    return GW_OK;
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

gw_status gw_file_write(const char *path, const char *data, size_t len, gw_error *err) {
    struct stat st;
    bool regular = stat(path, &st) != 0 || S_ISREG(st.st_mode);
    if (!regular) { /* a device or pipe: write straight into it */
        int fd = open(path, O_WRONLY | O_TRUNC);
        bool ok = fd >= 0 && write_all(fd, data, len);
        int e = errno;
        if (fd >= 0 && close(fd) != 0 && ok) {
            ok = false;
            e = errno;
        }
        if (!ok) return fail_errno(err, e);
        gw_error_clear(err);
        return GW_OK;
    }
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp) return fail_errno(err, ENOMEM);
    snprintf(tmp, plen + 32, "%s.tmp%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    bool ok = fd >= 0 && write_all(fd, data, len) && fsync(fd) == 0;
    int e = errno;
    if (fd >= 0 && close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok && fd >= 0) unlink(tmp);
    free(tmp);
    if (!ok) return fail_errno(err, e);
    gw_error_clear(err);
    return GW_OK;
}

uint64_t gw_fresh_seed(void) {
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

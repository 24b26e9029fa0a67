/* files.c: the user's files: XDG folders, whole-file reading, atomic replacement, file locks and seeds. */
#define _POSIX_C_SOURCE 200809L
#include "gw/files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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

/* PATH.lock, malloc'd; NULL when out of memory. */
static char *lock_path(const char *path) {
    size_t n = strlen(path) + sizeof ".lock";
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s.lock", path);
    return p;
}

/* The process id written in an open lock file, 0 if none can be read. */
static long lock_holder(int fd) {
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return 0;
    buf[n] = '\0';
    char *end;
    long pid = strtol(buf, &end, 10);
    return pid > 0 && (*end == '\n' || *end == '\0') ? pid : 0;
}

static gw_status busy(gw_error *err, const char *path, long pid, long *holder) {
    if (holder) *holder = pid;
    if (pid > 0)
        return gw_error_set(err, GW_ESTATE, 0, 0, "another whist (pid %llu) is using %s",
                            (unsigned long long)pid, path);
    return gw_error_set(err, GW_ESTATE, 0, 0, "another whist is using %s", path);
}

gw_status gw_file_lock_take(const char *path, gw_file_lock *lock, long *holder, gw_error *err) {
    char *lp = lock_path(path);
    if (!lp) return fail_errno(err, ENOMEM);
    /* The holder removes the lock file when it lets go; a taker that locked a
     * file removed meanwhile (its inode no longer at the path) tries again. */
    for (int attempt = 0; attempt < 16; attempt++) {
        int fd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            int e = errno;
            free(lp);
            return fail_errno(err, e);
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            long pid = e == EWOULDBLOCK ? lock_holder(fd) : 0;
            close(fd);
            free(lp);
            return e == EWOULDBLOCK ? busy(err, path, pid, holder) : fail_errno(err, e);
        }
        struct stat held, now;
        if (fstat(fd, &held) != 0 || stat(lp, &now) != 0 || held.st_ino != now.st_ino ||
            held.st_dev != now.st_dev) {
            close(fd);
            continue;
        }
        char pid[32];
        int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
        bool told = ftruncate(fd, 0) == 0 && write_all(fd, pid, (size_t)n);
        (void)told; /* without the process id the lock holds all the same */
        lock->fd = fd;
        lock->path = lp;
        gw_error_clear(err);
        return GW_OK;
    }
    free(lp);
    return busy(err, path, 0, holder);
}

bool gw_file_lock_busy(const char *path, long *holder) {
    char *lp = lock_path(path);
    if (!lp) return false;
    int fd = open(lp, O_RDONLY | O_CLOEXEC);
    free(lp);
    if (fd < 0) return false;
    bool taken = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    if (taken && holder) *holder = lock_holder(fd);
    close(fd); /* also lets go of the shared lock, if it was had */
    return taken;
}

void gw_file_unlock(gw_file_lock *lock) {
    if (lock->fd < 0) return;
    if (lock->path) unlink(lock->path);
    close(lock->fd);
    free(lock->path);
    lock->fd = -1;
    lock->path = NULL;
}

uint64_t gw_fresh_seed(void) {
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rbe"); /* e: close-on-exec (glibc), never inherited by a child */
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

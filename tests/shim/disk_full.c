/* disk_full.c: a test-only preload library (LD_PRELOAD) that fills the disk of a whist database on demand:
 * while the file named by $WHIST_DISK_FULL_FLAG exists, every write() or pwrite() to a file whose path holds
 * "whist.db" (the database, its write-ahead log, its journal) fails with ENOSPC, as on a full disk; other
 * writes (sockets, pipes, the log on stderr) go through. tests/cli/test_serve_full.sh preloads it into whist
 * serve. Not part of any program. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* Whether a write to fd must fail now. */
static int full(int fd) {
    const char *flag = getenv("WHIST_DISK_FULL_FLAG");
    if (!flag || fd < 0 || access(flag, F_OK) != 0) return 0;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return 0;
    path[n] = '\0';
    return strstr(path, "whist.db") != NULL;
}

typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef ssize_t (*pwrite_fn)(int, const void *, size_t, off_t);

/* The next definition of name (the C library's): dlsym's object pointer copied into a function pointer, as
 * POSIX allows and ISO C does not say. */
#define NEXT(name, out)                                                                                      \
    do {                                                                                                     \
        void *p_ = dlsym(RTLD_NEXT, name);                                                                   \
        memcpy(&(out), &p_, sizeof(out));                                                                    \
    } while (0)

ssize_t write(int fd, const void *buf, size_t n) {
    if (full(fd)) {
        errno = ENOSPC;
        return -1;
    }
    write_fn f;
    NEXT("write", f);
    return f(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at) {
    if (full(fd)) {
        errno = ENOSPC;
        return -1;
    }
    pwrite_fn f;
    NEXT("pwrite", f);
    return f(fd, buf, n, at);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t at) {
    if (full(fd)) {
        errno = ENOSPC;
        return -1;
    }
    pwrite_fn f;
    NEXT("pwrite64", f);
    return f(fd, buf, n, at);
}

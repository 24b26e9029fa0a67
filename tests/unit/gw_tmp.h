/* gw_tmp.h: a temporary folder per test, with XDG_DATA_HOME, XDG_CONFIG_HOME and HOME pointing into it (for
 * the tests of the player's files). Include after gw_test.h; needs _POSIX_C_SOURCE 200809L or more. */
#ifndef GW_TMP_H
#define GW_TMP_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static char root[64]; /* the test's temporary folder, removed at the end */

/* Opens up the folders a test made read-only, so that they can be emptied. */
static int gw_tmp_open_up(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb, (void)ftw;
    if (flag == FTW_D || flag == FTW_DNR) chmod(path, 0700);
    return 0;
}

static int gw_tmp_remove(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

/* Points XDG_DATA_HOME, XDG_CONFIG_HOME and HOME at root/data, root/config and root/home (again, after a
 * test changed them). */
static inline void point_env_at_root(void) {
    static const char *const VARS[][2] = {
        {"XDG_DATA_HOME", "data"}, {"XDG_CONFIG_HOME", "config"}, {"HOME", "home"}};
    for (int i = 0; i < 3; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", root, VARS[i][1]);
        setenv(VARS[i][0], path, 1);
    }
}

/* Makes /tmp/gw-TAG-XXXXXX and points the XDG variables and HOME into it. */
static int gw_tmp_setup(const char *tag) {
    snprintf(root, sizeof root, "/tmp/gw-%s-XXXXXX", tag);
    if (!mkdtemp(root)) return -1;
    point_env_at_root();
    return 0;
}

/* Removes the folder and everything in it, read-only folders included. */
static int gw_tmp_teardown(void) {
    nftw(root, gw_tmp_open_up, 16, FTW_PHYS);
    return nftw(root, gw_tmp_remove, 16, FTW_DEPTH | FTW_PHYS);
}

/* Defines the cmocka fixtures setup and teardown of a test file whose every test runs in a fresh
 * temporary folder /tmp/gw-TAG-XXXXXX (gw_tmp_setup, gw_tmp_teardown). */
#define GW_TMP_FIXTURES(tag)                                                                                 \
    static int setup(void **state) {                                                                         \
        (void)state;                                                                                         \
        return gw_tmp_setup(tag);                                                                            \
    }                                                                                                        \
    static int teardown(void **state) {                                                                      \
        (void)state;                                                                                         \
        return gw_tmp_teardown();                                                                            \
    }

/* root/name, in one of four rotating buffers. */
static inline const char *in_root(const char *name) {
    static char path[4][256];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, 256, "%s/%s", root, name);
    return p;
}

#endif

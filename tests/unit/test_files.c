/* test_files.c: XDG folders (creation, fallbacks, refusals), whole-file reading and atomic writing, file
 * locks, seeds. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gw_test.h"
#include "gw_tmp.h"
#include "gw/files.h"

GW_TMP_FIXTURES("files")

static bool is_dir(const char *path) {
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static void write_bytes(const char *path, const char *data, size_t len) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* True if the folder path (mode 0500) still lets this process create files:
 * root ignores permissions. */
static bool permissions_ignored(const char *path) {
    char probe[300];
    snprintf(probe, sizeof probe, "%s/probe", path);
    FILE *f = fopen(probe, "w");
    if (!f) return false;
    fclose(f);
    remove(probe);
    return true;
}

static void test_xdg_dir_creates_folders(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, "games", out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("data/whist/games"));
    assert_true(is_dir(out));
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("data/whist"));
    assert_int_equal(gw_xdg_dir(GW_XDG_CONFIG, "", out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("config/whist"));
    assert_true(is_dir(out));
    /* again: the folders exist already */
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, "games", out, sizeof out, &err), GW_OK);
    assert_int_equal(err.status, GW_OK);
}

static void test_xdg_path_creates_nothing(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    setenv("XDG_CONFIG_HOME", in_root("fresh"), 1);
    assert_int_equal(gw_xdg_path(GW_XDG_CONFIG, "settings.conf", out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("fresh/whist/settings.conf"));
    assert_false(is_dir(in_root("fresh")));
    point_env_at_root();
}

static void test_xdg_unset_falls_back_to_home(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    unsetenv("XDG_DATA_HOME");
    unsetenv("XDG_CONFIG_HOME");
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, "games", out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("home/.local/share/whist/games"));
    assert_true(is_dir(out));
    assert_int_equal(gw_xdg_dir(GW_XDG_CONFIG, NULL, out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("home/.config/whist"));
    point_env_at_root();
}

static void test_xdg_relative_is_ignored(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    setenv("XDG_DATA_HOME", "relative/data", 1);
    setenv("XDG_CONFIG_HOME", "", 1);
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("home/.local/share/whist"));
    assert_int_equal(gw_xdg_dir(GW_XDG_CONFIG, NULL, out, sizeof out, &err), GW_OK);
    assert_string_equal(out, in_root("home/.config/whist"));
    point_env_at_root();
}

static void test_xdg_without_home(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_EIO);
    assert_int_equal(err.status, GW_EIO);
    assert_non_null(strstr(err.msg, "HOME"));
    setenv("HOME", "relative", 1);
    assert_int_equal(gw_xdg_path(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_EIO);
    point_env_at_root();
}

static void test_xdg_path_too_long(void **state) {
    (void)state;
    char out[16];
    gw_error err;
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, "games", out, sizeof out, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "too long"));
}

static void test_xdg_not_a_folder(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    /* the folder itself is a regular file */
    assert_int_equal(mkdir(in_root("nf"), 0755), 0);
    write_bytes(in_root("nf/whist"), "x", 1);
    setenv("XDG_DATA_HOME", in_root("nf"), 1);
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "is not a folder"));
    /* a folder on the way is a regular file: nobody, not even root, can create it */
    write_bytes(in_root("a-file"), "x", 1);
    setenv("XDG_DATA_HOME", in_root("a-file/data"), 1);
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, "games", out, sizeof out, &err), GW_EIO);
    char want[400];
    snprintf(want, sizeof want, "cannot create %s/a-file/data/whist/games: Not a directory", root);
    assert_string_equal(err.msg, want);
    point_env_at_root();
}

static void test_xdg_unwritable(void **state) {
    (void)state;
    char out[512];
    gw_error err;
    assert_int_equal(mkdir(in_root("ro"), 0755), 0);
    assert_int_equal(mkdir(in_root("ro/whist"), 0500), 0);
    assert_int_equal(mkdir(in_root("ro2"), 0500), 0);
    if (permissions_ignored(in_root("ro2"))) skip(); /* root writes anyway */
    setenv("XDG_DATA_HOME", in_root("ro"), 1);
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "cannot write in"));
    assert_non_null(strstr(err.msg, "Permission denied"));
    setenv("XDG_DATA_HOME", in_root("ro2"), 1);
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, out, sizeof out, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "cannot create"));
    point_env_at_root();
}

static void test_read_round_trip(void **state) {
    (void)state;
    size_t big = 100000; /* several growths of the read buffer */
    char *data = malloc(big);
    assert_non_null(data);
    for (size_t i = 0; i < big; i++)
        data[i] = (char)(i * 7 % 256); /* NUL bytes included */
    gw_error err;
    assert_int_equal(gw_file_write(in_root("big"), data, big, &err), GW_OK);
    char *back;
    size_t len;
    assert_int_equal(gw_file_read(in_root("big"), &back, &len, &err), GW_OK);
    assert_int_equal(len, big);
    assert_memory_equal(back, data, big);
    assert_int_equal(back[len], '\0');
    free(back);
    free(data);
    /* an empty file */
    assert_int_equal(gw_file_write(in_root("empty"), "", 0, &err), GW_OK);
    assert_int_equal(gw_file_read(in_root("empty"), &back, &len, &err), GW_OK);
    assert_int_equal(len, 0);
    assert_string_equal(back, "");
    free(back);
}

static void test_read_failures(void **state) {
    (void)state;
    char *back = NULL;
    size_t len = 0;
    gw_error err;
    assert_int_equal(gw_file_read(in_root("no-such-file"), &back, &len, &err), GW_EIO);
    assert_string_equal(err.msg, "No such file or directory");
    assert_int_equal(gw_file_read(root, &back, &len, &err), GW_EIO);
    assert_string_equal(err.msg, "Is a directory");
    assert_null(back);
}

/* Counts the entries of a folder (. and .. left out). */
static int entries(const char *path) {
    DIR *d = opendir(path);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void expect_content(const char *path, const char *want) {
    char *back;
    size_t len;
    gw_error err;
    assert_int_equal(gw_file_read(path, &back, &len, &err), GW_OK);
    assert_string_equal(back, want);
    free(back);
}

static void test_write_replaces(void **state) {
    (void)state;
    gw_error err;
    assert_int_equal(mkdir(in_root("w"), 0755), 0);
    assert_int_equal(gw_file_write(in_root("w/f"), "old content\n", 12, &err), GW_OK);
    assert_int_equal(gw_file_write(in_root("w/f"), "new\n", 4, &err), GW_OK);
    expect_content(in_root("w/f"), "new\n");
    assert_int_equal(entries(in_root("w")), 1); /* no temporary file left */
}

static void test_failed_write_keeps_old_content(void **state) {
    (void)state;
    gw_error err;
    assert_int_equal(mkdir(in_root("k"), 0755), 0);
    assert_int_equal(gw_file_write(in_root("k/f"), "precious\n", 9, &err), GW_OK);
    /* the temporary file cannot be made: its name is taken by a folder (so
     * even root fails, as on a full disk) */
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", in_root("k/f"), (long)getpid());
    assert_int_equal(mkdir(tmp, 0755), 0);
    assert_int_equal(gw_file_write(in_root("k/f"), "lost\n", 5, &err), GW_EIO);
    assert_int_equal(err.status, GW_EIO);
    assert_string_equal(err.msg, "Is a directory");
    expect_content(in_root("k/f"), "precious\n");
    assert_int_equal(rmdir(tmp), 0);
    /* a folder on the way is a regular file */
    assert_int_equal(gw_file_write(in_root("k/f/x"), "x", 1, &err), GW_EIO);
    assert_string_equal(err.msg, "Not a directory");
    expect_content(in_root("k/f"), "precious\n");
    /* a device that is full: written straight into, the failure reported */
    assert_int_equal(gw_file_write("/dev/full", "x", 1, &err), GW_EIO);
    assert_string_equal(err.msg, "No space left on device");
    assert_int_equal(entries(in_root("k")), 1);
}

static void test_unwritable_folder_keeps_old_content(void **state) {
    (void)state;
    gw_error err;
    assert_int_equal(mkdir(in_root("u"), 0755), 0);
    assert_int_equal(gw_file_write(in_root("u/f"), "precious\n", 9, &err), GW_OK);
    assert_int_equal(chmod(in_root("u"), 0500), 0);
    if (permissions_ignored(in_root("u"))) skip(); /* root writes anyway */
    assert_int_equal(gw_file_write(in_root("u/f"), "lost\n", 5, &err), GW_EIO);
    assert_string_equal(err.msg, "Permission denied");
    expect_content(in_root("u/f"), "precious\n");
    assert_int_equal(entries(in_root("u")), 1);
}

/* ---- locks ------------------------------------------------------------------ */

static void test_lock_excludes_a_second_holder(void **state) {
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/m.gwr", root);
    gw_file_lock a = GW_FILE_LOCK_NONE, b = GW_FILE_LOCK_NONE;
    gw_error err;
    long holder = -1;
    assert_int_equal(gw_file_lock_take(path, &a, &holder, &err), GW_OK);
    assert_int_equal(holder, -1); /* untouched when taken */
    /* a second take, even by this process through another lock, is refused and names the holder */
    assert_int_equal(gw_file_lock_take(path, &b, &holder, &err), GW_ESTATE);
    assert_int_equal(holder, (long)getpid());
    assert_non_null(strstr(err.msg, "another whist (pid "));
    assert_non_null(strstr(err.msg, path));
    assert_int_equal(b.fd, -1);
    assert_true(gw_file_lock_busy(path, &holder));
    /* released: the lock file goes, and the lock can be had again */
    gw_file_unlock(&a);
    assert_int_equal(a.fd, -1);
    char lock_file[320];
    snprintf(lock_file, sizeof lock_file, "%s.lock", path);
    assert_int_not_equal(access(lock_file, F_OK), 0);
    assert_false(gw_file_lock_busy(path, &holder));
    assert_int_equal(gw_file_lock_take(path, &b, NULL, &err), GW_OK);
    gw_file_unlock(&b);
    gw_file_unlock(&b); /* twice is harmless */
}

static void test_lock_of_a_killed_process_does_not_block(void **state) {
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/k.gwr", root);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) { /* takes the lock, says so, and waits to be killed */
        gw_file_lock l = GW_FILE_LOCK_NONE;
        gw_error err;
        char ok = gw_file_lock_take(path, &l, NULL, &err) == GW_OK ? 'y' : 'n';
        if (write(ready[1], &ok, 1) != 1) _exit(1);
        for (;;)
            pause();
    }
    char ok = 0;
    assert_int_equal(read(ready[0], &ok, 1), 1);
    assert_int_equal(ok, 'y');
    gw_file_lock l = GW_FILE_LOCK_NONE;
    gw_error err;
    long holder = 0;
    assert_int_equal(gw_file_lock_take(path, &l, &holder, &err), GW_ESTATE);
    assert_int_equal(holder, (long)child);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    close(ready[0]);
    close(ready[1]);
    /* its lock file stays behind, stale: it blocks nobody */
    assert_false(gw_file_lock_busy(path, &holder));
    assert_int_equal(gw_file_lock_take(path, &l, &holder, &err), GW_OK);
    gw_file_unlock(&l);
}

static void test_lock_in_a_missing_folder(void **state) {
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/no/such/m.gwr", root);
    gw_file_lock l = GW_FILE_LOCK_NONE;
    gw_error err;
    assert_int_equal(gw_file_lock_take(path, &l, NULL, &err), GW_EIO);
    assert_string_equal(err.msg, "No such file or directory");
    assert_int_equal(l.fd, -1);
    assert_false(gw_file_lock_busy(path, NULL));
}

static void test_seed_parse(void **state) {
    (void)state;
    uint64_t v = 1;
    gw_error err;
    assert_true(gw_seed_parse("0", &v, &err));
    assert_true(v == 0);
    assert_true(gw_seed_parse("18446744073709551615", &v, &err));
    assert_true(v == UINT64_MAX);
    static const char *const BAD[] = {
        "18446744073709551616", "99999999999999999999", "-1", "+1", " 5", "5 ", "", "1e5", "0x10"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        v = 7;
        assert_false(gw_seed_parse(BAD[i], &v, &err));
        assert_true(v == 7);
        char want[120];
        snprintf(want, sizeof want,
                 "the seed must be a whole number from 0 to 18446744073709551615, not '%s'", BAD[i]);
        assert_string_equal(err.msg, want);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xdg_dir_creates_folders),
        cmocka_unit_test(test_xdg_path_creates_nothing),
        cmocka_unit_test(test_xdg_unset_falls_back_to_home),
        cmocka_unit_test(test_xdg_relative_is_ignored),
        cmocka_unit_test(test_xdg_without_home),
        cmocka_unit_test(test_xdg_path_too_long),
        cmocka_unit_test(test_xdg_not_a_folder),
        cmocka_unit_test(test_xdg_unwritable),
        cmocka_unit_test(test_read_round_trip),
        cmocka_unit_test(test_read_failures),
        cmocka_unit_test(test_write_replaces),
        cmocka_unit_test(test_failed_write_keeps_old_content),
        cmocka_unit_test(test_unwritable_folder_keeps_old_content),
        cmocka_unit_test(test_lock_excludes_a_second_holder),
        cmocka_unit_test(test_lock_of_a_killed_process_does_not_block),
        cmocka_unit_test(test_lock_in_a_missing_folder),
        cmocka_unit_test(test_seed_parse),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/* files.h: the user's files: XDG folders, reading whole files, replacing files atomically, locks that keep
 * two copies of whist from writing one file, and seeds. */
#ifndef GW_FILES_H
#define GW_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/seeds.h"
#include "gw/status.h"

/* Which XDG base folder. */
typedef enum gw_xdg_kind {
    GW_XDG_DATA = 0,  /* $XDG_DATA_HOME, else ~/.local/share: database, records, unfinished match */
    GW_XDG_CONFIG = 1 /* $XDG_CONFIG_HOME, else ~/.config: settings */
} gw_xdg_kind;

/* Writes BASE/whist (sub NULL or "") or BASE/whist/SUB into out (cap bytes),
 * creating the folders if missing and checking that the last one is a
 * writable folder. BASE is $XDG_DATA_HOME or $XDG_CONFIG_HOME when set to an
 * absolute path, else $HOME/.local/share or $HOME/.config. Fails with GW_EIO
 * and a whole sentence in err naming the folder: no HOME, path too long,
 * "cannot create F: REASON", "F is not a folder", "cannot write in F: REASON". */
gw_status gw_xdg_dir(gw_xdg_kind kind, const char *sub, char *out, size_t cap, gw_error *err);

/* The same path as gw_xdg_dir, only composed: nothing is created or checked. */
gw_status gw_xdg_path(gw_xdg_kind kind, const char *sub, char *out, size_t cap, gw_error *err);

/* Reads a whole file ("-" for standard input) into *data (NUL-terminated;
 * the caller frees it with free()); *len excludes the NUL. On failure
 * (GW_EIO) err holds the system's reason alone ("No such file or
 * directory"): the caller names the file. */
gw_status gw_file_read(const char *path, char **data, size_t *len, gw_error *err);

/* Replaces path with data atomically (temporary file in the same folder,
 * fsync, rename), so a failed write (full disk, unwritable folder) never
 * destroys the old content. A path that exists and is not a regular file
 * (a device such as /dev/full, a pipe) is written straight into. On failure
 * (GW_EIO) err holds the system's reason alone, as for gw_file_read. */
gw_status gw_file_write(const char *path, const char *data, size_t len, gw_error *err);

/* A lock on a file that one whist writes while a game is played: the
 * advisory lock (flock) of a companion file, PATH.lock, which holds the
 * holder's process id. The kernel releases it when the holder exits, however
 * it ends (a kill, a crash), so a stale lock file never blocks anyone. */
typedef struct gw_file_lock {
    int fd;     /* the lock file, -1 when not held */
    char *path; /* its path (malloc'd), NULL when not held */
} gw_file_lock;

/* A lock that is not held: for initialising. */
#define GW_FILE_LOCK_NONE ((gw_file_lock){-1, NULL})

/* Takes the lock of path without waiting. GW_OK: held until gw_file_unlock
 * or the process ends. GW_ESTATE: another process holds it; *holder (if not
 * NULL) receives its process id (0 if unknown) and err says "another whist
 * (pid N) is using PATH". GW_EIO: the lock file cannot be made (err holds the
 * system's reason alone). Taking a lock this process holds already through
 * another gw_file_lock fails with GW_ESTATE as well. */
gw_status gw_file_lock_take(const char *path, gw_file_lock *lock, long *holder, gw_error *err);

/* True if another process holds the lock of path now (*holder its process id,
 * 0 if unknown); false if nobody does or it cannot be told. Takes nothing. */
bool gw_file_lock_busy(const char *path, long *holder);

/* Releases the lock (and removes its file); a lock not held is left alone. */
void gw_file_unlock(gw_file_lock *lock);

/* A fresh seed from the system's entropy (the clock if that fails), below
 * 10^12 so that it is short enough to type. */
uint64_t gw_fresh_seed(void);

#endif

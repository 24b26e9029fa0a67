/* files.h: the user's files: XDG folders, reading whole files, replacing files atomically. */
#ifndef GW_FILES_H
#define GW_FILES_H

#include <stddef.h>
#include <stdint.h>

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

/* A fresh seed from the system's entropy (the clock if that fails), below
 * 10^12 so that it is short enough to type. */
uint64_t gw_fresh_seed(void);

#endif

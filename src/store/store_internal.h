/* store_internal.h: what the store's files share: the open connection and SQLite helpers. */
#ifndef GW_STORE_INTERNAL_H
#define GW_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stddef.h>

#include "gw/store.h"

/* The connection of an open store. */
sqlite3 *gw_store_db(gw_store *s);

/* Copies a text column into out (cap bytes, truncated, "" for NULL). */
void gw_store_column_copy(sqlite3_stmt *st, int col, char *out, size_t cap);

/* Fills err with SQLite's message for a failure while doing `what`; GW_EIO. */
gw_status gw_store_db_error(gw_store *s, const char *what, gw_error *err);

#endif

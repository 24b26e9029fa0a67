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

/* The local time now as "YYYY-MM-DD HH:MM:SS". */
void gw_store_local_now(char out[24]);

/* SQL for the id of the next hand of either game: German Whist and Android
 * Whist hands share one numbering (for 'whist history' and 'replay --id').
 * Used inside the write transaction that inserts the hand. */
#define GW_STORE_NEXT_HAND_ID                                                                                \
    "(SELECT coalesce(max(m), 0) + 1 FROM (SELECT max(id) AS m FROM hands "                                  \
    "UNION ALL SELECT max(id) FROM android_hands))"

#endif

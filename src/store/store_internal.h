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

/* Checks that the game id of table ("matches", "rubbers") exists and is
 * still going on: GW_OK, or the reason, naming it by kind ("match",
 * "rubber"): "no match 3", "match 3 is over", "match 3 was abandoned". */
gw_status gw_store_game_open(gw_store *s, const char *table, const char *kind, int64_t id, gw_error *err);

/* Runs one prepared write to its end and finalizes it; SQLite's result code. */
int gw_store_step_done(sqlite3_stmt *st);

/* Ends a write begun with BEGIN IMMEDIATE: commits when res (the result of
 * the writes) is GW_OK, else (or when the commit fails: "WHAT: SQLite's
 * reason") rolls back. The final result, err cleared on GW_OK. */
gw_status gw_store_end_write(gw_store *s, const char *what, gw_status res, gw_error *err);

/* SQL for the id of the next hand of either game: German Whist and Android
 * Whist hands share one numbering (for 'whist history' and 'replay --id').
 * Used inside the write transaction that inserts the hand. */
#define GW_STORE_NEXT_HAND_ID                                                                                \
    "(SELECT coalesce(max(m), 0) + 1 FROM (SELECT max(id) AS m FROM hands "                                  \
    "UNION ALL SELECT max(id) FROM android_hands))"

#endif

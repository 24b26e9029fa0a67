/* store_internal.h: what the store's files share: the open connection and SQLite helpers. */
#ifndef GW_STORE_INTERNAL_H
#define GW_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

#include "gw/store.h"

/* The connection of an open store. */
sqlite3 *store_db(gw_store *s);

/* Copies a text column into out (cap bytes, truncated, "" for NULL). */
void store_column_copy(sqlite3_stmt *st, int col, char *out, size_t cap);
/* Column col of st's row as a malloc'd string (NULL text: ""); NULL without memory. */
char *store_column_dup(sqlite3_stmt *st, int col);

/* Fills err with SQLite's message for a failure while doing `what`; GW_EIO. */
gw_status store_db_error(gw_store *s, const char *what, gw_error *err);

/* The local time now as "YYYY-MM-DD HH:MM:SS". */
void store_local_now(char out[24]);

/* Checks that the game id of table ("matches", "rubbers") exists and is
 * still going on: GW_OK, or the reason, naming it by kind ("match",
 * "rubber"): "no match 3", "match 3 is over", "match 3 was abandoned". */
gw_status store_game_open(gw_store *s, const char *table, const char *kind, int64_t id, gw_error *err);

/* Marks the game id of table abandoned (gw_store_abandon_match,
 * gw_store_abandon_rubber), if it goes on (see store_game_open); messages
 * "cannot abandon the KIND: ...". */
gw_status store_abandon_game(gw_store *s, const char *table, const char *kind, int64_t id, gw_error *err);

/* Binds parameter i of st to owner (a player's token; not copied: it must outlive the statement), or to NULL
 * when owner is NULL. (Binding a copy allocates, and a bind that fails for want of memory would leave the
 * parameter NULL: a player's match stored as the terminal's.) */
void store_bind_owner(sqlite3_stmt *st, int i, const char *owner);

/* Runs one prepared write to its end and finalizes it; SQLite's result code. */
int store_step_done(sqlite3_stmt *st);

/* Binds the columns every game's hand row starts with, as parameters 1 to 7: its game's id, number,
 * played (NULL: the local time now), record (not copied: it must outlive the statement), tricks0, tricks1
 * and winner. */
void store_bind_hand(sqlite3_stmt *st, int64_t game_id, int number, const char *played, const char *record,
                     const int tricks[2], int winner);

/* The result of a hand's INSERT that ran to rc (store_step_done): GW_OK on SQLITE_DONE, GW_ESTATE
 * "hand N of KIND ID is stored already" when the game has that hand, else "cannot store the hand: SQLite's
 * reason". */
gw_status store_hand_inserted(gw_store *s, int rc, const char *kind, int64_t game_id, int number,
                              gw_error *err);

/* Begins a write: a transaction of its own (BEGIN IMMEDIATE), or inside one the caller opened
 * (gw_store_begin) a savepoint. GW_OK, or the error ("WHAT: SQLite's reason"; refused when SQLite ended
 * the caller's transaction after a failure). */
gw_status store_begin_write(gw_store *s, const char *what, gw_error *err);

/* Ends a write begun with store_begin_write: commits (releases the savepoint) when res (the result of
 * the writes) is GW_OK, else (or when the commit fails: "WHAT: SQLite's reason") rolls back (to the
 * savepoint). The final result, err cleared on GW_OK. */
gw_status store_end_write(gw_store *s, const char *what, gw_status res, gw_error *err);

/* Marks the owner of game id of table ("matches", "rubbers"), if it has one, as a player that finished a
 * hand (never pruned). Inside the write that stores the hand. */
gw_status store_keep_owner(gw_store *s, const char *table, int64_t id, gw_error *err);

/* Reads statistics in one read transaction, so that the figures agree with
 * each other even while another whist adds a hand: read(db, owner, tally,
 * &oom) feeds the facts of the games of owner (NULL: every game) to tally
 * (a gw_stats_tally or gw_android_tally, include/gw/stats.h) and gives
 * SQLite's result code, oom set when the tally ran out of memory. GW_OK, or
 * the error ("cannot read WHAT: ...", "out of memory reading WHAT"; what:
 * "the statistics"). */
gw_status gw_store_read_stats(gw_store *s, const char *what, const char *owner, void *tally,
                              int (*read)(sqlite3 *db, const char *owner, void *tally, bool *oom),
                              gw_error *err);

/* SQL for the id of the next hand of either game: German Whist and Android
 * Whist hands share one numbering (for 'whist history' and 'replay --id').
 * Used inside the write transaction that inserts the hand. */
#define GW_STORE_NEXT_HAND_ID                                                                                \
    "(SELECT coalesce(max(m), 0) + 1 FROM (SELECT max(id) AS m FROM hands "                                  \
    "UNION ALL SELECT max(id) FROM android_hands))"

#endif

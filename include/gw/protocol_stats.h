/* protocol_stats.h: the player's statistics on the wire (docs/protocol.md, "Statistics, history and
 * replays"): the stats message from the rows of include/gw/stats.h, for every program that sends it (whist
 * serve from its store, the WebAssembly module from the facts the browser kept), and the reading of those
 * facts. Pure: no I/O, no globals. Every json_t returned is a new reference the caller owns. */
#ifndef GW_PROTOCOL_STATS_H
#define GW_PROTOCOL_STATS_H

#include <jansson.h>

#include "gw/stats.h"
#include "gw/status.h"

/* {"type": "stats", "german": [ROW, ...], "android": [AROW, ...]}: rows and arows as gw_stats_tally_rows
 * and gw_android_tally_rows give them (the total row last), each ROW {"variant", "opponent", "vs",
 * "scoring", "target", "matches", "matches_won", "hands", "hands_won", "slams", "longest_streak",
 * "current_streak", "assisted"}, each AROW {"opponent", "vs", "rubbers", "rubbers_won", "games",
 * "games_won", "hands", "hands_won", "points", "points_against", "longest_streak", "current_streak"}; "vs"
 * is "person" for the opponent "human", "all" for the total row, else "computer". No "ratings": the
 * caller's. NULL without memory. */
json_t *gw_protocol_stats_message(const gw_stats *rows, int count, const gw_android_stats *arows, int acount);

/* The stats message (as gw_protocol_stats_message) counted from facts, the finished hands and games a
 * program kept: {"hands": [HAND, ...], "games": [GAME, ...]}, hands in the order played. A German Whist
 * HAND is {"game": "german", "variant", "scoring", "target", "opponent", "winner", "slam", "assisted"}, an
 * Android Whist one {"game": "android", "opponent", "winner", "points", "game_winner"}; a GAME (a finished
 * match or rubber, not an abandoned one) {"game": "german", "variant", "scoring", "target", "opponent",
 * "winner"} or {"game": "android", "opponent", "winner"}. winner and game_winner are 0 (the player), 1 (the
 * opponent) or null (none; -1 too); points what the hand's winner scored; slam (the winner took every
 * counted trick) and assisted (an undo) default to false; names are strings, target a whole number. Read
 * strictly: GW_EINVAL with err saying which entry and field for anything else (an unknown field, a wrong
 * type, a value out of range), GW_ENOMEM; *out set on GW_OK only. */
gw_status gw_protocol_stats_from_facts(const json_t *facts, json_t **out, gw_error *err);

#endif

/* session_hands.h: a scored hand of a session into the store, German Whist or Android Whist: the one
 * place that turns a session's score event into a row of the statistics, for every front end (line
 * mode, the full-screen game, whist serve). Host layer: the store and the session, no I/O of its own. */
#ifndef GW_SESSION_HANDS_H
#define GW_SESSION_HANDS_H

#include <stdint.h>

#include "gw/session.h"
#include "gw/store.h"

/* Stores the hand that event e (a GW_EVENT_SCORE of ses) scored in the match (German Whist) or rubber
 * (Android Whist) row_id of s, played at local time played ("YYYY-MM-DD HH:MM:SS"; NULL: now): the hand's
 * record, the tricks, points, slam and undo of the hand, and the match's (rubber's) standing after it. Errors
 * as gw_store_add_hand / gw_store_add_android_hand (GW_ESTATE: stored already, or the match is over or
 * abandoned), GW_ENOMEM, and GW_EINVAL when e is not a score event of ses. */
gw_status gw_store_add_session_hand(gw_store *s, const gw_session *ses, int64_t row_id, const gw_event *e,
                                    const char *played, gw_error *err);
/* The same, from seat's side (0 or 1): the hand's figures (tricks, points, winner, scores) as that seat sees
 * them, its own first, for the statistics of the person at that seat of a table (the match or rubber row
 * made with that seat). The record is the hand's whole record. */
gw_status gw_store_add_session_hand_seat(gw_store *s, const gw_session *ses, int64_t row_id,
                                         const gw_event *e, const char *played, int seat, gw_error *err);

#endif

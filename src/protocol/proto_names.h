/* proto_names.h: the names the JSON encoding gives the session's enumerations, shared by the encoder and
 * the decoder. Internal to src/protocol. */
#ifndef PROTO_NAMES_H
#define PROTO_NAMES_H

#include "gw/protocol.h"

/* Ranges the decoder takes beyond those of the session's header files. */
#define GW_PROTOCOL_SCORE_MAX      1000000  /* scores and points */
#define GW_PROTOCOL_THINK_MAX      60000    /* think_ms: as the session's "think-ms" option */
#define GW_PROTOCOL_ITERATIONS_MAX 10000000 /* iterations: as the session's "iterations" option */

/* Name tables, indexed by the enumeration's value. */
extern const char *const proto_state_names[3];   /* gw_session_state: "playing", "hand_over", "over" */
extern const char *const proto_phase_names[3];   /* gw_phase: "foreplay", "endgame", "over" */
extern const char *const proto_action_names[2];  /* gw_action_kind: "card", "command" */
extern const char *const proto_kind_names[2];    /* gw_seat_kind: "outside", "computer" */
extern const char *const proto_event_names[10];  /* gw_event_kind: "deal" ... "undo" */
extern const char *const proto_answer_names[10]; /* gw_android_answer: "card", "no_led_suit" ... */
extern const char *const proto_end_names[3];     /* gw_protocol_end: "over", "forfeit", "stopped" */
extern const char *const proto_type_names[GW_MSG_TYPES + 1]; /* message "type"s; GW_MSG_ACTION is "play",
                                                                  the last entry "command" */
extern const char proto_seat_letters[5];                     /* "DLXN" */

/* The index of name in table[0..n), or -1. */
int proto_lookup(const char *const *table, int n, const char *name);

#endif

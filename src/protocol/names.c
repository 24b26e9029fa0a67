/* names.c: the names of the session's enumerations in the JSON encoding, and the decoder's error codes. */
#include <string.h>

#include "proto_names.h"

const char *const proto_state_names[3] = {"playing", "hand_over", "over"};
const char *const proto_phase_names[3] = {"foreplay", "endgame", "over"};
const char *const proto_action_names[2] = {"card", "command"};
const char *const proto_kind_names[2] = {"outside", "computer"};
const char *const proto_event_names[10] = {"deal", "hand",   "play",  "error", "trick",
                                           "draw", "upcard", "score", "over",  "undo"};
const char *const proto_answer_names[10] = {"card",        "no_led_suit",  "cannot_beat",   "void_suit",
                                            "must_follow", "shortest_tie", "no_plain_suit", "longest_tie",
                                            "not_leading", "not_now"};
const char *const proto_end_names[3] = {"over", "forfeit", "stopped"};
const char *const proto_type_names[GW_MSG_TYPES + 1] = {"hello", "event", "decide", "error",
                                                        "bye",   "ready", "play",   "command"};
const char proto_seat_letters[5] = "DLXN";

static const char *const code_names[GW_PROTO_CODE_COUNT] = {
    "ok",         "bad_json",         "too_long",     "too_deep",        "nul_byte",      "duplicate_key",
    "not_object", "protocol_version", "unknown_type", "unexpected_type", "unknown_field", "missing_field",
    "wrong_type", "out_of_range",     "bad_card",     "bad_command",     "bad_value",     "inconsistent",
    "no_memory"};

const char *gw_protocol_code_name(gw_protocol_code code) {
    return (unsigned)code < GW_PROTO_CODE_COUNT ? code_names[code] : "unknown";
}

const char *gw_protocol_answer_name(gw_android_answer answer) {
    return (unsigned)answer < 10u ? proto_answer_names[answer] : proto_answer_names[0];
}

int proto_lookup(const char *const *table, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (strcmp(table[i], name) == 0) return i;
    return -1;
}

/* session_internal.h: what the session's common part (session.c: configuration, event log, visibility,
 * tags, dispatch) shares with each game's part (german.c, android.c). Internal to src/engine/session. */
#ifndef SESSION_INTERNAL_H
#define SESSION_INTERNAL_H

#include "gw/session.h"

#define SES_TAGS_MAX      8
#define SES_TAG_NAME_MAX  32
#define SES_TAG_VALUE_MAX 128

typedef struct ses_tag {
    char name[SES_TAG_NAME_MAX];
    char value[SES_TAG_VALUE_MAX];
} ses_tag;

typedef struct ses_german ses_german;   /* german.c */
typedef struct ses_android ses_android; /* android.c */

struct gw_session {
    gw_session_config config; /* config.deck points into deck_copy when set */
    uint8_t deck_copy[52];
    gw_session_state state;
    int winner;       /* once over: the winner, or -1 */
    bool busy;        /* a gw_thought is out */
    gw_event *events; /* the log, in full truth (seen_by says who sees the cards) */
    size_t nevents, cap_events;
    ses_tag tags[SES_TAGS_MAX]; /* gw_session_set_tag */
    int ntags;
    ses_german *german;   /* GW_GAME_GERMAN */
    ses_android *android; /* GW_GAME_ANDROID */
};

/* Appends e to the log (its number assigned, hidden cleared); GW_ENOMEM if the log cannot grow. */
gw_status ses_emit(gw_session *s, const gw_event *e, gw_error *err);
/* An event of kind for hand, every other field empty (-1 players/seats, GW_NO_CARD, public). */
gw_event ses_event(gw_event_kind kind, int hand);

/* Sets (value not NULL) or removes a tag without the public checks (restore: the record's own tags);
 * GW_EINVAL when all SES_TAGS_MAX are taken. */
gw_status ses_tag_set(gw_session *s, const char *name, const char *value);
/* The name records give player p: config's, else "human" (outside) or the computer's level. */
const char *ses_player_name(const gw_session *s, int p);

/* Each game's part: the same operations as the public API, called by session.c
 * after the common checks (state, busy, player range). */
gw_status ses_german_start(gw_session *s, gw_error *err);
void ses_german_free(gw_session *s);
gw_turn ses_german_turn(const gw_session *s);
void ses_german_view(const gw_session *s, int viewer, gw_view *out);
gw_refusal ses_german_check(const gw_session *s, int player, const gw_action *a, gw_error *err);
gw_status ses_german_act(gw_session *s, int player, const gw_action *a, gw_error *err);
gw_status ses_german_next_hand(gw_session *s, gw_error *err);
gw_status ses_german_undo(gw_session *s, int player, gw_error *err);
gw_status ses_german_hint(gw_session *s, int player, gw_hint *out, gw_error *err);
void ses_german_record(const gw_session *s, bool with_current, gw_text *out);
gw_status ses_german_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err);
gw_status ses_german_restore(gw_session *s, const char *text, size_t len, gw_error *err);
gw_status ses_german_seat(gw_session *s, int player, const gw_seat_config *seat, gw_error *err);
bool ses_german_hand_assisted(const gw_session *s, int hand_no);
bool ses_german_hand_slam(const gw_session *s, int hand_no);

gw_status ses_android_start(gw_session *s, gw_error *err);
void ses_android_free(gw_session *s);
gw_turn ses_android_turn(const gw_session *s);
void ses_android_view(const gw_session *s, int viewer, gw_view *out);
gw_refusal ses_android_check(const gw_session *s, int player, const gw_action *a, gw_error *err);
gw_status ses_android_act(gw_session *s, int player, const gw_action *a, gw_error *err);
gw_status ses_android_next_hand(gw_session *s, gw_error *err);
gw_status ses_android_undo(gw_session *s, int player, gw_error *err);
gw_status ses_android_hint(gw_session *s, int player, gw_hint *out, gw_error *err);
void ses_android_record(const gw_session *s, bool with_current, gw_text *out);
gw_status ses_android_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err);
gw_status ses_android_restore(gw_session *s, const char *text, size_t len, gw_error *err);
gw_status ses_android_seat(gw_session *s, int player, const gw_seat_config *seat, gw_error *err);
bool ses_android_hand_assisted(const gw_session *s, int hand_no);
/* The public accessors of each game's state are defined in its file: german.c gw_session_match and
 * gw_session_game (NULL for Android), android.c gw_session_rubber and gw_session_android_game (NULL for
 * German). */

/* The computer decision of either game, for gw_thought: filled by
 * ses_*_think_begin from the session (the computer player object lent, and a
 * copy of its view), run anywhere by ses_thought_run, applied by
 * ses_*_think_end. */
struct gw_thought {
    gw_game_kind game;
    int player;
    void *bot;                /* gw_player* (German) or gw_android_player* (Android), lent */
    gw_observation german;    /* the seat's observation */
    gw_game german_truth;     /* the oracle only (it cheats) */
    gw_android_view *android; /* malloc'd view (Android) */
    gw_action action;         /* the decision */
    gw_status status;
    gw_error err;
};
gw_status ses_german_think_begin(gw_session *s, gw_thought *t, gw_error *err);
void ses_german_think_run(gw_thought *t);
gw_status ses_german_think_end(gw_session *s, gw_thought *t, gw_error *err);
gw_status ses_android_think_begin(gw_session *s, gw_thought *t, gw_error *err);
void ses_android_think_run(gw_thought *t);
gw_status ses_android_think_end(gw_session *s, gw_thought *t, gw_error *err);

#endif

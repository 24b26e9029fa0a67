/* android_pending.c: stands in for android.c (Android Whist sessions, written on another branch) so that
 * the session links before it lands: gw_session_new refuses Android Whist, so nothing else here is ever
 * reached. The lead deletes this file when android.c is merged. */
#include "session_internal.h"

static gw_status pending(gw_error *err) {
    return gw_error_set(err, GW_ESTATE, 0, 0, "Android Whist sessions are not built yet");
}

gw_status ses_android_start(gw_session *s, gw_error *err) {
    (void)s;
    return pending(err);
}
void ses_android_free(gw_session *s) { (void)s; }
gw_turn ses_android_turn(const gw_session *s) {
    (void)s;
    return (gw_turn){-1, GW_ACTION_COMMAND, -1, false};
}
void ses_android_view(const gw_session *s, int viewer, gw_view *out) {
    (void)s;
    (void)viewer;
    (void)out;
}
gw_refusal ses_android_check(const gw_session *s, int player, const gw_action *a, gw_error *err) {
    (void)s;
    (void)player;
    (void)a;
    pending(err);
    return GW_REFUSE_HAND_OVER;
}
gw_status ses_android_act(gw_session *s, int player, const gw_action *a, gw_error *err) {
    (void)s;
    (void)player;
    (void)a;
    return pending(err);
}
gw_status ses_android_next_hand(gw_session *s, gw_error *err) {
    (void)s;
    return pending(err);
}
gw_status ses_android_undo(gw_session *s, int player, gw_error *err) {
    (void)s;
    (void)player;
    return pending(err);
}
gw_status ses_android_hint(gw_session *s, int player, gw_hint *out, gw_error *err) {
    (void)s;
    (void)player;
    (void)out;
    return pending(err);
}
void ses_android_record(const gw_session *s, bool with_current, gw_text *out) {
    (void)s;
    (void)with_current;
    (void)out;
}
gw_status ses_android_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err) {
    (void)s;
    (void)hand_no;
    (void)out;
    return pending(err);
}
gw_status ses_android_restore(gw_session *s, const char *text, size_t len, gw_error *err) {
    (void)s;
    (void)text;
    (void)len;
    return pending(err);
}
bool ses_android_hand_assisted(const gw_session *s, int hand_no) {
    (void)s;
    (void)hand_no;
    return false;
}
gw_status ses_android_think_begin(gw_session *s, gw_thought *t, gw_error *err) {
    (void)s;
    (void)t;
    return pending(err);
}
void ses_android_think_run(gw_thought *t) { t->status = pending(&t->err); }
gw_status ses_android_think_end(gw_session *s, gw_thought *t, gw_error *err) {
    (void)s;
    (void)t;
    return pending(err);
}
const gw_android_rubber *gw_session_rubber(const gw_session *s) {
    (void)s;
    return NULL;
}
const gw_android_game *gw_session_android_game(const gw_session *s) {
    (void)s;
    return NULL;
}

/* table.c: the table host's core: options, the seats and who holds them, connections joining and leaving
 * (seat moves, coming back, resynchronisation), the match in play and its end, the marks a hand gets in
 * the record, rematches and their seeds. */
#include <stdlib.h>
#include <string.h>

#include "gw/rng.h"
#include "table_internal.h"

/* ---- options -------------------------------------------------------------------------------------- */

void gw_table_options_default(gw_table_options *o, gw_game_kind game) {
    memset(o, 0, sizeof *o);
    gw_session_config_default(&o->session, game);
    o->session.seats[1] = (gw_seat_config){GW_SEAT_OUTSIDE, 0, ""};
    o->grace_s = GW_TABLE_GRACE_DEFAULT;
    o->card_s = 0;
    o->rated = false;
    o->listed = true;
    o->takeover_level = game == GW_GAME_ANDROID ? (int)GW_ANDROID_HARD : (int)GW_AI_HARD;
}

/* strlen, but looking at most max bytes (max when no NUL is among them). */
static size_t bounded_len(const char *s, size_t max) {
    const char *nul = memchr(s, '\0', max);
    return nul ? (size_t)(nul - s) : max;
}

static bool id_ok(const char *s, size_t max) {
    size_t n = bounded_len(s, max);
    if (n == 0 || n >= max) return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              c == '-'))
            return false;
    }
    return true;
}

static bool identity_ok(const char *s) {
    size_t n = bounded_len(s, GW_TABLE_IDENTITY_MAX);
    if (n == 0 || n >= GW_TABLE_IDENTITY_MAX) return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_' || c == '-')) return false;
    }
    return true;
}

static bool secret_ok(const char *s) {
    if (bounded_len(s, GW_TABLE_SECRET_HEX + 1) != GW_TABLE_SECRET_HEX) return false;
    for (int i = 0; i < GW_TABLE_SECRET_HEX; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    return true;
}

/* Whether the text given equals a seat's secret, in time that does not depend on where they differ (a
 * guess learns nothing from how long its refusal took). */
static bool secret_equal(const char *given, const char *secret) {
    unsigned diff = 0;
    size_t n = bounded_len(given, GW_TABLE_SECRET_HEX + 1);
    for (size_t i = 0; i < GW_TABLE_SECRET_HEX; i++)
        diff |= (unsigned)(unsigned char)(i < n ? given[i] : 0) ^ (unsigned)(unsigned char)secret[i];
    return diff == 0 && n == GW_TABLE_SECRET_HEX;
}

static gw_status check_options(const gw_table_options *o, gw_error *err) {
    if (!id_ok(o->id, GW_TABLE_ID_MAX))
        return gw_error_set(err, GW_EINVAL, 0, 0, "the table's id must be 1 to 32 of 0-9, a-z, A-Z, _ and -");
    if (o->grace_s < 0 || o->grace_s > GW_TABLE_GRACE_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the grace period must be 0 to %d seconds",
                            GW_TABLE_GRACE_MAX);
    if (o->card_s != 0 && o->card_s != 15 && o->card_s != 30 && o->card_s != 60)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the time per card is off (0), 15, 30 or 60 seconds");
    for (int p = 0; p < 2; p++)
        if (!secret_ok(o->secrets[p]))
            return gw_error_set(err, GW_EINVAL, 0, 0,
                                "seat %d's secret is not 32 lowercase hexadecimal digits", p + 1);
    if (strcmp(o->secrets[0], o->secrets[1]) == 0)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the two seats' secrets are the same");
    gw_game_kind game = o->session.game;
    int levels = game == GW_GAME_ANDROID ? GW_ANDROID_LEVELS : GW_AI_LEVELS;
    /* the computer that stands in for a person plays fair: never the oracle, which sees every card */
    if (o->takeover_level < 0 || o->takeover_level >= levels ||
        (game == GW_GAME_GERMAN && o->takeover_level == GW_AI_ORACLE))
        return gw_error_set(err, GW_EINVAL, 0, 0, "the takeover level %d is not a fair level of the game",
                            o->takeover_level);
    int computers = 0;
    for (int p = 0; p < 2; p++) {
        const gw_seat_config *sc = &o->session.seats[p];
        if (sc->kind != GW_SEAT_COMPUTER) continue;
        computers++;
        if (game == GW_GAME_GERMAN && sc->level == GW_AI_ORACLE)
            return gw_error_set(err, GW_EINVAL, 0, 0, "a table's computer never cheats (no oracle)");
    }
    if (computers == 2) return gw_error_set(err, GW_EINVAL, 0, 0, "a table needs at least one person");
    if (o->rated && computers > 0)
        return gw_error_set(err, GW_EINVAL, 0, 0, "a rated game is between two persons");
    if (o->session.undo && computers == 0)
        return gw_error_set(err, GW_EINVAL, 0, 0, "cards are taken back only against the computer");
    if (o->session.deck) return gw_error_set(err, GW_EINVAL, 0, 0, "a table plays a match, not one deal");
    /* the rules, levels and limits as the session checks them: a session with both seats outside */
    gw_session_config probe = o->session;
    gw_session *s;
    gw_status st = gw_session_new(&probe, &s, err);
    gw_session_free(s);
    return st;
}

/* ---- the table ------------------------------------------------------------------------------------ */

static gw_table *table_alloc(void) {
    gw_table *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->view = malloc(sizeof *t->view);
    if (!t->view) {
        free(t);
        return NULL;
    }
    t->winner = -1;
    t->clock_player = -1;
    t->due_player = -1;
    t->clock_left_ms = -1;
    for (int p = 0; p < 2; p++) {
        t->seats[p].away_since_ms = -1;
        t->seats[p].rating = -1;
    }
    return t;
}

gw_status gw_table_new(const gw_table_options *o, gw_table **out, gw_error *err) {
    *out = NULL;
    gw_status st = check_options(o, err);
    if (st != GW_OK) return st;
    gw_table *t = table_alloc();
    if (!t) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    t->opt = *o;
    for (int p = 0; p < 2; p++) {
        const gw_seat_config *sc = &o->session.seats[p];
        t->opt.session.seats[p].name[0] = '\0';
        if (sc->kind == GW_SEAT_COMPUTER) {
            t->seats[p].kind = GW_TSEAT_COMPUTER;
            t->seats[p].level = sc->level;
            gw_format(t->seats[p].name, GW_SEAT_NAME_MAX, "%s",
                      o->session.game == GW_GAME_ANDROID ? gw_android_level_name((gw_android_level)sc->level)
                                                         : gw_ai_level_name((gw_ai_level)sc->level));
        }
    }
    *out = t;
    return GW_OK;
}

void gw_table_free(gw_table *t) {
    if (!t) return;
    if (t->thought) gw_session_think_cancel(t->s, t->thought);
    gw_session_free(t->s);
    free(t->conns);
    free(t->view);
    free(t);
}

const gw_table_options *gw_table_options_of(const gw_table *t) { return &t->opt; }
gw_table_phase gw_table_phase_of(const gw_table *t) { return t->phase; }
const gw_session *gw_table_session(const gw_table *t) { return t->s; }

gw_status gw_table_hint(gw_table *t, int player, gw_hint *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    if (player != 0 && player != 1)
        return gw_error_set(err, GW_EINVAL, 0, 0, "there is no player %d", player + 1);
    if (!t->s || t->phase != GW_TABLE_PLAYING)
        return gw_error_set(err, GW_ESTATE, 0, 0, "no hint: no match is in play");
    if (t->thought) return gw_error_set(err, GW_ESTATE, 0, 0, "no hint: a computer decision is out");
    return gw_session_hint(t->s, player, out, err);
}

uint32_t gw_table_last_event(const gw_table *t) { return t->base + (t->s ? gw_session_last_event(t->s) : 0); }

void gw_table_seat_of(const gw_table *t, int player, gw_table_seat *out) {
    memset(out, 0, sizeof *out);
    out->away_since_ms = -1;
    if (player != 0 && player != 1) return;
    const tb_seat *st = &t->seats[player];
    out->kind = st->kind;
    memcpy(out->identity, st->identity, sizeof out->identity);
    memcpy(out->name, st->name, sizeof out->name);
    for (size_t i = 0; i < t->nconns; i++)
        out->connections += t->conns[i].viewer == player;
    out->away_since_ms = st->away_since_ms;
    out->taken_over = st->taken_over;
}

void gw_table_set_rating(gw_table *t, int player, double rating) {
    if (player == 0 || player == 1) t->seats[player].rating = rating >= 0 ? rating : -1;
}

void gw_table_take_hands(gw_table *t, int *first, int *last) {
    *first = *last = 0;
    if (!t->s) return;
    gw_session_view(t->s, GW_SPECTATOR, t->view, NULL);
    int scored = t->view->hand_number - (gw_session_state_of(t->s) == GW_SESSION_PLAYING ? 1 : 0);
    if (scored > t->hands_taken) {
        *first = t->hands_taken + 1;
        *last = scored;
        t->hands_taken = scored;
    }
}

tb_conn *tb_conn_find(gw_table *t, gw_conn_id id) {
    for (size_t i = 0; i < t->nconns; i++)
        if (t->conns[i].id == id) return &t->conns[i];
    return NULL;
}

static int connections(const gw_table *t, int p) {
    int n = 0;
    for (size_t i = 0; i < t->nconns; i++)
        n += t->conns[i].viewer == p;
    return n;
}

static void conn_remove(gw_table *t, gw_conn_id id) {
    for (size_t i = 0; i < t->nconns; i++)
        if (t->conns[i].id == id) {
            t->conns[i] = t->conns[--t->nconns];
            return;
        }
}

/* ---- matches -------------------------------------------------------------------------------------- */

uint64_t tb_match_seed(const gw_table *t, int match_no, int k) {
    if (match_no <= 1) return t->opt.session.seed;
    /* the rematch salt, then the match number and the attempt k (for the alternating dealer) mixed in */
    return gw_mix64(t->opt.session.seed ^ 0x5245A7C400000000u ^
                    gw_mix64(((uint64_t)match_no << 8) | (uint64_t)k));
}

bool tb_undo_on(const gw_table *t) {
    return t->opt.session.undo && !t->opt.rated &&
           (t->seats[0].kind == GW_TSEAT_COMPUTER || t->seats[1].kind == GW_TSEAT_COMPUTER);
}

/* The session configuration of the match to start with seed. */
static gw_session_config match_config(const gw_table *t, uint64_t seed) {
    gw_session_config c = t->opt.session;
    c.seed = seed;
    c.undo = tb_undo_on(t);
    for (int p = 0; p < 2; p++) {
        c.seats[p].name[0] = '\0';
        if (t->seats[p].kind == GW_TSEAT_COMPUTER) {
            c.seats[p].kind = GW_SEAT_COMPUTER;
            c.seats[p].level = t->seats[p].level;
        } else {
            c.seats[p].kind = GW_SEAT_OUTSIDE;
            c.seats[p].level = 0;
            memcpy(c.seats[p].name, t->seats[p].name, GW_SEAT_NAME_MAX);
        }
    }
    return c;
}

gw_status tb_start_match(gw_table *t, uint64_t seed, gw_error *err) {
    gw_session_config c = match_config(t, seed);
    gw_session *s;
    gw_status st = gw_session_new(&c, &s, err);
    if (st != GW_OK) return st;
    if (t->s) t->base += gw_session_last_event(t->s);
    gw_session_free(t->s);
    t->s = s;
    t->match_no++;
    t->sent = 0;
    t->hands_taken = 0;
    t->phase = GW_TABLE_PLAYING;
    t->winner = -1;
    t->rematch[0] = t->rematch[1] = false;
    t->marks_timeout = t->marks_takeover = 0;
    t->due_player = -1;
    t->clock_player = -1;
    t->clock_left_ms = -1;
    return GW_OK;
}

/* The dealer of a match's first hand (its first event is that hand's deal). */
static int first_dealer(const gw_session *s) {
    gw_event e;
    return gw_session_events(s, 1, GW_SPECTATOR, &e, 1) == 1 ? e.player : 0;
}

/* The seed of the next match: mixed from the options' seed and the match number, the first that makes the
 * other player deal first (a probe session with both seats outside, cheap, tells who deals). */
static uint64_t rematch_seed(const gw_table *t) {
    int want = 1 - first_dealer(t->s);
    for (int k = 0; k < 64; k++) {
        uint64_t seed = tb_match_seed(t, t->match_no + 1, k);
        gw_session_config c = match_config(t, seed);
        c.seats[0].kind = c.seats[1].kind = GW_SEAT_OUTSIDE;
        gw_session *probe;
        if (gw_session_new(&c, &probe, NULL) != GW_OK) break;
        int d = first_dealer(probe);
        gw_session_free(probe);
        if (d == want) return seed;
    }
    return tb_match_seed(t, t->match_no + 1, 0);
}

void tb_write_marks(gw_table *t) {
    static const char *const TAGS[2] = {"Timeout", "Takeover"};
    unsigned marks[2] = {t->marks_timeout, t->marks_takeover};
    for (int i = 0; i < 2; i++) {
        const char *v = marks[i] == 1 ? "1" : marks[i] == 2 ? "2" : marks[i] == 3 ? "1 2" : NULL;
        gw_session_set_tag(t->s, TAGS[i], v, NULL);
    }
}

void tb_seat_back(gw_table *t, int p) {
    tb_seat *st = &t->seats[p];
    if (!st->taken_over) return;
    if (t->thought) {
        st->return_pending = true;
        return;
    }
    if (t->s) gw_session_seat(t->s, p, &(gw_seat_config){GW_SEAT_OUTSIDE, 0, ""}, NULL);
    st->taken_over = false;
}

void tb_end_match(gw_table *t, int winner, tb_how how, int64_t now_ms, gw_table_out *out) {
    t->phase = GW_TABLE_OVER;
    t->winner = winner;
    t->how = how;
    t->rematch[0] = t->rematch[1] = false;
    t->due_player = -1;
    tb_clock_update(t, now_ms);
    tb_broadcast(t, tb_over_json(t), out);
}

void tb_after_change(gw_table *t, int64_t now_ms, gw_table_out *out) {
    if (!t->s) return;
    uint32_t last = gw_session_last_event(t->s);
    gw_session_state state = gw_session_state_of(t->s);
    if (state != GW_SESSION_PLAYING) {
        /* the hand's record is written: the next hand starts unmarked, but for the seats still taken over */
        unsigned takeover = 0;
        for (int p = 0; p < 2; p++)
            if (t->seats[p].taken_over) takeover |= 1u << p;
        if (t->marks_timeout || t->marks_takeover != takeover) {
            t->marks_timeout = 0;
            t->marks_takeover = takeover;
            tb_write_marks(t);
        }
    }
    tb_clock_update(t, now_ms);
    /* the new events and the view, made once per viewer (0, 1, the spectators) and copied to its
     * connections */
    for (int v = -1; v <= 1; v++) {
        bool any = false;
        for (size_t i = 0; i < t->nconns && !any; i++)
            any = t->conns[i].viewer == v;
        if (!any) continue;
        gw_table_out once;
        gw_table_out_init(&once);
        tb_send_events(t, 0, v, t->sent + 1, &once);
        tb_send_view(t, 0, v, now_ms, &once);
        for (size_t i = 0; i < t->nconns; i++) {
            if (t->conns[i].viewer != v) continue;
            for (size_t k = 0; k < once.n; k++)
                tb_push(out, t->conns[i].id, tb_strdup(once.msgs[k].text));
            if (once.n_lost) tb_push(out, t->conns[i].id, NULL);
        }
        gw_table_out_clear(&once);
    }
    t->sent = last;
    if (state == GW_SESSION_OVER && t->phase == GW_TABLE_PLAYING) {
        gw_session_view(t->s, GW_SPECTATOR, t->view, NULL);
        tb_end_match(t, t->view->winner, TB_PLAYED, now_ms, out);
    }
}

void tb_rematch(gw_table *t, int p, int64_t now_ms, gw_table_out *out) {
    t->rematch[p] = true;
    for (int q = 0; q < 2; q++)
        if (t->seats[q].kind == GW_TSEAT_COMPUTER) t->rematch[q] = true;
    if (!(t->rematch[0] && t->rematch[1])) {
        tb_broadcast(t, tb_rematch_json(t), out);
        return;
    }
    gw_error err;
    if (tb_start_match(t, rematch_seed(t), &err) != GW_OK) {
        for (size_t i = 0; i < t->nconns; i++)
            tb_push(out, t->conns[i].id, NULL); /* they reconnect and resynchronise */
        return;
    }
    for (size_t i = 0; i < t->nconns; i++)
        tb_push_json(out, t->conns[i].id, tb_table_json(t, t->conns[i].viewer, t->base, false, now_ms));
    tb_after_change(t, now_ms, out);
}

/* ---- joining and leaving -------------------------------------------------------------------------- */

/* A display name the records can hold: no control characters, quotes or backslashes, at most 31 bytes (cut
 * at a character's start); "Player N" when nothing is left; a level's name capitalised. */
static void clean_name(const char *name, int p, char out[GW_SEAT_NAME_MAX]) {
    size_t n = 0;
    for (const char *c = name ? name : ""; *c && n < GW_SEAT_NAME_MAX - 1; c++) {
        unsigned char u = (unsigned char)*c;
        if (u < 0x20 || u == 0x7f || u == '"' || u == '\\') continue;
        out[n++] = (char)u;
    }
    while (n > 0 && ((unsigned char)out[n - 1] & 0xC0) == 0x80)
        n--; /* a character cut in two: drop its bytes */
    if (n > 0 && ((unsigned char)out[n - 1] & 0xC0) == 0xC0) n--;
    out[n] = '\0';
    if (n == 0) gw_format(out, GW_SEAT_NAME_MAX, "Player %d", p + 1);
    /* a person is never named as the records name a computer or the default ("hard", "human"): a record
     * restored after a load would take the name for a level */
    gw_ai_level al;
    gw_android_level dl;
    if (gw_ai_level_parse(out, &al) || gw_android_level_parse(out, &dl) || strcmp(out, "human") == 0 ||
        strcmp(out, "computer") == 0)
        out[0] = (char)(out[0] - 'a' + 'A');
}

static gw_status refuse_join(gw_table_out *out, gw_conn_id conn, const char *code, gw_error *err,
                             const char *msg) {
    tb_error(out, conn, code, msg);
    return gw_error_set(err, GW_EINVAL, 0, 0, "%s", msg);
}

gw_status gw_table_join(gw_table *t, gw_conn_id conn, const char *secret, const char *identity,
                        const char *name, uint32_t since, int64_t now_ms, gw_table_out *out, gw_error *err) {
    t->now_seen = now_ms;
    if (conn == 0) return gw_error_set(err, GW_EINVAL, 0, 0, "connection 0 is no connection");
    int player = GW_SPECTATOR;
    if (secret && secret[0]) {
        player = -2;
        for (int p = 0; p < 2; p++)
            if (secret_equal(secret, t->opt.secrets[p])) player = p;
        if (player == -2)
            return refuse_join(out, conn, "bad_secret", err, "That link opens no seat of this table.");
        if (!identity || !identity_ok(identity))
            return refuse_join(out, conn, "bad_identity", err,
                               "A seat is taken by a person with an identity.");
        if (t->seats[player].kind == GW_TSEAT_COMPUTER)
            return refuse_join(out, conn, "bad_secret", err, "The computer holds that seat.");
        const tb_seat *other = &t->seats[1 - player];
        if (other->kind == GW_TSEAT_PERSON && strcmp(other->identity, identity) == 0)
            return refuse_join(out, conn, "both_seats", err,
                               "You hold the other seat of this table already.");
        if (t->seats[player].kind == GW_TSEAT_EMPTY && t->phase == GW_TABLE_OVER)
            return refuse_join(out, conn, "table_over", err, "This table's match is over.");
    }
    if (tb_conn_find(t, conn)) gw_table_leave(t, conn, now_ms, out); /* it follows the table anew */
    if (t->nconns == t->cap_conns) {
        size_t cap = t->cap_conns ? 2 * t->cap_conns : 8;
        tb_conn *more = realloc(t->conns, cap * sizeof *more);
        if (!more) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
        t->conns = more;
        t->cap_conns = cap;
    }
    bool seats_changed = false, started = false;
    if (player >= 0) {
        tb_seat *st = &t->seats[player];
        if (st->kind == GW_TSEAT_PERSON && strcmp(st->identity, identity) != 0) {
            /* the seat's link opened by another identity: the seat moves there */
            for (size_t i = 0; i < t->nconns;)
                if (t->conns[i].viewer == player) {
                    tb_push_json(out, t->conns[i].id, json_pack("{s:s}", "type", "table_moved"));
                    t->conns[i] = t->conns[--t->nconns];
                } else {
                    i++;
                }
            memcpy(st->identity, identity, strlen(identity) + 1);
        }
        if (st->kind == GW_TSEAT_EMPTY) {
            st->kind = GW_TSEAT_PERSON;
            memcpy(st->identity, identity, strlen(identity) + 1);
            clean_name(name, player, st->name);
        }
        st->away_since_ms = -1;
        st->grace_told = false;
        tb_seat_back(t, player);
        seats_changed = true;
        if (t->phase == GW_TABLE_WAITING && t->seats[1 - player].kind != GW_TSEAT_EMPTY) {
            gw_status st2 = tb_start_match(t, tb_match_seed(t, 1, 0), err);
            if (st2 != GW_OK) return st2;
            started = true;
        }
    }
    /* the others first: the table's news (a start, a seat's presence, a view whose turn changed) */
    if (started) {
        for (size_t i = 0; i < t->nconns; i++)
            tb_push_json(out, t->conns[i].id, tb_table_json(t, t->conns[i].viewer, t->base, false, now_ms));
        tb_after_change(t, now_ms, out);
    } else if (seats_changed) {
        tb_broadcast(t, json_pack("{s:s, s:o}", "type", "table_seats", "seats", tb_seats_json(t, now_ms)),
                     out);
        tb_after_change(t, now_ms, out);
    }
    t->conns[t->nconns++] = (tb_conn){conn, player};
    /* then the newcomer: the table, what it missed (or all of the match in play), the view */
    uint32_t last = gw_table_last_event(t);
    bool known = since == 0 ? t->base == 0 : since >= t->base && since <= last;
    uint32_t from = known ? since : t->base;
    tb_push_json(out, conn, tb_table_json(t, player, from, !known, now_ms));
    if (t->s) {
        tb_send_events(t, conn, player, from - t->base + 1, out);
        tb_send_view(t, conn, player, now_ms, out);
    }
    if (t->phase == GW_TABLE_OVER) {
        tb_push_json(out, conn, tb_over_json(t));
        if (t->rematch[0] || t->rematch[1]) tb_push_json(out, conn, tb_rematch_json(t));
    }
    return GW_OK;
}

void gw_table_leave(gw_table *t, gw_conn_id conn, int64_t now_ms, gw_table_out *out) {
    t->now_seen = now_ms;
    tb_conn *c = tb_conn_find(t, conn);
    if (!c) return;
    int viewer = c->viewer;
    conn_remove(t, conn);
    if (viewer < 0 || connections(t, viewer) > 0) return;
    t->seats[viewer].away_since_ms = now_ms;
    t->seats[viewer].grace_told = false;
    tb_clock_update(t, now_ms);
    tb_broadcast(t, json_pack("{s:s, s:o}", "type", "table_seats", "seats", tb_seats_json(t, now_ms)), out);
    for (size_t i = 0; i < t->nconns; i++) /* the clock stopped: the views say so */
        tb_send_view(t, t->conns[i].id, t->conns[i].viewer, now_ms, out);
}

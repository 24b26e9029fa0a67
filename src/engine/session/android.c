/* android.c: the Android Whist part of the session: a rubber (or one deal) between two humans commanding
 * their androids, its events with who sees what, refusals in a player's words, undo, records and restore. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gw/android_record.h"
#include "gw/deck.h"
#include "gw/rng.h"
#include "gw/seeds.h"
#include "session_internal.h"

/* A finished hand: its record text (tags as they stood when it ended) and whether it had an undo. */
typedef struct ses_android_hand {
    char *text;
    size_t len;
    bool assisted;
} ses_android_hand;

struct ses_android {
    gw_android_game g; /* the hand in play, or just scored */
    gw_android_rubber rubber;
    gw_rng rng;    /* the deals of the rubber */
    int hand_no;   /* hands dealt, 1-based number of g */
    bool one_deal; /* config.deck: one hand of that deck, then over */
    bool assisted; /* the hand in play had an undo */
    gw_android_player *bot[2];
    gw_android_level level[2]; /* of the computer seats */
    ses_android_hand *done;    /* finished hands, in order */
    int ndone, cap_done;
};

/* Tags the session writes itself: a front end's tag of the same name is not taken, a record's is not kept. */
static const char *const OWN_TAGS[] = {"Game", "Hand",       "Dealer",  "Deck",    "Result",  "Score",
                                       "Seed", "RubberSeed", "Player1", "Player2", "Assisted"};

static bool own_tag(const char *name) {
    for (size_t i = 0; i < sizeof OWN_TAGS / sizeof OWN_TAGS[0]; i++)
        if (strcmp(OWN_TAGS[i], name) == 0) return true;
    return false;
}

/* ---- the players ----------------------------------------------------------------------------- */

static bool is_computer(const gw_session *s, int player) {
    return s->config.seats[player].kind == GW_SEAT_COMPUTER;
}

/* The computer player at player p of level (its seed as seeds.h derives it, or config.seat_seed for one
 * deal). */
static gw_status make_bot(gw_session *s, int p, int level, gw_android_player **out, gw_error *err) {
    *out = NULL;
    if (level < 0 || level >= GW_ANDROID_LEVELS)
        return gw_error_set(err, GW_EINVAL, 0, 0, "player %d: unknown Android Whist level %d", p + 1, level);
    gw_android_player_options opt = {
        .level = (gw_android_level)level,
        .seed = s->android->one_deal ? s->config.seat_seed[p]
                                     : gw_seed_derive(s->config.seed, GW_SEED_ANDROID_COMPUTER, (uint64_t)p),
        .samples = s->config.android_samples,
        .think_ms = s->config.android_think_ms,
        .clock = s->config.clock,
    };
    gw_status st = gw_android_player_make(&opt, out, err);
    if (st != GW_OK) *out = NULL;
    return st;
}

/* Makes the computer players of the seats that are computers. */
static gw_status make_bots(gw_session *s, gw_error *err) {
    ses_android *a = s->android;
    for (int p = 0; p < 2; p++) {
        gw_android_player_free(a->bot[p]);
        a->bot[p] = NULL;
        if (!is_computer(s, p)) continue;
        gw_status st = make_bot(s, p, s->config.seats[p].level, &a->bot[p], err);
        if (st != GW_OK) return st;
        a->level[p] = (gw_android_level)s->config.seats[p].level;
    }
    return GW_OK;
}

/* ---- events ---------------------------------------------------------------------------------- */

/* Who sees seat's hand face up: for D and N its human; for an android the opposing human only (D sees L, N
 * sees X), never its own. */
static unsigned hand_seen_by(int dealer, int seat) {
    int p = gw_seat_is_android(seat) ? 1 - gw_seat_player(dealer, seat) : gw_seat_player(dealer, seat);
    return p == 0 ? GW_SEEN_P0 : GW_SEEN_P1;
}

static const unsigned PUBLIC = GW_SEEN_P0 | GW_SEEN_P1 | GW_SEEN_SPECTATOR;

/* The DEAL event and the four HAND events of the hand just dealt. */
static gw_status emit_deal(gw_session *s, gw_error *err) {
    const ses_android *a = s->android;
    const gw_android_game *g = &a->g;
    gw_event e = ses_event(GW_EVENT_DEAL, a->hand_no);
    e.player = g->dealer;
    e.card = gw_android_trump_card(g);
    e.seen_by = PUBLIC;
    gw_status st = ses_emit(s, &e, err);
    for (int seat = 0; st == GW_OK && seat < GW_SEATS; seat++) {
        e = ses_event(GW_EVENT_HAND, a->hand_no);
        e.seat = seat;
        e.player = gw_seat_player(g->dealer, seat);
        e.cards = g->hand[seat];
        e.count = gw_count(g->hand[seat]);
        e.seen_by = hand_seen_by(g->dealer, seat);
        st = ses_emit(s, &e, err);
    }
    return st;
}

/* ---- records --------------------------------------------------------------------------------- */

/* Appends hand g as record text with the session's tags: Date first (as line mode always wrote it), the
 * players, the rubber's seed, the front end's other tags; score: the game points after a finished hand. */
static void write_hand(const gw_session *s, const gw_android_game *g, const int *score, bool assisted,
                       gw_text *out) {
    const ses_android *a = s->android;
    gw_android_record_hand h;
    gw_android_record_hand_from_game(&h, g, a->one_deal ? 0 : a->hand_no);
    bool ok = true;
    for (int i = 0; i < s->ntags; i++)
        if (strcmp(s->tags[i].name, "Date") == 0)
            ok = ok && gw_android_record_hand_set_tag(&h, "Date", s->tags[i].value) == GW_OK;
    ok = ok && gw_android_record_hand_set_tag(&h, "Player1", ses_player_name(s, 0)) == GW_OK;
    ok = ok && gw_android_record_hand_set_tag(&h, "Player2", ses_player_name(s, 1)) == GW_OK;
    if (!a->one_deal) {
        char seed[24];
        gw_format(seed, sizeof seed, "%llu", (unsigned long long)s->config.seed);
        ok = ok && gw_android_record_hand_set_tag(&h, "RubberSeed", seed) == GW_OK;
    }
    for (int i = 0; i < s->ntags; i++)
        if (strcmp(s->tags[i].name, "Date") != 0 && !own_tag(s->tags[i].name))
            ok = ok && gw_android_record_hand_set_tag(&h, s->tags[i].name, s->tags[i].value) == GW_OK;
    if (assisted) ok = ok && gw_android_record_hand_set_tag(&h, "Assisted", "yes") == GW_OK;
    if (score && !a->one_deal) {
        h.has_score = true;
        h.score[0] = score[0];
        h.score[1] = score[1];
    }
    if (!ok) {
        out->failed = true;
    } else {
        if (out->len > 0) gw_text_putc(out, '\n');
        gw_android_record_write_hand(&h, out);
    }
    gw_android_record_hand_clear(&h);
}

/* Keeps the record text of the hand just scored. */
static gw_status keep_hand(gw_session *s, const int *score, gw_error *err) {
    ses_android *a = s->android;
    if (a->ndone == a->cap_done) {
        int cap = a->cap_done ? 2 * a->cap_done : 8;
        ses_android_hand *more = realloc(a->done, (size_t)cap * sizeof *more);
        if (!more) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the record");
        a->done = more;
        a->cap_done = cap;
    }
    gw_text t = {0};
    write_hand(s, &a->g, score, a->assisted, &t);
    if (t.failed) {
        gw_text_free(&t);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the record");
    }
    a->done[a->ndone++] = (ses_android_hand){t.data, t.len, a->assisted};
    assert(a->ndone == a->hand_no);
    return GW_OK;
}

/* ---- the flow -------------------------------------------------------------------------------- */

#ifndef NDEBUG
/* The hand's invariant: the four hands and the cards played hold each card of the deck exactly once. */
static bool cards_sound(const gw_android_game *g) {
    gw_cards seen = g->played;
    for (int seat = 0; seat < GW_SEATS; seat++) {
        if (seen & g->hand[seat]) return false;
        seen |= g->hand[seat];
    }
    return seen == GW_ALL_CARDS;
}
#endif

/* Deals hand a->hand_no + 1 (the rubber's next deck and dealer, or the one deal) and tells it. */
static gw_status deal(gw_session *s, gw_error *err) {
    ses_android *a = s->android;
    gw_card deck[GW_ANDROID_DECK];
    int dealer;
    if (a->one_deal) {
        memcpy(deck, s->config.deck, sizeof deck);
        dealer = s->config.dealer;
    } else {
        gw_deck_shuffled(GW_CLASSIC, &a->rng, deck);
        dealer = a->rubber.next_dealer;
    }
    gw_status st = gw_android_deal(&a->g, deck, dealer, err);
    if (st != GW_OK) return st;
    assert(cards_sound(&a->g));
    a->hand_no++;
    a->assisted = false;
    for (int p = 0; p < 2; p++)
        if (a->bot[p]) gw_android_player_begin_hand(a->bot[p], p);
    s->state = GW_SESSION_PLAYING;
    return emit_deal(s, err);
}

/* Scores the hand just finished: SCORE, the rubber (or the one deal) and, at its end, OVER. */
static gw_status finish_hand(gw_session *s, gw_error *err) {
    ses_android *a = s->android;
    gw_android_hand_score hs = gw_android_score_hand(&a->g);
    assert(hs.winner == 0 || hs.winner == 1); /* 13 tricks: one side has seven */
    gw_android_progress pr = {{0, 0}, -1, 0, false};
    if (a->rubber.winner < 0) {
        gw_status st = gw_android_rubber_add(&a->rubber, hs, &pr, err);
        if (st != GW_OK) return st;
    }
    gw_event e = ses_event(GW_EVENT_SCORE, a->hand_no);
    e.seen_by = PUBLIC;
    for (int p = 0; p < 2; p++) {
        e.tricks[p] = hs.tricks[p];
        e.points[p] = hs.winner == p ? hs.points : 0;
        e.score[p] = pr.points[p];
    }
    e.winner = hs.winner;
    e.game_winner = pr.game_winner;
    e.game_value = pr.game_value;
    gw_status st = keep_hand(s, pr.points, err);
    if (st == GW_OK) st = ses_emit(s, &e, err);
    if (st != GW_OK) return st;
    if (!a->one_deal && a->rubber.winner < 0) {
        s->state = GW_SESSION_HAND_OVER;
        return GW_OK;
    }
    s->state = GW_SESSION_OVER;
    s->winner = a->one_deal ? hs.winner : a->rubber.winner;
    e = ses_event(GW_EVENT_OVER, a->hand_no);
    e.seen_by = PUBLIC;
    e.winner = s->winner;
    return ses_emit(s, &e, err);
}

/* Carries out an action already checked (by the rules again: GW_EILLEGAL/GW_ESTATE with the engine's reason
 * and nothing changed if they refuse), with its events. */
static gw_status apply(gw_session *s, const gw_action *act, gw_error *err) {
    ses_android *a = s->android;
    gw_android_game *g = &a->g;
    int seat = g->turn, player = gw_android_actor(g), trick = g->tricks_done + 1;
    gw_android_trick done = {.completed = false};
    gw_event e = ses_event(GW_EVENT_PLAY, a->hand_no);
    e.seat = seat;
    e.player = player;
    e.trick = trick;
    e.seen_by = PUBLIC;
    e.answer = GW_ANSWER_CARD;
    gw_status st;
    if (act->kind == GW_ACTION_CARD) {
        st = gw_android_play(g, act->card, &done, err);
        e.card = act->card;
        e.command = GW_CMD_NONE;
    } else {
        gw_android_outcome o;
        st = gw_android_command_play(g, act->command, &o, &done, err);
        e.command = act->command;
        e.answer = o.answer;
        e.card = o.card;
        if (st == GW_OK && o.answer != GW_ANSWER_CARD) e.kind = GW_EVENT_ERROR;
    }
    if (st != GW_OK) return st;
    assert(cards_sound(g));
    st = ses_emit(s, &e, err);
    if (st == GW_OK && done.completed) {
        e = ses_event(GW_EVENT_TRICK, a->hand_no);
        e.trick = done.number;
        e.seat = done.winner;
        e.player = gw_seat_player(g->dealer, done.winner);
        e.card = done.cards[(done.winner - done.leader + GW_SEATS) % GW_SEATS];
        for (int i = 0; i < GW_SEATS; i++)
            e.cards |= gw_bit(done.cards[i]);
        e.seen_by = PUBLIC;
        st = ses_emit(s, &e, err);
    }
    if (st == GW_OK && gw_android_over(g)) st = finish_hand(s, err);
    return st;
}

/* ---- the part's operations ------------------------------------------------------------------- */

gw_status ses_android_start(gw_session *s, gw_error *err) {
    ses_android *a = calloc(1, sizeof *a);
    if (!a) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the session");
    s->android = a;
    a->one_deal = s->config.deck != NULL;
    if (a->one_deal && s->config.dealer != 0 && s->config.dealer != 1)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the dealer must be player 0 or 1, not %d",
                            s->config.dealer);
    gw_rng_seed(&a->rng, s->config.seed);
    gw_android_rubber_start(&a->rubber, a->one_deal ? s->config.dealer : (int)(gw_mix64(s->config.seed) & 1));
    s->winner = -1;
    gw_status st = make_bots(s, err);
    if (st == GW_OK) st = deal(s, err);
    return st;
}

void ses_android_free(gw_session *s) {
    ses_android *a = s->android;
    if (!a) return;
    for (int p = 0; p < 2; p++)
        gw_android_player_free(a->bot[p]);
    for (int i = 0; i < a->ndone; i++)
        free(a->done[i].text);
    free(a->done);
    free(a);
    s->android = NULL;
}

gw_turn ses_android_turn(const gw_session *s) {
    const gw_android_game *g = &s->android->g;
    gw_turn t = {-1, GW_ACTION_CARD, -1, false};
    if (s->state != GW_SESSION_PLAYING || gw_android_over(g)) return t;
    t.player = gw_android_actor(g);
    t.seat = g->turn;
    t.kind = gw_seat_is_android(g->turn) ? GW_ACTION_COMMAND : GW_ACTION_CARD;
    t.computer = is_computer(s, t.player);
    return t;
}

/* Whether player may take back an action now (see gw_session_undo). */
static bool undo_possible(const gw_session *s, int player) {
    const ses_android *a = s->android;
    if (!s->config.undo || s->busy || s->state != GW_SESSION_PLAYING || player < 0 || player > 1)
        return false;
    if (is_computer(s, player) || !is_computer(s, 1 - player)) return false;
    for (int i = 0; i < a->g.nevents; i++)
        if (gw_seat_player(a->g.dealer, a->g.events[i].seat) == player) return true;
    return false;
}

void ses_android_view(const gw_session *s, int viewer, gw_view *out) {
    const ses_android *a = s->android;
    gw_android_view *v = &out->android;
    gw_android_observe(&a->g, viewer == GW_SPECTATOR ? 0 : viewer, v);
    if (viewer == GW_SPECTATOR) { /* the public part only */
        v->player = -1;
        v->seat = -1;
        v->own = 0;
        v->opposing_android = -1;
        v->opposing_hand = 0;
    }
    out->hand_number = a->hand_no;
    for (int p = 0; p < 2; p++)
        gw_format(out->names[p], (int)sizeof out->names[p], "%s", ses_player_name(s, p));
    out->rubber = a->rubber;
    out->can_undo = undo_possible(s, viewer);
}

/* The commands open now as a list for a sentence ("duck, beat, high"). */
static void open_commands(const gw_android_game *g, char *out, int cap) {
    gw_android_view *v = malloc(sizeof *v);
    int n = 0;
    out[0] = '\0';
    if (!v) return;
    gw_android_observe(g, gw_android_actor(g), v);
    unsigned open = gw_android_commands_open(v);
    for (int c = 0; c < GW_CMD_COUNT && n < cap; c++)
        if (open & (1u << c))
            n += gw_format(out + n, cap - n, "%s%s", n ? ", " : "",
                           gw_android_command_name((gw_android_command)c));
    free(v);
}

/* The refusal r with its sentence in err. */
static gw_refusal refuse(gw_error *err, gw_refusal r, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        gw_error_vset(err, GW_EILLEGAL, 0, 0, fmt, ap);
        va_end(ap);
    }
    return r;
}

/* Why the computer or outside player at the turn may not take action a (GW_REFUSE_NONE if it may): the rules
 * only, from what that player sees. */
static gw_refusal check_rules(const gw_android_game *g, const gw_action *act, gw_error *err) {
    char who = gw_seat_char(g->turn);
    if (act->kind == GW_ACTION_CARD) {
        if (gw_seat_is_android(g->turn)) {
            char open[160];
            open_commands(g, open, (int)sizeof open);
            return refuse(err, GW_REFUSE_WRONG_KIND,
                          "Your android %c plays by command, not by card: tell it one of %s.", who, open);
        }
        if (!gw_card_valid(act->card)) return refuse(err, GW_REFUSE_NOT_A_CARD, "That is not a card.");
        switch (gw_android_check(g, act->card)) {
        case GW_PLAY_OK: return GW_REFUSE_NONE;
        case GW_PLAY_MUST_FOLLOW:
            return refuse(err, GW_REFUSE_MUST_FOLLOW, "You must follow suit: you hold %s.",
                          gw_suit_name(gw_card_suit(g->trick[0])));
        case GW_PLAY_HAND_OVER: return refuse(err, GW_REFUSE_HAND_OVER, "The hand is over.");
        case GW_PLAY_NOT_A_CARD: return refuse(err, GW_REFUSE_NOT_A_CARD, "That is not a card.");
        case GW_PLAY_IN_STOCK:
        case GW_PLAY_PLAYED:
        case GW_PLAY_OTHER_HAND: break; /* never say where the card is */
        }
        return refuse(err, GW_REFUSE_NOT_HELD, "You do not hold %C.", act->card);
    }
    if (act->kind != GW_ACTION_COMMAND)
        return refuse(err, GW_REFUSE_WRONG_KIND, "That is neither a card nor a command.");
    if (!gw_seat_is_android(g->turn))
        return refuse(err, GW_REFUSE_WRONG_KIND,
                      "It is your own turn, not your android's: play a card from your hand.");
    if ((unsigned)act->command >= GW_CMD_COUNT)
        return refuse(err, GW_REFUSE_NOT_A_COMMAND, "That is not a command.");
    const char *name = gw_android_command_name(act->command);
    for (int i = g->nevents - g->errors; i < g->nevents; i++)
        if (g->events[i].command == act->command)
            return refuse(err, GW_REFUSE_FAILED_ALREADY,
                          "%c said \"Error.\" to %s already for this card, and would again.", who, name);
    gw_android_situation sit = gw_android_situation_now(g);
    gw_android_outcome o = gw_android_evaluate(&sit, act->command);
    if (o.answer == GW_ANSWER_NOT_LEADING)
        return refuse(err, GW_REFUSE_NOT_LEADING,
                      "Not \"%s\" now: a leader is told a suit, shortest or longest.", name);
    if (o.answer == GW_ANSWER_NOT_NOW)
        return refuse(err, GW_REFUSE_NOT_NOW, "Not \"%s\" yet: a follower is told duck, beat or high first.",
                      name);
    /* A command never fails more often than there are commands: GW_ANDROID_MAX_ERRORS is never reached. */
    assert(o.answer == GW_ANSWER_CARD || g->errors < GW_ANDROID_MAX_ERRORS);
    return GW_REFUSE_NONE;
}

gw_refusal ses_android_check(const gw_session *s, int player, const gw_action *act, gw_error *err) {
    const gw_android_game *g = &s->android->g;
    if (s->state != GW_SESSION_PLAYING || gw_android_over(g))
        return refuse(err, GW_REFUSE_HAND_OVER,
                      s->state == GW_SESSION_OVER ? "The rubber is over." : "The hand is over.");
    int actor = gw_android_actor(g);
    if (actor != player)
        return refuse(err, GW_REFUSE_NOT_YOUR_TURN,
                      gw_seat_is_android(g->turn) ? "Wait: it is %c's turn, the other player's android's."
                                                  : "Wait: it is %c's turn, the other player's.",
                      gw_seat_char(g->turn));
    if (is_computer(s, player))
        return refuse(err, GW_REFUSE_COMPUTER, "Player %d is played by the computer.", player + 1);
    return check_rules(g, act, err);
}

gw_status ses_android_act(gw_session *s, int player, const gw_action *act, gw_error *err) {
    if (ses_android_check(s, player, act, err) != GW_REFUSE_NONE) return GW_EILLEGAL;
    return apply(s, act, err);
}

gw_status ses_android_next_hand(gw_session *s, gw_error *err) {
    if (s->state != GW_SESSION_HAND_OVER)
        return gw_error_set(err, GW_ESTATE, 0, 0,
                            s->state == GW_SESSION_OVER ? "the rubber is over" : "the hand is still in play");
    return deal(s, err);
}

gw_status ses_android_undo(gw_session *s, int player, gw_error *err) {
    ses_android *a = s->android;
    if (!s->config.undo) return gw_error_set(err, GW_ESTATE, 0, 0, "undo is off in this session");
    if (player < 0 || player > 1 || is_computer(s, player) || !is_computer(s, 1 - player))
        return gw_error_set(err, GW_ESTATE, 0, 0, "undo is for a player against the computer");
    if (s->state != GW_SESSION_PLAYING) return gw_error_set(err, GW_ESTATE, 0, 0, "the hand is over");
    /* The player's last action: a card of their own or a command to their android, an error included. */
    const gw_android_game *g = &a->g;
    int last = -1;
    for (int i = g->nevents - 1; i >= 0 && last < 0; i--)
        if (gw_seat_player(g->dealer, g->events[i].seat) == player) last = i;
    if (last < 0) return gw_error_set(err, GW_ESTATE, 0, 0, "you have not played in this hand yet");
    gw_android_game *back = malloc(sizeof *back);
    if (!back) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    gw_status st = gw_android_deal(back, g->deck, g->dealer, err);
    for (int i = 0; st == GW_OK && i < last; i++) {
        const gw_android_event *e = &g->events[i];
        if (e->command == GW_CMD_NONE) {
            st = gw_android_play(back, e->card, NULL, err);
        } else {
            gw_android_outcome o;
            st = gw_android_command_play(back, (gw_android_command)e->command, &o, NULL, err);
        }
    }
    assert(st == GW_OK && cards_sound(back)); /* the log was played by these rules */
    if (st == GW_OK) {
        int count = g->nevents - last;
        a->g = *back;
        a->assisted = true;
        gw_event e = ses_event(GW_EVENT_UNDO, a->hand_no);
        e.player = player;
        e.count = count;
        e.seen_by = PUBLIC;
        st = ses_emit(s, &e, err);
    }
    free(back);
    return st;
}

gw_status ses_android_hint(gw_session *s, int player, gw_hint *out, gw_error *err) {
    (void)s;
    (void)player;
    memset(out, 0, sizeof *out);
    return gw_error_set(err, GW_ESTATE, 0, 0, "no hints in Android Whist");
}

void ses_android_record(const gw_session *s, bool with_current, gw_text *out) {
    const ses_android *a = s->android;
    for (int i = 0; i < a->ndone; i++) {
        if (out->len > 0) gw_text_putc(out, '\n');
        gw_text_putn(out, a->done[i].text, a->done[i].len);
    }
    if (with_current && s->state == GW_SESSION_PLAYING) write_hand(s, &a->g, NULL, a->assisted, out);
}

gw_status ses_android_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err) {
    const ses_android *a = s->android;
    if (hand_no < 1 || hand_no > a->ndone)
        return gw_error_set(err, GW_EINVAL, 0, 0, "there is no finished hand %d", hand_no);
    gw_text_putn(out, a->done[hand_no - 1].text, a->done[hand_no - 1].len);
    return GW_OK;
}

bool ses_android_hand_assisted(const gw_session *s, int hand_no) {
    const ses_android *a = s->android;
    if (hand_no >= 1 && hand_no <= a->ndone) return a->done[hand_no - 1].assisted;
    return hand_no == a->hand_no && a->assisted;
}

/* ---- restore --------------------------------------------------------------------------------- */

/* Parses a decimal seed (0 to 2^64-1). */
static bool parse_seed(const char *t, uint64_t *out) {
    uint64_t v = 0;
    if (!*t) return false;
    for (; *t; t++) {
        if (*t < '0' || *t > '9') return false;
        unsigned d = (unsigned)(*t - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* Player p as the record names them: a level name is the computer's level (a computer seat plays at it;
 * an outside seat takes the computer's place), any other name is kept as the player's; the full-screen
 * game's old "computer" is its Opponent tag's level (hard without one). A computer seat needs a level:
 * GW_EINVAL otherwise (never a silent computer in a person's place). */
static gw_status take_player(gw_session *s, int p, const gw_android_record_hand *first, gw_error *err) {
    gw_seat_config *seat = &s->config.seats[p];
    const char *name = gw_android_record_hand_tag(first, p == 0 ? "Player1" : "Player2");
    const char *opponent = gw_android_record_hand_tag(first, "Opponent");
    gw_android_level level;
    seat->name[0] = '\0';
    if (name && strcmp(name, "computer") == 0) name = opponent ? opponent : "hard";
    if (name && gw_android_level_parse(name, &level)) {
        if (seat->kind == GW_SEAT_COMPUTER) seat->level = (int)level;
        return GW_OK;
    }
    if (seat->kind == GW_SEAT_COMPUTER)
        return gw_error_set(
            err, GW_EINVAL, first->line, 0,
            "line %d: player %d is to be the computer, but the record names no computer level for "
            "them (Player%d \"%s\"; random, easy or hard)",
            first->line, p + 1, p + 1, name ? name : "");
    if (name && strcmp(name, "human") != 0) gw_format(seat->name, GW_SEAT_NAME_MAX, "%s", name);
    return GW_OK;
}

/* The front end's tags of a recorded hand become the session's (those the session writes itself aside, and
 * the full-screen game's old Opponent, now the Player tag). */
static void take_tags(gw_session *s, const gw_android_record_hand *h) {
    s->ntags = 0;
    for (int i = 0; i < h->ntags; i++) {
        const gw_tag *t = &h->tags[i];
        if (own_tag(t->name) || strcmp(t->name, "Opponent") == 0 || strlen(t->name) >= SES_TAG_NAME_MAX ||
            strlen(t->value) >= SES_TAG_VALUE_MAX)
            continue;
        (void)ses_tag_set(s, t->name, t->value); /* beyond SES_TAGS_MAX the rest are dropped */
    }
}

/* The action that made recorded event e. */
static gw_action action_of(const gw_android_event *e) {
    gw_action act = {GW_ACTION_CARD, e->card, GW_CMD_NONE};
    if (e->command != GW_CMD_NONE)
        act = (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)e->command};
    return act;
}

/* Replays recorded hand h on the hand just dealt: every play through the rules, each computer asked for its
 * action first as the game asked it (its random stream then stands where the game left it). */
static gw_status replay(gw_session *s, const gw_android_record_hand *h, int i, gw_error *err) {
    ses_android *a = s->android;
    gw_android_view *v = malloc(sizeof *v);
    if (!v) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    gw_status st = GW_OK;
    for (int k = 0; st == GW_OK && k < h->game.nevents; k++) {
        const gw_android_event *e = &h->game.events[k];
        int actor = gw_android_actor(&a->g);
        if (actor >= 0 && a->bot[actor]) {
            gw_android_action ignored;
            gw_error ignore;
            gw_android_observe(&a->g, actor, v);
            (void)gw_android_player_choose(a->bot[actor], v, &ignored, &ignore);
        }
        gw_action act = action_of(e);
        uint16_t before = a->g.nevents;
        gw_error why;
        if (s->state != GW_SESSION_PLAYING || check_rules(&a->g, &act, NULL) != GW_REFUSE_NONE ||
            apply(s, &act, &why) != GW_OK)
            st = gw_error_set(err, GW_EINVAL, h->line, 0, "line %d: hand %d does not replay", h->line, i + 1);
        else if (a->g.nevents <= before || a->g.events[before].card != e->card) /* answered otherwise */
            st = gw_error_set(err, GW_EINVAL, h->line, 0, "line %d: hand %d does not replay", h->line, i + 1);
    }
    free(v);
    return st;
}

gw_status ses_android_restore(gw_session *s, const char *text, size_t len, gw_error *err) {
    gw_android_record r;
    gw_status st = gw_android_record_read(text, len, &r, err);
    if (st != GW_OK) return st;
    if (!gw_android_record_any(&r)) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "it holds no hand of Android Whist");
        goto done;
    }
    for (int i = 0; i < r.count; i++) {
        const gw_android_record_hand *h = &r.hands[i];
        if (!h->is_android)
            st = gw_error_set(err, GW_EINVAL, h->line, 0, "line %d: hand %d is not of Android Whist", h->line,
                              i + 1);
        else if (h->error.status != GW_OK)
            st = gw_error_set(err, GW_EINVAL, h->error.line, h->error.col,
                              "line %d: hand %d is not valid: %s", h->error.line, i + 1, h->error.msg);
        if (st != GW_OK) goto done;
    }
    const gw_android_record_hand *first = &r.hands[0];
    const char *seed_tag = gw_android_record_hand_tag(first, "RubberSeed");
    uint64_t seed = 0;
    if (seed_tag && !parse_seed(seed_tag, &seed)) {
        st = gw_error_set(err, GW_EINVAL, first->line, 0, "line %d: the rubber seed '%s' is not a number",
                          first->line, seed_tag);
        goto done;
    }
    if (!seed_tag && r.count > 1) {
        st = gw_error_set(
            err, GW_EINVAL, first->line, 0,
            "line %d: it lacks the rubber seed (RubberSeed): only a single deal resumes without it",
            first->line);
        goto done;
    }
    for (int p = 0; p < 2 && st == GW_OK; p++)
        st = take_player(s, p, first, err);
    if (st != GW_OK) goto done;
    s->config.game = GW_GAME_ANDROID;
    if (seed_tag) {
        s->config.seed = seed;
        s->config.deck = NULL;
    } else { /* one deal: its deck and dealer from the record, the computers' seeds from base */
        for (int k = 0; k < GW_ANDROID_DECK; k++)
            s->deck_copy[k] = first->deck[k];
        s->config.deck = s->deck_copy;
        s->config.dealer = first->dealer;
    }
    ses_android_free(s);
    take_tags(s, first);
    st = ses_android_start(s, err);
    if (st != GW_OK) goto done;
    ses_android *a = s->android;
    for (int i = 0; st == GW_OK && i < r.count; i++) {
        const gw_android_record_hand *h = &r.hands[i];
        if (i > 0) {
            if (s->state == GW_SESSION_OVER) {
                st = gw_error_set(err, GW_EINVAL, h->line, 0,
                                  "line %d: hand %d comes after the end of the rubber", h->line, i + 1);
                break;
            }
            take_tags(s, h);
            st = deal(s, err);
            if (st != GW_OK) break;
        }
        if (memcmp(a->g.deck, h->deck, sizeof a->g.deck) != 0 || a->g.dealer != h->dealer) {
            st = gw_error_set(err, GW_EINVAL, h->line, 0,
                              "line %d: hand %d was not dealt from the rubber seed %llu", h->line, i + 1,
                              (unsigned long long)s->config.seed);
            break;
        }
        a->assisted = gw_android_record_hand_tag(h, "Assisted") != NULL;
        st = replay(s, h, i, err);
        if (st == GW_OK && !h->finished && i != r.count - 1)
            st = gw_error_set(err, GW_EINVAL, h->line, 0,
                              "line %d: hand %d is unfinished, yet hand %d follows", h->line, i + 1, i + 2);
    }
done:
    gw_android_record_free(&r);
    return st;
}

/* ---- the computer's decision, split (see gw_session_think_begin) ----------------------------- */

gw_status ses_android_think_begin(gw_session *s, gw_thought *t, gw_error *err) {
    ses_android *a = s->android;
    gw_turn turn = ses_android_turn(s);
    if (turn.player < 0) return gw_error_set(err, GW_ESTATE, 0, 0, "nobody is to act: the hand is over");
    if (!turn.computer || !a->bot[turn.player])
        return gw_error_set(err, GW_ESTATE, 0, 0, "player %d to act is not a computer", turn.player + 1);
    t->android = malloc(sizeof *t->android);
    if (!t->android) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the computer's view");
    t->game = GW_GAME_ANDROID;
    t->player = turn.player;
    t->bot = a->bot[turn.player];
    gw_android_observe(&a->g, turn.player, t->android);
    return GW_OK;
}

void ses_android_think_run(gw_thought *t) {
    gw_android_action act;
    t->status = gw_android_player_choose(t->bot, t->android, &act, &t->err);
    if (t->status != GW_OK) return;
    t->action = act.is_command ? (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, act.command}
                               : (gw_action){GW_ACTION_CARD, act.card, GW_CMD_NONE};
}

gw_status ses_android_think_end(gw_session *s, gw_thought *t, gw_error *err) {
    ses_android *a = s->android;
    const char *level = gw_android_level_name(a->level[t->player]);
    if (t->status != GW_OK)
        return gw_error_set(err, GW_ESTATE, 0, 0, "the computer (%s) could not choose: %s", level,
                            t->err.msg);
    gw_turn turn = ses_android_turn(s);
    gw_error why;
    if (turn.player != t->player || check_rules(&a->g, &t->action, &why) != GW_REFUSE_NONE)
        return gw_error_set(err, GW_ESTATE, 0, 0, "the computer (%s) broke a rule (a bug): %s", level,
                            turn.player != t->player ? "it is not its turn" : why.msg);
    return apply(s, &t->action, err);
}

/* ---- a seat changing hands ------------------------------------------------------------------ */

gw_status ses_android_seat(gw_session *s, int player, const gw_seat_config *seat, gw_error *err) {
    ses_android *a = s->android;
    gw_android_player *bot = NULL;
    if (seat->kind == GW_SEAT_COMPUTER) {
        gw_status st = make_bot(s, player, seat->level, &bot, err);
        if (st != GW_OK) return st;
        /* It decides from its human's view alone (gw_android_player_choose reads nothing else): told which
         * human it plays, it knows the hand so far from the view's public play. */
        gw_android_player_begin_hand(bot, player);
        a->level[player] = (gw_android_level)seat->level;
    }
    gw_android_player_free(a->bot[player]);
    a->bot[player] = bot;
    s->config.seats[player].kind = seat->kind;
    s->config.seats[player].level = seat->kind == GW_SEAT_COMPUTER ? seat->level : 0;
    return GW_OK;
}

/* ---- for summaries and tests ----------------------------------------------------------------- */

const gw_android_rubber *gw_session_rubber(const gw_session *s) {
    return s->config.game == GW_GAME_ANDROID && s->android ? &s->android->rubber : NULL;
}

const gw_android_game *gw_session_android_game(const gw_session *s) {
    return s->config.game == GW_GAME_ANDROID && s->android ? &s->android->g : NULL;
}

/* german.c: the session's German Whist match: deals from the match seed, the computer seats, the events
 * of every card with who may see them, views, refusals, undo, hints, the record and resuming from it. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gw/record.h"
#include "gw/seeds.h"
#include "gw/solver.h"
#include "session_internal.h"

/* The hint solver's table: one solver serves the whole match. */
#define HINT_TABLE_BYTES (16u << 20)

struct ses_german {
    gw_match match;
    gw_game game;  /* the hand in play, or the one just scored */
    gw_game dealt; /* that hand as dealt (undo) */
    uint64_t hand_seed;
    int hand_no;   /* 1-based number of game */
    bool assisted; /* the hand in play had an undo */
    gw_player *bot[2];
    gw_solver *solver;  /* endgame hints, made at the first one */
    gw_expert *advisor; /* foreplay hints, made at the first one */
    gw_text finished;   /* record text of the finished hands, one blank line between */
    size_t *hand_at;    /* where finished hand i+1 starts in finished (and its end: the next start - 1) */
    size_t *hand_len;
    bool *hand_assisted;
    bool *hand_slam; /* the hand's winner took every counted trick (gw_hand_score's slam) */
    int nfinished, cap_finished;
};

static ses_german *G(const gw_session *s) { return s->german; }

static bool one_deal(const gw_session *s) { return s->config.deck != NULL; }

/* The limits of the expert (a computer seat, the hint advisor): the configuration's, in the one place
 * where the caller's clock joins them. */
static gw_expert_limits expert_limits(const gw_session *s) {
    gw_expert_limits l = s->config.limits;
    l.clock = s->config.clock;
    return l;
}

static unsigned seen_player(int p) { return p == 0 ? GW_SEEN_P0 : GW_SEEN_P1; }

/* ---- dealing -------------------------------------------------------------- */

/* What player p's computer and hints play for: the scoring rule in force (the hand's points; the match
 * score is not weighed), or in one-deal mode with config.match_stakes[p] the match of config.match_score. */
static gw_stakes stakes(const gw_session *s, int p) {
    const gw_session_config *c = &s->config;
    if (one_deal(s) && c->match_stakes[p])
        return (gw_stakes){c->rules.scoring, c->rules.target, {c->match_score[0], c->match_score[1]}};
    return (gw_stakes){c->rules.scoring, 0, {0, 0}};
}

/* Tells each computer seat the hand as dealt, and what it is played for. */
static void bots_begin(gw_session *s, ses_german *g) {
    for (int p = 0; p < 2; p++) {
        if (!g->bot[p]) continue;
        gw_stakes st = stakes(s, p);
        gw_bot_set_stakes(g->bot[p], &st);
        gw_observation o;
        gw_observe(&g->game, p, &o);
        gw_player_begin_hand(g->bot[p], &o);
    }
}

/* Deals the next hand (the one deal in one-deal mode) and emits its events. */
static gw_status deal(gw_session *s, gw_error *err) {
    ses_german *g = G(s);
    if (one_deal(s)) {
        gw_card deck[GW_MAX_DECK];
        int n = gw_deck_size(s->config.rules.variant);
        for (int i = 0; i < n; i++)
            deck[i] = s->config.deck[i];
        gw_status st = gw_game_deal(&g->game, s->config.rules.variant, deck, s->config.dealer, err);
        if (st != GW_OK) return st;
        g->hand_seed = 0;
    } else {
        gw_match_deal(&g->match, &g->game, &g->hand_seed);
    }
    g->dealt = g->game;
    g->hand_no = g->match.hands_played + 1;
    g->assisted = false;
    s->state = GW_SESSION_PLAYING;
    gw_event e = ses_event(GW_EVENT_DEAL, g->hand_no);
    e.player = g->game.dealer;
    e.card = gw_game_upcard(&g->game);
    gw_status st = ses_emit(s, &e, err);
    for (int p = 0; p < 2 && st == GW_OK; p++) {
        e = ses_event(GW_EVENT_HAND, g->hand_no);
        e.player = e.seat = p;
        e.cards = g->game.hand[p];
        e.count = gw_count(g->game.hand[p]);
        e.seen_by = seen_player(p);
        st = ses_emit(s, &e, err);
    }
    bots_begin(s, g);
    return st;
}

/* ---- the record ----------------------------------------------------------- */

/* The record of game gm as hand hand_no of match m, with the session's tags. */
static void hand_text(const gw_session *s, const gw_game *gm, const gw_match *m, int hand_no, bool assisted,
                      gw_text *out) {
    const ses_german *g = G(s);
    gw_record_hand h;
    if (one_deal(s))
        gw_record_hand_from_game(&h, gm, s->config.rules, 0);
    else
        gw_record_hand_from_match(&h, gm, m, hand_no, g->hand_seed);
    for (int i = 0; i < s->ntags; i++) /* the Date first, as line mode has always written it */
        if (strcmp(s->tags[i].name, "Date") == 0) gw_record_hand_set_tag(&h, "Date", s->tags[i].value);
    gw_record_hand_set_tag(&h, "Player1", ses_player_name(s, 0));
    gw_record_hand_set_tag(&h, "Player2", ses_player_name(s, 1));
    for (int i = 0; i < s->ntags; i++)
        if (strcmp(s->tags[i].name, "Date") != 0)
            gw_record_hand_set_tag(&h, s->tags[i].name, s->tags[i].value);
    if (assisted) gw_record_hand_set_tag(&h, "Assisted", "yes");
    gw_record_write_hand(&h, out);
    gw_record_hand_clear(&h);
}

/* Keeps the record of the hand just scored (slam: its score's). */
static gw_status keep_finished(gw_session *s, bool slam, gw_error *err) {
    ses_german *g = G(s);
    if (g->nfinished == g->cap_finished) {
        int cap = g->cap_finished ? 2 * g->cap_finished : 16;
        size_t *at = realloc(g->hand_at, (size_t)cap * sizeof *at);
        if (at) g->hand_at = at;
        size_t *len = realloc(g->hand_len, (size_t)cap * sizeof *len);
        if (len) g->hand_len = len;
        bool *as = realloc(g->hand_assisted, (size_t)cap * sizeof *as);
        if (as) g->hand_assisted = as;
        bool *sl = realloc(g->hand_slam, (size_t)cap * sizeof *sl);
        if (sl) g->hand_slam = sl;
        if (!at || !len || !as || !sl)
            return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory (the record)");
        g->cap_finished = cap;
    }
    if (g->finished.len > 0) gw_text_putc(&g->finished, '\n');
    size_t start = g->finished.len;
    hand_text(s, &g->game, &g->match, g->hand_no, g->assisted, &g->finished);
    if (g->finished.failed) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory (the record)");
    g->hand_at[g->nfinished] = start;
    g->hand_len[g->nfinished] = g->finished.len - start;
    g->hand_assisted[g->nfinished] = g->assisted;
    g->hand_slam[g->nfinished] = slam;
    g->nfinished++;
    return GW_OK;
}

void ses_german_record(const gw_session *s, bool with_current, gw_text *out) {
    const ses_german *g = G(s);
    gw_text_puts(out, gw_text_str(&g->finished));
    if (!with_current || s->state != GW_SESSION_PLAYING) return;
    if (g->finished.len > 0) gw_text_putc(out, '\n');
    hand_text(s, &g->game, &g->match, g->hand_no, g->assisted, out);
}

gw_status ses_german_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err) {
    const ses_german *g = G(s);
    if (hand_no < 1 || hand_no > g->nfinished)
        return gw_error_set(err, GW_EINVAL, 0, 0, "there is no finished hand %d (%d finished)", hand_no,
                            g->nfinished);
    gw_text_putn(out, gw_text_str(&g->finished) + g->hand_at[hand_no - 1], g->hand_len[hand_no - 1]);
    return GW_OK;
}

bool ses_german_hand_assisted(const gw_session *s, int hand_no) {
    const ses_german *g = G(s);
    if (hand_no >= 1 && hand_no <= g->nfinished) return g->hand_assisted[hand_no - 1];
    return hand_no == g->hand_no && s->state == GW_SESSION_PLAYING && g->assisted;
}

bool ses_german_hand_slam(const gw_session *s, int hand_no) {
    const ses_german *g = G(s);
    return hand_no >= 1 && hand_no <= g->nfinished && g->hand_slam[hand_no - 1];
}

/* ---- playing -------------------------------------------------------------- */

/* Scores the finished hand: SCORE, and OVER when it ends the match (or the one deal). */
static gw_status score_hand(gw_session *s, gw_error *err) {
    ses_german *g = G(s);
    gw_hand_score hs = gw_match_finish_hand(&g->match, &g->game);
    gw_status st = keep_finished(s, hs.slam, err);
    if (st != GW_OK) return st;
    gw_event e = ses_event(GW_EVENT_SCORE, g->hand_no);
    for (int p = 0; p < 2; p++) {
        e.tricks[p] = hs.counted[p];
        e.points[p] = hs.points[p];
        e.score[p] = g->match.score[p];
    }
    e.winner = hs.winner;
    st = ses_emit(s, &e, err);
    if (st != GW_OK) return st;
    int w = one_deal(s) ? hs.winner : gw_match_winner(&g->match);
    if (!one_deal(s) && w < 0) {
        s->state = GW_SESSION_HAND_OVER;
        return GW_OK;
    }
    s->state = GW_SESSION_OVER;
    s->winner = w;
    e = ses_event(GW_EVENT_OVER, g->hand_no);
    e.winner = w;
    for (int p = 0; p < 2; p++)
        e.score[p] = g->match.score[p];
    return ses_emit(s, &e, err);
}

/* Plays card c (legal: checked before) for the player to move, with its events; tells the computer seats
 * a finished trick and scores a finished hand. */
static gw_status play_card(gw_session *s, gw_card c, gw_error *err) {
    ses_german *g = G(s);
    gw_game *gm = &g->game;
    int player = gm->turn, trick = gw_game_trick_number(gm);
    gw_trick_event ev;
    if (gw_game_play(gm, c, &ev) != GW_OK)
        return gw_error_set(err, GW_EILLEGAL, 0, 0, "player %d may not play %C now", player + 1, c);
    gw_event e = ses_event(GW_EVENT_PLAY, g->hand_no);
    e.trick = trick;
    e.player = e.seat = player;
    e.card = c;
    gw_status st = ses_emit(s, &e, err);
    if (st != GW_OK || !ev.completed) return st;
    e = ses_event(GW_EVENT_TRICK, g->hand_no);
    e.trick = ev.number;
    e.player = e.seat = ev.winner;
    e.card = ev.cards[ev.leader == ev.winner ? 0 : 1];
    e.cards = gw_bit(ev.cards[0]) | gw_bit(ev.cards[1]);
    st = ses_emit(s, &e, err);
    if (ev.drawn[0] != GW_NO_CARD) {
        /* The winner takes the up-card (seen by all), the loser the next, hidden one. */
        for (int k = 0; k < 2 && st == GW_OK; k++) {
            int p = k == 0 ? ev.winner : 1 - ev.winner;
            e = ses_event(GW_EVENT_DRAW, g->hand_no);
            e.trick = ev.number;
            e.player = e.seat = p;
            e.card = ev.drawn[p];
            e.cards = gw_bit(ev.drawn[p]);
            e.count = 1;
            if (k == 1) e.seen_by = seen_player(p);
            st = ses_emit(s, &e, err);
        }
        if (st == GW_OK) {
            e = ses_event(GW_EVENT_UPCARD, g->hand_no);
            e.trick = ev.number;
            e.card = ev.next_upcard;
            st = ses_emit(s, &e, err);
        }
    }
    for (int p = 0; p < 2; p++) {
        if (!g->bot[p]) continue;
        gw_observation o;
        gw_observe(gm, p, &o);
        gw_seen_trick seen;
        gw_seen_trick_make(&ev, p, &seen);
        gw_player_trick_done(g->bot[p], &o, &seen);
    }
    if (st == GW_OK && gw_game_phase(gm) == GW_OVER) st = score_hand(s, err);
    return st;
}

gw_turn ses_german_turn(const gw_session *s) {
    const gw_game *gm = &G(s)->game;
    int p = gm->turn;
    return (gw_turn){p, GW_ACTION_CARD, p, s->config.seats[p].kind == GW_SEAT_COMPUTER};
}

gw_refusal ses_german_check(const gw_session *s, int player, const gw_action *a, gw_error *err) {
    const gw_game *gm = &G(s)->game;
    if (player != gm->turn) {
        gw_error_set(err, GW_EILLEGAL, 0, 0, "It is player %d's turn.", gm->turn + 1);
        return GW_REFUSE_NOT_YOUR_TURN;
    }
    if (a->kind != GW_ACTION_CARD) {
        gw_error_set(err, GW_EILLEGAL, 0, 0, "German Whist is played with cards, not commands.");
        return GW_REFUSE_WRONG_KIND;
    }
    gw_variant v = (gw_variant)gm->variant;
    if (!gw_card_valid(a->card)) {
        gw_error_set(err, GW_EILLEGAL, 0, 0, "That is not a card.");
        return GW_REFUSE_NOT_A_CARD;
    }
    switch (gw_game_check(gm, a->card)) {
    case GW_PLAY_OK: return GW_REFUSE_NONE;
    case GW_PLAY_NOT_A_CARD:
        gw_error_set(err, GW_EILLEGAL, 0, 0, "%C is not in the %s deck.", a->card, gw_variant_name(v));
        return GW_REFUSE_NOT_A_CARD;
    case GW_PLAY_MUST_FOLLOW:
        gw_error_set(err, GW_EILLEGAL, 0, 0, "You must follow suit: you hold %s.",
                     gw_suit_name(gw_card_suit(gm->led)));
        return GW_REFUSE_MUST_FOLLOW;
    case GW_PLAY_HAND_OVER:
        gw_error_set(err, GW_EILLEGAL, 0, 0, "The hand is over.");
        return GW_REFUSE_HAND_OVER;
    case GW_PLAY_IN_STOCK:
    case GW_PLAY_PLAYED:
    case GW_PLAY_OTHER_HAND: break; /* never say where the card is */
    }
    gw_error_set(err, GW_EILLEGAL, 0, 0, "You do not hold %C.", a->card);
    return GW_REFUSE_NOT_HELD;
}

gw_status ses_german_act(gw_session *s, int player, const gw_action *a, gw_error *err) {
    (void)player;
    return play_card(s, a->card, err);
}

gw_status ses_german_next_hand(gw_session *s, gw_error *err) { return deal(s, err); }

/* ---- the computer --------------------------------------------------------- */

gw_status ses_german_think_begin(gw_session *s, gw_thought *t, gw_error *err) {
    ses_german *g = G(s);
    gw_player *bot = g->bot[t->player];
    if (!bot) return gw_error_set(err, GW_ESTATE, 0, 0, "player %d has no computer", t->player + 1);
    t->bot = bot;
    gw_observe(&g->game, t->player, &t->german);
    if (gw_player_cheats(bot)) t->german_truth = g->game; /* the oracle, for analysis only */
    return GW_OK;
}

void ses_german_think_run(gw_thought *t) {
    gw_player *bot = t->bot;
    if (gw_player_cheats(bot)) gw_player_reveal(bot, &t->german_truth);
    gw_card c = GW_NO_CARD;
    t->status = gw_player_choose(bot, &t->german, &c, &t->err);
    t->action = (gw_action){GW_ACTION_CARD, c, GW_CMD_NONE};
}

gw_status ses_german_think_end(gw_session *s, gw_thought *t, gw_error *err) {
    ses_german *g = G(s);
    if (s->state != GW_SESSION_PLAYING || g->game.turn != t->player)
        return gw_error_set(err, GW_ESTATE, 0, 0, "the decision no longer fits the table");
    gw_card c = t->action.card;
    if (t->action.kind != GW_ACTION_CARD || !gw_card_valid(c) || gw_game_check(&g->game, c) != GW_PLAY_OK)
        return gw_error_set(err, GW_ESTATE, 0, 0, "the computer (%s) chose an illegal card",
                            ses_player_name(s, t->player));
    return play_card(s, c, err);
}

/* ---- views ---------------------------------------------------------------- */

void ses_german_view(const gw_session *s, int viewer, gw_view *out) {
    const ses_german *g = G(s);
    const gw_game *gm = &g->game;
    out->hand_number = g->hand_no;
    out->score[0] = g->match.score[0];
    out->score[1] = g->match.score[1];
    out->rules = g->match.rules;
    for (int p = 0; p < 2; p++) {
        gw_format(out->names[p], (int)sizeof out->names[p], "%s", ses_player_name(s, p));
        out->spectator_known[p] = gm->upcards[p] & ~gm->played;
    }
    if (viewer == 0 || viewer == 1) {
        gw_observe(gm, viewer, &out->german);
        out->can_undo = s->config.undo && s->state == GW_SESSION_PLAYING && !s->busy &&
                        s->config.seats[viewer].kind == GW_SEAT_OUTSIDE &&
                        s->config.seats[1 - viewer].kind == GW_SEAT_COMPUTER;
        if (out->can_undo) { /* the viewer has played in this hand */
            gw_game r = g->dealt;
            bool played = false;
            for (int i = 0; i < gm->nmoves && !played; i++) {
                played = r.turn == viewer;
                gw_game_play(&r, gm->moves[i], NULL);
            }
            out->can_undo = played;
        }
        return;
    }
    /* The spectator: what player 0 sees, less everything of a hand and the draws. */
    gw_observation *o = &out->german;
    gw_observe(gm, 0, o);
    o->seat = -1;
    o->own = 0;
    o->opp_known = 0;
    o->opp_hand_size = 0;
    o->ndraws = 0;
    memset(o->draws, 0xff, sizeof o->draws);
    o->unseen = gw_deck_cards((gw_variant)gm->variant) & ~gm->played & ~out->spectator_known[0] &
                ~out->spectator_known[1];
    if (o->upcard != GW_NO_CARD) o->unseen &= ~gw_bit(o->upcard);
}

/* ---- undo ----------------------------------------------------------------- */

/* Tells the computer seats (only) the hand from the deal to now, each from its own seat's observations: after
 * an undo, or a computer taking a seat over mid-hand. */
static void bots_brief(ses_german *g, int only) {
    gw_game r = g->dealt;
    for (int p = 0; p < 2; p++) {
        if (!g->bot[p] || (only >= 0 && p != only)) continue;
        gw_observation o;
        gw_observe(&r, p, &o);
        gw_player_begin_hand(g->bot[p], &o);
    }
    for (int i = 0; i < g->game.nmoves; i++) {
        gw_trick_event ev;
        gw_status st = gw_game_play(&r, g->game.moves[i], &ev);
        assert(st == GW_OK);
        (void)st;
        if (!ev.completed) continue;
        for (int p = 0; p < 2; p++) {
            if (!g->bot[p] || (only >= 0 && p != only)) continue;
            gw_observation o;
            gw_observe(&r, p, &o);
            gw_seen_trick seen;
            gw_seen_trick_make(&ev, p, &seen);
            gw_player_trick_done(g->bot[p], &o, &seen);
        }
    }
}

gw_status ses_german_undo(gw_session *s, int player, gw_error *err) {
    ses_german *g = G(s);
    gw_game r = g->dealt;
    int last = -1;
    for (int i = 0; i < g->game.nmoves; i++) {
        if (r.turn == player) last = i;
        if (gw_game_play(&r, g->game.moves[i], NULL) != GW_OK)
            return gw_error_set(err, GW_ESTATE, 0, 0, "the hand does not replay (a bug)");
    }
    if (last < 0)
        return gw_error_set(err, GW_ESTATE, 0, 0, "player %d has not played a card in this hand", player + 1);
    int count = g->game.nmoves - last;
    gw_game back = g->dealt;
    for (int i = 0; i < last; i++)
        gw_game_play(&back, g->game.moves[i], NULL);
    g->game = back;
    g->assisted = true;
    bots_brief(g, -1);
    gw_event e = ses_event(GW_EVENT_UNDO, g->hand_no);
    e.player = e.seat = player;
    e.trick = gw_game_trick_number(&g->game);
    e.count = count;
    return ses_emit(s, &e, err);
}

/* ---- hints ---------------------------------------------------------------- */

gw_status ses_german_hint(gw_session *s, int player, gw_hint *out, gw_error *err) {
    ses_german *g = G(s);
    gw_observation o;
    gw_observe(&g->game, player, &o);
    gw_stakes st = stakes(s, player);
    gw_card_estimate est[GW_RANKS];
    int n;
    memset(out, 0, sizeof *out);
    if (o.phase == GW_ENDGAME) {
        if (!g->solver && gw_solver_new(HINT_TABLE_BYTES, &g->solver) != GW_OK) {
            g->solver = NULL;
            return gw_error_set(err, GW_ENOMEM, 0, 0, "not enough memory for the endgame solver");
        }
        gw_card_value values[GW_RANKS];
        int best = 0;
        n = gw_endgame_values(g->solver, &o, values, &best, err);
        if (n < 0) return gw_error_set(err, GW_ESTATE, 0, 0, "no hint: %s", err ? err->msg : "a bug");
        /* Best first; equal values keep the solver's order (S H D C, high to low). With best play the
         * points rise with the tricks, so the tricks order the cards. */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && values[j].tricks > values[j - 1].tricks; j--) {
                gw_card_value tmp = values[j];
                values[j] = values[j - 1];
                values[j - 1] = tmp;
            }
        int left = gw_count(o.own);
        for (int i = 0; i < n; i++) {
            int endgame[2], all[2];
            endgame[player] = o.won[GW_ENDGAME][player] + values[i].tricks;
            endgame[1 - player] = o.won[GW_ENDGAME][1 - player] + left - values[i].tricks;
            for (int p = 0; p < 2; p++)
                all[p] = o.won[GW_FOREPLAY][p] + endgame[p];
            est[i] = (gw_card_estimate){.card = values[i].card,
                                        .points = gw_stakes_value(&st, o.variant, player, endgame, all),
                                        .tricks = st.scoring == GW_EVERY ? all[player] : endgame[player],
                                        .samples = 1};
        }
        out->exact = true;
        out->best = best;
        out->unit = "points";
    } else {
        if (!g->advisor) {
            gw_status r = gw_expert_new(expert_limits(s), gw_seed_derive(g->match.seed, GW_SEED_HINTS, 0),
                                        &g->advisor, err);
            if (r != GW_OK) {
                g->advisor = NULL;
                return r;
            }
        }
        gw_expert_set_stakes(g->advisor, &st);
        n = gw_expert_estimate(g->advisor, &o, est);
        out->exact = false;
        out->unit = "expected points";
        out->samples = n > 0 ? est[0].samples : 0;
    }
    out->count = n;
    for (int i = 0; i < n; i++) {
        out->cards[i] = est[i].card;
        out->value[i] = est[i].points;
        out->tricks[i] = est[i].tricks;
        out->se[i] = est[i].se;
    }
    return GW_OK;
}

/* ---- starting, restoring, freeing ----------------------------------------- */

/* The computer player at player p of level (its seed as seeds.h derives it, or config.seat_seed in one-deal
 * mode), seated. */
static gw_status make_bot(gw_session *s, int p, int level, gw_player **out, gw_error *err) {
    gw_bot_options opt = {(gw_ai_level)level,
                          one_deal(s) ? s->config.seat_seed[p]
                                      : gw_seed_derive(s->config.seed, GW_SEED_COMPUTER, (uint64_t)p),
                          expert_limits(s), stakes(s, p)};
    gw_status st = gw_bot_new(&opt, out, err);
    if (st != GW_OK) {
        *out = NULL;
        return st;
    }
    gw_player_sit(*out, p);
    return GW_OK;
}

/* The match (rules, seed) and the computer seats, no hand dealt yet. */
static gw_status begin(gw_session *s, gw_error *err) {
    ses_german *g = calloc(1, sizeof *g);
    if (!g) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    s->german = g;
    gw_status st = gw_match_start(&g->match, s->config.rules, s->config.seed, err);
    if (st != GW_OK) return st;
    for (int p = 0; p < 2; p++) {
        if (s->config.seats[p].kind != GW_SEAT_COMPUTER) continue;
        st = make_bot(s, p, s->config.seats[p].level, &g->bot[p], err);
        if (st != GW_OK) return st;
    }
    return GW_OK;
}

gw_status ses_german_start(gw_session *s, gw_error *err) {
    gw_status st = begin(s, err);
    if (st != GW_OK) return st;
    return deal(s, err);
}

void ses_german_free(gw_session *s) {
    ses_german *g = G(s);
    if (!g) return;
    for (int p = 0; p < 2; p++)
        gw_player_free(g->bot[p]);
    gw_solver_free(g->solver);
    gw_expert_free(g->advisor);
    gw_text_free(&g->finished);
    free(g->hand_at);
    free(g->hand_len);
    free(g->hand_assisted);
    free(g->hand_slam);
    free(g);
    s->german = NULL;
}

/* The session's tags from a recorded hand: its own (Date, StoreMatch, ...), not those the session writes. */
static void tags_from(gw_session *s, const gw_record_hand *h) {
    s->ntags = 0;
    for (int i = 0; i < h->ntags; i++) {
        const char *name = h->tags[i].name;
        if (strcmp(name, "Player1") == 0 || strcmp(name, "Player2") == 0 || strcmp(name, "Assisted") == 0 ||
            strcmp(name, "MatchSeed") == 0)
            continue;
        if (strlen(name) < SES_TAG_NAME_MAX && strlen(h->tags[i].value) < SES_TAG_VALUE_MAX)
            ses_tag_set(s, name, h->tags[i].value);
    }
}

/* Plays a recorded hand's moves through the session (events, computer seats told); the random level is
 * asked for each of its recorded cards, so that its draws after the resume are an uninterrupted game's. */
static bool replay_hand(gw_session *s, const gw_record_hand *h, gw_error *err) {
    ses_german *g = G(s);
    for (int i = 0; i < h->nmoves; i++) {
        if (s->state != GW_SESSION_PLAYING) return false;
        int p = g->game.turn;
        if (g->bot[p] && s->config.seats[p].level == GW_AI_RANDOM) {
            gw_observation o;
            gw_observe(&g->game, p, &o);
            gw_card ignored;
            if (gw_player_choose(g->bot[p], &o, &ignored, NULL) != GW_OK) return false;
        }
        if (gw_game_check(&g->game, h->moves[i]) != GW_PLAY_OK) return false;
        if (play_card(s, h->moves[i], err) != GW_OK) return false;
    }
    return true;
}

gw_status ses_german_restore(gw_session *s, const char *text, size_t len, gw_error *err) {
    gw_record r;
    if (gw_record_read(text, len, &r, err) != GW_OK) return GW_ENOMEM;
    gw_status st = GW_OK;
    if (r.count == 0) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "it holds no hand of German Whist");
        goto done;
    }
    const gw_record_hand *first = &r.hands[0];
    for (int i = 0; i < r.count; i++) {
        const gw_record_hand *h = &r.hands[i];
        if (h->error.status != GW_OK) {
            st = gw_error_set(err, GW_EINVAL, h->error.line, 0, "line %d: hand %d is not valid: %s",
                              h->error.line, i + 1, h->error.msg);
            goto done;
        }
        if (h->rules.variant != first->rules.variant || h->rules.scoring != first->rules.scoring ||
            h->rules.target != first->rules.target) {
            st = gw_error_set(err, GW_EINVAL, h->line, 0,
                              "line %d: hand %d is played by other rules than hand 1 (%s, %s, target %d)",
                              h->line, i + 1, gw_variant_name(first->rules.variant),
                              gw_scoring_name(first->rules.scoring), first->rules.target);
            goto done;
        }
    }
    const char *seed_tag = gw_record_hand_tag(first, "MatchSeed");
    if (!seed_tag || !(*seed_tag >= '0' && *seed_tag <= '9')) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "it lacks the match seed (MatchSeed)");
        goto done;
    }
    char *end;
    s->config.seed = (uint64_t)strtoull(seed_tag, &end, 10);
    if (*end) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "its match seed '%s' is not a number", seed_tag);
        goto done;
    }
    s->config.rules = first->rules;
    for (int p = 0; p < 2; p++) {
        const char *tag = gw_record_hand_tag(first, p == 0 ? "Player1" : "Player2");
        gw_seat_config *seat = &s->config.seats[p];
        if (seat->kind == GW_SEAT_COMPUTER) {
            gw_ai_level level;
            if (!tag || !gw_ai_level_parse(tag, &level)) {
                st = gw_error_set(err, GW_EINVAL, 0, 0, "it lacks the computer's level (Player%d)", p + 1);
                goto done;
            }
            seat->level = (int)level;
            seat->name[0] = '\0';
        } else { /* an outside seat keeps the record's name for it, unless that is the default or a level */
            seat->name[0] = '\0';
            if (tag && strlen(tag) < sizeof seat->name && strcmp(tag, "human") != 0 &&
                !gw_ai_level_parse(tag, &(gw_ai_level){GW_AI_RANDOM}))
                gw_format(seat->name, (int)sizeof seat->name, "%s", tag);
        }
    }
    st = begin(s, err);
    if (st != GW_OK) goto done;
    ses_german *g = G(s);
    for (int i = 0; i < r.count; i++) {
        const gw_record_hand *h = &r.hands[i];
        if (i > 0 && s->state == GW_SESSION_OVER) {
            st = gw_error_set(err, GW_EINVAL, h->line, 0, "line %d: hand %d comes after the end of the match",
                              h->line, i + 1);
            goto done;
        }
        tags_from(s, h);
        st = deal(s, err);
        if (st != GW_OK) goto done;
        size_t deck_len = (size_t)gw_deck_size((gw_variant)g->game.variant);
        if (memcmp(g->game.deck, h->deck, deck_len) != 0 || g->game.dealer != h->dealer) {
            st = gw_error_set(err, GW_EINVAL, h->line, 0,
                              "line %d: hand %d was not dealt from the match seed %llu", h->line, i + 1,
                              (unsigned long long)s->config.seed);
            goto done;
        }
        g->assisted = gw_record_hand_tag(h, "Assisted") != NULL;
        if (!replay_hand(s, h, err)) {
            st = gw_error_set(err, GW_EINVAL, h->line, 0, "line %d: hand %d does not replay", h->line, i + 1);
            goto done;
        }
        if (!h->finished && i != r.count - 1) {
            st = gw_error_set(err, GW_EINVAL, h->line, 0,
                              "line %d: hand %d is unfinished, yet hand %d follows", h->line, i + 1, i + 2);
            goto done;
        }
    }
done:
    gw_record_free(&r);
    return st;
}

gw_status ses_german_seat(gw_session *s, int player, const gw_seat_config *seat, gw_error *err) {
    ses_german *g = G(s);
    gw_player *bot = NULL;
    if (seat->kind == GW_SEAT_COMPUTER) {
        gw_status st = make_bot(s, player, seat->level, &bot, err);
        if (st != GW_OK) return st;
    }
    gw_player_free(g->bot[player]);
    g->bot[player] = bot;
    s->config.seats[player].kind = seat->kind;
    s->config.seats[player].level = seat->kind == GW_SEAT_COMPUTER ? seat->level : 0;
    /* A hand dealt (in play, or just scored): the new computer learns it from its seat's view only, as
     * an uninterrupted game would have told it; the next deal tells it the next hand. */
    if (bot) bots_brief(g, player);
    return GW_OK;
}

const gw_match *gw_session_match(const gw_session *s) { return s->german ? &s->german->match : NULL; }
const gw_game *gw_session_game(const gw_session *s) { return s->german ? &s->german->game : NULL; }

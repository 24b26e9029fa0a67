/* replay.c: the replay of one finished hand on the wire (include/gw/protocol_replay.h): the hand as its
 * record has it, played through the engine (German Whist: the hands, each trick with its up-card and draws;
 * Android Whist: the four hands, each trick's plays, commands and the androids' errors), and the fields of a
 * German Whist hand's review (the verdicts on one player's cards and the summary), for whist serve's replay
 * and review messages and the WebAssembly module's review alike. */
#include <stdbool.h>

#include "gw/protocol.h"
#include "gw/protocol_replay.h"

static json_t *card_json(gw_card c) {
    if (c == GW_NO_CARD) return json_null();
    char name[3] = {gw_rank_char(gw_card_rank(c)), gw_suit_char(gw_card_suit(c)), 0};
    return json_string(name);
}

static json_t *pair_json(int a, int b) { return json_pack("[ii]", a, b); }

static json_t *player_json(int p) { return p >= 0 ? json_integer(p) : json_null(); }

static json_t *seat_json(int s) {
    char name[2] = {gw_seat_char(s), 0};
    return json_string(name);
}

static json_t *names_json(const char *a, const char *b) { return json_pack("[ss]", a ? a : "", b ? b : ""); }

/* Sets err to GW_PROTOCOL_UNREPLAYABLE; GW_EINVAL. */
static gw_status unreplayable(gw_error *err) {
    return gw_error_set(err, GW_EINVAL, 0, 0, "%s", GW_PROTOCOL_UNREPLAYABLE);
}

gw_status gw_protocol_replay_deal(gw_game *g, const gw_record_hand *h, gw_error *err) {
    if (h->error.status != GW_OK || !h->finished || h->dealer < 0 ||
        gw_game_deal(g, h->rules.variant, h->deck, h->dealer, err) != GW_OK)
        return unreplayable(err);
    return GW_OK;
}

/* ---- the hand: everything the record says ------------------------------------------------------------ */

/* The German Whist hand h (finished) as the replay's fields, into j. */
static gw_status german_hand(json_t *j, const gw_record_hand *h, gw_error *err) {
    gw_game g;
    if (gw_protocol_replay_deal(&g, h, err) != GW_OK) return GW_EINVAL;
    json_t *hands = json_array(), *tricks = json_array();
    for (int p = 0; p < 2; p++) {
        json_t *cards = json_array();
        for (gw_cards s = g.hand[p]; s; s &= s - 1)
            json_array_append_new(cards, card_json(gw_first(s)));
        json_array_append_new(hands, cards);
    }
    json_object_set_new(j, "rules",
                        json_pack("{sssssi}", "variant", gw_variant_name(h->rules.variant), "scoring",
                                  gw_scoring_name(h->rules.scoring), "target", h->rules.target));
    json_object_set_new(j, "names",
                        names_json(gw_record_hand_tag(h, "Player1"), gw_record_hand_tag(h, "Player2")));
    json_object_set_new(j, "dealer", json_integer(h->dealer));
    char trump[2] = {gw_suit_char(g.trump), 0};
    json_object_set_new(j, "trump", json_string(trump));
    int deck_size = gw_deck_size(h->rules.variant);
    for (int i = 0; i + 1 < h->nmoves; i += 2) {
        gw_card up = g.stock_pos < deck_size ? g.deck[g.stock_pos] : GW_NO_CARD;
        gw_trick_event ev;
        for (int k = 0; k < 2; k++)
            gw_game_play(&g, h->moves[i + k], &ev); /* the record was checked: every move is legal */
        json_t *t = json_pack(
            "{sisis[oo]sisoso}", "number", ev.number, "leader", ev.leader, "cards", card_json(ev.cards[0]),
            card_json(ev.cards[1]), "winner", ev.winner, "up", card_json(up), "draws",
            ev.drawn[0] != GW_NO_CARD ? json_pack("[oo]", card_json(ev.drawn[0]), card_json(ev.drawn[1]))
                                      : json_null());
        json_array_append_new(tricks, t);
    }
    const gw_hand_score *o = &h->outcome;
    json_object_set_new(j, "hands", hands);
    json_object_set_new(j, "tricks", tricks);
    json_object_set_new(j, "result",
                        json_pack("{sosisoso}", "tricks", pair_json(o->counted[0], o->counted[1]), "points",
                                  o->winner >= 0 ? o->points[o->winner] : 0, "scored",
                                  pair_json(o->points[0], o->points[1]), "winner", player_json(o->winner)));
    return GW_OK;
}

/* One play or error of an Android Whist trick: the view's event ({"seat", "command", "card", "answer"}),
 * and for an error "why", the android's reason in words. */
static json_t *android_event_json(const gw_android_event *e, const gw_android_situation *before) {
    json_t *o = json_pack(
        "{sosososs}", "seat", seat_json(e->seat), "command",
        e->command < GW_CMD_COUNT ? json_string(gw_android_command_name((gw_android_command)e->command))
                                  : json_null(),
        "card", card_json(e->card), "answer", gw_protocol_answer_name((gw_android_answer)e->answer));
    if (o && e->card == GW_NO_CARD) {
        char why[160];
        gw_android_answer_text(before, (gw_android_command)e->command, (gw_android_answer)e->answer, why,
                               (int)sizeof why);
        json_object_set_new(o, "why", json_string(why));
    }
    return o;
}

/* The Android Whist hand h (finished) as the replay's fields, into j: the four hands as dealt, the turned
 * card, each trick's plays, commands and errors in order, and the result. */
static gw_status android_hand(json_t *j, const gw_android_record_hand *h, gw_error *err) {
    gw_android_game g;
    if (h->error.status != GW_OK || !h->finished || h->dealer < 0 ||
        gw_android_deal(&g, h->deck, h->dealer, err) != GW_OK)
        return unreplayable(err);
    json_t *seats = json_object(), *hands = json_object(), *tricks = json_array();
    for (int s = 0; s < GW_SEATS; s++) {
        char name[2] = {gw_seat_char(s), 0};
        json_t *cards = json_array();
        for (gw_cards c = g.hand[s]; c; c &= c - 1)
            json_array_append_new(cards, card_json(gw_first(c)));
        json_object_set_new(hands, name, cards);
        json_object_set_new(seats, name, json_integer(gw_seat_player(h->dealer, s)));
    }
    json_object_set_new(
        j, "names",
        names_json(gw_android_record_hand_tag(h, "Player1"), gw_android_record_hand_tag(h, "Player2")));
    json_object_set_new(j, "dealer", json_integer(h->dealer));
    json_object_set_new(j, "seats", seats);
    char trump[2] = {gw_suit_char(g.trump), 0};
    json_object_set_new(j, "trump", json_string(trump));
    json_object_set_new(j, "trump_card", card_json(gw_android_trump_card(&g)));
    json_object_set_new(j, "hands", hands);
    json_t *cards = NULL, *order = NULL, *events = NULL;
    int leader = g.leader;
    bool ok = true;
    for (int i = 0; i < h->game.nevents && ok; i++) {
        const gw_android_event *e = &h->game.events[i];
        if (!events) {
            cards = json_array(), order = json_array(), events = json_array();
            leader = g.leader;
        }
        gw_android_situation before = gw_android_situation_now(&g);
        gw_android_trick done = {0};
        gw_android_outcome out;
        if (e->command == GW_CMD_NONE)
            ok = gw_android_play(&g, e->card, &done, err) == GW_OK;
        else /* the android answers as it did: its answer is fixed by the situation */
            ok = gw_android_command_play(&g, (gw_android_command)e->command, &out, &done, err) == GW_OK &&
                 out.card == e->card;
        json_array_append_new(events, android_event_json(e, &before));
        if (e->card != GW_NO_CARD) {
            json_array_append_new(cards, card_json(e->card));
            json_array_append_new(order, seat_json(e->seat));
        }
        if (done.completed) {
            json_array_append_new(tricks, json_pack("{sisososososo}", "number", done.number, "leader",
                                                    seat_json(leader), "cards", cards, "seats", order,
                                                    "winner", seat_json(done.winner), "events", events));
            cards = order = events = NULL;
        }
    }
    json_decref(cards);
    json_decref(order);
    json_decref(events);
    json_object_set_new(j, "tricks", tricks);
    if (!ok || !gw_android_over(&g)) return unreplayable(err);
    const gw_android_hand_score *o = &h->outcome;
    json_object_set_new(j, "result",
                        json_pack("{sososiso}", "tricks", pair_json(o->tricks[0], o->tricks[1]), "winner",
                                  player_json(o->winner), "points", o->points, "score",
                                  h->has_score ? pair_json(h->score[0], h->score[1]) : json_null()));
    return GW_OK;
}

gw_status gw_protocol_replay_hand(json_t *j, const gw_record_file *rec, gw_error *err) {
    if (rec->count != 1) return unreplayable(err);
    if (rec->hands[0].game == GW_GAME_ANDROID) return android_hand(j, &rec->hands[0].android, err);
    return german_hand(j, &rec->hands[0].german, err);
}

/* ---- the review: the verdicts on one player's cards, and the summary ---------------------------------- */

/* One card's review: {"trick", "phase", "card", "loss", "se", "best", "worlds", "forced"} (loss and se in
 * points). */
static json_t *review_card_json(const gw_card_verdict *v) {
    return json_pack("{sisososfsfsosisb}", "trick", v->trick, "phase",
                     json_string(v->phase == GW_FOREPLAY ? "foreplay" : "endgame"), "card",
                     card_json(v->card), "loss", v->loss, "se", v->se, "best", card_json(v->best), "worlds",
                     v->worlds, "forced", v->forced);
}

json_t *gw_protocol_review_summary_json(const gw_hand_review *r, const gw_review_options *opt, int p) {
    json_t *worst = json_array();
    for (int k = 0; k < r->nworst[p]; k++)
        json_array_append_new(worst, review_card_json(&r->card[r->worst[p][k]]));
    /* (no "seed": the review's worlds have a fixed one, but no message carries a field named seed) */
    return json_pack("{sssfsfsfsfsisisiso}", "unit", "points", "loss", r->loss[p], "se", r->loss_se[p],
                     "foreplay_loss", r->foreplay_loss[p], "endgame_loss", r->endgame_loss[p],
                     "foreplay_cards", r->judged[GW_FOREPLAY][p], "endgame_cards", r->judged[GW_ENDGAME][p],
                     "iterations", opt->iterations, "costliest", worst);
}

void gw_protocol_review_verdicts(gw_game *g, int p, const gw_card *moves, int from, int to,
                                 const gw_hand_review *r, gw_solver *solver, json_t *verdicts,
                                 json_t *foreplay) {
    for (int i = from; i < to; i++) {
        gw_card c = moves[i];
        const gw_card_verdict *v = &r->card[i];
        gw_phase phase = gw_game_phase(g);
        int value, best;
        if (g->turn == p && phase == GW_ENDGAME && gw_solve_verdict(solver, g, c, &value, &best)) {
            json_t *entry = json_pack("{sisosisi}", "trick", g->tricks_done + 1, "card", card_json(c),
                                      "value", value, "best", best);
            if (entry && v->judged) json_object_set_new(entry, "loss", json_real(v->loss));
            json_array_append_new(verdicts, entry);
        } else if (g->turn == p && phase == GW_FOREPLAY && v->judged) {
            json_array_append_new(foreplay, review_card_json(v));
        }
        gw_game_play(g, c, NULL); /* the record was checked: every move is legal */
    }
}

/* record_read.c: German Whist's part of reading records (its tags, deck, moves and match checks, for
 * record_file.c), and gw_record_read, the file seen as German Whist hands. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gw/record.h"
#include "gw/record_file.h"
#include "record_fields.h"
#include "record_game.h"
#include "record_lex.h"

/* The German Whist tags beside the common ones (record_file.c reads those). */
enum { T_VARIANT, T_SCORING, T_TARGET };
static const char *const OWN_TAGS[] = {"Variant", "Scoring", "Target", NULL};

/* The fields record_file.c reads the common tags into. */
static rec_fields fields(void *hand) {
    gw_record_hand *h = hand;
    return (rec_fields){&h->line,     &h->number, &h->hand_tag,   &h->dealer,  &h->dealer_pos, &h->score_pos,
                        &h->has_seed, &h->seed,   &h->has_result, h->result,   &h->has_score,  h->score,
                        &h->tags,     &h->ntags,  &h->error,      &h->finished};
}

/* The rules a hand has when its tags do not say (the spec's defaults). */
static void init(void *hand) {
    gw_record_hand *h = hand;
    h->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
}

/* Takes Variant, Scoring or Target. */
static gw_status own_tag(void *hand, int k, const char *value, const rec_token *t) {
    gw_record_hand *h = hand;
    gw_error *e = &h->error;
    unsigned long long n = 0;
    h->rules_pos[k] = (gw_text_pos){t->line, t->col};
    switch (k) {
    case T_VARIANT:
        if (!gw_variant_parse(value, &h->rules.variant))
            return gw_error_set(e, GW_EINVAL, t->line, t->col, "unknown variant \"%s\" (classic or small)",
                                value);
        break;
    case T_SCORING:
        if (!gw_scoring_parse(value, &h->rules.scoring))
            return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                "unknown scoring \"%s\" (last13, every, difference or total)", value);
        break;
    default:
        assert(k == T_TARGET);
        if (!rec_uint(value, GW_TARGET_MAX, &n) || n < GW_TARGET_MIN)
            return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                "tag Target must be a whole number from %d to %d, not \"%s\"", GW_TARGET_MIN,
                                GW_TARGET_MAX, value);
        h->rules.target = (int)n;
        break;
    }
    return GW_OK;
}

/* Reads the Deck tag's cards, naming the exact card at fault. */
static gw_status take_deck(void *hand, const rec_token *t) {
    gw_record_hand *h = hand;
    gw_variant v = h->rules.variant;
    gw_cards all = gw_deck_cards(v), seen = 0;
    int n = 0;
    size_t i = 0;
    while (i < t->len) {
        char c = t->text[i];
        if (c == ' ' || c == ',' || c == '\t') {
            i++;
            continue;
        }
        size_t start = i;
        while (i < t->len && t->text[i] != ' ' && t->text[i] != ',' && t->text[i] != '\t')
            i++;
        int col = t->value_col + (int)start;
        gw_card card;
        char word[32];
        rec_excerpt(t->text + start, i - start, word);
        if (gw_card_parse(t->text + start, i - start, &card) != GW_OK)
            return gw_error_set(&h->error, GW_EINVAL, t->line, col, "deck: '%s' is not a card", word);
        if (!gw_has(all, card))
            return gw_error_set(&h->error, GW_EINVAL, t->line, col, "deck: %C is not in the %s deck", card,
                                gw_variant_name(v));
        if (gw_has(seen, card))
            return gw_error_set(&h->error, GW_EINVAL, t->line, col, "deck: %C appears twice", card);
        if (n == gw_deck_size(v))
            return gw_error_set(&h->error, GW_EINVAL, t->line, col,
                                "deck: more than the %d cards of the %s deck", gw_deck_size(v),
                                gw_variant_name(v));
        seen |= gw_bit(card);
        h->deck[n++] = card;
    }
    if (n < gw_deck_size(v)) {
        char missing[160];
        gw_cards_format_list(all & ~seen, NULL, ' ', missing, (int)sizeof missing);
        return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                            "deck: %d cards, the %s deck has %d (missing %s)", n, gw_variant_name(v),
                            gw_deck_size(v), missing);
    }
    return gw_game_deal(&h->game, v, h->deck, h->dealer, &h->error);
}

/* The message for a card the rules refuse. */
static gw_status refuse(gw_record_hand *h, const rec_token *t, int col, gw_card c, gw_play_check why) {
    const gw_game *g = &h->game;
    int trick = gw_game_trick_number(g), p = g->turn + 1;
    gw_error *e = &h->error;
    switch (why) {
    case GW_PLAY_MUST_FOLLOW:
        return gw_error_set(e, GW_EILLEGAL, t->line, col,
                            "trick %d: player %d played %C but holds %s and must follow suit", trick, p, c,
                            gw_suit_name(gw_card_suit(g->led)));
    case GW_PLAY_NOT_A_CARD:
        return gw_error_set(e, GW_EILLEGAL, t->line, col, "trick %d: %C is not in the %s deck", trick, c,
                            gw_variant_name((gw_variant)g->variant));
    case GW_PLAY_IN_STOCK:
        return gw_error_set(e, GW_EILLEGAL, t->line, col,
                            "trick %d: player %d played %C but does not hold it (it is still in the stock)",
                            trick, p, c);
    case GW_PLAY_PLAYED:
        return gw_error_set(e, GW_EILLEGAL, t->line, col,
                            "trick %d: player %d played %C but does not hold it (it was played already)",
                            trick, p, c);
    case GW_PLAY_OTHER_HAND:
        return gw_error_set(e, GW_EILLEGAL, t->line, col,
                            "trick %d: player %d played %C but does not hold it (player %d does)", trick, p,
                            c, 3 - p);
    case GW_PLAY_HAND_OVER:
    case GW_PLAY_OK: break;
    }
    return gw_error_set(e, GW_EILLEGAL, t->line, col, "trick %d: %C cannot be played", trick, c);
}

/* Plays the move tokens toks[0..n) on h->game. */
static gw_status take_moves(gw_record_hand *h, const rec_token *toks, int n) {
    gw_game *g = &h->game;
    int tricks = 2 * gw_hand_size(h->rules.variant);
    bool want_number = true;
    for (int i = 0; i < n; i++) {
        const rec_token *t = &toks[i];
        char word[32];
        int num = 0, col = t->col;
        size_t rest = 0;
        if (t->kind == REC_BLANK) continue;
        if (t->kind == REC_ERROR) return gw_error_set(&h->error, GW_EINVAL, t->line, t->col, "%s", t->msg);
        bool is_number = rec_trick_number(t->text, t->len, &num, &rest);
        if (is_number != want_number) rec_excerpt(t->text, t->len, word); /* for the messages below */
        int expected = gw_game_trick_number(g);
        if (gw_game_phase(g) == GW_OVER)
            return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                                "trick %d: too many tricks, the hand ended after trick %d", expected, tricks);
        const char *card_text = t->text;
        size_t card_len = t->len;
        if (is_number) {
            if (!want_number)
                return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                                    "trick %d: expected a card, found '%s'", expected, word);
            if (num != expected)
                return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                                    "trick %d: trick number %d is out of sequence (expected %d.)", expected,
                                    num, expected);
            want_number = false;
            if (rest == t->len) continue;
            card_text += rest; /* "12.AS": the card is glued to the number */
            card_len -= rest;
            col += (int)rest;
        } else if (want_number) {
            gw_card c;
            if (gw_card_parse(t->text, t->len, &c) == GW_OK)
                return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                                    "trick %d: expected the trick number '%d.' before %s", expected, expected,
                                    word);
            return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                                "trick %d: expected the trick number '%d.', found '%s'", expected, expected,
                                word);
        }
        gw_card c;
        if (gw_card_parse(card_text, card_len, &c) != GW_OK) {
            rec_excerpt(card_text, card_len, word);
            return gw_error_set(&h->error, GW_EINVAL, t->line, col, "trick %d: '%s' is not a card", expected,
                                word);
        }
        gw_play_check why = gw_game_check(g, c);
        if (why != GW_PLAY_OK) return refuse(h, t, col, c, why);
        gw_game_play(g, c, NULL);
        h->moves[h->nmoves++] = c;
        if (g->led == GW_NO_CARD) want_number = true;
    }
    return GW_OK;
}

/* Plays the moves, then scores the hand and checks its Result. */
static void moves(void *hand, const rec_token *toks, int n, gw_text_pos result_pos) {
    gw_record_hand *h = hand;
    if (take_moves(h, toks, n) != GW_OK) return;
    const gw_game *g = &h->game;
    h->finished = gw_game_phase(g) == GW_OVER;
    int endgame[2] = {gw_game_endgame_tricks(g, 0), gw_game_endgame_tricks(g, 1)};
    int all[2] = {gw_game_all_tricks(g, 0), gw_game_all_tricks(g, 1)};
    if (h->finished) h->outcome = gw_score_hand(h->rules.variant, h->rules.scoring, endgame, all);
    if (h->has_result)
        rec_check_result(&h->error, result_pos.line, result_pos.col, h->result, h->finished, g->tricks_done,
                         endgame);
}

/* Names the first of the match rules (Variant, Scoring, Target) in which a
 * hand differs from the match's, into err; false if they agree. */
static bool rules_differ(gw_record_hand *h, gw_match_rules match, int match_hand) {
    static const char *const TAG[3] = {"Variant", "Scoring", "Target"};
    const gw_match_rules *r = &h->rules;
    int k = r->variant != match.variant   ? 0
            : r->scoring != match.scoring ? 1
            : r->target != match.target   ? 2
                                          : -1;
    if (k < 0) return false;
    char here[16], there[16];
    if (k == 0) {
        gw_format(here, sizeof here, "%s", gw_variant_name(r->variant));
        gw_format(there, sizeof there, "%s", gw_variant_name(match.variant));
    } else if (k == 1) {
        gw_format(here, sizeof here, "%s", gw_scoring_name(r->scoring));
        gw_format(there, sizeof there, "%s", gw_scoring_name(match.scoring));
    } else {
        gw_format(here, sizeof here, "%d", r->target);
        gw_format(there, sizeof there, "%d", match.target);
    }
    gw_text_pos at = h->rules_pos[k].line > 0 ? h->rules_pos[k] : (gw_text_pos){h->line, 1};
    gw_error_set(&h->error, GW_EINVAL, at.line, at.col,
                 "%s %s%s differs from the match's %s %s (hand %d): a match keeps its rules", TAG[k], here,
                 h->rules_pos[k].line > 0 ? "" : " (by default)", TAG[k], there, match_hand);
    return true;
}

/* German Whist's match checks (record_file.c has checked the dealer): the rules stay those of the match's
 * first hand; where the file holds the match from hand 1, Score accumulates and no hand comes after the
 * match is won (core's gw_match decides both). */
static void match(rec_run *run, void *hand) {
    gw_record_hand *h = hand;
    rec_run_german *s = &run->g.german;
    if (!run->follows) s->rules_known = false;
    if (h->hand_tag == 1)
        s->scores_known = h->error.status == GW_OK && gw_match_start(&s->m, h->rules, 0, NULL) == GW_OK;
    else if (!run->follows)
        s->scores_known = false;
    if (h->error.status == GW_OK && s->rules_known) rules_differ(h, s->rules, s->rules_hand);
    if (h->error.status == GW_OK && s->scores_known && gw_match_winner(&s->m) >= 0)
        gw_error_set(&h->error, GW_EINVAL, h->line, 1,
                     "hand %d comes after the end of the match: player %d reached the target %d in hand %d",
                     h->hand_tag, gw_match_winner(&s->m) + 1, s->m.rules.target, s->last_scored);
    if (h->error.status != GW_OK) {
        s->scores_known = false;
        return;
    }
    if (!s->rules_known && h->hand_tag > 0) {
        s->rules_known = true;
        s->rules = h->rules;
        s->rules_hand = h->hand_tag;
    }
    if (s->scores_known) {
        if (h->finished) {
            gw_match_finish_hand(&s->m, &h->game);
            s->last_scored = h->hand_tag;
        }
        if (h->has_score && (h->score[0] != s->m.score[0] || h->score[1] != s->m.score[1]))
            gw_error_set(&h->error, GW_EINVAL, h->score_pos.line, h->score_pos.col,
                         "Score %d-%d does not match the match score %d-%d after hand %d", h->score[0],
                         h->score[1], s->m.score[0], s->m.score[1], h->hand_tag);
    }
}

static int summary(const void *hand, char *out, int cap) { return gw_record_summary(hand, out, cap); }
static void write_hand(const void *hand, gw_text *out) { gw_record_write_hand(hand, out); }
static void clear(void *hand) { gw_record_hand_clear(hand); }

const rec_game rec_game_german = {
    .kind = GW_GAME_GERMAN,
    .name = "German Whist",
    .own_tags = OWN_TAGS,
    .result_what = "tricks as P1-P2 (e.g. 8-5)",
    .score_what = "points as P1-P2 (e.g. 2-0)",
    .score_max = 100000,
    .seed_tag = "MatchSeed",
    .match_word = "match",
    .fields = fields,
    .init = init,
    .own_tag = own_tag,
    .deal = take_deck,
    .moves = moves,
    .match = match,
    .summary = summary,
    .write = write_hand,
    .clear = clear,
};

/* An Android Whist hand seen from German Whist: a hand of an unknown game, with its line, place, Hand and
 * Dealer. */
static void other_game(void *hand, const gw_record_file_hand *fh, int place) {
    (void)place;
    gw_record_hand *h = hand;
    const gw_android_record_hand *a = &fh->android;
    h->line = a->line;
    h->number = a->number;
    h->hand_tag = a->hand_tag;
    h->dealer = a->dealer;
    h->dealer_pos = a->dealer_pos;
    h->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
    gw_error_set(&h->error, GW_EINVAL, fh->game_pos.line, fh->game_pos.col,
                 "unknown game \"%s\" (expected \"%s\")", rec_game_android.name, rec_game_german.name);
}

/* German Whist's view of the file: its hands as they are, another game's hand as one of an unknown game. */
gw_status gw_record_read(const char *text, size_t len, gw_record *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    void *hands = NULL;
    gw_status st =
        rec_view_read(text, len, &rec_game_german, sizeof *out->hands, other_game, &hands, &out->count, err);
    out->hands = hands;
    return st;
}

void gw_record_hand_clear(gw_record_hand *h) { rec_tags_clear(&h->tags, &h->ntags); }

void gw_record_free(gw_record *r) {
    rec_view_free(&rec_game_german, r->hands, sizeof *r->hands, r->count);
    memset(r, 0, sizeof *r);
}

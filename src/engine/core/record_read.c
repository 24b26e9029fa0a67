/* record_read.c: reads a .gwr text into hands and checks each against the rules and the match. */
#include <stdlib.h>
#include <string.h>

#include "gw/record.h"
#include "record_fields.h"
#include "record_lex.h"

/* Where a known tag stood, for messages about it. */
typedef struct tag_pos {
    int line, col;
    bool present;
} tag_pos;

enum { T_GAME, T_VARIANT, T_SCORING, T_TARGET, T_HAND, T_DEALER, T_DECK, T_SEED, T_RESULT, T_SCORE, T_COUNT };
static const char *const KNOWN[T_COUNT] = {"Game",   "Variant", "Scoring", "Target", "Hand",
                                           "Dealer", "Deck",    "Seed",    "Result", "Score"};

/* The state of checking one hand. */
typedef struct hand_check {
    gw_record_hand *h;
    tag_pos pos[T_COUNT];
    const rec_token *deck_tok;
} hand_check;

/* Takes one tag: validates known ones into fields, keeps the others. Returns
 * GW_EINVAL with h->error set for a bad tag, GW_ENOMEM, or GW_OK. */
static gw_status take_tag(hand_check *hc, const rec_token *t) {
    gw_record_hand *h = hc->h;
    gw_error *e = &h->error;
    if (t->msg) return gw_error_set(e, GW_EINVAL, t->line, t->col, "%s", t->msg);
    char *name = rec_copy(t->name, t->name_len);
    char *value = rec_unescape(t->text, t->len);
    if (!name || !value) {
        free(name);
        free(value);
        return GW_ENOMEM;
    }
    int k = 0;
    while (k < T_COUNT && strcmp(name, KNOWN[k]) != 0)
        k++;
    if (k == T_COUNT) { /* Date, Player1, Player2 and unknown tags: kept, never checked but Date */
        if (strcmp(name, "Date") == 0 && !rec_date(value)) {
            gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Date must be YYYY.MM.DD, not \"%s\"", value);
            free(name);
            free(value);
            return GW_EINVAL;
        }
        return rec_keep_tag(&h->tags, &h->ntags, name, value, t->line);
    }
    gw_status st = GW_OK;
    unsigned long long n = 0;
    if (hc->pos[k].present) {
        st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag %s appears twice", name);
        goto done;
    }
    hc->pos[k] = (tag_pos){t->line, t->col, true};
    if (k == T_DEALER) h->dealer_pos = (gw_text_pos){t->line, t->col};
    if (k == T_SCORE) h->score_pos = (gw_text_pos){t->line, t->col};
    if (k == T_VARIANT || k == T_SCORING || k == T_TARGET)
        h->rules_pos[k - T_VARIANT] = (gw_text_pos){t->line, t->col};
    switch (k) {
    case T_GAME:
        if (strcmp(value, "German Whist") != 0)
            st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                              "unknown game \"%s\" (expected \"German Whist\")", value);
        break;
    case T_VARIANT:
        if (!gw_variant_parse(value, &h->rules.variant))
            st = gw_error_set(e, GW_EINVAL, t->line, t->col, "unknown variant \"%s\" (classic or small)",
                              value);
        break;
    case T_SCORING:
        if (!gw_scoring_parse(value, &h->rules.scoring))
            st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                              "unknown scoring \"%s\" (last13, every, difference or total)", value);
        break;
    case T_TARGET:
        if (!rec_uint(value, GW_TARGET_MAX, &n) || n < GW_TARGET_MIN)
            st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                              "tag Target must be a whole number from %d to %d, not \"%s\"", GW_TARGET_MIN,
                              GW_TARGET_MAX, value);
        else
            h->rules.target = (int)n;
        break;
    case T_HAND:
        if (!rec_uint(value, 1000000, &n) || n < 1)
            st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                              "tag Hand must be a whole number from 1, not \"%s\"", value);
        else
            h->hand_tag = h->number = (int)n;
        break;
    case T_DEALER:
        if (strcmp(value, "1") != 0 && strcmp(value, "2") != 0)
            st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Dealer must be 1 or 2, not \"%s\"", value);
        else
            h->dealer = value[0] - '1';
        break;
    case T_DECK: hc->deck_tok = t; break;
    case T_SEED:
        if (!rec_uint(value, ~0ull, &n))
            st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Seed must be a whole number, not \"%s\"",
                              value);
        h->has_seed = st == GW_OK;
        h->seed = n;
        break;
    case T_RESULT:
        if (!rec_pair(value, 100000, h->result))
            st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                              "tag Result must be tricks as P1-P2 (e.g. 8-5), not \"%s\"", value);
        h->has_result = st == GW_OK;
        break;
    case T_SCORE:
        if (!rec_pair(value, 100000, h->score))
            st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                              "tag Score must be points as P1-P2 (e.g. 2-0), not \"%s\"", value);
        h->has_score = st == GW_OK;
        break;
    }
done:
    free(name);
    free(value);
    return st;
}

/* Reads the Deck tag's cards, naming the exact card at fault. */
static gw_status take_deck(hand_check *hc) {
    gw_record_hand *h = hc->h;
    const rec_token *t = hc->deck_tok;
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
        rec_excerpt(t->text, t->len, word);
        bool is_number = rec_trick_number(t->text, t->len, &num, &rest);
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

/* Checks one hand made of toks[0..n). */
static gw_status check_hand(gw_record_hand *h, const rec_token *toks, int n) {
    hand_check hc = {.h = h};
    int i = 0;
    h->dealer = -1;
    h->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
    h->line = n > 0 ? toks[0].line : 1;
    for (; i < n && (toks[i].kind == REC_TAG || toks[i].kind == REC_BLANK); i++) {
        if (toks[i].kind == REC_BLANK) continue;
        gw_status st = take_tag(&hc, &toks[i]);
        if (st == GW_ENOMEM) return st;
        if (st != GW_OK) return GW_OK; /* the hand's error is set */
    }
    static const int REQUIRED[] = {T_GAME, T_DEALER, T_DECK};
    for (int k = 0; k < 3; k++) {
        if (!hc.pos[REQUIRED[k]].present) {
            gw_error_set(&h->error, GW_EINVAL, h->line, 1, "missing required tag %s", KNOWN[REQUIRED[k]]);
            return GW_OK;
        }
    }
    if (take_deck(&hc) != GW_OK) return GW_OK;
    if (take_moves(h, toks + i, n - i) != GW_OK) return GW_OK;
    const gw_game *g = &h->game;
    h->finished = gw_game_phase(g) == GW_OVER;
    int endgame[2] = {gw_game_endgame_tricks(g, 0), gw_game_endgame_tricks(g, 1)};
    int all[2] = {gw_game_all_tricks(g, 0), gw_game_all_tricks(g, 1)};
    if (h->finished) h->outcome = gw_score_hand(h->rules.variant, h->rules.scoring, endgame, all);
    if (h->has_result)
        rec_check_result(&h->error, hc.pos[T_RESULT].line, hc.pos[T_RESULT].col, h->result, h->finished,
                         g->tricks_done, endgame);
    return GW_OK;
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

/* Checks what a file of hands tagged 1, 2, 3 ... says as a match: the dealer
 * alternates between hands with consecutive Hand tags and the rules stay
 * those of the match's first hand; where the file holds the match from hand
 * 1, Score accumulates and no hand comes after the match is won (core's
 * gw_match decides both). */
static void check_match(gw_record *r) {
    bool scores_known = false, rules_known = false;
    int prev_dealer = -1, prev_number = 0, rules_hand = 0, last_scored = 0;
    gw_match m = {0};
    gw_match_rules rules = {0};
    for (int i = 0; i < r->count; i++) {
        gw_record_hand *h = &r->hands[i];
        bool follows = h->hand_tag > 1 && h->hand_tag == prev_number + 1;
        if (!follows) rules_known = false;
        if (h->hand_tag == 1) {
            scores_known = h->error.status == GW_OK && gw_match_start(&m, h->rules, 0, NULL) == GW_OK;
        } else if (!follows) {
            scores_known = false;
        }
        if (h->error.status == GW_OK && follows && prev_dealer >= 0 && h->dealer == prev_dealer)
            gw_error_set(&h->error, GW_EINVAL, h->dealer_pos.line, h->dealer_pos.col,
                         "the dealer must alternate: player %d dealt hand %d too", h->dealer + 1,
                         prev_number);
        if (h->error.status == GW_OK && rules_known) rules_differ(h, rules, rules_hand);
        if (h->error.status == GW_OK && scores_known && gw_match_winner(&m) >= 0)
            gw_error_set(
                &h->error, GW_EINVAL, h->line, 1,
                "hand %d comes after the end of the match: player %d reached the target %d in hand %d",
                h->hand_tag, gw_match_winner(&m) + 1, m.rules.target, last_scored);
        if (h->error.status != GW_OK) {
            scores_known = false;
        } else {
            if (!rules_known && h->hand_tag > 0) {
                rules_known = true;
                rules = h->rules;
                rules_hand = h->hand_tag;
            }
            if (scores_known) {
                if (h->finished) {
                    gw_match_finish_hand(&m, &h->game);
                    last_scored = h->hand_tag;
                }
                if (h->has_score && (h->score[0] != m.score[0] || h->score[1] != m.score[1]))
                    gw_error_set(&h->error, GW_EINVAL, h->score_pos.line, h->score_pos.col,
                                 "Score %d-%d does not match the match score %d-%d after hand %d",
                                 h->score[0], h->score[1], m.score[0], m.score[1], h->hand_tag);
            }
        }
        prev_dealer = h->dealer;
        prev_number = h->hand_tag;
    }
}

gw_status gw_record_read(const char *text, size_t len, gw_record *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    int ntok = 0;
    rec_token *toks = rec_lex(text, len, &ntok);
    if (!toks) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the record");
    int *first = malloc((size_t)(ntok + 1) * sizeof *first);
    gw_status st = first ? GW_OK : GW_ENOMEM;
    int count = first ? rec_split_hands(toks, ntok, first) : 0;
    if (count > 0) {
        out->hands = calloc((size_t)count, sizeof *out->hands);
        if (!out->hands) st = GW_ENOMEM;
    }
    for (int k = 0; k < count && st == GW_OK; k++) {
        gw_record_hand *h = &out->hands[out->count++];
        h->number = out->count;
        st = check_hand(h, toks + first[k], first[k + 1] - first[k]);
    }
    free(first);
    free(toks);
    if (st != GW_OK) {
        gw_record_free(out);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the record");
    }
    check_match(out);
    return GW_OK;
}

void gw_record_hand_clear(gw_record_hand *h) {
    for (int i = 0; i < h->ntags; i++) {
        free(h->tags[i].name);
        free(h->tags[i].value);
    }
    free(h->tags);
    h->tags = NULL;
    h->ntags = 0;
}

void gw_record_free(gw_record *r) {
    for (int i = 0; i < r->count; i++)
        gw_record_hand_clear(&r->hands[i]);
    free(r->hands);
    memset(r, 0, sizeof *r);
}

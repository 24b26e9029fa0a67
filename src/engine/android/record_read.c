/* record_read.c: reads Android Whist records and checks every card, command and error against the rules. */
#include <stdlib.h>
#include <string.h>

#include "gw/android_record.h"
#include "record_fields.h"
#include "record_lex.h"

enum { T_GAME, T_HAND, T_DEALER, T_DECK, T_SEED, T_RESULT, T_SCORE, T_COUNT };
static const char *const KNOWN[T_COUNT] = {"Game", "Hand", "Dealer", "Deck", "Seed", "Result", "Score"};
static const char GAME[] = "Android Whist";

/* The state of checking one hand's tags. */
typedef struct tag_check {
    gw_android_record_hand *h;
    gw_text_pos pos[T_COUNT];
    bool present[T_COUNT];
    const rec_token *deck;
} tag_check;

/* True if a tag token is a well-formed [Game "Android Whist"]. */
static bool is_android_game_tag(const rec_token *t) {
    return t->kind == REC_TAG && !t->msg && t->name_len == 4 && memcmp(t->name, "Game", 4) == 0 &&
           t->len == sizeof GAME - 1 && memcmp(t->text, GAME, t->len) == 0;
}

/* Takes one tag line: a known tag into its field, another into the kept
 * tags. GW_EINVAL (h->error set) for a bad one, GW_ENOMEM, or GW_OK. */
static gw_status take_tag(tag_check *tc, const rec_token *t) {
    gw_android_record_hand *h = tc->h;
    gw_error *e = &h->error;
    if (t->msg) return gw_error_set(e, GW_EINVAL, t->line, t->col, "%s", t->msg);
    char *name = rec_copy(t->name, t->name_len), *value = rec_unescape(t->text, t->len);
    if (!name || !value) {
        free(name);
        free(value);
        return GW_ENOMEM;
    }
    int k = 0;
    while (k < T_COUNT && strcmp(name, KNOWN[k]) != 0)
        k++;
    gw_status st = GW_OK;
    unsigned long long n = 0;
    if (k == T_COUNT) {
        if (strcmp(name, "Date") != 0 || rec_date(value))
            return rec_keep_tag(&h->tags, &h->ntags, name, value, t->line);
        st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Date must be YYYY.MM.DD, not \"%s\"", value);
    } else if (tc->present[k]) {
        st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag %s appears twice", name);
    } else {
        tc->present[k] = true;
        tc->pos[k] = (gw_text_pos){t->line, t->col};
        switch (k) {
        case T_GAME: break; /* the hand is read as Android Whist because this tag says so */
        case T_HAND:
            if (!rec_uint(value, 1000000, &n) || n < 1)
                st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                                  "tag Hand must be a whole number from 1, not \"%s\"", value);
            else
                h->hand_tag = h->number = (int)n;
            break;
        case T_DEALER:
            if (strcmp(value, "1") != 0 && strcmp(value, "2") != 0)
                st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Dealer must be 1 or 2, not \"%s\"",
                                  value);
            else
                h->dealer = value[0] - '1';
            h->dealer_pos = tc->pos[k];
            break;
        case T_DECK: tc->deck = t; break;
        case T_SEED:
            if (!rec_uint(value, ~0ull, &n))
                st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                                  "tag Seed must be a whole number, not \"%s\"", value);
            h->has_seed = st == GW_OK;
            h->seed = n;
            break;
        case T_RESULT:
            if (!rec_pair(value, 100000, h->result))
                st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                                  "tag Result must be tricks of side 1 and side 2 (e.g. 7-6), not \"%s\"",
                                  value);
            h->has_result = st == GW_OK;
            break;
        case T_SCORE:
            if (!rec_pair(value, GW_ANDROID_GAME_POINTS, h->score))
                st = gw_error_set(
                    e, GW_EINVAL, t->line, t->col,
                    "tag Score must be game points of side 1 and side 2, each 0 to 5 (e.g. 2-5), "
                    "not \"%s\"",
                    value);
            h->has_score = st == GW_OK;
            h->score_pos = tc->pos[k];
            break;
        }
    }
    free(name);
    free(value);
    return st;
}

/* Reads the Deck tag and deals. */
static gw_status take_deck(tag_check *tc) {
    gw_android_record_hand *h = tc->h;
    const rec_token *t = tc->deck;
    char *value = rec_copy(t->text, t->len); /* as written: a deck has no escapes (nor does German Whist's) */
    if (!value) return GW_ENOMEM;
    gw_card cards[GW_ANDROID_DECK];
    int n = 0;
    gw_error e;
    gw_status st = gw_cards_parse_list(value, cards, GW_ANDROID_DECK, &n, &e);
    free(value);
    if (st != GW_OK)
        return gw_error_set(&h->error, GW_EINVAL, t->line, t->value_col + e.col - 1, "deck: %s", e.msg);
    if (n < GW_ANDROID_DECK) {
        gw_cards seen = 0;
        char missing[160];
        for (int i = 0; i < n; i++)
            seen |= gw_bit(cards[i]);
        gw_cards_format_list(GW_ALL_CARDS & ~seen, NULL, ' ', missing, (int)sizeof missing);
        return gw_error_set(&h->error, GW_EINVAL, t->line, t->col,
                            "deck: %d cards, the deck has %d (missing %s)", n, GW_ANDROID_DECK, missing);
    }
    memcpy(h->deck, cards, sizeof h->deck);
    st = gw_android_deal(&h->game, cards, h->dealer, &h->error);
    h->dealt = st == GW_OK;
    return st;
}

/* The parts of a play: "AS", "duck!" or "duck=7H". */
typedef struct play_word {
    const char *text;
    size_t len;
    int col;
    bool failed;      /* written "command!" */
    const char *card; /* after '=' (NULL if there is none) */
    size_t card_len;
    size_t name_len; /* the command part */
} play_word;

static play_word split_play(const char *s, size_t n, int col) {
    play_word w = {.text = s, .len = n, .col = col, .name_len = n};
    const char *eq = memchr(s, '=', n);
    if (eq) {
        w.name_len = (size_t)(eq - s);
        w.card = eq + 1;
        w.card_len = n - w.name_len - 1;
    } else if (n > 1 && s[n - 1] == '!') {
        w.failed = true;
        w.name_len = n - 1;
    }
    return w;
}

static bool is_card(const char *s, size_t n) {
    gw_card c;
    return gw_card_parse(s, n, &c) == GW_OK;
}

/* True for what looks like a play (a card or a command), as opposed to garbage. */
static bool looks_like_play(const play_word *w) {
    gw_android_command c;
    return is_card(w->text, w->len) || gw_android_command_parse(w->text, w->name_len, &c);
}

/* Checks and plays a human's card. */
static gw_status human_play(gw_android_record_hand *h, const play_word *w, int line, int trick) {
    gw_android_game *g = &h->game;
    gw_error *e = &h->error;
    char word[32], who = gw_seat_char(g->turn);
    gw_card c;
    if (gw_card_parse(w->text, w->len, &c) != GW_OK) {
        rec_excerpt(w->text, w->len, word);
        if (w->failed || w->card)
            return gw_error_set(e, GW_EINVAL, line, w->col,
                                "trick %d: %c is human and plays a card, not a command ('%s')", trick, who,
                                word);
        return gw_error_set(e, GW_EINVAL, line, w->col, "trick %d: '%s' is not a card", trick, word);
    }
    gw_error why;
    if (gw_android_play(g, c, NULL, &why) != GW_OK)
        return gw_error_set(e, GW_EILLEGAL, line, w->col, "trick %d: %s", trick, why.msg);
    return GW_OK;
}

/* The message for a command written otherwise than the android answers it:
 * refused, an error written as a card, a card as an error, another card, or
 * one failure too many. */
static gw_status wrong_command(gw_android_record_hand *h, const play_word *w, int line, int trick,
                               const gw_android_situation *s, gw_android_command c, gw_android_outcome o,
                               gw_card card) {
    gw_error *e = &h->error;
    char word[32], why[128], who = gw_seat_char(h->game.turn);
    const char *name = gw_android_command_name(c);
    rec_excerpt(w->text, w->len, word);
    gw_android_answer_text(s, c, o.answer, why, (int)sizeof why);
    if (o.answer != GW_ANSWER_CARD && !gw_android_answer_is_error(o.answer))
        return gw_error_set(e, GW_EILLEGAL, line, w->col, "trick %d: %c cannot be told '%s' now: %s", trick,
                            who, name, why);
    if (w->failed && o.answer == GW_ANSWER_CARD)
        return gw_error_set(e, GW_EILLEGAL, line, w->col,
                            "trick %d: '%s' is wrong: %c answers %s with %C, not an error", trick, word, who,
                            name, o.card);
    if (w->failed)
        return gw_error_set(e, GW_EILLEGAL, line, w->col,
                            "trick %d: more than %d failed commands for one card of %c", trick,
                            GW_ANDROID_MAX_ERRORS, who);
    if (o.answer != GW_ANSWER_CARD)
        return gw_error_set(e, GW_EILLEGAL, line, w->col,
                            "trick %d: '%s' is wrong: %c answers %s with an error (%s)", trick, word, who,
                            name, why);
    return gw_error_set(e, GW_EILLEGAL, line, w->col,
                        "trick %d: '%s' is wrong: %c answers %s with %C, not %C", trick, word, who, name,
                        o.card, card);
}

/* Checks an android's command ("duck!" or "duck=7H") against what the
 * command really gives, and applies it. */
static gw_status android_play(gw_android_record_hand *h, const play_word *w, int line, int trick) {
    gw_android_game *g = &h->game;
    gw_error *e = &h->error;
    char word[32], who = gw_seat_char(g->turn);
    if (!w->failed && !w->card) {
        gw_android_command c;
        rec_excerpt(w->text, w->len, word);
        if (gw_android_command_parse(w->text, w->len, &c))
            return gw_error_set(e, GW_EINVAL, line, w->col,
                                "trick %d: '%s' needs '!' (it was an error) or '=CARD' (the card it gave)",
                                trick, word);
        if (is_card(w->text, w->len))
            return gw_error_set(
                e, GW_EINVAL, line, w->col,
                "trick %d: %c is an android and plays by command (e.g. 'duck=%s'), not a bare card", trick,
                who, word);
    }
    gw_android_command c;
    if (!gw_android_command_parse(w->text, w->name_len, &c)) {
        rec_excerpt(w->text, w->name_len, word);
        return gw_error_set(
            e, GW_EINVAL, line, w->col,
            "trick %d: '%s' is not a command (duck, beat, high, spades, hearts, diamonds, clubs, "
            "shortest, longest, high-SUIT, high-shortest, high-longest)",
            trick, word);
    }
    gw_card card = GW_NO_CARD;
    if (w->card && gw_card_parse(w->card, w->card_len, &card) != GW_OK) {
        rec_excerpt(w->card, w->card_len, word);
        return gw_error_set(e, GW_EINVAL, line, w->col + (int)w->name_len + 1, "trick %d: '%s' is not a card",
                            trick, word);
    }
    gw_android_situation s = gw_android_situation_now(g);
    gw_android_outcome o = gw_android_evaluate(&s, c);
    bool as_written =
        w->failed ? gw_android_answer_is_error(o.answer) : o.answer == GW_ANSWER_CARD && o.card == card;
    if (!as_written || (w->failed && g->errors >= GW_ANDROID_MAX_ERRORS))
        return wrong_command(h, w, line, trick, &s, c, o, card);
    gw_error ignored;
    gw_android_command_play(g, c, &o, NULL, &ignored);
    return GW_OK;
}

/* Reads and plays the move tokens toks[0..n). */
static gw_status take_moves(gw_android_record_hand *h, const rec_token *toks, int n) {
    gw_android_game *g = &h->game;
    gw_error *e = &h->error;
    bool want_number = true;
    for (int i = 0; i < n; i++) {
        const rec_token *t = &toks[i];
        if (t->kind == REC_BLANK) continue;
        if (t->kind == REC_ERROR) return gw_error_set(e, GW_EINVAL, t->line, t->col, "%s", t->msg);
        char word[32];
        int num = 0, trick = g->tricks_done + 1;
        size_t rest = 0;
        if (gw_android_over(g))
            return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                "trick %d: too many tricks, the hand ended after trick %d", trick,
                                GW_ANDROID_TRICKS);
        play_word w = split_play(t->text, t->len, t->col);
        bool numbered = rec_trick_number(t->text, t->len, &num, &rest);
        if (numbered != want_number) rec_excerpt(t->text, t->len, word); /* for the messages below */
        if (numbered) {
            if (!want_number && g->errors > 0)
                return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                    "trick %d: %c's command failed, so another must follow before '%s'",
                                    trick, gw_seat_char(g->turn), word);
            if (!want_number)
                return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                    "trick %d: %c has not played (a trick has four plays), found '%s'", trick,
                                    gw_seat_char(g->turn), word);
            if (num != trick)
                return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                    "trick %d: trick number %d is out of sequence (expected %d.)", trick, num,
                                    trick);
            want_number = false;
            if (rest == t->len) continue;
            w = split_play(t->text + rest, t->len - rest, t->col + (int)rest); /* "1.duck=7H": glued */
        } else if (want_number) {
            if (looks_like_play(&w))
                return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                    "trick %d: expected the trick number '%d.' before %s", trick, trick,
                                    word);
            return gw_error_set(e, GW_EINVAL, t->line, t->col,
                                "trick %d: expected the trick number '%d.', found '%s'", trick, trick, word);
        }
        gw_status st = gw_seat_is_android(g->turn) ? android_play(h, &w, t->line, trick)
                                                   : human_play(h, &w, t->line, trick);
        if (st != GW_OK) return st;
        if (g->ntrick == 0 && g->errors == 0) want_number = true;
    }
    return GW_OK;
}

/* Checks one Android Whist hand made of toks[0..n). */
static gw_status check_hand(gw_android_record_hand *h, const rec_token *toks, int n) {
    tag_check tc = {.h = h};
    int i = 0;
    for (; i < n && (toks[i].kind == REC_TAG || toks[i].kind == REC_BLANK); i++) {
        if (toks[i].kind == REC_BLANK) continue;
        gw_status st = take_tag(&tc, &toks[i]);
        if (st == GW_ENOMEM) return st;
        if (st != GW_OK) return GW_OK; /* the hand's error is set */
    }
    static const int REQUIRED[] = {T_GAME, T_DEALER, T_DECK};
    for (int k = 0; k < 3; k++) {
        if (!tc.present[REQUIRED[k]]) {
            gw_error_set(&h->error, GW_EINVAL, h->line, 1, "missing required tag %s", KNOWN[REQUIRED[k]]);
            return GW_OK;
        }
    }
    gw_status st = take_deck(&tc);
    if (st == GW_ENOMEM) return st;
    if (st != GW_OK || take_moves(h, toks + i, n - i) != GW_OK) return GW_OK;
    const gw_android_game *g = &h->game;
    h->finished = gw_android_over(g);
    h->outcome = gw_android_score_hand(g);
    int tricks[2] = {gw_android_player_tricks(g, 0), gw_android_player_tricks(g, 1)};
    if (h->has_result)
        rec_check_result(&h->error, tc.pos[T_RESULT].line, tc.pos[T_RESULT].col, h->result, h->finished,
                         g->tricks_done, tricks);
    return GW_OK;
}

/* Checks what hands tagged 1, 2, 3 ... say as a match: the dealer
 * alternates, and Score holds the game points after each hand (a game ends
 * at 5 and the next starts from 0-0), checked where the file holds the match
 * from hand 1. Hands of other games break the sequence. */
static void check_match(gw_android_record *r) {
    bool known = false;
    int points[2] = {0, 0}, prev_dealer = -1, prev_number = 0;
    for (int i = 0; i < r->count; i++) {
        gw_android_record_hand *h = &r->hands[i];
        if (!h->is_android) {
            known = false;
            prev_dealer = -1;
            prev_number = 0;
            continue;
        }
        bool follows = h->hand_tag > 1 && h->hand_tag == prev_number + 1;
        if (h->hand_tag == 1) {
            known = true;
            points[0] = points[1] = 0;
        } else if (!follows) {
            known = false;
        }
        if (h->error.status == GW_OK && follows && prev_dealer >= 0 && h->dealer == prev_dealer)
            gw_error_set(&h->error, GW_EINVAL, h->dealer_pos.line, h->dealer_pos.col,
                         "the dealer must alternate: player %d dealt hand %d too", h->dealer + 1,
                         prev_number);
        if (h->error.status != GW_OK) {
            known = false;
        } else if (known) {
            const gw_android_hand_score *s = &h->outcome;
            bool game_over = false;
            if (h->finished && s->winner >= 0) {
                points[s->winner] += s->points;
                if (points[s->winner] >= GW_ANDROID_GAME_POINTS) {
                    points[s->winner] = GW_ANDROID_GAME_POINTS; /* points beyond 5 are not carried */
                    game_over = true;
                }
            }
            if (h->has_score && (h->score[0] != points[0] || h->score[1] != points[1]))
                gw_error_set(&h->error, GW_EINVAL, h->score_pos.line, h->score_pos.col,
                             "Score %d-%d does not match the game score %d-%d after hand %d", h->score[0],
                             h->score[1], points[0], points[1], h->hand_tag);
            if (game_over) points[0] = points[1] = 0;
        }
        prev_dealer = h->dealer;
        prev_number = h->hand_tag;
    }
}

/* Reads hand toks[0..n): only marked when it is not Android Whist. */
static gw_status read_hand(gw_android_record_hand *h, const rec_token *toks, int n) {
    h->line = n > 0 ? toks[0].line : 1;
    h->dealer = -1;
    for (int i = 0; i < n && (toks[i].kind == REC_TAG || toks[i].kind == REC_BLANK); i++)
        h->is_android = h->is_android || is_android_game_tag(&toks[i]);
    return h->is_android ? check_hand(h, toks, n) : GW_OK;
}

gw_status gw_android_record_read(const char *text, size_t len, gw_android_record *out, gw_error *err) {
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
        gw_android_record_hand *h = &out->hands[out->count++];
        h->number = out->count;
        st = read_hand(h, toks + first[k], first[k + 1] - first[k]);
    }
    free(first);
    free(toks);
    if (st != GW_OK) {
        gw_android_record_free(out);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the record");
    }
    check_match(out);
    return GW_OK;
}

bool gw_android_record_any(const gw_android_record *r) {
    for (int i = 0; i < r->count; i++)
        if (r->hands[i].is_android) return true;
    return false;
}

void gw_android_record_hand_clear(gw_android_record_hand *h) {
    for (int i = 0; i < h->ntags; i++) {
        free(h->tags[i].name);
        free(h->tags[i].value);
    }
    free(h->tags);
    h->tags = NULL;
    h->ntags = 0;
}

void gw_android_record_free(gw_android_record *r) {
    for (int i = 0; i < r->count; i++)
        gw_android_record_hand_clear(&r->hands[i]);
    free(r->hands);
    memset(r, 0, sizeof *r);
}

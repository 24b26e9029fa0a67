/* record_read.c: Android Whist's part of reading records (its deck, every card, command and error checked
 * against the rules, and the rubber's Score, for core/record_file.c), and gw_android_record_read, the file
 * seen as Android Whist hands. */
#include <stdlib.h>
#include <string.h>

#include "gw/android_record.h"
#include "gw/record_file.h"
#include "record_fields.h"
#include "record_game.h"
#include "record_lex.h"

/* The fields record_file.c reads the common tags into. */
static rec_fields fields(void *hand) {
    gw_android_record_hand *h = hand;
    return (rec_fields){&h->line,     &h->number, &h->hand_tag,   &h->dealer,  &h->dealer_pos, &h->score_pos,
                        &h->has_seed, &h->seed,   &h->has_result, h->result,   &h->has_score,  h->score,
                        &h->tags,     &h->ntags,  &h->error,      &h->finished};
}

/* An Android Whist hand is marked as one before its tags are read. */
static void init(void *hand) { ((gw_android_record_hand *)hand)->is_android = true; }

/* Android Whist has no tags beside the common ones. */
static const char *const OWN_TAGS[] = {NULL};

/* Reads the Deck tag and deals. */
static gw_status take_deck(void *hand, const rec_token *t) {
    gw_android_record_hand *h = hand;
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

/* Plays the moves, then scores the hand and checks its Result. */
static void moves(void *hand, const rec_token *toks, int n, gw_text_pos result_pos) {
    gw_android_record_hand *h = hand;
    if (take_moves(h, toks, n) != GW_OK) return;
    const gw_android_game *g = &h->game;
    h->finished = gw_android_over(g);
    h->outcome = gw_android_score_hand(g);
    int tricks[2] = {gw_android_player_tricks(g, 0), gw_android_player_tricks(g, 1)};
    if (h->has_result)
        rec_check_result(&h->error, result_pos.line, result_pos.col, h->result, h->finished, g->tricks_done,
                         tricks);
}

/* Android Whist's match checks (record_file.c has checked the dealer): Score holds the game points after
 * each hand (a game ends at 5 and the next starts from 0-0), checked where the file holds the rubber from
 * hand 1. */
static void match(rec_run *run, void *hand) {
    gw_android_record_hand *h = hand;
    rec_run_android *r = &run->g.android;
    if (h->hand_tag == 1) {
        r->known = true;
        r->points[0] = r->points[1] = 0;
    } else if (!run->follows) {
        r->known = false;
    }
    if (h->error.status != GW_OK) {
        r->known = false;
        return;
    }
    if (!r->known) return;
    const gw_android_hand_score *s = &h->outcome;
    bool game_over = false;
    if (h->finished && s->winner >= 0) {
        r->points[s->winner] += s->points;
        if (r->points[s->winner] >= GW_ANDROID_GAME_POINTS) {
            r->points[s->winner] = GW_ANDROID_GAME_POINTS; /* points beyond 5 are not carried */
            game_over = true;
        }
    }
    if (h->has_score && (h->score[0] != r->points[0] || h->score[1] != r->points[1]))
        gw_error_set(&h->error, GW_EINVAL, h->score_pos.line, h->score_pos.col,
                     "Score %d-%d does not match the game score %d-%d after hand %d", h->score[0],
                     h->score[1], r->points[0], r->points[1], h->hand_tag);
    if (game_over) r->points[0] = r->points[1] = 0;
}

static int summary(const void *hand, char *out, int cap) { return gw_android_record_summary(hand, out, cap); }
static void write_hand(const void *hand, gw_text *out) { gw_android_record_write_hand(hand, out); }
static void clear(void *hand) { gw_android_record_hand_clear(hand); }

const rec_game rec_game_android = {
    .kind = GW_GAME_ANDROID,
    .name = "Android Whist",
    .own_tags = OWN_TAGS,
    .result_what = "tricks of side 1 and side 2 (e.g. 7-6)",
    .score_what = "game points of side 1 and side 2, each 0 to 5 (e.g. 2-5)",
    .score_max = GW_ANDROID_GAME_POINTS,
    .seed_tag = "RubberSeed",
    .match_word = "rubber",
    .fields = fields,
    .init = init,
    .own_tag = NULL,
    .deal = take_deck,
    .moves = moves,
    .match = match,
    .summary = summary,
    .write = write_hand,
    .clear = clear,
};

/* A German Whist hand seen from Android Whist: only marked (is_android false), with its line and place. */
static void other_game(void *hand, const gw_record_file_hand *fh, int place) {
    gw_android_record_hand *h = hand;
    h->line = fh->german.line;
    h->number = place;
    h->dealer = -1;
}

/* Android Whist's view of the file: its hands as they are, another game's hand only marked (is_android
 * false, its line and place). */
gw_status gw_android_record_read(const char *text, size_t len, gw_android_record *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    void *hands = NULL;
    gw_status st =
        rec_view_read(text, len, &rec_game_android, sizeof *out->hands, other_game, &hands, &out->count, err);
    out->hands = hands;
    return st;
}

bool gw_android_record_any(const gw_android_record *r) {
    for (int i = 0; i < r->count; i++)
        if (r->hands[i].is_android) return true;
    return false;
}

void gw_android_record_hand_clear(gw_android_record_hand *h) { rec_tags_clear(&h->tags, &h->ntags); }

void gw_android_record_free(gw_android_record *r) {
    rec_view_free(&rec_game_android, r->hands, sizeof *r->hands, r->count);
    memset(r, 0, sizeof *r);
}

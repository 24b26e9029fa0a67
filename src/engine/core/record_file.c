/* record_file.c: the one reader of a record file's envelope: tokens, hands, tags and the match checks, each
 * hand's deck and moves handed to the game its Game tag names (record_game.h). */
#include "gw/record_file.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "record_fields.h"
#include "record_game.h"
#include "record_lex.h"

/* The tags every game has. */
enum { T_GAME, T_HAND, T_DEALER, T_DECK, T_SEED, T_RESULT, T_SCORE, T_COMMON };
static const char *const COMMON[T_COMMON] = {"Game", "Hand", "Dealer", "Deck", "Seed", "Result", "Score"};

static const rec_game *game_of(gw_game_kind k) {
    const rec_game *g = k == GW_GAME_ANDROID ? &rec_game_android : &rec_game_german;
    assert(g->kind == k);
    return g;
}

static void *hand_of(gw_record_file_hand *fh) {
    return fh->game == GW_GAME_ANDROID ? (void *)&fh->android : (void *)&fh->german;
}

static const void *const_hand_of(const gw_record_file_hand *fh) {
    return fh->game == GW_GAME_ANDROID ? (const void *)&fh->android : (const void *)&fh->german;
}

/* True if token t is a well-formed tag called name. */
static bool tag_named(const rec_token *t, const char *name) {
    size_t n = strlen(name);
    return t->kind == REC_TAG && !t->msg && t->name_len == n && memcmp(t->name, name, n) == 0;
}

/* True if tag token t's value, escapes resolved, is value. */
static bool value_is(const rec_token *t, const char *value) {
    const char *v = value;
    for (size_t i = 0; i < t->len; i++, v++) {
        if (t->text[i] == '\\' && i + 1 < t->len) i++;
        if (*v == '\0' || t->text[i] != *v) return false;
    }
    return *v == '\0';
}

/* The game of hand toks[0..n), as its first Game tag names it; German Whist when that names none whist
 * plays or there is none (its reader then reports the unknown or missing Game). */
static gw_game_kind hand_game(const rec_token *toks, int n) {
    for (int i = 0; i < n && (toks[i].kind == REC_TAG || toks[i].kind == REC_BLANK); i++)
        if (tag_named(&toks[i], "Game"))
            return value_is(&toks[i], rec_game_android.name) ? GW_GAME_ANDROID : GW_GAME_GERMAN;
    return GW_GAME_GERMAN;
}

/* Reading one hand's tags. */
typedef struct tag_read {
    const rec_game *game;
    void *hand;
    rec_fields f;
    gw_text_pos pos[T_COMMON + REC_OWN_TAGS_MAX];
    bool present[T_COMMON + REC_OWN_TAGS_MAX];
    const rec_token *deck;
} tag_read;

/* Takes one tag line: a common tag into its field, the game's own to the game, the others (Date, Player1,
 * unknown ones) kept. GW_EINVAL (the hand's error set) for a bad one, GW_ENOMEM, or GW_OK. */
static gw_status take_tag(tag_read *tr, const rec_token *t) {
    const rec_game *game = tr->game;
    const rec_fields *f = &tr->f;
    gw_error *e = f->error;
    if (t->msg) return gw_error_set(e, GW_EINVAL, t->line, t->col, "%s", t->msg);
    char *name = rec_copy(t->name, t->name_len), *value = rec_unescape(t->text, t->len);
    if (!name || !value) {
        free(name);
        free(value);
        return GW_ENOMEM;
    }
    int k = 0;
    while (k < T_COMMON && strcmp(name, COMMON[k]) != 0)
        k++;
    if (k == T_COMMON) {
        int j = 0;
        while (game->own_tags[j] && strcmp(name, game->own_tags[j]) != 0)
            j++;
        k = game->own_tags[j] ? T_COMMON + j : -1;
    }
    gw_status st = GW_OK;
    unsigned long long n = 0;
    if (k < 0) {
        if (strcmp(name, "Date") != 0 || rec_date(value))
            return rec_keep_tag(f->tags, f->ntags, name, value, t->line, t->col); /* takes both */
        st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Date must be YYYY.MM.DD, not \"%s\"", value);
    } else if (tr->present[k]) {
        st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag %s appears twice", name);
    } else {
        tr->present[k] = true;
        tr->pos[k] = (gw_text_pos){t->line, t->col};
        switch (k) {
        case T_GAME:
            if (strcmp(value, game->name) != 0)
                st = gw_error_set(e, GW_EINVAL, t->line, t->col, "unknown game \"%s\" (expected \"%s\")",
                                  value, game->name);
            break;
        case T_HAND:
            if (!rec_uint(value, 1000000, &n) || n < 1)
                st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                                  "tag Hand must be a whole number from 1, not \"%s\"", value);
            else
                *f->hand_tag = *f->number = (int)n;
            break;
        case T_DEALER:
            *f->dealer_pos = tr->pos[k];
            if (strcmp(value, "1") != 0 && strcmp(value, "2") != 0)
                st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Dealer must be 1 or 2, not \"%s\"",
                                  value);
            else
                *f->dealer = value[0] - '1';
            break;
        case T_DECK: tr->deck = t; break;
        case T_SEED:
            if (!rec_uint(value, ~0ull, &n))
                st = gw_error_set(e, GW_EINVAL, t->line, t->col,
                                  "tag Seed must be a whole number, not \"%s\"", value);
            *f->has_seed = st == GW_OK;
            *f->seed = n;
            break;
        case T_RESULT:
            if (!rec_pair(value, 100000, f->result))
                st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Result must be %s, not \"%s\"",
                                  game->result_what, value);
            *f->has_result = st == GW_OK;
            break;
        case T_SCORE:
            *f->score_pos = tr->pos[k];
            if (!rec_pair(value, game->score_max, f->score))
                st = gw_error_set(e, GW_EINVAL, t->line, t->col, "tag Score must be %s, not \"%s\"",
                                  game->score_what, value);
            *f->has_score = st == GW_OK;
            break;
        default:
            assert(game->own_tag && k - T_COMMON < REC_OWN_TAGS_MAX);
            st = game->own_tag(tr->hand, k - T_COMMON, value, t);
            break;
        }
    }
    free(name);
    free(value);
    return st;
}

/* Reads hand toks[0..n) of game fh->game, the number-th of the file: its tags here, then its deck and
 * moves by its game. GW_ENOMEM or GW_OK (a problem is the hand's error). */
static gw_status read_hand(gw_record_file_hand *fh, const rec_token *toks, int n, int number) {
    const rec_game *game = game_of(fh->game);
    tag_read tr = {.game = game, .hand = hand_of(fh)};
    tr.f = game->fields(tr.hand);
    *tr.f.line = n > 0 ? toks[0].line : 1;
    *tr.f.number = number;
    *tr.f.dealer = -1;
    game->init(tr.hand);
    int i = 0;
    for (; i < n && (toks[i].kind == REC_TAG || toks[i].kind == REC_BLANK); i++) {
        if (toks[i].kind == REC_BLANK) continue;
        gw_status st = take_tag(&tr, &toks[i]);
        if (tr.present[T_GAME] && fh->game_pos.line == 0) fh->game_pos = tr.pos[T_GAME];
        if (st == GW_ENOMEM) return st;
        if (st != GW_OK) return GW_OK; /* the hand's error is set */
    }
    static const int REQUIRED[] = {T_GAME, T_DEALER, T_DECK};
    for (int k = 0; k < 3; k++) {
        if (!tr.present[REQUIRED[k]]) {
            gw_error_set(tr.f.error, GW_EINVAL, *tr.f.line, 1, "missing required tag %s",
                         COMMON[REQUIRED[k]]);
            return GW_OK;
        }
    }
    gw_status st = game->deal(tr.hand, tr.deck);
    if (st == GW_ENOMEM) return st;
    if (st == GW_OK) game->moves(tr.hand, toks + i, n - i, tr.pos[T_RESULT]);
    return GW_OK;
}

/* The tag called name in a tag list, or NULL. */
static const gw_tag *find_tag(const gw_tag *tags, int ntags, const char *name) {
    for (int i = 0; i < ntags; i++)
        if (strcmp(tags[i].name, name) == 0) return &tags[i];
    return NULL;
}

/* The match checks over the whole file. A run is the hands of one game in a row; within it a hand follows
 * the one before when its Hand tag is that one's plus one, and a match is a hand with the hands that
 * follow it. Here: the dealer alternates, no hand follows an unfinished one, and the match's seed tag
 * (MatchSeed, RubberSeed), where hands say it, stays that of the match's first hand that says it; then the
 * game's own checks (rules, Score, the end of the match). */
static void check_matches(gw_record_file *f) {
    const rec_game *run_game = NULL;
    rec_run run;
    int prev_dealer = -1, prev_number = 0, seed_hand = 0;
    bool prev_unfinished = false;
    const char *seed = NULL; /* the match's seed tag */
    for (int i = 0; i < f->count; i++) {
        const rec_game *game = game_of(f->hands[i].game);
        void *hand = hand_of(&f->hands[i]);
        rec_fields h = game->fields(hand);
        if (game != run_game) {
            memset(&run, 0, sizeof run);
            run_game = game;
            prev_dealer = -1;
            prev_number = 0;
            prev_unfinished = false;
            seed = NULL;
        }
        bool read_ok = h.error->status == GW_OK; /* its tags, deck and moves are right */
        run.follows = *h.hand_tag > 1 && *h.hand_tag == prev_number + 1;
        if (h.error->status == GW_OK && run.follows && prev_dealer >= 0 && *h.dealer == prev_dealer)
            gw_error_set(h.error, GW_EINVAL, h.dealer_pos->line, h.dealer_pos->col,
                         "the dealer must alternate: player %d dealt hand %d too", *h.dealer + 1,
                         prev_number);
        if (h.error->status == GW_OK && run.follows && prev_unfinished)
            gw_error_set(
                h.error, GW_EINVAL, *h.line, 1,
                "hand %d follows hand %d, which is unfinished (a hand is played out before the next)",
                *h.hand_tag, prev_number);
        const gw_tag *seed_tag = find_tag(*h.tags, *h.ntags, game->seed_tag);
        if (!run.follows) seed = NULL;
        if (h.error->status == GW_OK && seed && seed_tag && strcmp(seed_tag->value, seed) != 0)
            gw_error_set(h.error, GW_EINVAL, seed_tag->line, seed_tag->col,
                         "%s %s differs from the %s's %s %s (hand %d): a %s keeps its seed", game->seed_tag,
                         seed_tag->value, game->match_word, game->seed_tag, seed, seed_hand,
                         game->match_word);
        if (!seed && seed_tag && h.error->status == GW_OK) {
            seed = seed_tag->value;
            seed_hand = *h.hand_tag;
        }
        game->match(&run, hand);
        prev_dealer = *h.dealer;
        prev_number = *h.hand_tag;
        prev_unfinished = read_ok && !*h.finished;
    }
}

gw_status gw_record_file_read(const char *text, size_t len, gw_record_file *out, gw_error *err) {
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
        gw_record_file_hand *fh = &out->hands[out->count++];
        const rec_token *hand = toks + first[k];
        int n = first[k + 1] - first[k];
        fh->game = hand_game(hand, n);
        st = read_hand(fh, hand, n, out->count);
    }
    free(first);
    free(toks);
    if (st != GW_OK) {
        gw_record_file_free(out);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the record");
    }
    check_matches(out);
    return GW_OK;
}

void gw_record_file_free(gw_record_file *f) {
    for (int i = 0; i < f->count; i++)
        game_of(f->hands[i].game)->clear(hand_of(&f->hands[i]));
    free(f->hands);
    memset(f, 0, sizeof *f);
}

int gw_record_file_line(const gw_record_file_hand *h) {
    return h->game == GW_GAME_ANDROID ? h->android.line : h->german.line;
}

int gw_record_file_number(const gw_record_file_hand *h) {
    return h->game == GW_GAME_ANDROID ? h->android.number : h->german.number;
}

const gw_error *gw_record_file_error(const gw_record_file_hand *h) {
    return h->game == GW_GAME_ANDROID ? &h->android.error : &h->german.error;
}

int gw_record_file_summary(const gw_record_file_hand *h, char *out, int cap) {
    assert(gw_record_file_error(h)->status == GW_OK);
    return game_of(h->game)->summary(const_hand_of(h), out, cap);
}

void gw_record_file_write_hand(const gw_record_file_hand *h, gw_text *out) {
    game_of(h->game)->write(const_hand_of(h), out);
}

gw_status rec_view_read(const char *text, size_t len, const rec_game *g, size_t hand_size,
                        void (*other)(void *hand, const gw_record_file_hand *fh, int place), void **hands,
                        int *count, gw_error *err) {
    *hands = NULL;
    *count = 0;
    gw_record_file f;
    gw_status st = gw_record_file_read(text, len, &f, err);
    if (st != GW_OK) return st;
    char *out = NULL;
    if (f.count > 0) {
        out = calloc((size_t)f.count, hand_size);
        if (!out) {
            gw_record_file_free(&f);
            return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the record");
        }
    }
    for (int i = 0; i < f.count; i++) {
        gw_record_file_hand *fh = &f.hands[i];
        void *h = out + (size_t)i * hand_size;
        if (fh->game == g->kind) {
            void *from = hand_of(fh);
            memcpy(h, from, hand_size); /* its tags move to out */
            rec_fields ff = g->fields(from);
            *ff.tags = NULL;
            *ff.ntags = 0;
        } else {
            other(h, fh, i + 1);
        }
    }
    *hands = out;
    *count = f.count;
    gw_record_file_free(&f);
    return GW_OK;
}

void rec_view_free(const rec_game *g, void *hands, size_t hand_size, int count) {
    for (int i = 0; i < count; i++)
        g->clear((char *)hands + (size_t)i * hand_size);
    free(hands);
}

void rec_tags_clear(gw_tag **tags, int *ntags) {
    for (int i = 0; i < *ntags; i++) {
        free((*tags)[i].name);
        free((*tags)[i].value);
    }
    free(*tags);
    *tags = NULL;
    *ntags = 0;
}

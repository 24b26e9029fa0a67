/* record_game.h: what the record file reader (record_file.c) asks of each game, one table a game: its own
 * tags, its deal and move reader, its part of the match checks, its summary and writer (internal). */
#ifndef GW_RECORD_GAME_H
#define GW_RECORD_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/game_kind.h"
#include "gw/match.h"
#include "gw/record.h"
#include "gw/record_file.h"
#include "gw/text.h"
#include "record_lex.h"

/* Pointers to the fields every game's hand struct holds under the same names (gw_record_hand,
 * gw_android_record_hand): the envelope reads tags into them and checks the match through them. */
typedef struct rec_fields {
    int *line, *number, *hand_tag, *dealer;
    gw_text_pos *dealer_pos, *score_pos;
    bool *has_seed;
    uint64_t *seed;
    bool *has_result;
    int *result; /* [2] */
    bool *has_score;
    int *score; /* [2] */
    gw_tag **tags;
    int *ntags;
    gw_error *error;
    bool *finished;
} rec_fields;

/* A run of hands tagged 1, 2, 3 ... of one game: the state of its match checks. The driver keeps the
 * common part; each game keeps its own in its member. */
typedef struct rec_run_german {
    bool scores_known, rules_known; /* the match's Score is known from hand 1; its rules are known */
    int rules_hand, last_scored;    /* the hand whose rules the match keeps; the last hand scored */
    gw_match m;
    gw_match_rules rules;
} rec_run_german;

typedef struct rec_run_android {
    bool known;    /* the rubber is held from hand 1 */
    int points[2]; /* each side's game points in the game going on */
} rec_run_android;

typedef struct rec_run {
    bool follows; /* this hand's Hand tag is the previous hand's plus one (and over 1) */
    union {
        rec_run_german german;
        rec_run_android android;
    } g;
} rec_run;

/* The most tags of its own a game has beside the common ones (Game, Hand, Dealer, Deck, Seed, Result,
 * Score). */
#define REC_OWN_TAGS_MAX 4

/* One game's part of reading a record. `hand` is that game's hand struct. */
typedef struct rec_game {
    gw_game_kind kind;
    const char *name; /* the Game tag's value, "German Whist" */
    /* The game's own tags (German Whist: Variant, Scoring, Target), NULL-terminated. */
    const char *const *own_tags;
    /* What a Result and a Score tag hold, for the message on a bad value ("tricks as P1-P2 (e.g. 8-5)"),
     * and Score's largest number. */
    const char *result_what, *score_what;
    int score_max;
    /* The tag of the seed a match is dealt from ("MatchSeed"), and what a match is called ("match"). */
    const char *seed_tag, *match_word;

    /* The fields every game has, in hand. */
    rec_fields (*fields)(void *hand);
    /* Sets the hand's defaults before its tags are read (the envelope has set line and number). */
    void (*init)(void *hand);
    /* Takes own tag k (an index of own_tags) with its value, written at t; GW_EINVAL with the hand's
     * error set for a bad value. NULL for a game without tags of its own. */
    gw_status (*own_tag)(void *hand, int k, const char *value, const rec_token *t);
    /* Reads the Deck tag t and deals: GW_OK, GW_EINVAL (the hand's error set) or GW_ENOMEM. */
    gw_status (*deal)(void *hand, const rec_token *t);
    /* Reads and plays the move tokens toks[0..n), then sets finished and the outcome and checks a Result
     * tag (standing at result_pos) against the moves. Problems go to the hand's error. */
    void (*moves)(void *hand, const rec_token *toks, int n, gw_text_pos result_pos);
    /* The game's match checks of a valid hand, run->follows set: hand_tag 1 starts a match. */
    void (*match)(rec_run *run, void *hand);
    /* The hand's one-line summary (the checker's) and its record text. */
    int (*summary)(const void *hand, char *out, int cap);
    void (*write)(const void *hand, gw_text *out);
    /* Frees what the hand owns. */
    void (*clear)(void *hand);
} rec_game;

/* The two games' tables (core/record_read.c, android/record_read.c). */
extern const rec_game rec_game_german;
extern const rec_game rec_game_android;

/* One game's view of a record text (gw_record_read, gw_android_record_read): reads it as
 * gw_record_file_read does, then gives *hands *count hand structs of game g, hand_size bytes each,
 * zeroed first. A hand of game g moves there as it is, its tags with it; for another game's hand,
 * other(hand, fh, place) fills the view's hand from the file's (place: its 1-based place in the file) (which
 * it must not keep: the file is freed). The caller frees *hands with rec_view_free. GW_OK, or GW_ENOMEM (err
 * set, *hands NULL, *count 0). */
gw_status rec_view_read(const char *text, size_t len, const rec_game *g, size_t hand_size,
                        void (*other)(void *hand, const gw_record_file_hand *fh, int place), void **hands,
                        int *count, gw_error *err);

/* Frees count hands of game g (hand_size bytes each) with g->clear, then the array. */
void rec_view_free(const rec_game *g, void *hands, size_t hand_size, int count);

/* Frees a hand's tag list and empties it (every game's clear). */
void rec_tags_clear(gw_tag **tags, int *ntags);

#endif

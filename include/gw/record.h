/* record.h: reading, checking and writing game records (.gwr, see shared/spec/record.md). */
#ifndef GW_RECORD_H
#define GW_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/game.h"
#include "gw/match.h"
#include "gw/score.h"
#include "gw/text.h"

/* One tag line as written: [Name "value"]. */
typedef struct gw_tag {
    char *name;
    char *value;
    int line, col; /* where it stood (0 for tags made in memory) */
} gw_tag;

/* A place in a text. */
typedef struct gw_text_pos {
    int line, col;
} gw_text_pos;

/* One hand of a record: what the tags say, the moves, and the outcome of
 * checking them against the rules. */
typedef struct gw_record_hand {
    int line;     /* first line of the hand in the text */
    int number;   /* the Hand tag, else the hand's 1-based position */
    int hand_tag; /* the Hand tag, 0 if absent */
    gw_match_rules rules;
    int dealer;                        /* 0 or 1 (-1 when a bad record never said) */
    gw_text_pos dealer_pos, score_pos; /* where those tags stood */
    gw_text_pos rules_pos[3];          /* where Variant, Scoring, Target stood ({0, 0}: absent) */
    gw_card deck[GW_MAX_DECK];
    bool has_seed;
    uint64_t seed;
    bool has_result;
    int result[2]; /* Result tag: endgame tricks */
    bool has_score;
    int score[2]; /* Score tag: match score after the hand */
    int nmoves;
    gw_card moves[GW_MAX_DECK];
    gw_tag *tags; /* the other tags (Player1, Date, unknown ones), in order */
    int ntags;

    gw_error error;        /* the hand's first problem; status GW_OK if valid */
    gw_game game;          /* the position after the moves (when valid) */
    bool finished;         /* all tricks were played */
    gw_hand_score outcome; /* the hand's score (when finished) */
} gw_record_hand;

/* A whole file: one or more hands. */
typedef struct gw_record {
    gw_record_hand *hands;
    int count;
} gw_record;

/* Reads and checks every hand of a record text (len bytes, NULs allowed,
 * though never inside a tag value) as gw_record_file_read does
 * (gw/record_file.h), seen as German Whist: a hand of another game is kept
 * in its place, refused as an unknown game. Each hand's first problem goes to
 * its `error`; match-level rules are checked across hands tagged 1, 2, 3 ...:
 * the dealer alternates, no hand follows an unfinished one, Variant, Scoring
 * and Target stay those of the match's first hand, and, where the file holds
 * the match from hand 1, Score accumulates and no hand follows the one that
 * ended the match (gw_match_winner). Only running out of memory fails the
 * call. Free the result with gw_record_free. */
gw_status gw_record_read(const char *text, size_t len, gw_record *out, gw_error *err);

/* Frees everything a gw_record owns and zeroes it. */
void gw_record_free(gw_record *r);

/* Frees what one hand owns (its tags). */
void gw_record_hand_clear(gw_record_hand *h);

/* Makes a record hand from a game in progress or finished: the deck, dealer,
 * moves, rules and (if finished) the Result. hand_no 0 leaves out the Hand
 * tag. Other tags start empty. */
void gw_record_hand_from_game(gw_record_hand *h, const gw_game *g, gw_match_rules rules, int hand_no);

/* As gw_record_hand_from_game for hand hand_no of match m, dealt from
 * hand_seed: also the Seed, the MatchSeed tag and, when the hand is
 * finished (and m has scored it), the Score. */
void gw_record_hand_from_match(gw_record_hand *h, const gw_game *g, const gw_match *m, int hand_no,
                               uint64_t hand_seed);

/* Sets (or replaces) a tag other than the ones held as fields. The strings
 * are copied. */
gw_status gw_record_hand_set_tag(gw_record_hand *h, const char *name, const char *value);

/* The value of an extra tag, or NULL. */
const char *gw_record_hand_tag(const gw_record_hand *h, const char *name);

/* Appends the hand as record text (tags, a blank line, the moves) to out. */
void gw_record_write_hand(const gw_record_hand *h, gw_text *out);

/* Writes the checker's summary of a valid hand ("hand 3: tricks 8-5, player
 * 1 scores 2", "hand 3: tricks 13-13, no score", "hand 3: unfinished after
 * trick 17"; under running total "hand 3: tricks 8-5, player 1 scores 8,
 * player 2 scores 5") into out (cap bytes; 96 suffice). */
int gw_record_summary(const gw_record_hand *h, char *out, int cap);

#endif

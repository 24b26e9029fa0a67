/* android_record.h: reading, checking and writing Android Whist records (.gwr with [Game "Android Whist"]).
 */
#ifndef GW_ANDROID_RECORD_H
#define GW_ANDROID_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/android.h"
#include "gw/android_score.h"
#include "gw/record.h"
#include "gw/text.h"

/* One hand of a record. Players 1 and 2 are the humans; side 1 is player 1
 * with their android (index 0 in the arrays), side 2 player 2 with theirs. */
typedef struct gw_android_record_hand {
    bool is_android; /* false: the hand is of another game (no [Game "Android Whist"]); nothing else is set */
    int line;        /* first line of the hand in the text */
    int number;      /* the Hand tag, else the hand's 1-based position in the file */
    int hand_tag;    /* the Hand tag, 0 if absent */
    int dealer;      /* the human at D, 0 or 1 (-1 when a bad record never said) */
    gw_text_pos dealer_pos, score_pos; /* where those tags stood */
    gw_card deck[GW_ANDROID_DECK];
    bool has_seed;
    uint64_t seed;
    bool has_result;
    int result[2]; /* Result tag: tricks of side 1 and side 2 */
    bool has_score;
    int score[2]; /* Score tag: game points of side 1 and side 2 after the hand */
    gw_tag *tags; /* the other tags (Player1, Date, unknown ones), in order */
    int ntags;

    gw_error error; /* the hand's first problem; status GW_OK if valid */
    bool dealt;     /* the deck was read: game holds the deal and the plays up to the end or the problem */
    gw_android_game game;          /* the hand after its plays (the moves are its event log) */
    bool finished;                 /* all 13 tricks were played */
    gw_android_hand_score outcome; /* the score (when finished) */
} gw_android_record_hand;

/* A whole file: one or more hands. */
typedef struct gw_android_record {
    gw_android_record_hand *hands;
    int count;
} gw_android_record;

/* Reads every hand of a record text (len bytes) as gw_record_file_read does
 * (gw/record_file.h), seen as Android Whist: the Android Whist hands are
 * checked, the others only marked (is_android false, their line and place).
 * Match rules (the dealer alternates, no hand follows an unfinished one, and
 * Score follows the games, from hand 1) are checked across hands tagged 1, 2,
 * 3 ... Only running out of memory fails the call. Free the result with
 * gw_android_record_free. */
gw_status gw_android_record_read(const char *text, size_t len, gw_android_record *out, gw_error *err);

/* True if some hand of r is an Android Whist hand. */
bool gw_android_record_any(const gw_android_record *r);

/* Frees everything r owns and zeroes it. */
void gw_android_record_free(gw_android_record *r);

/* Frees what one hand owns (its tags). */
void gw_android_record_hand_clear(gw_android_record_hand *h);

/* Makes a record hand of a hand in progress or finished: deck, dealer, plays
 * and (if finished) the Result. hand_no 0 leaves out the Hand tag. Score and
 * the other tags start empty. */
void gw_android_record_hand_from_game(gw_android_record_hand *h, const gw_android_game *g, int hand_no);

/* Sets (or replaces) a tag other than those held as fields; the strings are copied. */
gw_status gw_android_record_hand_set_tag(gw_android_record_hand *h, const char *name, const char *value);

/* The value of an extra tag, or NULL. */
const char *gw_android_record_hand_tag(const gw_android_record_hand *h, const char *name);

/* Appends the hand as record text: tags, a blank line, then one trick a line
 * ("1. longest! high-hearts=AH duck=7H 2H 9H"; a trick longer than 79
 * columns goes on over indented lines). */
void gw_android_record_write_hand(const gw_android_record_hand *h, gw_text *out);

/* Writes the checker's summary of a valid hand ("hand 3: tricks 7-6, side 1
 * scores 1" or "hand 3: unfinished after trick 5") into out (cap bytes; 64
 * suffice). */
int gw_android_record_summary(const gw_android_record_hand *h, char *out, int cap);

#endif

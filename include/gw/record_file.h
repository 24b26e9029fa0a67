/* record_file.h: reading a record file once, whatever games its hands are of (.gwr, see
 * shared/spec/record.md).
 *
 * One reader for the envelope every game shares: the text is tokenized once, split into hands, and each
 * hand's tags (Game, Hand, Dealer, Deck, Seed, Result, Score, Date and the kept ones) and positions are
 * read here; the Game tag then names the game whose reader takes the deck and the moves. The match checks
 * (the dealer alternates, no hand follows an unfinished one, and each game's own: a German Whist match's
 * rules, Score and end, an Android Whist rubber's game points) run once over the file, hands of one game
 * tagged 1, 2, 3 ... forming one match; a hand of another game ends the run. gw_record_read and
 * gw_android_record_read are this reader seen through one game. */
#ifndef GW_RECORD_FILE_H
#define GW_RECORD_FILE_H

#include <stddef.h>

#include "gw/android_record.h"
#include "gw/game_kind.h"
#include "gw/record.h"
#include "gw/text.h"

/* One hand of a file, read by the game its Game tag names. */
typedef struct gw_record_file_hand {
    /* GW_GAME_ANDROID for [Game "Android Whist"], else GW_GAME_GERMAN: a hand whose Game tag is missing or
     * names no game whist plays is read as German Whist, and that is its error. */
    gw_game_kind game;
    gw_text_pos game_pos; /* where the Game tag stood ({0, 0}: absent) */
    union {
        gw_record_hand german;          /* game GW_GAME_GERMAN */
        gw_android_record_hand android; /* game GW_GAME_ANDROID */
    };
} gw_record_file_hand;

/* A whole file: its hands in order. */
typedef struct gw_record_file {
    gw_record_file_hand *hands;
    int count;
} gw_record_file;

/* Reads and checks every hand of a record text (len bytes, NULs allowed, though never inside a tag
 * value). Each hand's first problem goes to its error (with its line and column). Only running out of
 * memory fails the call (err set); free the result with gw_record_file_free. */
gw_status gw_record_file_read(const char *text, size_t len, gw_record_file *out, gw_error *err);

/* Frees everything f owns and zeroes it. */
void gw_record_file_free(gw_record_file *f);

/* What every hand has, whatever its game: its first line in the text, its number (the Hand tag, else its
 * 1-based place in the file) and its first problem (status GW_OK if valid). */
int gw_record_file_line(const gw_record_file_hand *h);
int gw_record_file_number(const gw_record_file_hand *h);
const gw_error *gw_record_file_error(const gw_record_file_hand *h);

/* The checker's summary of a valid hand, by its game (gw_record_summary, gw_android_record_summary); cap
 * bytes of out, 96 suffice. */
int gw_record_file_summary(const gw_record_file_hand *h, char *out, int cap);

/* Appends the hand as record text, by its game's writer. */
void gw_record_file_write_hand(const gw_record_file_hand *h, gw_text *out);

#endif

/* fuzz_record.c: libFuzzer harness for the record file reader (gw_record_file_read) seen as German Whist
 * (gw_record_read). Properties: the German view holds the file's hands, each German Whist hand as the file
 * reader read it and every other as refused; every hand it accepts is written (gw_record_write_hand) and read
 * back alone to the same game; a record whose hands are all accepted is written whole and reads back hand for
 * hand, match checks included. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_assert.h"
#include "gw/record.h"
#include "gw/record_file.h"

/* The same hand as read and as read back from what was written of it. */
/* in_place: b stands where a stood in the file (else it was read alone, so its
 * position-based number and summary may differ). */
static void same_hand(const gw_record_hand *a, const gw_record_hand *b, bool in_place) {
    FUZZ_CHECK(b->error.status == GW_OK);
    FUZZ_CHECK(a->hand_tag == b->hand_tag && (!in_place || a->number == b->number));
    FUZZ_CHECK(a->rules.variant == b->rules.variant && a->rules.scoring == b->rules.scoring &&
               a->rules.target == b->rules.target);
    FUZZ_CHECK(a->dealer == b->dealer);
    FUZZ_CHECK(memcmp(a->deck, b->deck, (size_t)gw_deck_size(a->rules.variant)) == 0);
    FUZZ_CHECK(a->has_seed == b->has_seed && (!a->has_seed || a->seed == b->seed));
    FUZZ_CHECK(a->has_result == b->has_result &&
               (!a->has_result || (a->result[0] == b->result[0] && a->result[1] == b->result[1])));
    FUZZ_CHECK(a->has_score == b->has_score &&
               (!a->has_score || (a->score[0] == b->score[0] && a->score[1] == b->score[1])));
    FUZZ_CHECK(a->nmoves == b->nmoves && memcmp(a->moves, b->moves, (size_t)a->nmoves) == 0);
    FUZZ_CHECK(a->finished == b->finished);
    FUZZ_CHECK(a->ntags == b->ntags);
    for (int i = 0; i < a->ntags; i++) {
        FUZZ_CHECK(strcmp(a->tags[i].name, b->tags[i].name) == 0);
        /* The writer turns a newline into a space (a value cannot hold one when read, so none do). */
        FUZZ_CHECK(strcmp(a->tags[i].value, b->tags[i].value) == 0);
    }
    FUZZ_CHECK(a->game.tricks_done == b->game.tricks_done && a->game.nmoves == b->game.nmoves);
    if (a->finished)
        FUZZ_CHECK(a->outcome.winner == b->outcome.winner && a->outcome.points[0] == b->outcome.points[0] &&
                   a->outcome.points[1] == b->outcome.points[1]);
    if (in_place) {
        char sa[64], sb[64];
        gw_record_summary(a, sa, (int)sizeof sa);
        gw_record_summary(b, sb, (int)sizeof sb);
        FUZZ_CHECK(strcmp(sa, sb) == 0);
    }
}

/* The file reader and its German view agree hand for hand. */
static void same_as_file(const gw_record_file *f, const gw_record *r) {
    FUZZ_CHECK(f->count == r->count);
    for (int i = 0; i < f->count; i++) {
        const gw_record_file_hand *fh = &f->hands[i];
        const gw_error *e = gw_record_file_error(fh), *g = &r->hands[i].error;
        FUZZ_CHECK(gw_record_file_line(fh) == r->hands[i].line && gw_record_file_line(fh) >= 1);
        FUZZ_CHECK(gw_record_file_number(fh) == r->hands[i].number);
        if (fh->game == GW_GAME_GERMAN)
            FUZZ_CHECK(e->status == g->status && e->line == g->line && e->col == g->col &&
                       strcmp(e->msg, g->msg) == 0);
        else
            FUZZ_CHECK(g->status != GW_OK && fh->game_pos.line >= 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gw_record_file f;
    gw_record r;
    gw_error err;
    if (gw_record_file_read((const char *)data, size, &f, &err) != GW_OK) return 0; /* out of memory only */
    if (gw_record_read((const char *)data, size, &r, &err) != GW_OK) {
        gw_record_file_free(&f);
        return 0;
    }
    same_as_file(&f, &r);
    gw_record_file_free(&f);
    bool all_valid = r.count > 0;
    gw_text whole = {0};
    for (int i = 0; i < r.count; i++) {
        const gw_record_hand *h = &r.hands[i];
        if (h->error.status != GW_OK) {
            all_valid = false;
            FUZZ_CHECK(h->error.msg[0] != '\0' && h->error.line >= 0 && h->error.col >= 0);
            continue;
        }
        char summary[64];
        FUZZ_CHECK(gw_record_summary(h, summary, (int)sizeof summary) < (int)sizeof summary);
        /* The hand alone: written, it reads back to the same game. */
        gw_text out = {0};
        gw_record_write_hand(h, &out);
        FUZZ_CHECK(!out.failed);
        gw_record back;
        FUZZ_CHECK(gw_record_read(out.data, out.len, &back, &err) == GW_OK);
        FUZZ_CHECK(back.count == 1);
        same_hand(h, &back.hands[0], false);
        gw_text again = {0}; /* and writing is stable: the hand read back writes the same text */
        gw_record_write_hand(&back.hands[0], &again);
        FUZZ_CHECK(!again.failed && again.len == out.len && memcmp(again.data, out.data, out.len) == 0);
        gw_text_free(&again);
        gw_record_free(&back);
        gw_text_free(&out);
        if (whole.len > 0) gw_text_putc(&whole, '\n');
        gw_record_write_hand(h, &whole);
    }
    if (all_valid) {
        /* The whole record: the match checks (dealer, rules, Score, the end) hold again. */
        gw_record back;
        FUZZ_CHECK(!whole.failed);
        FUZZ_CHECK(gw_record_read(whole.data, whole.len, &back, &err) == GW_OK);
        FUZZ_CHECK(back.count == r.count);
        for (int i = 0; i < r.count; i++)
            same_hand(&r.hands[i], &back.hands[i], true);
        gw_record_free(&back);
    }
    gw_text_free(&whole);
    gw_record_free(&r);
    return 0;
}

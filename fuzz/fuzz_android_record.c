/* fuzz_android_record.c: libFuzzer harness for the record file reader (gw_record_file_read) seen as
 * Android Whist (gw_android_record_read). Properties: the Android view holds the file's hands, each Android
 * Whist hand as the file reader read it and every other marked; every Android Whist hand it accepts is
 * written (gw_android_record_write_hand) and read back alone to the same hand, event for event; a record
 * whose hands are all accepted Android Whist hands is written whole and reads back hand for hand, match
 * checks included. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_assert.h"
#include "gw/android_record.h"
#include "gw/record_file.h"

/* in_place: b stands where a stood in the file (else it was read alone). */
static void same_hand(const gw_android_record_hand *a, const gw_android_record_hand *b, bool in_place) {
    FUZZ_CHECK(b->is_android && b->error.status == GW_OK && b->dealt);
    FUZZ_CHECK(a->hand_tag == b->hand_tag && (!in_place || a->number == b->number));
    FUZZ_CHECK(a->dealer == b->dealer);
    FUZZ_CHECK(memcmp(a->deck, b->deck, sizeof a->deck) == 0);
    FUZZ_CHECK(a->has_seed == b->has_seed && (!a->has_seed || a->seed == b->seed));
    FUZZ_CHECK(a->has_result == b->has_result &&
               (!a->has_result || (a->result[0] == b->result[0] && a->result[1] == b->result[1])));
    FUZZ_CHECK(a->has_score == b->has_score &&
               (!a->has_score || (a->score[0] == b->score[0] && a->score[1] == b->score[1])));
    FUZZ_CHECK(a->finished == b->finished);
    FUZZ_CHECK(a->game.nevents == b->game.nevents && a->game.tricks_done == b->game.tricks_done);
    FUZZ_CHECK(memcmp(a->game.events, b->game.events, a->game.nevents * sizeof *a->game.events) == 0);
    FUZZ_CHECK(a->ntags == b->ntags);
    for (int i = 0; i < a->ntags; i++) {
        FUZZ_CHECK(strcmp(a->tags[i].name, b->tags[i].name) == 0);
        FUZZ_CHECK(strcmp(a->tags[i].value, b->tags[i].value) == 0);
    }
    if (in_place) {
        char sa[64], sb[64];
        gw_android_record_summary(a, sa, (int)sizeof sa);
        gw_android_record_summary(b, sb, (int)sizeof sb);
        FUZZ_CHECK(strcmp(sa, sb) == 0);
    }
}

/* The file reader and its Android view agree hand for hand. */
static void same_as_file(const gw_record_file *f, const gw_android_record *r) {
    FUZZ_CHECK(f->count == r->count);
    for (int i = 0; i < f->count; i++) {
        const gw_record_file_hand *fh = &f->hands[i];
        const gw_android_record_hand *a = &r->hands[i];
        FUZZ_CHECK(gw_record_file_line(fh) == a->line && gw_record_file_line(fh) >= 1);
        FUZZ_CHECK(a->is_android == (fh->game == GW_GAME_ANDROID));
        if (!a->is_android) continue;
        const gw_error *e = gw_record_file_error(fh);
        FUZZ_CHECK(gw_record_file_number(fh) == a->number);
        FUZZ_CHECK(e->status == a->error.status && e->line == a->error.line && e->col == a->error.col &&
                   strcmp(e->msg, a->error.msg) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gw_record_file f;
    gw_android_record r;
    gw_error err;
    if (gw_record_file_read((const char *)data, size, &f, &err) != GW_OK) return 0; /* out of memory */
    if (gw_android_record_read((const char *)data, size, &r, &err) != GW_OK) {
        gw_record_file_free(&f);
        return 0;
    }
    same_as_file(&f, &r);
    gw_record_file_free(&f);
    bool all_valid = r.count > 0;
    gw_text whole = {0};
    for (int i = 0; i < r.count; i++) {
        const gw_android_record_hand *h = &r.hands[i];
        if (!h->is_android || h->error.status != GW_OK) {
            all_valid = false;
            FUZZ_CHECK(!h->is_android || (h->error.msg[0] != '\0' && h->error.line >= 0));
            continue;
        }
        FUZZ_CHECK(h->dealt);
        char summary[64];
        FUZZ_CHECK(gw_android_record_summary(h, summary, (int)sizeof summary) < (int)sizeof summary);
        gw_text out = {0};
        gw_android_record_write_hand(h, &out);
        FUZZ_CHECK(!out.failed);
        gw_android_record back;
        FUZZ_CHECK(gw_android_record_read(out.data, out.len, &back, &err) == GW_OK);
        FUZZ_CHECK(back.count == 1);
        same_hand(h, &back.hands[0], false);
        gw_text again = {0}; /* and writing is stable: the hand read back writes the same text */
        gw_android_record_write_hand(&back.hands[0], &again);
        FUZZ_CHECK(!again.failed && again.len == out.len && memcmp(again.data, out.data, out.len) == 0);
        gw_text_free(&again);
        gw_android_record_free(&back);
        gw_text_free(&out);
        if (whole.len > 0) gw_text_putc(&whole, '\n');
        gw_android_record_write_hand(h, &whole);
    }
    if (all_valid) {
        gw_android_record back;
        FUZZ_CHECK(!whole.failed);
        FUZZ_CHECK(gw_android_record_read(whole.data, whole.len, &back, &err) == GW_OK);
        FUZZ_CHECK(back.count == r.count);
        for (int i = 0; i < r.count; i++)
            same_hand(&r.hands[i], &back.hands[i], true);
        gw_android_record_free(&back);
    }
    gw_text_free(&whole);
    gw_android_record_free(&r);
    return 0;
}

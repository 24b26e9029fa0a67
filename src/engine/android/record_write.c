/* record_write.c: turns Android Whist hands into record hands, record text and checker summaries. */
#include <stdlib.h>
#include <string.h>

#include "gw/android_record.h"
#include "record_fields.h"

void gw_android_record_hand_from_game(gw_android_record_hand *h, const gw_android_game *g, int hand_no) {
    memset(h, 0, sizeof *h);
    h->is_android = true;
    h->hand_tag = hand_no;
    h->number = hand_no > 0 ? hand_no : 1;
    h->dealer = g->dealer;
    memcpy(h->deck, g->deck, sizeof h->deck);
    h->dealt = true;
    h->game = *g;
    h->finished = gw_android_over(g);
    h->outcome = gw_android_score_hand(g);
    if (h->finished) {
        h->has_result = true;
        h->result[0] = gw_android_player_tricks(g, 0);
        h->result[1] = gw_android_player_tricks(g, 1);
    }
}

const char *gw_android_record_hand_tag(const gw_android_record_hand *h, const char *name) {
    return rec_find_tag(h->tags, h->ntags, name);
}

gw_status gw_android_record_hand_set_tag(gw_android_record_hand *h, const char *name, const char *value) {
    return rec_set_tag(&h->tags, &h->ntags, name, value);
}

/* Writes one play of the log: "7H", "longest!" or "high-hearts=AH". */
static int format_event(const gw_android_event *ev, char *out, int cap) {
    if (ev->command == GW_CMD_NONE) return gw_format(out, cap, "%C", ev->card);
    const char *name = gw_android_command_name((gw_android_command)ev->command);
    if (ev->card == GW_NO_CARD) return gw_format(out, cap, "%s!", name);
    return gw_format(out, cap, "%s=%C", name, ev->card);
}

void gw_android_record_write_hand(const gw_android_record_hand *h, gw_text *out) {
    rec_put_tag(out, "Game", "Android Whist");
    if (h->hand_tag > 0) gw_text_printf(out, "[Hand \"%d\"]\n", h->hand_tag);
    for (int i = 0; i < h->ntags; i++)
        rec_put_tag(out, h->tags[i].name, h->tags[i].value);
    gw_text_printf(out, "[Dealer \"%d\"]\n", h->dealer + 1);
    if (h->has_seed) gw_text_printf(out, "[Seed \"%llu\"]\n", (unsigned long long)h->seed);
    gw_text_puts(out, "[Deck \"");
    for (int i = 0; i < GW_ANDROID_DECK; i++)
        gw_text_printf(out, i ? " %C" : "%C", h->deck[i]);
    gw_text_puts(out, "\"]\n");
    if (h->has_result) gw_text_printf(out, "[Result \"%d-%d\"]\n", h->result[0], h->result[1]);
    if (h->has_score) gw_text_printf(out, "[Score \"%d-%d\"]\n", h->score[0], h->score[1]);
    gw_text_putc(out, '\n');
    /* One trick a line; a long one (many errors) goes on over indented lines. */
    const gw_android_game *g = &h->game;
    int col = 0, cards = 0;
    bool trick_start = true;
    for (int i = 0; i < g->nevents; i++) {
        const gw_android_event *ev = &g->events[i];
        char word[24];
        int len = format_event(ev, word, (int)sizeof word);
        if (trick_start) {
            if (col > 0) gw_text_putc(out, '\n');
            char number[8];
            col = gw_format(number, (int)sizeof number, "%d.", cards / GW_SEATS + 1);
            gw_text_puts(out, number);
            trick_start = false;
        }
        if (col + 1 + len > 79) {
            gw_text_puts(out, "\n   ");
            col = 3;
        }
        gw_text_putc(out, ' ');
        gw_text_puts(out, word);
        col += 1 + len;
        if (ev->card != GW_NO_CARD && ++cards % GW_SEATS == 0) trick_start = true;
    }
    if (col > 0) gw_text_putc(out, '\n');
}

int gw_android_record_summary(const gw_android_record_hand *h, char *out, int cap) {
    if (!h->finished)
        return gw_format(out, cap, "hand %d: unfinished after trick %d", h->number, h->game.tricks_done);
    const gw_android_hand_score *s = &h->outcome;
    return gw_format(out, cap, "hand %d: tricks %d-%d, side %d scores %d", h->number, s->tricks[0],
                     s->tricks[1], s->winner + 1, s->points);
}

/* record_write.c: turns games into record hands and record hands into .gwr text. */
#include <stdlib.h>
#include <string.h>

#include "gw/record.h"

#include "record_fields.h"

void gw_record_hand_from_game(gw_record_hand *h, const gw_game *g, gw_match_rules rules, int hand_no) {
    memset(h, 0, sizeof *h);
    h->rules = rules;
    h->hand_tag = hand_no;
    h->number = hand_no > 0 ? hand_no : 1;
    h->dealer = g->dealer;
    memcpy(h->deck, g->deck, sizeof h->deck);
    h->nmoves = g->nmoves;
    memcpy(h->moves, g->moves, (size_t)g->nmoves);
    h->game = *g;
    h->finished = gw_game_phase(g) == GW_OVER;
    if (h->finished) {
        int endgame[2] = {gw_game_endgame_tricks(g, 0), gw_game_endgame_tricks(g, 1)};
        int all[2] = {gw_game_all_tricks(g, 0), gw_game_all_tricks(g, 1)};
        h->has_result = true;
        h->result[0] = endgame[0];
        h->result[1] = endgame[1];
        h->outcome = gw_score_hand(rules.variant, rules.scoring, endgame, all);
    }
}

void gw_record_hand_from_match(gw_record_hand *h, const gw_game *g, const gw_match *m, int hand_no,
                               uint64_t hand_seed) {
    gw_record_hand_from_game(h, g, m->rules, hand_no);
    h->has_seed = true;
    h->seed = hand_seed;
    char seed[32];
    gw_format(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
    gw_record_hand_set_tag(h, "MatchSeed", seed);
    if (h->finished) {
        h->has_score = true;
        h->score[0] = m->score[0];
        h->score[1] = m->score[1];
    }
}

const char *gw_record_hand_tag(const gw_record_hand *h, const char *name) {
    return rec_find_tag(h->tags, h->ntags, name);
}

gw_status gw_record_hand_set_tag(gw_record_hand *h, const char *name, const char *value) {
    return rec_set_tag(&h->tags, &h->ntags, name, value);
}

static void put_int_tag(gw_text *out, const char *name, int v) {
    gw_text_printf(out, "[%s \"%d\"]\n", name, v);
}

static void put_pair_tag(gw_text *out, const char *name, const int v[2]) {
    gw_text_printf(out, "[%s \"%d-%d\"]\n", name, v[0], v[1]);
}

void gw_record_write_hand(const gw_record_hand *h, gw_text *out) {
    rec_put_tag(out, "Game", "German Whist");
    rec_put_tag(out, "Variant", gw_variant_name(h->rules.variant));
    rec_put_tag(out, "Scoring", gw_scoring_name(h->rules.scoring));
    put_int_tag(out, "Target", h->rules.target);
    if (h->hand_tag > 0) put_int_tag(out, "Hand", h->hand_tag);
    for (int i = 0; i < h->ntags; i++)
        rec_put_tag(out, h->tags[i].name, h->tags[i].value);
    put_int_tag(out, "Dealer", h->dealer + 1);
    if (h->has_seed) gw_text_printf(out, "[Seed \"%llu\"]\n", (unsigned long long)h->seed);
    gw_text_puts(out, "[Deck \"");
    int n = gw_deck_size(h->rules.variant);
    for (int i = 0; i < n; i++)
        gw_text_printf(out, i ? " %C" : "%C", h->deck[i]);
    gw_text_puts(out, "\"]\n");
    if (h->has_result) put_pair_tag(out, "Result", h->result);
    if (h->has_score) put_pair_tag(out, "Score", h->score);
    gw_text_putc(out, '\n');
    /* Moves, a trick never split across lines, lines under 80 columns. */
    int col = 0;
    for (int i = 0; i < h->nmoves; i += 2) {
        char trick[24];
        int len = i + 1 < h->nmoves
                      ? gw_format(trick, sizeof trick, "%d. %C %C", i / 2 + 1, h->moves[i], h->moves[i + 1])
                      : gw_format(trick, sizeof trick, "%d. %C", i / 2 + 1, h->moves[i]);
        if (col > 0 && col + 1 + len > 79) {
            gw_text_putc(out, '\n');
            col = 0;
        }
        if (col > 0) {
            gw_text_putc(out, ' ');
            col++;
        }
        gw_text_puts(out, trick);
        col += len;
    }
    if (col > 0) gw_text_putc(out, '\n');
}

int gw_record_summary(const gw_record_hand *h, char *out, int cap) {
    if (!h->finished)
        return gw_format(out, cap, "hand %d: unfinished after trick %d", h->number, h->game.tricks_done);
    const gw_hand_score *s = &h->outcome;
    if (s->winner < 0)
        return gw_format(out, cap, "hand %d: tricks %d-%d, no score", h->number, s->counted[0],
                         s->counted[1]);
    if (h->rules.scoring == GW_TOTAL) /* both players score */
        return gw_format(out, cap, "hand %d: tricks %d-%d, player 1 scores %d, player 2 scores %d", h->number,
                         s->counted[0], s->counted[1], s->points[0], s->points[1]);
    return gw_format(out, cap, "hand %d: tricks %d-%d, player %d scores %d", h->number, s->counted[0],
                     s->counted[1], s->winner + 1, s->points[s->winner]);
}

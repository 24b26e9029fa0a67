/* match_state.c: the match at the table: record text, undo, and rebuilding an unfinished match. */
#include "match_state.h"

#include <stdlib.h>
#include <string.h>

#include "gw/record.h"

gw_status tui_match_start(tui_match *m, gw_match_rules rules, uint64_t seed, gw_ai_level level,
                          gw_error *err) {
    memset(m, 0, sizeof *m);
    m->level = level;
    return gw_match_start(&m->match, rules, seed, err);
}

void tui_match_deal(tui_match *m, const char *date) {
    gw_match_deal(&m->match, &m->game, &m->hand_seed);
    m->dealt = m->game;
    m->in_hand = true;
    m->assisted = false;
    strncpy(m->date, date, sizeof m->date - 1);
    m->date[sizeof m->date - 1] = '\0';
}

void tui_match_hand_text(const tui_match *m, const gw_game *g, int hand_no, bool assisted, gw_text *out) {
    gw_record_hand h;
    gw_record_hand_from_match(&h, g, &m->match, hand_no, m->hand_seed);
    char id[32];
    gw_format(id, sizeof id, "%llu", (unsigned long long)m->store_id);
    gw_record_hand_set_tag(&h, "Date", m->date);
    gw_record_hand_set_tag(&h, "Player1", "human");
    gw_record_hand_set_tag(&h, "Player2", gw_ai_level_name(m->level));
    if (m->store_id > 0) gw_record_hand_set_tag(&h, "StoreMatch", id);
    if (assisted) gw_record_hand_set_tag(&h, "Assisted", "yes");
    gw_record_write_hand(&h, out);
    gw_record_hand_clear(&h);
}

gw_hand_score tui_match_finish_hand(tui_match *m) {
    gw_hand_score hs = gw_match_finish_hand(&m->match, &m->game);
    if (m->finished.len > 0) gw_text_putc(&m->finished, '\n');
    tui_match_hand_text(m, &m->game, m->match.hands_played, m->assisted, &m->finished);
    m->in_hand = false;
    return hs;
}

void tui_match_text(const tui_match *m, gw_text *out) {
    gw_text_puts(out, gw_text_str(&m->finished));
    if (!m->in_hand) return;
    if (m->finished.len > 0) gw_text_putc(out, '\n');
    if (gw_game_phase(&m->game) == GW_OVER) {
        /* The last card is played but the hand not yet scored (the table saves after every card): its
         * Score tag must count this hand, as tui_match_finish_hand will, or the record does not read back. */
        tui_match scored = *m;
        gw_match_finish_hand(&scored.match, &scored.game);
        tui_match_hand_text(&scored, &scored.game, scored.match.hands_played, m->assisted, out);
        return;
    }
    tui_match_hand_text(m, &m->game, m->match.hands_played + 1, m->assisted, out);
}

bool tui_match_undo(tui_match *m) {
    if (!m->in_hand) return false;
    /* Find the human's last card by replaying the hand from the deal. */
    gw_game g = m->dealt;
    int last = -1;
    for (int i = 0; i < m->game.nmoves; i++) {
        if (g.turn == 0) last = i;
        if (gw_game_play(&g, m->game.moves[i], NULL) != GW_OK) return false;
    }
    if (last < 0) return false;
    gw_game back = m->dealt;
    for (int i = 0; i < last; i++)
        gw_game_play(&back, m->game.moves[i], NULL);
    m->game = back;
    m->assisted = true;
    return true;
}

void tui_match_free(tui_match *m) { gw_text_free(&m->finished); }

/* Plays a recorded hand's moves on g; false if one is refused. */
static bool replay_moves(gw_game *g, const gw_record_hand *h) {
    for (int i = 0; i < h->nmoves; i++)
        if (gw_game_play(g, h->moves[i], NULL) != GW_OK) return false;
    return true;
}

gw_status tui_match_restore(tui_match *m, const char *text, size_t len, gw_error *err) {
    memset(m, 0, sizeof *m);
    gw_record r;
    if (gw_record_read(text, len, &r, err) != GW_OK) return err ? err->status : GW_ENOMEM;
    gw_status st = GW_OK;
    if (r.count == 0) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "the saved match holds no hand");
        goto done;
    }
    const gw_record_hand *first = &r.hands[0];
    for (int i = 0; i < r.count; i++) {
        const gw_record_hand *h = &r.hands[i];
        if (h->error.status != GW_OK) {
            st = gw_error_set(err, GW_EINVAL, 0, 0, "hand %d of the saved match is invalid: %s", i + 1,
                              h->error.msg);
            goto done;
        }
        if (h->rules.variant != first->rules.variant || h->rules.scoring != first->rules.scoring ||
            h->rules.target != first->rules.target) {
            st = gw_error_set(err, GW_EINVAL, 0, 0,
                              "hand %d of the saved match is played by other rules than hand 1 (%s, %s, "
                              "target %d)",
                              i + 1, gw_variant_name(first->rules.variant),
                              gw_scoring_name(first->rules.scoring), first->rules.target);
            goto done;
        }
    }
    const char *seed_tag = gw_record_hand_tag(first, "MatchSeed");
    const char *level_tag = gw_record_hand_tag(first, "Player2");
    gw_ai_level level;
    char *end = NULL;
    unsigned long long seed = seed_tag ? strtoull(seed_tag, &end, 10) : 0;
    if (!seed_tag || !end || *end || !level_tag || !gw_ai_level_parse(level_tag, &level)) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "the saved match lacks its seed or opponent");
        goto done;
    }
    st = tui_match_start(m, first->rules, seed, level, err);
    if (st != GW_OK) goto done;
    const char *id_tag = gw_record_hand_tag(first, "StoreMatch");
    if (id_tag) m->store_id = strtoll(id_tag, NULL, 10);
    for (int i = 0; i < r.count; i++) {
        const gw_record_hand *h = &r.hands[i];
        const char *date = gw_record_hand_tag(h, "Date");
        tui_match_deal(m, date ? date : "0000.00.00");
        size_t deck_len = (size_t)gw_deck_size((gw_variant)m->game.variant);
        if (memcmp(m->game.deck, h->deck, deck_len) != 0 || m->game.dealer != h->dealer) {
            st = gw_error_set(err, GW_EINVAL, 0, 0, "hand %d of the saved match was not dealt from its seed",
                              i + 1);
            goto done;
        }
        m->assisted = gw_record_hand_tag(h, "Assisted") != NULL;
        if (!replay_moves(&m->game, h)) {
            st = gw_error_set(err, GW_EINVAL, 0, 0, "hand %d of the saved match does not replay", i + 1);
            goto done;
        }
        if (h->finished) {
            tui_match_finish_hand(m);
            if (gw_match_winner(&m->match) >= 0) {
                st = gw_error_set(err, GW_EINVAL, 0, 0, "the saved match is already over");
                goto done;
            }
        } else if (i != r.count - 1) {
            st = gw_error_set(err, GW_EINVAL, 0, 0, "hand %d of the saved match is unfinished", i + 1);
            goto done;
        }
    }
done:
    if (st != GW_OK) tui_match_free(m);
    gw_record_free(&r);
    return st;
}

/* world.c: sampling complete deals consistent with one seat's observation, voids respected. */
#include "world.h"

#include <string.h>

/* The latest trick before `before` in which the opponent showed a void in
 * the suit (0 if none). voids: bit t set if it did at trick t. */
static int latest_void(uint32_t voids, int before) {
    uint32_t m = before >= 32 ? voids : voids & (((uint32_t)1 << before) - 1);
    return m ? 31 - __builtin_clz(m) : 0;
}

bool world_prepare(world_sampler *ws, const gw_observation *o) {
    memset(ws, 0, sizeof *ws);
    ws->obs = *o;
    gw_variant v = o->variant;
    int h = gw_hand_size(v), n = gw_deck_size(v), seat = o->seat, opp = 1 - seat;
    int non_dealer = 1 - o->dealer;
    if ((seat != 0 && seat != 1) || (o->dealer != 0 && o->dealer != 1)) return false;
    if (o->nmoves < 0 || o->nmoves > n || o->nups < 0 || o->nups > h || o->ndraws < 0 || o->ndraws > h)
        return false;
    for (int i = 0; i < n; i++)
        ws->deck[i] = GW_NO_CARD;
    bool is_slot[GW_MAX_DECK] = {false};
    gw_cards deck_cards = gw_deck_cards(v), known = 0;
    for (int k = 0; k < o->nups; k++) {
        gw_card c = o->ups[k];
        if (!gw_card_valid(c) || !gw_has(deck_cards & ~known, c)) return false;
        ws->deck[2 * h + 2 * k] = c;
        known |= gw_bit(c);
    }
    /* Replay the tricks: who played what, the opponent's voids, the draws. */
    int player_of[GW_MAX_DECK], trick_of[GW_MAX_DECK];
    uint32_t voids[GW_SUITS] = {0};
    gw_cards seat_played = 0, draws = 0;
    int leader = non_dealer, complete = o->nmoves / 2;
    for (int i = 0; i < o->nmoves; i++) {
        int t = i / 2 + 1;
        player_of[i] = i % 2 == 0 ? leader : 1 - leader;
        trick_of[i] = t;
        if (player_of[i] == seat) seat_played |= gw_bit(o->moves[i]);
        if (i % 2 == 0) continue;
        gw_card led = o->moves[i - 1], f = o->moves[i];
        if (player_of[i] == opp && gw_card_suit(f) != gw_card_suit(led) && t < 32)
            voids[gw_card_suit(led)] |= (uint32_t)1 << t;
        int winner = leader ^ gw_trick_winner(o->trump, led, f);
        if (t <= h) { /* a foreplay trick: the winner took ups[t-1] */
            if (t > o->ndraws || t > o->nups) return false;
            gw_card d = o->draws[t - 1];
            if (!gw_card_valid(d) || gw_has(draws, d)) return false;
            draws |= gw_bit(d);
            int up = 2 * h + 2 * (t - 1);
            if (winner == seat) {
                if (d != o->ups[t - 1]) return false;
                is_slot[up + 1] = true;
                ws->slots[ws->nslots++] = (world_slot){(uint8_t)(up + 1), (uint8_t)t};
            } else {
                if (gw_has(known, d)) return false;
                ws->deck[up + 1] = d;
                known |= gw_bit(d);
            }
        }
        leader = winner;
    }
    if (o->ndraws != (complete < h ? complete : h)) return false;
    /* The seat's first hand: its cards now and those it played, less its draws. */
    gw_cards first = (o->own | seat_played) & ~draws;
    if (gw_count(first) != h || (first & known) || (first & ~deck_cards)) return false;
    known |= first;
    int seat_parity = seat == non_dealer ? 0 : 1;
    for (int i = 0; i < h; i++) {
        ws->deck[2 * i + seat_parity] = gw_first(first);
        first &= first - 1;
        is_slot[2 * i + 1 - seat_parity] = true;
    }
    /* The opponent's first hand: slots of time 0, listed before the draws. */
    memmove(ws->slots + h, ws->slots, (size_t)ws->nslots * sizeof ws->slots[0]);
    for (int i = 0; i < h; i++)
        ws->slots[i] = (world_slot){(uint8_t)(2 * i + 1 - seat_parity), 0};
    ws->nslots += h;
    for (int p = 2 * h; p < n; p++)
        if (ws->deck[p] == GW_NO_CARD && !is_slot[p]) ws->free_pos[ws->nfree++] = (uint8_t)p;
    /* The cards to place, each with its window of slot times. */
    int played_at[64];
    for (int i = 0; i < 64; i++)
        played_at[i] = 0;
    for (int i = 0; i < o->nmoves; i++)
        if (player_of[i] == opp) played_at[o->moves[i]] = trick_of[i];
    for (gw_cards pool = deck_cards & ~known; pool; pool &= pool - 1) {
        gw_card c = gw_first(pool);
        int tp = played_at[c];
        world_card wc = {c, 0, GW_WORLD_FREE};
        if (tp) {
            wc.lo = (uint8_t)latest_void(voids[gw_card_suit(c)], tp);
            wc.hi = (uint8_t)tp;
        } else {
            wc.lo = (uint8_t)latest_void(voids[gw_card_suit(c)], 32);
        }
        ws->cards[ws->ncards++] = wc;
    }
    if (ws->ncards != ws->nslots + ws->nfree) return false;
    return true;
}

static bool fits(const world_card *c, int time) { return c->lo <= time && time < c->hi; }

/* Can slots from..nslots-1 still be filled, every card with a deadline
 * placed in time? Earliest deadline first is optimal for unit places. */
static bool feasible(const world_sampler *ws, const bool *taken, int from) {
    bool used[GW_MAX_DECK];
    memcpy(used, taken, (size_t)ws->ncards * sizeof used[0]);
    for (int j = from; j < ws->nslots; j++) {
        int time = ws->slots[j].time, best = -1;
        for (int i = 0; i < ws->ncards; i++)
            if (!used[i] && fits(&ws->cards[i], time) && (best < 0 || ws->cards[i].hi < ws->cards[best].hi))
                best = i;
        if (best < 0) return false;
        used[best] = true;
    }
    for (int i = 0; i < ws->ncards; i++)
        if (!used[i] && ws->cards[i].hi != GW_WORLD_FREE) return false;
    return true;
}

static bool build(world_sampler *ws, gw_rng *rng, gw_card *deck) {
    bool taken[GW_MAX_DECK] = {false};
    bool constrained = false;
    for (int i = 0; i < ws->ncards; i++)
        if (ws->cards[i].lo || ws->cards[i].hi != GW_WORLD_FREE) constrained = true;
    for (int j = 0; j < ws->nslots; j++) {
        int time = ws->slots[j].time, cand[GW_MAX_DECK], ncand = 0;
        for (int i = 0; i < ws->ncards; i++)
            if (!taken[i] && fits(&ws->cards[i], time)) cand[ncand++] = i;
        for (;;) {
            if (ncand == 0) return false;
            int r = (int)gw_rng_below(rng, (uint32_t)ncand), i = cand[r];
            taken[i] = true;
            if (!constrained || feasible(ws, taken, j + 1)) {
                deck[ws->slots[j].pos] = ws->cards[i].card;
                break;
            }
            taken[i] = false;
            cand[r] = cand[--ncand];
        }
    }
    uint8_t rest[GW_MAX_DECK];
    int nrest = 0;
    for (int i = 0; i < ws->ncards; i++)
        if (!taken[i]) rest[nrest++] = ws->cards[i].card;
    if (nrest != ws->nfree) return false;
    gw_rng_shuffle(rng, rest, nrest);
    for (int i = 0; i < nrest; i++)
        deck[ws->free_pos[i]] = rest[i];
    return true;
}

bool world_sample(world_sampler *ws, gw_rng *rng, gw_game *out) {
    const gw_observation *o = &ws->obs;
    for (int attempt = 0; attempt < 16; attempt++) {
        gw_card deck[GW_MAX_DECK];
        memcpy(deck, ws->deck, sizeof deck);
        ws->sampled++;
        bool ok = build(ws, rng, deck) && gw_game_deal(out, o->variant, deck, o->dealer, NULL) == GW_OK;
        for (int i = 0; ok && i < o->nmoves; i++)
            ok = gw_game_play(out, o->moves[i], NULL) == GW_OK;
        if (ok && out->hand[o->seat] == o->own && out->turn == o->turn) return true;
        ws->rejected++;
    }
    return false;
}

/* The legal cards, each mapped to the lowest card of its run of equivalents
 * (same suit, only cards of earlier tricks between: not the led card):
 * they are worth the same in every deal. Returns how many runs; rep[i] is
 * run i's lowest card, of[c] a card's run (of may be NULL). */
int world_runs(gw_cards legal, gw_cards played, gw_card led, gw_card *rep, int *of) {
    if (led != GW_NO_CARD) played &= ~gw_bit(led);
    int n = 0;
    gw_card prev = GW_NO_CARD;
    for (gw_cards l = legal; l; l &= l - 1) {
        gw_card c = gw_first(l);
        bool joins = prev != GW_NO_CARD && gw_card_suit(prev) == gw_card_suit(c);
        for (int r = joins ? gw_card_rank(prev) + 1 : 0; joins && r < gw_card_rank(c); r++)
            if (!gw_has(played, gw_card_make(gw_card_suit(c), r))) joins = false;
        if (!joins) rep[n++] = c;
        if (of) of[c] = n - 1;
        prev = c;
    }
    return n;
}

/* A hash of everything the observation says about the deal so far. */
uint64_t world_observation_hash(const gw_observation *o) {
    uint64_t h = gw_mix64((uint64_t)o->seat << 8 ^ (uint64_t)o->variant << 4 ^ (uint64_t)o->dealer);
    h = gw_mix64(h ^ o->own);
    for (int i = 0; i < o->nmoves; i++)
        h = gw_mix64(h ^ (0x100u + o->moves[i]));
    for (int i = 0; i < o->nups; i++)
        h = gw_mix64(h ^ (0x200u + o->ups[i]));
    for (int i = 0; i < o->ndraws; i++)
        h = gw_mix64(h ^ (0x300u + o->draws[i]));
    return h;
}

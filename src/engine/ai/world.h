/* world.h: sampling complete deals ("worlds") consistent with one seat's observation (internal to
 * src/engine/ai). */
#ifndef GW_WORLD_H
#define GW_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/game.h"
#include "gw/observation.h"
#include "gw/rng.h"

/* One hidden place of the opponent's: a deal position of its first hand
 * (time 0) or the face-down card it drew after foreplay trick t (time t). */
typedef struct world_slot {
    uint8_t pos;  /* deck index */
    uint8_t time; /* the card is in the opponent's hand from trick time + 1 on */
} world_slot;

/* A card whose place the seat does not know, with the window of slot times
 * its place may have: lo <= time < hi (hi == GW_WORLD_FREE: never played by
 * the opponent, so it may also lie in the stock still to come). */
typedef struct world_card {
    gw_card card;
    uint8_t lo, hi;
} world_card;

#define GW_WORLD_FREE 0xFF

/* What the sampler precomputes from an observation. */
typedef struct world_sampler {
    gw_observation obs;
    gw_card deck[GW_MAX_DECK]; /* known places filled, the others GW_NO_CARD */
    int nslots;                /* the opponent's hidden places, by time */
    world_slot slots[GW_MAX_DECK];
    int ncards; /* cards to place: nslots + nfree */
    world_card cards[GW_MAX_DECK];
    int nfree; /* places in the stock still to come */
    uint8_t free_pos[GW_MAX_DECK];
    uint64_t sampled, rejected; /* worlds made, and those the replay refused */
} world_sampler;

/* Prepares a sampler for observation o (any phase before the hand is over).
 * False if o is inconsistent (no deal could have produced it). */
bool world_prepare(world_sampler *ws, const gw_observation *o);

/* Draws one complete deal consistent with the observation, every card's
 * place respecting what the seat saw (its hand and draws, the up-cards, the
 * cards played and the voids the opponent showed), and replays the moves:
 * *out is then the full state the seat's observation came from. False only
 * if no world could be built (should not happen for a real observation). */
bool world_sample(world_sampler *ws, gw_rng *rng, gw_game *out);

/* The legal cards in runs of equivalents (same suit, only cards played to
 * earlier tricks between): they are worth the same in every deal. led is
 * the card led to the current trick (GW_NO_CARD if none): though played, it
 * parts the cards above it from those below (one wins the trick, the other
 * does not). Returns the number of runs; rep[i] is run i's lowest card and,
 * if of is not NULL, of[c] the run of card c. */
int world_runs(gw_cards legal, gw_cards played, gw_card led, gw_card *rep, int *of);

/* A hash of everything the observation says about the deal so far (to
 * seed a decision's worlds from the observation alone). */
uint64_t world_observation_hash(const gw_observation *o);

/* The number of worlds the expert's last estimate used (for tests and
 * benchmarks; defined in expert.c). */
struct gw_expert;
int expert_last_worlds(const struct gw_expert *e);

/* For measuring variants (bench/bench_pimc): how many of the last foreplay
 * tricks the expert's playouts play best by both on the world's deal (the
 * default 1; 0: the policy plays them all). */
void expert_set_exact(struct gw_expert *e, int tricks);

/* The seer (cheats, for analysis): the expert's estimate for the player to
 * move in g, on worlds that are g itself with the stock's hidden cards
 * shuffled: it knows the opponent's hand, not the stock's order. */
struct gw_card_estimate;
int expert_seer_estimate(struct gw_expert *e, const gw_game *g, struct gw_card_estimate *out);

#endif

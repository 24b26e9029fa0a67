/* solver.h: the exact endgame solver: tricks with best play once every card is known. */
#ifndef GW_SOLVER_H
#define GW_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include <stdbool.h>

#include "gw/card.h"
#include "gw/game.h"
#include "gw/status.h"

/* A solver object: owns its transposition table (reused across calls) and
 * counters. Not shared between threads; make one per thread. */
typedef struct gw_solver gw_solver;

/* An endgame position: the player on lead to the current trick holds
 * `leader` (without `led` if that card is already played), the other player
 * holds `other`. With led == GW_NO_CARD the leader is to play, else the
 * other player is. Sizes: 1..13 cards each, equal, or `other` one more than
 * `leader` when a card was led. */
typedef struct gw_position {
    int trump;       /* GW_SPADES..GW_CLUBS */
    gw_cards leader; /* hand of the player who leads this trick */
    gw_cards other;  /* hand of the other player */
    gw_card led;     /* card the leader already played to this trick, or GW_NO_CARD */
} gw_position;

/* The value of one legal card of the player to move. */
typedef struct gw_card_value {
    gw_card card;
    int tricks; /* tricks the leader wins from here (this trick included) if this card is played */
} gw_card_value;

/* Search statistics of the last call. */
typedef struct gw_solver_stats {
    uint64_t nodes;     /* positions searched */
    uint64_t tt_hits;   /* positions answered by the table */
    size_t table_bytes; /* memory of the transposition table */
} gw_solver_stats;

/* Search techniques that can be switched off, to measure what each buys. */
enum {
    GW_SOLVE_NO_TABLE = 1,       /* no transposition table */
    GW_SOLVE_NO_EQUIVALENCE = 2, /* search every card, not one of each sequence */
    GW_SOLVE_NO_BOUNDS = 4,      /* no quick-trick / sure-loser bounds */
    GW_SOLVE_NO_ORDERING = 8     /* cards in plain order instead of by heuristics */
};

/* The default table: 2 MiB holds 131,072 positions, dozens of times what a
 * 13-card endgame stores, and stays in the processor's cache (a 64 MiB
 * table was 40% slower from cache misses alone). */
#define GW_SOLVER_DEFAULT_TABLE (2u << 20)

/* Creates a solver whose table takes at most table_bytes (0: the default;
 * at least 4 KiB are used). GW_ENOMEM if memory is short. */
gw_status gw_solver_new(size_t table_bytes, gw_solver **out);
/* Frees a solver (NULL is fine). */
void gw_solver_free(gw_solver *s);
/* Empties the transposition table (answers never depend on it). */
void gw_solver_clear(gw_solver *s);
/* Switches techniques off (GW_SOLVE_NO_* flags; 0 = everything on). */
void gw_solver_set_flags(gw_solver *s, unsigned flags);

/* Checks that a position is well formed: err names what is wrong (shared
 * cards, unequal sizes, more than 13 cards, a bad trump or led card). */
gw_status gw_position_check(const gw_position *p, gw_error *err);

/* The tricks the leader wins from here with best play by both, the current
 * trick included. The position must pass gw_position_check. */
int gw_solve(gw_solver *s, const gw_position *p);

/* gw_solve's value, only as exact as a search window needs (a null-window
 * search costs less): with lo < hi (clamped to 0 and the tricks left), a
 * result strictly between them is exact, lo means at most lo and hi at
 * least hi. The position must pass gw_position_check. */
int gw_solve_within(gw_solver *s, const gw_position *p, int lo, int hi);

/* The value of every legal card of the player to move, written to out (room
 * for 13) in the order S H D C, high to low; returns how many. Also returns
 * the position's value in *best if best is not NULL. */
int gw_solve_cards(gw_solver *s, const gw_position *p, gw_card_value *out, int *best);

/* Statistics of the calls since the solver was made or last cleared. */
gw_solver_stats gw_solver_stats_get(const gw_solver *s);

/* The verdict on card c, the next card to be played in endgame g (both hands known), for the player to
 * play it: *value = the endgame tricks that player wins from this trick on if it plays c and both play
 * best after, *best = the most any of its legal cards gives. false (nothing written) when g is not in the
 * endgame or c is not a legal card there. */
bool gw_solve_verdict(gw_solver *s, const gw_game *g, gw_card c, int *value, int *best);

#endif

/* android_tactics.h: whist tactics for any seat of an Android Whist hand, and playouts (internal to
 * src/engine/ai).
 */
#ifndef GW_ANDROID_TACTICS_H
#define GW_ANDROID_TACTICS_H

#include <stdbool.h>

#include "android_know.h"

/* A table as one human sees it (may/must as in aai_know), or a sampled
 * deal with every hand known (may == must for every seat). */
typedef struct aai_table {
    int trump;
    int leader, ntrick;
    gw_card trick[GW_SEATS];
    gw_cards may[GW_SEATS], must[GW_SEATS];
    int held[GW_SEATS];
    gw_cards played;
    int won[2], tricks_done;
} aai_table;

/* The seat to play. */
static inline int aai_turn(const aai_table *t) { return (t->leader + t->ntrick) % GW_SEATS; }

/* The table of human k->me's knowledge. */
void aai_table_from_know(const aai_know *k, aai_table *t);
/* The same table with every hand known: hands[] (a sampled deal). */
void aai_table_with_hands(const aai_know *k, const gw_cards hands[GW_SEATS], aai_table *t);

/* The index in the trick of the card winning it now (ntrick > 0). */
int aai_winning_index(const aai_table *t);
/* True if no opponent of seat m still to play after m in this trick can
 * (or, for a hidden hand, is likely to) beat card c; when leading, c is the
 * card led. */
bool aai_safe(const aai_table *t, int m, gw_card c);
/* True if seat s is void in suit, or likely to be for a hidden hand. */
bool aai_void_likely(const aai_table *t, int s, int suit);

/* The cards the rules let a hand play to the current trick. */
gw_cards aai_legal(const aai_table *t, gw_cards hand);
/* The cards some sequence of commands makes an android with this hand play
 * to the trick (the lowest and highest of each suit when leading or void in
 * the suit led, and what duck, beat and high give). */
gw_cards aai_reachable(gw_cards hand, int trump, const gw_card *trick, int n);

/* The lowest card of hand equivalent to c (in hand): only cards in hand
 * or gone (played) lie between them. */
gw_card aai_equivalent_low(gw_cards hand, gw_cards gone, gw_card c);

/* The tactics' card for the seat to play, whose hand is known exactly
 * (may == must), among allowed (its legal cards, or for an android those it
 * can be commanded to play). Second hand low, third hand high, win cheaply
 * when the partner is not winning, never overtake a partner's sure winner,
 * discard low; lead trumps when long in them, cash sure winners, give the
 * partner a ruff, else lead from the longest suit. */
gw_card aai_card(const aai_table *t, gw_cards allowed);

/* Plays card c for the seat to play (a table with every hand known). */
void aai_play(aai_table *t, gw_card c);
/* Plays a known-hands table to the end with the tactics for all four seats
 * (androids limited to the cards commands can give); returns side's tricks
 * in the whole hand. */
int aai_rollout(aai_table *t, int side);

#endif

/* card.h: cards and sets of cards (64-bit masks), and their text notations. */
#ifndef GW_CARD_H
#define GW_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/status.h"

/* A card is suit * 16 + rank; ranks run 0 (the 2) to 12 (the ace). */
typedef uint8_t gw_card;
/* A set of cards: bit (suit * 16 + rank). Bits 13..15 of each suit are 0. */
typedef uint64_t gw_cards;

enum { GW_SPADES = 0, GW_HEARTS = 1, GW_DIAMONDS = 2, GW_CLUBS = 3, GW_SUITS = 4 };
enum { GW_RANK_2 = 0, GW_RANK_8 = 6, GW_RANK_T = 8, GW_RANK_J = 9, GW_RANK_A = 12, GW_RANKS = 13 };

#define GW_NO_CARD   ((gw_card)0xFF)
#define GW_SUIT_BITS ((gw_cards)0x1FFF)
#define GW_ALL_CARDS (GW_SUIT_BITS | GW_SUIT_BITS << 16 | GW_SUIT_BITS << 32 | GW_SUIT_BITS << 48)

/* Display orders of the suits (seed 003's "suit order" setting). */
typedef enum gw_suit_style {
    GW_ORDER_ALTERNATE = 0, /* trump first, then alternating colours */
    GW_ORDER_CLASSIC = 1    /* spades, hearts, diamonds, clubs */
} gw_suit_style;

/* The card of a suit and rank. */
static inline gw_card gw_card_make(int suit, int rank) { return (gw_card)(suit * 16 + rank); }
/* The suit of a card (GW_SPADES..GW_CLUBS). */
static inline int gw_card_suit(gw_card c) { return c >> 4; }
/* The rank of a card (0 = 2 .. 12 = ace). */
static inline int gw_card_rank(gw_card c) { return c & 15; }
/* True if c names one of the 52 cards. */
static inline bool gw_card_valid(gw_card c) { return (c & 15) < GW_RANKS && c < 64; }
/* The one-card set of c. */
static inline gw_cards gw_bit(gw_card c) { return (gw_cards)1 << c; }
/* All the cards of a suit. */
static inline gw_cards gw_suit_cards(int suit) { return GW_SUIT_BITS << (16 * suit); }
/* Number of cards in a set. */
static inline int gw_count(gw_cards s) {
#ifdef __POPCNT__
    return __builtin_popcountll(s);
#endif
    /* SWAR count: fast without a popcnt instruction, and compilers turn it
     * into one where the target has it. */
    s = s - ((s >> 1) & 0x5555555555555555ull);
    s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((s * 0x0101010101010101ull) >> 56);
}
extern const uint8_t GW_SELECT_IN_BYTE[256][8];

/* The k-th lowest card of a set (k from 0 to gw_count(s) - 1), in constant
 * time: byte-wise prefix counts find the byte, a table the bit. */
static inline gw_card gw_nth(gw_cards s, int k) {
    uint64_t c = s - ((s >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    uint64_t sums = c * 0x0101010101010101ull; /* byte i: cards in bytes 0..i */
    uint64_t below = (((uint64_t)(unsigned)k * 0x0101010101010101ull) | 0x8080808080808080ull) - sums;
    int byte = gw_count(below & 0x8080808080808080ull); /* bytes wholly before the k-th card */
    int before = (int)(((sums << 8) >> (8 * byte)) & 0xFF);
    return (gw_card)(8 * byte + GW_SELECT_IN_BYTE[(s >> (8 * byte)) & 0xFF][k - before]);
}

/* The lowest card of a non-empty set (lowest suit, then lowest rank). */
static inline gw_card gw_first(gw_cards s) { return (gw_card)__builtin_ctzll(s); }
/* The highest card of a non-empty set (highest suit, then highest rank). */
static inline gw_card gw_last(gw_cards s) { return (gw_card)(63 - __builtin_clzll(s)); }
/* True if the set holds c. */
static inline bool gw_has(gw_cards s, gw_card c) { return (s >> c) & 1; }

/* The rank character: '2'..'9', 'T', 'J', 'Q', 'K', 'A'. */
char gw_rank_char(int rank);
/* The suit character: 'S', 'H', 'D', 'C'. */
char gw_suit_char(int suit);
/* The suit's UTF-8 symbol: "♠", "♥", "♦", "♣". */
const char *gw_suit_symbol(int suit);
/* The suit's English name in the plural, lower case ("spades"). */
const char *gw_suit_name(int suit);
/* True for hearts and diamonds. */
bool gw_suit_is_red(int suit);
/* Parses a suit letter (S H D C, any case); -1 if not one. */
int gw_suit_parse(char c);

/* Parses one card: rank (A K Q J T 10 9..2, any case) then suit (S H D C,
 * any case, or ♠ ♥ ♦ ♣). s need not be NUL-terminated; len is its length. */
gw_status gw_card_parse(const char *s, size_t len, gw_card *out);
/* Writes the canonical form ("AS", "TH") and a NUL into out[3]. */
void gw_card_format(gw_card c, char out[3]);

/* Parses a whole card list in order ("AS KS,7H"), spaces and/or commas
 * between cards. At most max cards are stored. Fails on a bad token (err
 * names it and its 1-based column), a repeated card, or more than max cards. */
gw_status gw_cards_parse_list(const char *s, gw_card *out, int max, int *count, gw_error *err);

/* Parses a set in list form or in dotted form (suits S.H.D.C, "AK..7.2", "-"
 * or nothing for a void); the dotted form is recognised by its three dots. */
gw_status gw_cards_parse(const char *s, gw_cards *out, gw_error *err);

/* The four suits in display order for the given trump and style. */
void gw_suit_order(int trump, gw_suit_style style, int order[GW_SUITS]);

/* Writes the set as a list ("AS KS 7D 2C"), suits in the given order, high to
 * low within a suit, separated by sep. out has room for cap bytes (NUL
 * included; 157 always suffice). Returns the length. order may be NULL for
 * S H D C. */
int gw_cards_format_list(gw_cards s, const int *order, char sep, char *out, int cap);

/* Writes the set in dotted form ("AK..7.2"); "..." for the empty set. out has
 * room for cap bytes (60 always suffice). Returns the length. */
int gw_cards_format_dotted(gw_cards s, char *out, int cap);

#endif

/* card.c: single cards and card sets in text: parsing every notation, canonical output. */
#include "gw/card.h"

#include <string.h>

static const char RANK_CHARS[] = "23456789TJQKA";
static const char SUIT_CHARS[] = "SHDC";
static const char *const SUIT_SYMBOLS[] = {"\xE2\x99\xA0", "\xE2\x99\xA5", "\xE2\x99\xA6", "\xE2\x99\xA3"};
static const char *const SUIT_NAMES[] = {"spades", "hearts", "diamonds", "clubs"};

char gw_rank_char(int rank) { return (rank >= 0 && rank < GW_RANKS) ? RANK_CHARS[rank] : '?'; }
char gw_suit_char(int suit) { return (suit >= 0 && suit < GW_SUITS) ? SUIT_CHARS[suit] : '?'; }
const char *gw_suit_symbol(int suit) { return (suit >= 0 && suit < GW_SUITS) ? SUIT_SYMBOLS[suit] : "?"; }
const char *gw_suit_name(int suit) { return (suit >= 0 && suit < GW_SUITS) ? SUIT_NAMES[suit] : "?"; }
bool gw_suit_is_red(int suit) { return suit == GW_HEARTS || suit == GW_DIAMONDS; }

static char upper(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c; }

int gw_suit_parse(char c) {
    const char *p = strchr(SUIT_CHARS, upper(c));
    return (c && p) ? (int)(p - SUIT_CHARS) : -1;
}

/* Parses a rank at s (len bytes); returns its rank and sets *used, or -1. */
static int parse_rank(const char *s, size_t len, size_t *used) {
    if (len >= 2 && s[0] == '1' && s[1] == '0') {
        *used = 2;
        return GW_RANK_T;
    }
    if (len < 1 || s[0] == '\0') return -1;
    const char *p = strchr(RANK_CHARS, upper(s[0]));
    if (!p) return -1;
    *used = 1;
    return (int)(p - RANK_CHARS);
}

/* Parses a suit at s: a letter or a UTF-8 suit symbol; -1 if neither. */
static int parse_suit(const char *s, size_t len, size_t *used) {
    if (len >= 1) {
        int suit = gw_suit_parse(s[0]);
        if (suit >= 0) {
            *used = 1;
            return suit;
        }
    }
    for (int suit = 0; suit < GW_SUITS; suit++) {
        if (len >= 3 && memcmp(s, SUIT_SYMBOLS[suit], 3) == 0) {
            *used = 3;
            return suit;
        }
    }
    /* The white (outline) symbols: U+2664 ♤, U+2661 ♡, U+2662 ♢, U+2667 ♧. */
    static const char *const WHITE[] = {"\xE2\x99\xA4", "\xE2\x99\xA1", "\xE2\x99\xA2", "\xE2\x99\xA7"};
    for (int suit = 0; suit < GW_SUITS; suit++) {
        if (len >= 3 && memcmp(s, WHITE[suit], 3) == 0) {
            *used = 3;
            return suit;
        }
    }
    return -1;
}

gw_status gw_card_parse(const char *s, size_t len, gw_card *out) {
    size_t r_used = 0, s_used = 0;
    int rank = parse_rank(s, len, &r_used);
    if (rank < 0) return GW_EINVAL;
    int suit = parse_suit(s + r_used, len - r_used, &s_used);
    if (suit < 0 || r_used + s_used != len) return GW_EINVAL;
    *out = gw_card_make(suit, rank);
    return GW_OK;
}

void gw_card_format(gw_card c, char out[3]) {
    out[0] = gw_rank_char(gw_card_rank(c));
    out[1] = gw_suit_char(gw_card_suit(c));
    out[2] = '\0';
}

static bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; }

gw_status gw_cards_parse_list(const char *s, gw_card *out, int max, int *count, gw_error *err) {
    gw_cards seen = 0;
    int n = 0;
    size_t i = 0, len = strlen(s);
    while (i < len) {
        if (is_separator(s[i])) {
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && !is_separator(s[i]))
            i++;
        gw_card c;
        int col = (int)start + 1;
        if (gw_card_parse(s + start, i - start, &c) != GW_OK) {
            char token[24];
            size_t tl = i - start < sizeof token - 1 ? i - start : sizeof token - 1;
            memcpy(token, s + start, tl);
            token[tl] = '\0';
            return gw_error_set(err, GW_EINVAL, 0, col, "'%s' is not a card", token);
        }
        if (gw_has(seen, c)) return gw_error_set(err, GW_EINVAL, 0, col, "%C appears twice", c);
        if (n >= max) return gw_error_set(err, GW_EINVAL, 0, col, "more than %d cards", max);
        seen |= gw_bit(c);
        out[n++] = c;
    }
    *count = n;
    return GW_OK;
}

static gw_status parse_dotted(const char *s, gw_cards *out, gw_error *err) {
    gw_cards set = 0;
    int suit = 0;
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        size_t used = 0;
        int rank;
        if (c == '.') {
            suit++;
            continue;
        }
        if (c == '-' || c == ' ') continue;
        rank = parse_rank(s + i, len - i, &used);
        if (rank < 0 || suit >= GW_SUITS)
            return gw_error_set(err, GW_EINVAL, 0, (int)i + 1,
                                "'%c' is not a rank in the dotted form S.H.D.C", c);
        gw_card card = gw_card_make(suit, rank);
        if (gw_has(set, card)) return gw_error_set(err, GW_EINVAL, 0, (int)i + 1, "%C appears twice", card);
        set |= gw_bit(card);
        i += used - 1;
    }
    *out = set;
    return GW_OK;
}

gw_status gw_cards_parse(const char *s, gw_cards *out, gw_error *err) {
    int dots = 0;
    for (const char *p = s; *p; p++)
        dots += *p == '.';
    if (dots == 3) return parse_dotted(s, out, err);
    if (dots != 0)
        return gw_error_set(err, GW_EINVAL, 0, 0,
                            "'%s' is neither a card list nor the dotted form S.H.D.C (3 dots)", s);
    gw_card cards[GW_RANKS * GW_SUITS];
    int n = 0;
    gw_status st = gw_cards_parse_list(s, cards, GW_RANKS * GW_SUITS, &n, err);
    if (st != GW_OK) return st;
    gw_cards set = 0;
    for (int i = 0; i < n; i++)
        set |= gw_bit(cards[i]);
    *out = set;
    return GW_OK;
}

void gw_suit_order(int trump, gw_suit_style style, int order[GW_SUITS]) {
    if (style == GW_ORDER_CLASSIC || trump < 0 || trump >= GW_SUITS) {
        for (int i = 0; i < GW_SUITS; i++)
            order[i] = i;
        return;
    }
    /* Trump first, then alternate colours: black trump -> H, (other black), D;
     * red trump -> S, (other red), C. */
    static const int AFTER[GW_SUITS][3] = {
        {GW_HEARTS, GW_CLUBS, GW_DIAMONDS},  /* spades */
        {GW_SPADES, GW_DIAMONDS, GW_CLUBS},  /* hearts */
        {GW_SPADES, GW_HEARTS, GW_CLUBS},    /* diamonds */
        {GW_HEARTS, GW_SPADES, GW_DIAMONDS}, /* clubs */
    };
    order[0] = trump;
    for (int i = 0; i < 3; i++)
        order[i + 1] = AFTER[trump][i];
}

int gw_cards_format_list(gw_cards s, const int *order, char sep, char *out, int cap) {
    static const int PLAIN[GW_SUITS] = {0, 1, 2, 3};
    if (!order) order = PLAIN;
    int len = 0;
    for (int i = 0; i < GW_SUITS; i++) {
        for (int rank = GW_RANKS - 1; rank >= 0; rank--) {
            gw_card c = gw_card_make(order[i], rank);
            if (!gw_has(s, c)) continue;
            if (len > 0 && len + 1 < cap) out[len++] = sep;
            if (len + 2 < cap) {
                gw_card_format(c, out + len);
                len += 2;
            }
        }
    }
    if (cap > 0) out[len < cap ? len : cap - 1] = '\0';
    return len;
}

int gw_cards_format_dotted(gw_cards s, char *out, int cap) {
    int len = 0;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        if (suit > 0 && len + 1 < cap) out[len++] = '.';
        for (int rank = GW_RANKS - 1; rank >= 0; rank--) {
            if (gw_has(s, gw_card_make(suit, rank)) && len + 1 < cap) out[len++] = gw_rank_char(rank);
        }
    }
    if (cap > 0) out[len < cap ? len : cap - 1] = '\0';
    return len;
}

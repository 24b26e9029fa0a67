/* command.c: the names of seats and commands, and the androids' errors in words. */
#include <string.h>

#include "gw/android.h"

static const char *const NAMES[GW_CMD_COUNT] = {"duck",       "beat",          "high",        "spades",
                                                "hearts",     "diamonds",      "clubs",       "shortest",
                                                "longest",    "high-spades",   "high-hearts", "high-diamonds",
                                                "high-clubs", "high-shortest", "high-longest"};

char gw_seat_char(int s) { return s >= 0 && s < GW_SEATS ? "DLXN"[s] : '?'; }

const char *gw_android_command_name(gw_android_command c) {
    return (unsigned)c < GW_CMD_COUNT ? NAMES[c] : "?";
}

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

bool gw_android_command_parse(const char *s, size_t len, gw_android_command *out) {
    char word[16];
    if (len == 0 || len >= sizeof word) return false;
    for (size_t i = 0; i < len; i++)
        word[i] = lower(s[i]);
    word[len] = '\0';
    if (len > 5 && memcmp(word, "high ", 5) == 0) word[4] = '-';
    for (int c = 0; c < GW_CMD_COUNT; c++) {
        if (strcmp(word, NAMES[c]) == 0) {
            *out = (gw_android_command)c;
            return true;
        }
    }
    return false;
}

/* The suits of the hand that are `length` cards long among `suits` (a bit
 * per suit), written as "clubs and diamonds" or "spades, hearts and clubs". */
static int suits_of_length(gw_cards hand, unsigned suits, int length, char *out, int cap) {
    const char *names[GW_SUITS];
    int n = 0;
    for (int s = 0; s < GW_SUITS; s++)
        if ((suits >> s & 1) && gw_count(hand & gw_suit_cards(s)) == length) names[n++] = gw_suit_name(s);
    if (n == 2) return gw_format(out, cap, "%s and %s", names[0], names[1]);
    if (n == 3) return gw_format(out, cap, "%s, %s and %s", names[0], names[1], names[2]);
    return gw_format(out, cap, "%s, %s, %s and %s", names[0], names[1], names[2], names[3]);
}

/* The length of the shortest (or longest) non-empty suit among `suits`. */
static int extreme_length(gw_cards hand, unsigned suits, bool longest) {
    int best = longest ? 0 : GW_RANKS + 1;
    for (int s = 0; s < GW_SUITS; s++) {
        int n = gw_count(hand & gw_suit_cards(s));
        if (!(suits >> s & 1) || n == 0) continue;
        if (longest ? n > best : n < best) best = n;
    }
    return best;
}

int gw_android_answer_text(const gw_android_situation *s, gw_android_command c, gw_android_answer a,
                           char *out, int cap) {
    int led = s->nplayed > 0 ? gw_card_suit(s->trick[0]) : -1;
    unsigned plain = 0xFu & ~(1u << s->trump);
    char list[64];
    switch (a) {
    case GW_ANSWER_CARD: return gw_format(out, cap, "plays a card");
    case GW_ANSWER_NO_LED_SUIT: return gw_format(out, cap, "holds no %s, the suit led", gw_suit_name(led));
    case GW_ANSWER_CANNOT_BEAT:
        return gw_format(out, cap, "cannot beat %C and holds no %s, the suit led",
                         gw_android_winning_card(s->trump, s->trick, s->nplayed), gw_suit_name(led));
    case GW_ANSWER_VOID_SUIT: {
        int suit = c >= GW_CMD_HIGH_SPADES ? (int)c - GW_CMD_HIGH_SPADES : (int)c - GW_CMD_SPADES;
        return gw_format(out, cap, "holds no %s", gw_suit_name(suit));
    }
    case GW_ANSWER_MUST_FOLLOW: {
        gw_android_situation leading = *s;
        leading.nplayed = 0; /* the card the command names, were it leading */
        gw_android_outcome o = gw_android_evaluate(&leading, c);
        return gw_format(out, cap, "it would play %C but holds %s, the suit led", o.card, gw_suit_name(led));
    }
    case GW_ANSWER_SHORTEST_TIE: {
        int n = extreme_length(s->hand, plain, false);
        suits_of_length(s->hand, plain, n, list, (int)sizeof list);
        return gw_format(out, cap, "%s tie for shortest, %d card%s each", list, n, n == 1 ? "" : "s");
    }
    case GW_ANSWER_NO_PLAIN_SUIT:
        return gw_format(out, cap, "holds only trumps, so no shortest non-trump suit");
    case GW_ANSWER_LONGEST_TIE: {
        int n = extreme_length(s->hand, 0xFu, true);
        suits_of_length(s->hand, 0xFu, n, list, (int)sizeof list);
        return gw_format(out, cap, "%s tie for longest, %d card%s each", list, n, n == 1 ? "" : "s");
    }
    case GW_ANSWER_NOT_LEADING:
        return gw_format(out, cap,
                         "duck, beat and high are for following; a leader is told a suit, shortest or "
                         "longest");
    case GW_ANSWER_NOT_NOW:
        return gw_format(out, cap,
                         "a suit, shortest and longest are for leading or right after an error; a "
                         "follower is told duck, beat or high");
    }
    return gw_format(out, cap, "unknown answer");
}

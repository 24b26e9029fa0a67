/* evaluate.c: the card an android plays for a command, or its error (seed 002, section 4). */
#include "gw/android.h"

gw_card gw_android_winning_card(int trump, const gw_card *trick, int n) {
    gw_card best = trick[0];
    for (int i = 1; i < n; i++)
        if (gw_trick_winner(trump, best, trick[i])) best = trick[i];
    return best;
}

static gw_android_outcome card(gw_card c) { return (gw_android_outcome){GW_ANSWER_CARD, c}; }
static gw_android_outcome answer(gw_android_answer a) { return (gw_android_outcome){a, GW_NO_CARD}; }

/* The cards of one suit that rank above card c (of that suit). */
static gw_cards above(gw_card c) { return gw_suit_cards(gw_card_suit(c)) & ~((gw_bit(c) << 1) - 1); }

/* duck, beat and high: the android follows a trick that has a card in it. */
static gw_android_outcome follow(const gw_android_situation *s, gw_android_command c) {
    int led = gw_card_suit(s->trick[0]);
    gw_card winning = gw_android_winning_card(s->trump, s->trick, s->nplayed);
    bool trumped = gw_card_suit(winning) == s->trump;
    gw_cards suit = s->hand & gw_suit_cards(led);
    if (c == GW_CMD_DUCK) return suit ? card(gw_first(suit)) : answer(GW_ANSWER_NO_LED_SUIT);
    /* The cards that beat the winning card, as the rules let it play them:
     * its own suit if it holds the suit led, else its trumps. Trumps rank
     * above every other card. */
    gw_cards beaters;
    if (suit)
        beaters = gw_card_suit(winning) == led ? suit & above(winning) : 0;
    else
        beaters = s->hand & (trumped ? above(winning) : gw_suit_cards(s->trump));
    if (beaters) return card(c == GW_CMD_BEAT ? gw_first(beaters) : gw_last(beaters));
    return suit ? card(gw_first(suit)) : answer(GW_ANSWER_CANNOT_BEAT);
}

/* The suit a suit, shortest or longest command names, or an error. */
static gw_android_answer named_suit(const gw_android_situation *s, gw_android_command c, int *suit) {
    int base = c >= GW_CMD_HIGH_SPADES ? (int)c - (GW_CMD_HIGH_SPADES - GW_CMD_SPADES) : (int)c;
    if (base <= GW_CMD_CLUBS) {
        *suit = base - GW_CMD_SPADES;
        return s->hand & gw_suit_cards(*suit) ? GW_ANSWER_CARD : GW_ANSWER_VOID_SUIT;
    }
    bool longest = base == GW_CMD_LONGEST;
    int best = -1, best_len = 0, ties = 0;
    for (int k = 0; k < GW_SUITS; k++) {
        int n = gw_count(s->hand & gw_suit_cards(k));
        if (n == 0 || (!longest && k == s->trump)) continue;
        if (best < 0 || (longest ? n > best_len : n < best_len)) {
            best = k;
            best_len = n;
            ties = 0;
        } else if (n == best_len) {
            ties++;
        }
    }
    if (best < 0) return GW_ANSWER_NO_PLAIN_SUIT; /* only "shortest" can find no suit */
    if (ties) return longest ? GW_ANSWER_LONGEST_TIE : GW_ANSWER_SHORTEST_TIE;
    *suit = best;
    return GW_ANSWER_CARD;
}

gw_android_outcome gw_android_evaluate(const gw_android_situation *s, gw_android_command c) {
    bool leading = s->nplayed == 0;
    if (gw_android_command_follows(c)) return leading ? answer(GW_ANSWER_NOT_LEADING) : follow(s, c);
    if (!leading && !s->after_error) return answer(GW_ANSWER_NOT_NOW);
    int suit = 0;
    gw_android_answer a = named_suit(s, c, &suit);
    if (a != GW_ANSWER_CARD) return answer(a);
    gw_cards cards = s->hand & gw_suit_cards(suit);
    gw_card chosen = c >= GW_CMD_HIGH_SPADES ? gw_last(cards) : gw_first(cards);
    /* Following, a card of another suit than the one led is only legal when
     * void in the suit led. */
    int led = leading ? suit : gw_card_suit(s->trick[0]);
    if (suit != led && (s->hand & gw_suit_cards(led))) return answer(GW_ANSWER_MUST_FOLLOW);
    return card(chosen);
}

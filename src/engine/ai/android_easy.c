/* android_easy.c: the Android Whist level `easy`: whist tactics for its cards, and commands that carry them
 * out. */
#include "android_levels.h"
#include "android_tactics.h"

/* Second hand asks its android to cover a card led this high (jack). */
#define COVER_RANK GW_RANK_J

#define BIT(c) (1u << (c))

/* The android's situation were its hand `hand`. */
static gw_android_situation situation(const aai_know *k, gw_cards hand) {
    gw_android_situation s = {.hand = hand,
                              .trump = k->trump,
                              .nplayed = k->ntrick < 3 ? k->ntrick : 3,
                              .after_error = k->errors > 0};
    for (int i = 0; i < 3; i++)
        s.trick[i] = i < s.nplayed ? k->trick[i] : GW_NO_CARD;
    return s;
}

/* The android's hand is known: the tactics' card, and the first open
 * command that plays it; if none does (a discard while void in the suit
 * led, no error yet), duck, whose error opens the suit commands. */
static int exact_command(const aai_know *k, const aai_table *t, unsigned open) {
    gw_cards hand = k->may[k->android];
    gw_card want = aai_card(t, aai_reachable(hand, k->trump, t->trick, t->ntrick));
    gw_android_situation s = situation(k, hand);
    for (int c = 0; c < GW_CMD_COUNT; c++) {
        if (!(open & BIT(c))) continue;
        gw_android_outcome o = gw_android_evaluate(&s, (gw_android_command)c);
        if (o.answer == GW_ANSWER_CARD && o.card == want) return c;
    }
    if (open & BIT(GW_CMD_DUCK)) return GW_CMD_DUCK;
    return __builtin_ctz(open);
}

/* The suit a suit command names (low or high form). */
static int named_suit(int c) {
    return (c >= GW_CMD_HIGH_SPADES ? c - GW_CMD_HIGH_SPADES : c - GW_CMD_SPADES);
}
static bool is_suit_command(int c) {
    return (c >= GW_CMD_SPADES && c <= GW_CMD_CLUBS) || (c >= GW_CMD_HIGH_SPADES && c <= GW_CMD_HIGH_CLUBS);
}

/* True if command c fails whatever the android holds among the cards it may. */
static bool certain_to_fail(const aai_know *k, int c) {
    gw_cards may = k->may[k->android];
    if (is_suit_command(c)) return !(may & gw_suit_cards(named_suit(c)));
    if (c > GW_CMD_HIGH || k->ntrick == 0) return false;
    int led = gw_card_suit(k->trick[0]);
    if (may & gw_suit_cards(led)) return false;
    if (c == GW_CMD_DUCK) return true;
    gw_card w = gw_android_winning_card(k->trump, k->trick, k->ntrick);
    gw_cards ruffers = gw_card_suit(w) == k->trump ? aai_above(w) : gw_suit_cards(k->trump);
    return !(may & ruffers);
}

/* Appends the discards: the plain suits it may hold, most possible cards
 * first (a long suit spares its low cards best), then trumps. */
static int add_discards(const aai_know *k, int *list, int n) {
    gw_cards may = k->may[k->android];
    bool used[GW_SUITS] = {false, false, false, false};
    for (int round = 0; round < GW_SUITS - 1; round++) {
        int best = -1;
        for (int s = 0; s < GW_SUITS; s++)
            if (!used[s] && s != k->trump &&
                (best < 0 || gw_count(may & gw_suit_cards(s)) > gw_count(may & gw_suit_cards(best))))
                best = s;
        if (best < 0) break;
        used[best] = true;
        list[n++] = GW_CMD_SPADES + best;
    }
    list[n++] = GW_CMD_SPADES + k->trump;
    return n;
}

/* The commands easy wants, in order, when the android's hand is not known. */
static int wishes(const aai_know *k, const aai_table *t, int *list) {
    int a = k->android, n = 0;
    gw_cards may = k->may[a], must = k->must[a];
    if (t->ntrick == 0) {
        for (int s = 0; s < GW_SUITS; s++) { /* cash a top card it surely holds */
            gw_cards left = gw_suit_cards(s) & ~k->played;
            if (s != k->trump && left && gw_has(must, gw_last(left)) && aai_safe(t, a, gw_last(left)))
                list[n++] = GW_CMD_HIGH_SPADES + s;
        }
        gw_cards mine = k->may[k->me], trumps = gw_suit_cards(k->trump);
        for (int s = 0; s < GW_SUITS; s++) { /* lead to the human's sure winner, or for a ruff */
            gw_cards in = mine & gw_suit_cards(s);
            if (s == k->trump || !(may & gw_suit_cards(s))) continue;
            bool master = in && aai_safe(t, a, gw_last(in));
            bool ruff = !in && (mine & trumps) && !aai_void_likely(t, gw_seat_next(k->me), s);
            if (master || ruff) list[n++] = GW_CMD_SPADES + s;
        }
        list[n++] = GW_CMD_LONGEST;
        return add_discards(k, list, n);
    }
    int led = gw_card_suit(t->trick[0]);
    int wi = aai_winning_index(t);
    bool partner_wins = gw_seat_side((t->leader + wi) % GW_SEATS) == gw_seat_side(a);
    bool opp_after = false;
    for (int i = t->ntrick + 1; i < GW_SEATS; i++)
        if (gw_seat_side((t->leader + i) % GW_SEATS) != gw_seat_side(a)) opp_after = true;
    bool known_void = !(may & gw_suit_cards(led));
    if (partner_wins && (!opp_after || aai_safe(t, a, t->trick[wi]))) {
        list[n++] = GW_CMD_DUCK; /* low */
    } else if (!opp_after || (t->ntrick == 1 && (known_void || gw_card_rank(t->trick[0]) >= COVER_RANK))) {
        list[n++] = GW_CMD_BEAT; /* win cheaply */
    } else if (t->ntrick == 1) {
        list[n++] = GW_CMD_DUCK; /* second hand low */
    } else {
        if (!known_void) list[n++] = GW_CMD_HIGH; /* third hand high */
        list[n++] = GW_CMD_BEAT;
    }
    return add_discards(k, list, n);
}

/* The first wish that is open and not certain to fail; a void android with
 * no error yet that must discard is first told duck (its error opens the
 * suit commands). */
static int partial_command(const aai_know *k, const aai_table *t, unsigned open) {
    int list[3 * GW_CMD_COUNT];
    int n = wishes(k, t, list);
    bool unlock = false;
    for (int i = 0; i < n; i++) {
        int c = list[i];
        if (k->failed & BIT(c)) continue;
        if (!(open & BIT(c))) {
            unlock = unlock || is_suit_command(c);
            continue;
        }
        if (!certain_to_fail(k, c)) return c;
    }
    if (unlock && (open & BIT(GW_CMD_DUCK))) return GW_CMD_DUCK;
    for (unsigned rest = open; rest; rest &= rest - 1)
        if (!certain_to_fail(k, __builtin_ctz(rest))) return __builtin_ctz(rest);
    return __builtin_ctz(open);
}

gw_android_action aai_easy(const aai_know *k) {
    aai_table t;
    aai_table_from_know(k, &t);
    if (aai_turn(&t) == k->me) return aai_card_action(aai_card(&t, aai_legal(&t, k->may[k->me])));
    unsigned open = aai_commands_open(k);
    int a = k->android;
    if (k->may[a] == k->must[a]) return aai_command_action(exact_command(k, &t, open));
    return aai_command_action(partial_command(k, &t, open));
}

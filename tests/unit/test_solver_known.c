/* test_solver_known.c: hand-made endgames with known values, checked by brute force; solver reuse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/solver.h"
#include "gw_test.h"

/* ---- Brute force: plain minimax over every legal card, no pruning, no table. ----
 * It restates the trick rule itself (it does not use gw_trick_winner): the
 * follower wins with a higher card of the suit led, or with a trump when the
 * led card is not one; otherwise the leader wins. */

static bool bf_follower_wins(int trump, gw_card led, gw_card follow) {
    if (gw_card_suit(follow) == gw_card_suit(led)) return gw_card_rank(follow) > gw_card_rank(led);
    return gw_card_suit(follow) == trump;
}

/* The cards the follower may play to `led`: its cards of that suit, else any. */
static gw_cards bf_legal(gw_cards hand, gw_card led) {
    gw_cards same = hand & gw_suit_cards(gw_card_suit(led));
    return same ? same : hand;
}

static int bf_start(int trump, gw_cards leader, gw_cards other);

/* The leader's tricks (this one included) once `led` and `follow` are played;
 * the hands no longer hold them. */
static int bf_after(int trump, gw_cards leader, gw_cards other, gw_card led, gw_card follow) {
    int rest = gw_count(leader);
    if (bf_follower_wins(trump, led, follow)) return rest - bf_start(trump, other, leader);
    return 1 + bf_start(trump, leader, other);
}

/* The leader's tricks once `led` is played (leader no longer holds it): the worst reply. */
static int bf_led(int trump, gw_cards leader, gw_cards other, gw_card led) {
    int best = 99;
    for (gw_cards l = bf_legal(other, led); l; l &= l - 1) {
        gw_card f = gw_first(l);
        int v = bf_after(trump, leader, other & ~gw_bit(f), led, f);
        if (v < best) best = v;
    }
    return best;
}

/* The leader's tricks with the leader to play: the best lead. */
static int bf_start(int trump, gw_cards leader, gw_cards other) {
    int best = 0;
    for (gw_cards l = leader; l; l &= l - 1) {
        gw_card c = gw_first(l);
        int v = bf_led(trump, leader & ~gw_bit(c), other, c);
        if (v > best) best = v;
    }
    return best;
}

/* Every legal card's value for the player to move, in the order S H D C,
 * high to low (the order of gw_solve_cards); returns how many. */
static int bf_cards(const gw_position *p, gw_card_value *out) {
    int n = 0;
    gw_cards mover = p->led == GW_NO_CARD ? p->leader : bf_legal(p->other, p->led);
    for (int suit = 0; suit < GW_SUITS; suit++) {
        for (int rank = GW_RANKS - 1; rank >= 0; rank--) {
            gw_card c = gw_card_make(suit, rank);
            if (!gw_has(mover, c)) continue;
            int v = p->led == GW_NO_CARD ? bf_led(p->trump, p->leader & ~gw_bit(c), p->other, c)
                                         : bf_after(p->trump, p->leader, p->other & ~gw_bit(c), p->led, c);
            out[n++] = (gw_card_value){c, v};
        }
    }
    return n;
}

/* The position's value from its card values: the leader picks the best lead,
 * the other player the reply worst for the leader. */
static int bf_value(const gw_position *p, const gw_card_value *vals, int n) {
    int best = p->led == GW_NO_CARD ? -1 : 99;
    for (int i = 0; i < n; i++)
        if (p->led == GW_NO_CARD ? vals[i].tricks > best : vals[i].tricks < best) best = vals[i].tricks;
    return best;
}

/* ---- The known positions. ----
 * "L" is the player on lead to the current trick (the leader), "O" the other
 * player; values are always L's tricks from here, this trick included. Hands
 * are in dotted form, S.H.D.C. "[small]" in a name marks a position that
 * uses only the small deck's cards (8 to ace); the test checks it. Where a trump suit is named that nobody
 * holds, the position is in effect played without trumps. */

typedef struct known_position {
    const char *name;
    char trump;         /* 'S', 'H', 'D' or 'C' */
    const char *leader; /* L's hand, without the led card */
    const char *other;  /* O's hand */
    const char *led;    /* the card L already led, or NULL with L to play */
    int value;
    const char *cards; /* every legal card's value: "KS=3 AH=1", order S H D C, high to low */
} known_position;

static const known_position KNOWN[] = {
    /* Tempo and entries [small]: L must knock out O's AS while L still holds
     * the AH as a way back. KS: O's AS wins and O must lead a heart into L's
     * AH; QS JS then win: 3. The greedy AH first: O follows, L must now lead a
     * spade, O wins the AS and cashes KQ of hearts: 1. */
    {"tempo: knock out the stopper while the side ace is an entry [small]", 'C', "KQJ.A..", "A.KQJ..", NULL,
     3, "KS=3 QS=3 JS=3 AH=1"},
    /* Tempo race with two stoppers each [small]: L's QJT9 against O's AK of
     * spades, O's QJT9 against L's AK of hearts. Whoever attacks first wins
     * the race: L leads a spade (giving up a trick), O wins and must let L in
     * with a heart ace; L leads spades again, O wins the second stopper and
     * leads into L's last heart stopper; L cashes the last two spades: 2
     * hearts + 2 spades = 4. Cashing a heart ace first lets O win the race:
     * AH, spade to O, O's heart to L's KH, spade to O, and O's JT of hearts
     * win: 2. */
    {"tempo: a race with two stoppers each, attack first [small]", 'C', "QJT9.AK..", "AK.QJT9..", NULL, 4,
     "QS=4 JS=4 TS=4 9S=4 AH=2 KH=2"},
    /* The same race with three stoppers, seven cards each [small]. Attacking
     * spades first: L wins AKQ of hearts and, once O's AKQ of spades are gone,
     * the 8S: 4. A heart first: 3 (L's hearts only, O's hearts win the race). */
    {"tempo: a seven-card race with three stoppers each [small]", 'C', "JT98.AKQ..", "AKQ.JT98..", NULL, 4,
     "JS=4 TS=4 9S=4 8S=4 AH=3 KH=3 QH=3"},
    /* Throw-in [small]: L's AQ of spades sit over O's K9; whoever leads
     * spades gives a trick away. The low heart is the only right card: O wins
     * the AH and must lead a spade into the AQ: 2. The greedy AS: O follows 9,
     * and the QS later loses to the K: 1. QS at once loses to the K: 1. */
    {"low card: exit with the loser, O must lead into the tenace [small]", 'C', "AQ.8..", "K9.A..", NULL, 2,
     "AS=1 QS=1 8H=2"},
    /* Squeeze [small]. L: AS (the squeeze card), AQ of hearts, QD. O guards
     * hearts with K9 (the K must not fall under the A) and diamonds with the
     * KD, and needs the 9D as a safe exit. On the AS O must discard: a heart
     * and L's hearts run (AH drops the K, QH wins); the KD, and the QD wins;
     * the 9D and L leads the QD to the K, O must lead a heart into the AQ.
     * Each way 3. The timing matters: AH first (O follows 9), then the AS
     * squeezes nothing (O discards the 9D keeping both kings): 2. QH at once
     * loses to the K and O cashes KD and exits: 1. QD first: O wins, exits
     * with the 9D (L lets the AS go), and must then lead into the AQ: 2. */
    {"squeeze: hearts guard against diamond exit, AS first [small]", 'C', "A.AQ.Q.", ".K9.K9.", NULL, 3,
     "AS=3 AH=2 QH=1 QD=2"},
    /* Squeeze against O's own winners [small]: O holds K9 of hearts (the
     * guard) and AK of diamonds (two winners O cashes once in). On the AS O
     * must let go a heart (L's hearts run: 3) or a diamond king (L exits with
     * the 8D to the other diamond and O must lead a heart into the AQ: 3).
     * AH first: O follows with the 9H and can then spare a diamond on the
     * AS: 2. The 8D at once: O wins, cashes the other diamond (L lets the AS
     * go) and must lead a heart into the AQ: 2. QH at once: O wins the K and
     * cashes AK of diamonds: 1. */
    {"squeeze: heart guard against O's own diamond winners [small]", 'C', "A.AQ.8.", ".K9.AK.", NULL, 3,
     "AS=3 AH=2 QH=1 8D=2"},
    /* The same squeeze with a spare round [small]: O follows to the first
     * spade (QS), the second one squeezes. AS or KS: 4. AH first: O follows
     * with the 9H and keeps both kings on the spades: 3. QD first: O wins the
     * K and exits with the 9D; L lets the QH go and makes AS KS AH: 3. QH
     * first: O wins the K, cashes the KD and exits with the 9D, and L keeps
     * only two of AS KS AH: 2. */
    {"squeeze: the second top spade squeezes [small]", 'C', "AK.AQ.Q.", "Q.K9.K9.", NULL, 4,
     "AS=4 KS=4 AH=3 QH=2 QD=3"},
    /* Trump control: draw trumps before cashing side winners. Spades trump.
     * AS KS draw O's QJ, then AK of hearts: 4. AH first: O (void in hearts)
     * ruffs with a trump and leads a diamond, L ruffs; L has one trump left
     * for O's last one and the KH: 3. */
    {"trump control: draw trumps first", 'S', "AK.AK..", "QJ..32.", NULL, 4, "AS=4 KS=4 AH=3 KH=3"},
    /* Trump control: lead a losing trump. L's KQJ of trumps against O's A2.
     * KS: O wins the A (ducking is no better), leads a diamond, L ruffs with
     * the J, draws the 2 with the Q and cashes the AH: 3. AH first: O ruffs
     * with the 2S; of L's three trumps one falls to the AS and two ruff
     * diamonds: 2. */
    {"trump control: lead a losing trump to draw the small one", 'S', "KQJ.A..", "A2..32.", NULL, 3,
     "KS=3 QS=3 JS=3 AH=2"},
    /* Trump control: do not lead trumps into the master trump. L's KS is the
     * only trump against O's AS; O is void in hearts. KS: O wins the A and
     * both diamonds: 0. AH: if O ruffs with the A, O must lead a diamond and
     * L ruffs with the K and cashes the KH; if O discards, L leads the KH,
     * O ruffs and leads a diamond, L ruffs: 2 either way. */
    {"trump control: keep the small trump to ruff, not to lead", 'S', "K.AK..", "A..32.", NULL, 2,
     "KS=0 AH=2 KH=2"},
    /* Entries with a trump: L's only entry is the 2S (trump). KH first: O
     * must win the AH and lead a diamond; L ruffs with the 2S and cashes QJ
     * of hearts: 3. Leading the trump first wastes the entry: O discards, L
     * must lead a heart, O wins the A and cashes its diamonds: 1. */
    {"entries: the small trump is the way back to the long suit", 'S', "2.KQJ..", ".A.AKQ.", NULL, 3,
     "2S=1 KH=3 QH=3 JH=3"},
    /* Quick tricks are not tricks: L's AKQ of hearts against O's three
     * trumps (O void in hearts). O ruffs the first heart and leads trumps: 0. */
    {"bounds: three top cards, no tricks", 'S', ".AKQ..", "432...", NULL, 0, "AH=0 KH=0 QH=0"},
    /* Sure losers are not losers: L's 3 and 2 of trumps against O's AK of
     * spades (no trumps, no hearts): O can never follow or ruff: 2. */
    {"bounds: two small trumps win every trick", 'H', ".32..", "AK...", NULL, 2, "3H=2 2H=2"},
    /* Draw with the right small trump: L's 4S and 2S against O's single 3S.
     * The 4S draws it and L's 2S and diamonds win: 4. The 2S loses to the 3S
     * and O leads a heart, L ruffs with the 4: 3. A diamond first: O ruffs
     * with the 3S, leads a heart, L ruffs and wins the rest: 3. */
    {"trump control: draw with the 4, not the 2", 'S', "42..95.", "3.J98..", NULL, 4, "4S=4 2S=3 9D=3 5D=3"},
    /* Trump tenace: L's AQ73 of trumps against O's K654. The side loser JH
     * first: O must win with the KH and lead trumps into the AQ: L wins A, Q
     * and the 7 over O's 6 5 4: 3. The AS first: O plays low and its K is
     * now the top trump; O wins the KH, and the K and the 6 take two of the
     * three trump tricks against L's Q73: 2. */
    {"trump control: exit with the side loser, O leads into the trump tenace", 'S', "AQ73.J..", "K654.K..",
     NULL, 3, "AS=2 QS=2 7S=2 3S=2 JH=3"},
    /* Draw the last trump, then squeeze with the other: O's 2S is its only
     * trump. AS (or 3S) draws it, the other spade squeezes O as in the
     * no-trump squeeze above (hearts K2 against the diamond K and exit 2): 4
     * of 5. AH first: O follows; after the spades O keeps both kings: 3. QH
     * first: O wins the K, leads the KD then the 2D, L ruffs and makes AS and
     * AH: 3. QD first: O wins the K and exits with the 2D, L ruffs, then AS and
     * AH: 3. */
    {"squeeze after drawing the last trump", 'S', "A3.AQ.Q.", "2.K2.K2.", NULL, 4,
     "AS=4 3S=4 AH=3 QH=3 QD=3"},
    /* Six cards each [small]: hearts trump. Drawing trumps
     * first (AH KH take O's J T) leaves L winning all 6. A spade first: O
     * ruffs, leads a diamond, L ruffs with the QH and has only AH KH and two
     * spades left against O's JH: 5. */
    {"trump control: draw trumps before running the side suit [small]", 'H', "AKQ.AKQ..", ".JT.AKQJ.", NULL,
     6, "AS=5 KS=5 QS=5 AH=6 KH=6 QH=6"},

    /* ---- Mid-trick: L has led, O is to play. ---- */

    /* Ruff low, keep the ace: L led the AH (spades trump); O is void in
     * hearts. The 2S ruff: O then draws L's KS with the AS and wins the 2D:
     * L 0. The AS ruff: L's KS wins a later trick: 1. Discarding the 2D: L's
     * AH wins: 1. */
    {"mid-trick: ruff low and keep the ace to draw trumps", 'S', "K.K..", "A2..2.", "AH", 0,
     "AS=1 2S=0 2D=1"},
    /* Win cheaply: L led the 2H holding the KH; O's QH wins and O's AH
     * later beats the KH; L makes only the AS: 1. The greedy AH lets L's KH
     * beat the QH: 2. */
    {"mid-trick: win with the cheapest card", 'C', "A.K..", "2.AQ..", "2H", 1, "AH=2 QH=1"},
    /* Overtrump cheaply: L led the 9S (spades trump) holding the KS. O's TS
     * wins, then the AS draws the K and L makes only the AH: 1. Winning with
     * the AS leaves the TS under the K: 2. */
    {"mid-trick: follow to a led trump with the cheapest winner", 'S', "K.A..", "AT.2..", "9S", 1,
     "AS=2 TS=1"},
    /* Do not waste the king under the ace: L led the AH holding the QH.
     * Following with the 2H keeps the KH over the Q: L makes AH and the 3S
     * (over O's 2S): 2. The KH makes L's QH good: 3. */
    {"mid-trick: low card, do not waste the king under the ace", 'C', "3.Q..", "2.K2..", "AH", 2,
     "KH=3 2H=2"},
    /* Win to keep the exit: L led the 3D; spades AQ (L) against KJ (O), and
     * whoever must lead spades loses a trick. O wins with the 4D and exits
     * with the 2D to L's 5D, so L must lead spades: L makes 5D and AS, 2.
     * Ducking with the 2D gives L the 3D as well (the 5D still beats the 4D):
     * 3D, 5D and AS, 3. */
    {"mid-trick: win high to keep the exit card", 'C', "AQ..5.", "KJ..42.", "3D", 2, "4D=2 2D=3"},
    /* Discard from the idle suit: L led the AS; O is void and must keep K3
     * of hearts (L has A2) and discard a diamond: L then makes AS, KS, AH, and
     * O's KH beats the 2H: 3. Discarding a heart lets L's AH drop the KH: 4. */
    {"mid-trick: discard from the idle suit, keep the guard", 'C', "K.A2..", ".K3.32.", "AS", 3,
     "KH=4 3H=4 3D=3 2D=3"},
    /* Duck the king [small]: L led the KS holding QT9, O holds AJ8 of spades
     * and the KD (trump). Following with the 8 keeps the AJ over L's Q: L has
     * to lead spades into them and makes only the KS: 1. Taking the A, or
     * wasting the J, gives L a second trick (the Q, or the T over the 8): 2. */
    {"mid-trick: duck the king with the low card, keep the AJ [small]", 'D', "QT9...", "AJ8..K.", "KS", 1,
     "AS=2 JS=2 8S=1"},
    /* Discard, do not ruff: L led the 2D (spades trump) and O is void in
     * diamonds. O's JS is needed to draw L's 4S: discarding the 4C, O later
     * wins the QC, draws the 4S with the J and cashes the 6H: L makes only the
     * 2D, 1. Ruffing with the JS frees L's 4S to ruff the 6H: 2. Discarding
     * the 6H: 2; the QC: 3. */
    {"mid-trick: discard the small club, keep the master trump", 'S', "4...65", "J.6..Q4", "2D", 1,
     "JS=2 6H=2 QC=3 4C=1"},
    /* The 2 of trumps beats an ace: L led the AS, O ruffs with the 2C and
     * wins the last trick with the 3H (L has only the KS): 0. */
    {"mid-trick: the smallest trump ruffs the ace", 'C', "K...", ".3..2", "AS", 0, "3H=1 2C=0"},

    /* ---- One card each. ---- */
    {"one card: a trump beats the ace", 'C', "A...", "...2", NULL, 0, "AS=0"},
    {"one card: the other can neither follow nor ruff", 'D', "2...", ".A..", NULL, 1, "2S=1"},
    {"one card: a higher card of the suit wins [small]", 'C', "K...", "A...", NULL, 0, "KS=0"},
};

enum { KNOWN_COUNT = (int)(sizeof KNOWN / sizeof KNOWN[0]) };

static gw_position known_position_of(const known_position *k) {
    gw_position p = {gw_suit_parse(k->trump), tset(k->leader), tset(k->other), GW_NO_CARD};
    if (k->led) p.led = tc(k->led);
    assert_true(p.trump >= 0);
    gw_error err;
    if (gw_position_check(&p, &err) != GW_OK) fail_msg("%s: bad position: %s", k->name, err.msg);
    gw_cards all = p.leader | p.other | (p.led == GW_NO_CARD ? 0 : gw_bit(p.led));
    if (strstr(k->name, "[small]") && (all & ~gw_deck_cards(GW_SMALL)))
        fail_msg("%s: not a small-deck position", k->name);
    return p;
}

/* Parses "KS=3 AH=1" into out; returns the count. */
static int parse_card_values(const char *s, gw_card_value *out) {
    int n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s) break;
        const char *eq = strchr(s, '=');
        assert_non_null(eq);
        assert_true(n < 13);
        assert_int_equal(gw_card_parse(s, (size_t)(eq - s), &out[n].card), GW_OK);
        char *end;
        out[n].tricks = (int)strtol(eq + 1, &end, 10);
        assert_true(end > eq + 1);
        s = end;
        n++;
    }
    return n;
}

static void check_values(const char *name, const char *what, const gw_card_value *got, int got_n,
                         const gw_card_value *want, int want_n) {
    bool same = got_n == want_n;
    for (int i = 0; same && i < got_n; i++)
        same = got[i].card == want[i].card && got[i].tricks == want[i].tricks;
    if (same) return;
    char g[200] = "", w[200] = "", cs[3];
    for (int i = 0; i < got_n; i++) {
        gw_card_format(got[i].card, cs);
        snprintf(g + strlen(g), sizeof g - strlen(g), " %s=%d", cs, got[i].tricks);
    }
    for (int i = 0; i < want_n; i++) {
        gw_card_format(want[i].card, cs);
        snprintf(w + strlen(w), sizeof w - strlen(w), " %s=%d", cs, want[i].tricks);
    }
    fail_msg("%s: %s card values%s, expected%s", name, what, g, w);
}

/* The position with every suit moved up by k (trump included): the same game. */
static gw_cards rotate_set(gw_cards s, int k) {
    gw_cards out = 0;
    for (int suit = 0; suit < GW_SUITS; suit++)
        out |= ((s >> (16 * suit)) & GW_SUIT_BITS) << (16 * ((suit + k) % GW_SUITS));
    return out;
}

static gw_card rotate_card(gw_card c, int k) {
    return c == GW_NO_CARD ? c : gw_card_make((gw_card_suit(c) + k) % GW_SUITS, gw_card_rank(c));
}

static void known_positions_match_brute_force_and_solver(void **state) {
    (void)state;
    gw_solver *s;
    assert_int_equal(gw_solver_new(1u << 20, &s), GW_OK);
    for (int i = 0; i < KNOWN_COUNT; i++) {
        const known_position *k = &KNOWN[i];
        gw_position p = known_position_of(k);
        gw_card_value want[13], bf[13], got[13];
        int want_n = parse_card_values(k->cards, want);

        /* The stated answer is the brute force's answer. */
        int bf_n = bf_cards(&p, bf);
        check_values(k->name, "brute-force", bf, bf_n, want, want_n);
        int bf_v = bf_value(&p, bf, bf_n);
        if (bf_v != k->value) fail_msg("%s: brute force %d, expected %d", k->name, bf_v, k->value);

        /* The solver agrees, with every technique on and with each switched off. */
        for (unsigned flags = 0; flags < 16; flags++) {
            gw_solver_set_flags(s, flags);
            int v = gw_solve(s, &p);
            if (v != k->value) fail_msg("%s: solver %d (flags %u), expected %d", k->name, v, flags, k->value);
            int best = -1, n = gw_solve_cards(s, &p, got, &best);
            check_values(k->name, "solver", got, n, want, want_n);
            if (best != k->value)
                fail_msg("%s: solver best %d (flags %u), expected %d", k->name, best, flags, k->value);
        }
        gw_solver_set_flags(s, 0);

        /* Renaming the suits (trump with them) changes nothing. */
        for (int r = 1; r < GW_SUITS; r++) {
            gw_position q = {(p.trump + r) % GW_SUITS, rotate_set(p.leader, r), rotate_set(p.other, r),
                             rotate_card(p.led, r)};
            if (gw_solve(s, &q) != k->value)
                fail_msg("%s: value changes with the suits rotated by %d", k->name, r);
            int n = gw_solve_cards(s, &q, got, NULL);
            assert_int_equal(n, want_n);
            for (int j = 0; j < n; j++) {
                int expect = -1; /* the value of the card it came from */
                for (int m = 0; m < want_n; m++)
                    if (rotate_card(want[m].card, r) == got[j].card) expect = want[m].tricks;
                if (got[j].tricks != expect)
                    fail_msg("%s: a card value changes with the suits rotated by %d", k->name, r);
            }
        }
    }
    gw_solver_free(s);
}

/* Positions with obvious values, too large for the brute force. */
static void large_positions_with_obvious_values(void **state) {
    (void)state;
    static const struct {
        const char *name;
        char trump;
        const char *leader, *other;
        int value;
        const char *cards; /* as in KNOWN, or NULL: every card has the value */
    } big[] = {
        /* All thirteen trumps: every card wins. */
        {"thirteen trumps", 'S', "AKQJT98765432...", ".AKQJT98765432..", 13, NULL},
        /* O holds every trump, L a side suit: O ruffs everything. */
        {"O holds every trump", 'S', ".AKQJT98765432..", "AKQJT98765432...", 0, NULL},
        /* Nobody holds a trump and O can never follow: L's 2s win too. */
        {"O can never follow", 'D', "AKQJT98765432...", ".AKQJT98765432..", 13, NULL},
        /* L holds the top cards of every suit; O holds two small trumps and no
         * club. Any lead but a club keeps all 13 (O follows, L draws the
         * trumps with AK and runs the rest). A club first: O ruffs, but L wins
         * whatever O leads, draws the other trump and runs the rest: 12. */
        {"draw trumps before the suit the opponent can ruff", 'S', "AK.AKQJT9.AKQ.AK", "32.8765.JT98765.", 13,
         "AS=13 KS=13 AH=13 KH=13 QH=13 JH=13 TH=13 9H=13 AD=13 KD=13 QD=13 AC=12 KC=12"},
    };
    gw_solver *s;
    assert_int_equal(gw_solver_new(1u << 20, &s), GW_OK);
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        gw_position p = {gw_suit_parse(big[i].trump), tset(big[i].leader), tset(big[i].other), GW_NO_CARD};
        gw_error err;
        if (gw_position_check(&p, &err) != GW_OK) fail_msg("%s: bad position: %s", big[i].name, err.msg);
        int v = gw_solve(s, &p);
        if (v != big[i].value) fail_msg("%s: solver %d, expected %d", big[i].name, v, big[i].value);
        gw_card_value got[13], want[13];
        int best = -1, n = gw_solve_cards(s, &p, got, &best), want_n = 0;
        assert_int_equal(best, big[i].value);
        if (big[i].cards) {
            want_n = parse_card_values(big[i].cards, want);
        } else { /* every card, S H D C, high to low */
            for (int suit = 0; suit < GW_SUITS; suit++)
                for (int rank = GW_RANKS - 1; rank >= 0; rank--)
                    if (gw_has(p.leader, gw_card_make(suit, rank)))
                        want[want_n++] = (gw_card_value){gw_card_make(suit, rank), big[i].value};
        }
        check_values(big[i].name, "solver", got, n, want, want_n);
    }
    gw_solver_free(s);
}

/* ---- Reuse: one solver over many positions gives a fresh solver's answers. ---- */

enum { REUSE_POSITIONS = 300 };

typedef struct reuse_case {
    gw_position p;
    int cards; /* cards per hand (counting the led card) */
    int value;
    int count;
    gw_card_value vals[13];
} reuse_case;

static void random_case(gw_rng *rng, int i, reuse_case *rc) {
    /* Mostly 1 to 10 cards; every 20th position 11 to 13 (the slow ones). */
    int n = i % 20 == 19 ? 11 + (int)gw_rng_below(rng, 3) : 1 + (int)gw_rng_below(rng, 10);
    gw_variant v = n <= 7 && gw_rng_below(rng, 2) ? GW_SMALL : GW_CLASSIC;
    gw_card deck[GW_MAX_DECK];
    gw_deck_shuffled(v, rng, deck);
    gw_cards a = 0, b = 0;
    for (int j = 0; j < n; j++) {
        a |= gw_bit(deck[2 * j]);
        b |= gw_bit(deck[2 * j + 1]);
    }
    rc->p = (gw_position){(int)gw_rng_below(rng, 4), a, b, GW_NO_CARD};
    if (gw_rng_below(rng, 2)) { /* a card already led */
        rc->p.led = gw_nth(a, (int)gw_rng_below(rng, (uint32_t)n));
        rc->p.leader = a & ~gw_bit(rc->p.led);
    }
    rc->cards = n;
    assert_int_equal(gw_position_check(&rc->p, NULL), GW_OK);
}

/* Checks s's answers on rc, the per-card call first if cards_first. */
static void check_case(gw_solver *s, const reuse_case *rc, bool cards_first, const char *what, int i) {
    gw_card_value got[13];
    int best = -1, n = 0, v = -1;
    if (cards_first) {
        n = gw_solve_cards(s, &rc->p, got, &best);
        v = gw_solve(s, &rc->p);
    } else {
        v = gw_solve(s, &rc->p);
        n = gw_solve_cards(s, &rc->p, got, &best);
    }
    bool same = v == rc->value && best == rc->value && n == rc->count;
    for (int j = 0; same && j < n; j++)
        same = got[j].card == rc->vals[j].card && got[j].tricks == rc->vals[j].tricks;
    if (!same) {
        char a[64], b[64], led[3] = "-";
        gw_cards_format_dotted(rc->p.leader, a, (int)sizeof a);
        gw_cards_format_dotted(rc->p.other, b, (int)sizeof b);
        if (rc->p.led != GW_NO_CARD) gw_card_format(rc->p.led, led);
        fail_msg("%s: position %d (trump %c, %s against %s, led %s): value %d, fresh solver %d; or a card "
                 "value differs",
                 what, i, gw_suit_char(rc->p.trump), a, b, led, v, rc->value);
    }
}

static void solver_reuse_gives_fresh_answers(void **state) {
    (void)state;
    static reuse_case cases[REUSE_POSITIONS];
    gw_rng rng;
    gw_rng_seed(&rng, 3);
    for (int i = 0; i < REUSE_POSITIONS; i++) {
        reuse_case *rc = &cases[i];
        random_case(&rng, i, rc);
        /* The reference: a fresh solver for this position alone. */
        gw_solver *fresh;
        assert_int_equal(gw_solver_new(1u << 20, &fresh), GW_OK);
        rc->value = gw_solve(fresh, &rc->p);
        int best = -1;
        rc->count = gw_solve_cards(fresh, &rc->p, rc->vals, &best);
        assert_int_equal(best, rc->value);
        gw_solver_free(fresh);
        /* Small ones against the brute force too. */
        if (rc->cards <= 5) {
            gw_card_value bf[13];
            int n = bf_cards(&rc->p, bf);
            check_values("reuse (against the brute force)", "solver", rc->vals, rc->count, bf, n);
            assert_int_equal(bf_value(&rc->p, bf, n), rc->value);
        }
    }

    /* One solver with the default table: in order, then again in a shuffled
     * order with the calls swapped and the table cleared half-way. */
    gw_solver *s;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    for (int i = 0; i < REUSE_POSITIONS; i++)
        check_case(s, &cases[i], i & 1, "first pass", i);
    int perm[REUSE_POSITIONS];
    for (int i = 0; i < REUSE_POSITIONS; i++)
        perm[i] = i;
    for (int i = REUSE_POSITIONS - 1; i > 0; i--) {
        int j = (int)gw_rng_below(&rng, (uint32_t)(i + 1));
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < REUSE_POSITIONS; i++) {
        if (i == REUSE_POSITIONS / 2) gw_solver_clear(s);
        check_case(s, &cases[perm[i]], !(i & 1), "second pass", perm[i]);
    }

    /* Every combination of techniques switched off, on the same solver with
     * its table kept: the same answers. Without the table large positions
     * are slow, so those flags run on up to 7 cards, the others up to 10. */
    for (unsigned flags = 1; flags < 16; flags++) {
        gw_solver_set_flags(s, flags);
        int limit = (flags & GW_SOLVE_NO_TABLE) ? 7 : 10;
        for (int i = 0; i < REUSE_POSITIONS; i++)
            if (cases[i].cards <= limit) check_case(s, &cases[i], (i + (int)flags) & 1, "flags", i);
    }
    gw_solver_set_flags(s, 0);
    for (int i = 0; i < REUSE_POSITIONS; i++)
        check_case(s, &cases[i], i & 1, "flags back to 0", i);
    gw_solver_free(s);

    /* A small table (many collisions and replacements): the same answers. */
    assert_int_equal(gw_solver_new(16 * 1024, &s), GW_OK);
    for (int i = 0; i < REUSE_POSITIONS; i++)
        check_case(s, &cases[i], i & 1, "small table", i);
    gw_solver_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_positions_match_brute_force_and_solver),
        cmocka_unit_test(large_positions_with_obvious_values),
        cmocka_unit_test(solver_reuse_gives_fresh_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

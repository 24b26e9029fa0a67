/* rules_text.c: the rules of German Whist and Android Whist as wrapped lines, every number taken from the
 * engine's rule tables (rules_text.h). */
#include "rules_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "android_describe.h"
#include "describe.h"
#include "gw/android_score.h"
#include "gw/score.h"
#include "wrap.h"

typedef struct writer {
    tui_rules *out;
    int width;
} writer;

/* A paragraph (printf-style): its first line indented by indent blanks, the lines it wraps onto by hang. */
static void par(writer *w, int indent, int hang, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void par(writer *w, int indent, int hang, const char *fmt, ...) {
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    tui_rules *r = w->out;
    const char *rest = text;
    bool first = true;
    do {
        if (r->n >= TUI_RULE_LINES) return;
        int pad = first ? indent : hang;
        tui_span span = {0, 0};
        tui_wrap(rest, w->width - pad, &span, 1); /* the next line only: the rest is wrapped again */
        snprintf(r->line[r->n++], TUI_RULE_WIDTH, "%*s%.*s", pad, "", span.len, rest + span.start);
        rest += span.start + span.len;
        while (*rest == ' ')
            rest++;
        first = false;
    } while (*rest);
}

/* An empty line. */
static void gap(writer *w) {
    if (w->out->n < TUI_RULE_LINES) w->out->line[w->out->n++][0] = '\0';
}

/* "ace down to 8": the ranks of deck v. */
static void ranks_of(gw_variant v, char *out, size_t cap) {
    snprintf(out, cap, "ace down to %c", gw_rank_char(gw_lowest_rank(v)));
}

/* What scoring system s pays in deck v, from its rule table. */
static void scoring_par(writer *w, gw_variant v, gw_scoring s) {
    const char *name = tui_scoring_label(s, v);
    gw_scoring_rule r = gw_scoring_rule_of(v, s);
    char counted[64];
    if (r.all_tricks)
        snprintf(counted, sizeof counted, "all %d tricks of both phases count", r.tricks);
    else
        snprintf(counted, sizeof counted, "the %d endgame tricks count", r.tricks);
    switch (s) {
    case GW_DIFFERENCE:
        par(w, 2, 6, "%s: %s; the winner scores the difference between the two players' tricks.", name,
            counted);
        break;
    case GW_TOTAL: par(w, 2, 6, "%s: %s; both players score their own tricks.", name, counted); break;
    default:
        if (r.slam > 0)
            par(w, 2, 6, "%s: %s; the winner scores the tricks over %d; all %d: slam, %d points.", name,
                counted, r.over, r.tricks, r.slam);
        else
            par(w, 2, 6, "%s: %s; the winner scores the tricks over %d.", name, counted, r.over);
        break;
    }
}

/* "3 if the losers had 0 points, 2 if they had 1 or 2, 1 if they had 3 or 4": gw_android_game_value's
 * table. */
static void game_values(char *out, size_t cap) {
    size_t len = 0;
    out[0] = '\0';
    for (int lp = 0; lp < GW_ANDROID_GAME_POINTS && len < cap;) {
        int value = gw_android_game_value(lp), last = lp;
        while (last + 1 < GW_ANDROID_GAME_POINTS && gw_android_game_value(last + 1) == value)
            last++;
        char had[48];
        if (last == lp)
            snprintf(had, sizeof had, "%d", lp);
        else if (last == lp + 1)
            snprintf(had, sizeof had, "%d or %d", lp, last);
        else
            snprintf(had, sizeof had, "%d to %d", lp, last);
        len += (size_t)snprintf(out + len, cap - len, "%s%d if %s %s%s", lp ? ", " : "", value,
                                lp ? "they had" : "the losers had", had, lp ? "" : " points");
        lp = last + 1;
    }
}

/* "duck (u)": a command and its key. */
static void command_name(gw_android_command c, char *out, size_t cap) {
    snprintf(out, cap, "%s (%c)", gw_android_command_name(c), tui_android_command_key(c));
}

static void german(writer *w, gw_variant v) {
    int hs = gw_hand_size(v);
    char classic_ranks[32], small_ranks[32];
    ranks_of(GW_CLASSIC, classic_ranks, sizeof classic_ranks);
    ranks_of(GW_SMALL, small_ranks, sizeof small_ranks);
    par(w, 0, 0,
        "German Whist is a trick-taking game for two players with one deck: %d cards (%s) in the classic "
        "game, %d (%s) in the small game. These are the rules of the %s game, as set in Settings.",
        gw_deck_size(GW_CLASSIC), classic_ranks, gw_deck_size(GW_SMALL), small_ranks, gw_variant_name(v));
    gap(w);
    par(w, 0, 0,
        "THE DEAL  Each player gets %d cards. The next card is turned face up on the stock: its suit is "
        "trump for the whole hand. The dealer alternates; the other player leads the first trick.",
        hs);
    gap(w);
    par(w, 0, 0,
        "TRICKS  The leader plays any card; the other player must follow suit if they can. If they cannot, "
        "they may trump (ruff) or throw any card away. The higher card of the suit led wins, unless a trump "
        "was played: then the highest trump wins. The winner leads the next trick.");
    gap(w);
    par(w, 0, 0,
        "THE FOREPLAY (first %d tricks)  The tricks are played for the face-up card: the winner takes it, "
        "the loser takes the next hidden card, and a new card is turned up. The cards played are out of "
        "the game.",
        hs);
    gap(w);
    par(w, 0, 0,
        "THE ENDGAME (last %d tricks)  When the stock is empty the hands are played out. A good memory now "
        "knows every card the opponent holds.",
        hs);
    gap(w);
    par(w, 0, 0, "SCORING  (Settings: Scoring)");
    for (int s = 0; s < GW_SCORINGS; s++)
        scoring_par(w, v, (gw_scoring)s);
    par(w, 0, 0,
        "The match is won by the first to reach the win target (Settings); if both reach it in one hand, "
        "the higher score wins, and level scores play one more hand.");
    gap(w);
    par(w, 0, 0,
        "AT THE TABLE  Left/Right select a card, Enter plays it; you can also type it (qs, 10h) or click "
        "it. Cards you may not play are dimmed. ? lists every key: last trick, card tracker, hints, undo, "
        "leaving the table.");
}

static void android(writer *w) {
    char name[40], values[160];
    par(w, 0, 0, "ANDROID WHIST");
    w->out->android = w->out->n - 1;
    gap(w);
    par(w, 0, 0,
        "Four hands, two humans, each with an android partner. Seats clockwise: D (the dealer), L (an "
        "android), X (an android), N (the other human). D plays with X, N with L. Each human sees their own "
        "hand and the OTHER side's android face up, never their own android's cards.");
    gap(w);
    par(w, 0, 0,
        "THE DEAL  %d cards each, one at a time from L. The dealer's last card is turned: its suit is trump, "
        "and the card stays in the dealer's hand. L leads the first trick. Follow suit if you can; the "
        "highest trump wins, else the highest card of the suit led. The winner leads the next trick.",
        GW_ANDROID_TRICKS);
    gap(w);
    par(w, 0, 0, "COMMANDS  Your android plays only what you tell it. Following a card led:");
    static const char *const FOLLOW[] = {
        "its lowest card of the suit led",
        ("its lowest card that beats the winning card (a trump if it holds none of the suit led), else its "
         "lowest of the suit led"),
        "its highest card if that beats the winning card, else its lowest of the suit led"};
    for (int c = GW_CMD_DUCK; c <= GW_CMD_HIGH; c++) {
        command_name((gw_android_command)c, name, sizeof name);
        par(w, 2, 13, "%-10s %s", name, FOLLOW[c - GW_CMD_DUCK]);
    }
    par(w, 0, 0, "Leading (or after an error):");
    char suits[80] = "", keys[16] = "";
    for (int s = 0; s < GW_SUITS; s++) {
        size_t len = strlen(suits), k = strlen(keys);
        gw_android_command c = (gw_android_command)(GW_CMD_SPADES + s);
        snprintf(suits + len, sizeof suits - len, "%s%s", s ? " " : "", gw_android_command_name(c));
        snprintf(keys + k, sizeof keys - k, "%s%c", s ? " " : "", tui_android_command_key(c));
    }
    par(w, 2, 6, "%s (%s): its lowest card of that suit", suits, keys);
    command_name(GW_CMD_SHORTEST, name, sizeof name);
    par(w, 2, 6, "%s: its lowest card of its shortest suit (not trumps)", name);
    command_name(GW_CMD_LONGEST, name, sizeof name);
    par(w, 2, 6, "%s: its lowest card of its longest suit (trumps count)", name);
    char high[16] = "";
    for (int c = GW_CMD_HIGH_SPADES; c <= GW_CMD_HIGH_LONGEST; c++) {
        size_t k = strlen(high);
        snprintf(high + k, sizeof high - k, "%s%c", k ? " " : "",
                 tui_android_command_key((gw_android_command)c));
    }
    par(w, 2, 6, "%s ... %s (%s): the highest card instead", gw_android_command_name(GW_CMD_HIGH_SPADES),
        gw_android_command_name(GW_CMD_HIGH_LONGEST), high);
    par(w, 0, 0,
        "When it cannot do what it is told (no card of the suit, a tie for shortest or longest, nothing that "
        "beats), it says \"Error.\" for all to hear, and you give another command: then every command is "
        "open.");
    gap(w);
    game_values(values, sizeof values);
    par(w, 0, 0,
        "SCORING  The side with more than %d tricks scores a point for each trick over %d. The first side to "
        "%d points wins a game; the best of %d games wins the rubber. A game is worth %s; the rubber's "
        "winner "
        "adds %d. Honours score nothing.",
        GW_ANDROID_BOOK, GW_ANDROID_BOOK, GW_ANDROID_GAME_POINTS, GW_ANDROID_RUBBER_GAMES, values,
        GW_ANDROID_RUBBER_BONUS);
    gap(w);
    par(w, 0, 0,
        "AT THE TABLE  Your card as in German Whist (arrows, or type qs, 10h, th). Your android: press a "
        "command's key; the menu shows those open now. t shows the last trick with every command and error; "
        "? lists the keys.");
}

void tui_rules_text(gw_variant v, int width, tui_rules *out) {
    if (width < 30) width = 30;
    if (width > TUI_RULE_WIDTH / 3) width = TUI_RULE_WIDTH / 3;
    memset(out, 0, sizeof *out);
    writer w = {out, width};
    german(&w, v);
    gap(&w);
    android(&w);
}

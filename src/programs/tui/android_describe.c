/* android_describe.c: the Android Whist table's command keys and its sentences about refusals and the last
 * trick. */
#include "android_describe.h"

#include <stdio.h>
#include <string.h>

#include "describe.h"
#include "layout.h"

/* Indexed by gw_android_command. */
static const char KEYS[GW_CMD_COUNT + 1] = "ubgshdcolSHDCOL";

char tui_android_command_key(gw_android_command c) { return c < GW_CMD_COUNT ? KEYS[c] : '\0'; }

bool tui_android_key_command(int key, gw_android_command *out) {
    if (key <= 0 || key > 127) return false;
    const char *at = strchr(KEYS, key);
    if (!at || !*at) return false;
    *out = (gw_android_command)(at - KEYS);
    return true;
}

const char *tui_android_refusal(gw_refusal r, const char *sentence, gw_card c, gw_card led, int turn,
                                bool ascii, char *buf, size_t cap) {
    if (r == GW_REFUSE_NOT_A_CARD) {
        char label[8];
        tui_card_label(c, ascii, label);
        snprintf(buf, cap, "%s is not a card.", label);
        return buf;
    }
    if (r == GW_REFUSE_WRONG_KIND && gw_seat_is_android(turn)) {
        snprintf(buf, cap, "Wait: it is %c's turn, an android's.", gw_seat_char(turn));
        return buf;
    }
    return tui_refusal_common(r, sentence, c, led, ascii, buf, cap);
}

const char *tui_android_command_refusal(const gw_android_view *v, gw_android_command c, char *buf,
                                        size_t cap) {
    unsigned open = gw_android_commands_open(v);
    if (c >= GW_CMD_COUNT || (open & (1u << c))) return NULL;
    const char *name = gw_android_command_name(c);
    if (!gw_seat_is_android(v->turn) || v->tricks_done >= GW_ANDROID_TRICKS)
        snprintf(buf, cap, "It is not an android's turn.");
    else if (v->ntrick == 0 && gw_android_command_follows(c))
        snprintf(buf, cap, "Not \"%s\" now: a leader is told a suit, shortest or longest.", name);
    else if (v->ntrick > 0 && v->errors == 0 && !gw_android_command_follows(c))
        snprintf(buf, cap, "Not \"%s\" yet: a follower is told duck, beat or high first.", name);
    else
        snprintf(buf, cap, "\"%s\" failed already for this card: another command, please.", name);
    return buf;
}

/* "L your android", "D Computer": a seat as the viewer sees it. */
static void who(const gw_android_view *v, const char *const names[2], int seat, char *out, size_t cap) {
    int human = gw_seat_player(v->dealer, seat);
    if (gw_seat_is_android(seat))
        snprintf(out, cap, "%c %s android", gw_seat_char(seat), human == v->player ? "your" : "their");
    else
        snprintf(out, cap, "%c %s", gw_seat_char(seat), names[human]);
}

bool tui_android_last_trick(const gw_android_view *v, const char *const names[2], bool ascii,
                            gw_android_trick *t, char (*lines)[96], int max, int *n) {
    *n = 0;
    if (v->tricks_done == 0) return false;
    /* The events of the last finished trick: after the first 4 * (tricks_done - 1) cards, up to its 4th. */
    int want = 4 * (v->tricks_done - 1), cards = 0, first = -1, last = -1;
    for (int i = 0; i < v->nevents; i++) {
        if (cards == want && first < 0) first = i;
        if (v->events[i].card != GW_NO_CARD && ++cards == want + 4) {
            last = i;
            break;
        }
    }
    if (first < 0 || last < 0) return false;
    memset(t, 0, sizeof *t);
    t->completed = true;
    t->number = v->tricks_done;
    int k = 0;
    for (int i = first; i <= last; i++) {
        const gw_android_event *e = &v->events[i];
        if (e->card != GW_NO_CARD) {
            if (k == 0) t->leader = e->seat;
            t->cards[k++] = e->card;
        }
        if (*n >= max) continue;
        char seat[48], card[8] = "";
        who(v, names, e->seat, seat, sizeof seat);
        if (e->card != GW_NO_CARD) tui_card_label(e->card, ascii, card);
        if (e->command == GW_CMD_NONE)
            snprintf(lines[(*n)++], 96, "%-18s plays %s", seat, card);
        else if (e->card == GW_NO_CARD)
            snprintf(lines[(*n)++], 96, "%-18s told \"%s\": \"Error.\"", seat,
                     gw_android_command_name((gw_android_command)e->command));
        else
            snprintf(lines[(*n)++], 96, "%-18s told \"%s\": plays %s", seat,
                     gw_android_command_name((gw_android_command)e->command), card);
    }
    gw_card win = gw_android_winning_card(v->trump, t->cards, GW_SEATS);
    for (int i = 0; i < GW_SEATS; i++)
        if (t->cards[i] == win) t->winner = (t->leader + i) % GW_SEATS;
    if (*n < max) {
        char seat[48], card[8];
        who(v, names, t->winner, seat, sizeof seat);
        tui_card_label(win, ascii, card);
        int side = gw_seat_player(v->dealer, t->winner);
        snprintf(lines[(*n)++], 96, "%s wins with %s for %s side.", seat, card,
                 side == v->player ? "your" : "the other");
    }
    return true;
}

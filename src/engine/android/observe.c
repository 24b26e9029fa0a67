/* observe.c: what each human may see of an Android Whist hand, and nothing more. */
#include <string.h>

#include "gw/android.h"

void gw_android_observe(const gw_android_game *g, int player, gw_android_view *out) {
    memset(out, 0, sizeof *out);
    out->player = player;
    out->seat = gw_player_seat(g->dealer, player);
    out->dealer = g->dealer;
    out->trump = g->trump;
    out->trump_card = gw_android_trump_card(g);
    out->own = g->hand[out->seat];
    /* D physically plays L's cards and sees them; N likewise X's. */
    out->opposing_android = out->seat == GW_SEAT_D ? GW_SEAT_L : GW_SEAT_X;
    out->opposing_hand = g->hand[out->opposing_android];
    for (int s = 0; s < GW_SEATS; s++)
        out->held[s] = gw_count(g->hand[s]);
    out->played = g->played;
    out->leader = g->leader;
    out->turn = g->turn;
    out->ntrick = g->ntrick;
    memcpy(out->trick, g->trick, sizeof out->trick);
    out->tricks_done = g->tricks_done;
    out->won[0] = g->won[0];
    out->won[1] = g->won[1];
    out->errors = g->errors;
    out->nevents = g->nevents;
    memcpy(out->events, g->events, (size_t)g->nevents * sizeof out->events[0]);
}

unsigned gw_android_commands_open(const gw_android_view *v) {
    if (v->tricks_done >= GW_ANDROID_TRICKS || !gw_seat_is_android(v->turn)) return 0;
    const unsigned follow = (1u << GW_CMD_DUCK) | (1u << GW_CMD_BEAT) | (1u << GW_CMD_HIGH);
    const unsigned all = (1u << GW_CMD_COUNT) - 1;
    unsigned open = v->ntrick == 0 ? all & ~follow : v->errors > 0 ? all : follow;
    for (int i = v->nevents - v->errors; i < v->nevents; i++)
        if (i >= 0 && v->events[i].command < GW_CMD_COUNT) open &= ~(1u << v->events[i].command);
    return open;
}

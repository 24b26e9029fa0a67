/* moves.c: runs of equivalent cards (the search's candidates are in moves.h). */
#include "moves.h"

gw_cards moves_equivalents(gw_cards mine, gw_cards out_cards, gw_card c) {
    /* From c up and down through played cards and mine. */
    gw_cards pass = (GW_ALL_CARDS & ~out_cards) | mine;
    gw_cards run = gw_smear_up(gw_bit(c), pass) | gw_smear_down(gw_bit(c), pass);
    return run & mine & gw_suit_cards(gw_card_suit(c));
}

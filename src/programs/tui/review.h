/* review.h: replaying a finished hand trick by trick, with the solver's verdict on each of the human's
 * endgame cards. */
#ifndef GW_TUI_REVIEW_H
#define GW_TUI_REVIEW_H

#include "app.h"
#include "gw/solver.h"

/* The verdict on one card the human played in the endgame. */
typedef struct tui_verdict {
    bool judged;         /* a human endgame card */
    int kept;            /* tricks the human could still win after playing it (this trick included) */
    int best;            /* the most they could win from that position */
    gw_cards best_cards; /* the cards that kept the most */
} tui_verdict;

/* One trick of the hand: the position before it, what it did, the verdict on the human's card. */
typedef struct tui_review_trick {
    gw_game before;
    gw_trick_event ev;
    tui_verdict verdict;
} tui_review_trick;

/* Replays finished (dealt from dealt) into out (room for 26 tricks) and
 * judges every human endgame card with the solver from the human's view.
 * Returns the number of tricks, or -1 if the solver fails (err says why). */
int tui_review_compute(gw_solver *solver, const gw_game *dealt, const gw_game *finished,
                       tui_review_trick *out, gw_error *err);

/* The position the review draws for trick t: the hands as they were before
 * the trick, without the two cards shown in it (each card appears once: in
 * the trick, not also in the hand it came from). */
void tui_review_position(const tui_review_trick *t, gw_game *out);

/* The review screen of the match's last finished hand (m: the match after it; opponent: the computer's
 * level): Left/Right step through the tricks, q or Esc returns. */
tui_exit tui_review(tui_app *app, const gw_match *m, const char *opponent, const gw_game *dealt,
                    const gw_game *finished);

#endif

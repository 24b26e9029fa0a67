/* review.h: replaying a finished hand trick by trick, with the review of each of the human's cards: the
 * expert's verdict in the foreplay (from what the human could know then), the solver's in the endgame, in
 * points of the scoring rule, and the hand's costliest decisions. */
#ifndef GW_TUI_REVIEW_H
#define GW_TUI_REVIEW_H

#include "app.h"
#include "gw/review.h"
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
    gw_card_verdict review; /* the review's verdict on the human's card in points (tui_review_analyse) */
    bool pending;           /* the review has still to judge the human's card (tui_review_start) */
} tui_review_trick;

/* Replays finished (dealt from dealt) into out (room for 26 tricks) and
 * judges every human endgame card with the solver from the human's view.
 * Returns the number of tricks, or -1 if the solver fails (err says why). */
int tui_review_compute(gw_solver *solver, const gw_game *dealt, const gw_game *finished,
                       tui_review_trick *out, gw_error *err);

/* Reviews the human's (player 0's) cards of the n tricks in out (from tui_review_compute on dealt and
 * finished) under the scoring rule with the expert's `iterations` worlds a foreplay card: out[k].review the
 * verdict on the human's card of trick k, *rev the whole review (totals, costliest cards). GW_ENOMEM or
 * GW_EINVAL (err says why) from gw_review_hand. */
gw_status tui_review_analyse(const gw_game *dealt, const gw_game *finished, gw_scoring scoring,
                             int iterations, tui_review_trick *out, int n, gw_hand_review *rev,
                             gw_error *err);

/* The review of the human's cards made card by card (gw_reviewer), each verdict put under its trick as it
 * is judged, so that the screen shows the hand at once and the verdicts as they come. */
typedef struct tui_review_progress {
    gw_reviewer *r;
    int judged, total; /* the human's cards judged so far, of all it judges */
    bool done;         /* every card judged (or the review stopped: failed) */
    bool failed;       /* the review stopped on an error (err says why); the verdicts so far stay */
    gw_error err;
} tui_review_progress;

/* Starts the review of the human's cards of the n tricks in out (from tui_review_compute on dealt and
 * finished), as tui_review_analyse makes it, marking each of those cards pending; nothing is judged yet.
 * GW_ENOMEM or GW_EINVAL (err says why): then p is done and failed. */
gw_status tui_review_start(const gw_game *dealt, const gw_game *finished, gw_scoring scoring, int iterations,
                           tui_review_trick *out, int n, tui_review_progress *p, gw_error *err);
/* Judges the next of the human's cards (one card: the expert's worlds in the foreplay, a solve in the
 * endgame) and puts its verdict under its trick in out; true while cards are left to judge. On an error p
 * is done and failed. */
bool tui_review_step(tui_review_progress *p, tui_review_trick *out, int n);
/* The review so far (its sums and costliest cards are the whole hand's once p is done), or NULL if it
 * could not start. */
const gw_hand_review *tui_review_so_far(const tui_review_progress *p);
/* Ends the review (done or not) and frees it. */
void tui_review_stop(tui_review_progress *p);

/* The sentence under trick t: the verdict on the human's card (the expert's in the foreplay, the solver's in
 * the endgame, with the points), or why there is none. */
void tui_review_verdict_text(const tui_review_trick *t, bool ascii, char *buf, size_t cap);

/* The review's summary for the status line: "Lost 2.35 points; worst: tricks 5, 15, 9." */
void tui_review_summary(const gw_hand_review *rev, char *buf, size_t cap);

/* The position the review draws for trick t: the hands as they were before
 * the trick, without the two cards shown in it (each card appears once: in
 * the trick, not also in the hand it came from). */
void tui_review_position(const tui_review_trick *t, gw_game *out);

/* The review screen of the match's last finished hand (m: the match after it; opponent: the computer's
 * level): shown at once, the solver's endgame verdicts first, the review of each card judged between two
 * looks at the keyboard (the status line counts them), so that Left/Right step through the tricks while the
 * rest is judged; q or Esc returns. */
tui_exit tui_review(tui_app *app, const gw_match *m, const char *opponent, const gw_game *dealt,
                    const gw_game *finished);

#endif

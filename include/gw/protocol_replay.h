/* protocol_replay.h: the replay of one finished hand on the wire (docs/protocol.md, "Statistics, history and
 * replays"): the hand as its record has it (German Whist: the hands, each trick with its up-card and draws;
 * Android Whist: the four hands, each trick's plays, commands and the androids' errors) and the fields of a
 * German Whist hand's review (the verdicts on one player's cards and the summary), built from the engine for
 * every program that sends them (whist serve's replay and review messages, the WebAssembly module's review).
 * Pure: no I/O, no globals; thread-safe as long as each call has its own values. Every json_t returned is a
 * new reference the caller owns; the arrays and objects passed in stay the caller's. */
#ifndef GW_PROTOCOL_REPLAY_H
#define GW_PROTOCOL_REPLAY_H

#include <jansson.h>

#include "gw/game.h"
#include "gw/record_file.h"
#include "gw/review.h"
#include "gw/solver.h"
#include "gw/status.h"

/* The message err gets for a hand that cannot be replayed. */
#define GW_PROTOCOL_UNREPLAYABLE "the hand cannot be replayed (one finished hand of a valid record)"

/* Deals the German Whist hand h into *g as its record has it, ready to be played through h->moves (which
 * the record's reader checked). GW_OK; GW_EINVAL with err (GW_PROTOCOL_UNREPLAYABLE) for a hand with an
 * error, unfinished, without a dealer, or whose deal the engine refuses. */
gw_status gw_protocol_replay_deal(gw_game *g, const gw_record_hand *h, gw_error *err);

/* Adds to j (an object) the replay's fields of the hand of rec, after those j has, in this order: German
 * Whist "rules", "names", "dealer", "trump", "hands", "tricks", "result"; Android Whist "names", "dealer",
 * "seats", "trump", "trump_card", "hands", "tricks", "result". Not "type", "game", "you" nor the review's
 * fields: the caller's. GW_OK; GW_EINVAL with err (GW_PROTOCOL_UNREPLAYABLE) when rec holds other than one
 * hand, or that hand has an error, is unfinished, or has plays the engine refuses (j may then hold some of
 * the fields: drop it). Without memory a field may be left out, as everywhere in jansson. */
gw_status gw_protocol_replay_hand(json_t *j, const gw_record_file *rec, gw_error *err);

/* The review's summary of player p (0 or 1) from r, the whole hand's review done with opt: {"unit":
 * "points", "loss", "se", "foreplay_loss", "endgame_loss", "foreplay_cards", "endgame_cards", "iterations",
 * "costliest": [card, ...]}, each card {"trick", "phase", "card", "loss", "se", "best", "worlds",
 * "forced"}. NULL only without memory. */
json_t *gw_protocol_review_summary_json(const gw_hand_review *r, const gw_review_options *opt, int p);

/* Appends the verdicts of moves [from, to) of a review r on player p's cards: those of the endgame, the
 * exact solver's ({"trick", "card", "value", "best"}, and "loss" when r judged the card), to verdicts; those
 * of the foreplay that r judged (as the summary's cards) to foreplay. r need be final for those moves only
 * (gw_reviewer_next). g, the hand before move `from`, is played on to move `to`; solver is any of the
 * caller's (gw_solver_new). Without memory an entry may be left out. */
void gw_protocol_review_verdicts(gw_game *g, int p, const gw_card *moves, int from, int to,
                                 const gw_hand_review *r, gw_solver *solver, json_t *verdicts,
                                 json_t *foreplay);

#endif

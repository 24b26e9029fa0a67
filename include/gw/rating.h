/* rating.h: Glicko-2 ratings of players (Glickman, "Example of the Glicko-2 system", 2013), the rule family
 * a match is rated in, and the fixed ratings of the computer levels. Pure: no I/O, no globals, no clock. */
#ifndef GW_RATING_H
#define GW_RATING_H

#include "gw/game_kind.h"
#include "gw/session.h"
#include "gw/status.h"

/* The Glicko scale's starting values: an unknown player is 1500 with RD 350 and volatility 0.06. */
#define GW_RATING_DEFAULT     1500.0
#define GW_RATING_RD_MAX      350.0
#define GW_RATING_VOL_DEFAULT 0.06
/* The range every rating given to gw_rating_update must lie in; a result is clamped to it. */
#define GW_RATING_MIN 0.0
#define GW_RATING_MAX 4000.0
/* The most games one rating period may hold. */
#define GW_RATING_GAMES_MAX 10000

/* A player's rating on the Glicko scale: rating, rating deviation (RD, one standard deviation, 0 < rd <=
 * 350), volatility (0 < vol <= 1) and the number of rated games played (>= 0). */
typedef struct gw_rating {
    double rating, rd, vol;
    int games;
} gw_rating;

/* Sets r to an unknown player's rating: 1500, RD 350, volatility 0.06, no games. */
void gw_rating_default(gw_rating *r);

/* One game of a rating period: the opponent's rating before the period and the player's score (1 a win,
 * 0.5 a draw, 0 a loss; any value in [0, 1] is accepted). */
typedef struct gw_rating_game {
    gw_rating opponent;
    double score;
} gw_rating_game;

/* One rating period (Glicko-2, system constant tau = 0.5): *out = r after the games games[0..n) (n may be
 * 0: then only the RD grows, by the volatility, as Glicko-2 says; games may be NULL when n is 0). The RD
 * never exceeds 350, the rating is clamped to [GW_RATING_MIN, GW_RATING_MAX]; out->games is r->games + n.
 * out may be r. GW_EINVAL (with a message) for a score outside [0, 1], a value that is not finite or out of
 * its range (in r or an opponent), n < 0 or over GW_RATING_GAMES_MAX, or games NULL with n > 0; *out is
 * then unchanged. */
gw_status gw_rating_update(const gw_rating *r, const gw_rating_game *games, int n, gw_rating *out,
                           gw_error *err);

/* The family a match is rated in, a static string: "german-<variant>-<scoring>" (e.g.
 * "german-classic-last13"; the target is not part of it) or "android". NULL if c names a game, variant or
 * scoring that does not exist. */
const char *gw_rating_family(const gw_session_config *c);

/* The fixed rating of a computer level (a gw_ai_level of German Whist, a gw_android_level of Android
 * Whist), measured by the arena ladder (docs/stats.md, "Ratings"): its RD is GW_RATING_COMPUTER_RD, its
 * volatility 0.06, its games 0. A level without a measured rating (German Whist's oracle, a number out of
 * range) gets the unknown player's rating (gw_rating_default). */
#define GW_RATING_COMPUTER_RD 30.0
gw_rating gw_rating_computer(gw_game_kind game, int level);

#endif

/* session.h: one game table for every front end: a German Whist match or an Android Whist rubber, who must
 * act, what each seat and a spectator may see, the numbered events of the game with their visibility,
 * computer seats, undo, hints, resume and the record. Pure: no I/O, no clock of its own, never blocks
 * except inside a computer's or the advisor's thinking (bounded by the caller's limits). */
#ifndef GW_SESSION_H
#define GW_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/ai.h"
#include "gw/android.h"
#include "gw/android_ai.h"
#include "gw/android_score.h"
#include "gw/clock.h"
#include "gw/game_kind.h"
#include "gw/match.h"
#include "gw/observation.h"
#include "gw/status.h"
#include "gw/text.h"

/* ---- configuration -------------------------------------------------------- */

/* Players are 0 and 1 in both games (records: player 1 and player 2). In
 * Android Whist a player is a human commanding an android; the seats D, L,
 * X, N are gw_android seats. A viewer is a player or GW_SPECTATOR. */
#define GW_SPECTATOR (-1)

/* Who fills a player's place. */
typedef enum gw_seat_kind {
    GW_SEAT_OUTSIDE = 0, /* a person or an outside program: its actions come through gw_session_act */
    GW_SEAT_COMPUTER = 1 /* one of our computer levels, run by the session */
} gw_seat_kind;

#define GW_SEAT_NAME_MAX 32

typedef struct gw_seat_config {
    gw_seat_kind kind;
    int level; /* GW_SEAT_COMPUTER: a gw_ai_level (German Whist) or gw_android_level (Android Whist) */
    /* The name records give the player (Player1/Player2 tags): "" means the
     * default, "human" for an outside seat and the level's name for a computer. */
    char name[GW_SEAT_NAME_MAX];
} gw_seat_config;

typedef struct gw_session_config {
    gw_game_kind game;
    gw_match_rules rules; /* German Whist: variant, scoring, target (Android Whist ignores it) */
    uint64_t seed;        /* the match or rubber seed: deals and computer seeds derive from it (seeds.h) */
    gw_seat_config seats[2];
    gw_expert_limits limits; /* German expert and oracle: think_ms (needs clock) and iterations */
    int android_samples;     /* Android hard: sampled deals per decision (0: the default) */
    int android_think_ms;    /* Android hard: also a time bound per decision (0: none; needs clock) */
    const gw_clock
        *clock; /* the caller's clock for bounds in ms (may be NULL); it must outlive the session */
    bool undo;  /* an outside player may take back cards when the other player is a computer */
    /* One deal only (the arena, analysis): when deck is not NULL the session
     * plays exactly one hand of this deck (the variant's cards, or Android's
     * 52, in deal order) with this dealer (0 or 1), then is over; the computer
     * seats' seeds are seat_seed[] instead of those derived from seed. */
    const uint8_t *deck;
    int dealer;
    uint64_t seat_seed[2];
    /* One deal only, German Whist (the arena's --match): the match score before the hand, by player, and
     * which computer seats play for it: their stakes (gw_stakes) carry rules.target and this score, so
     * that winning the match by this hand counts beyond the hand's points; the others play for the hand's
     * points. The hand is still scored alone. Both zero by default. */
    int match_score[2];
    bool match_stakes[2];
} gw_session_config;

/* The defaults for a game: German Whist classic, last13, target 10; player 0
 * outside ("human"), player 1 the computer at hard; expert 200 ms (needs a
 * clock, else set limits yourself); undo off; seed 0. */
void gw_session_config_default(gw_session_config *c, gw_game_kind game);

/* Sets one option by name from text, as the command line, the settings and
 * the protocol give it: "game", "variant", "scoring", "target", "seed"
 * (0..2^64-1, decimal), "opponent" (player 1's computer level; "human" makes
 * it an outside seat), "think-ms" (0..60000), "iterations" (0..10000000),
 * "samples" (1..GW_ANDROID_SAMPLES_MAX). "game" sets the computer seats'
 * levels to the game's default (hard), so give it first; "think-ms" bounds
 * both games' computers. GW_EINVAL with a message naming the option and the
 * allowed values for an unknown name or a bad value (c is then unchanged). */
gw_status gw_session_config_option(gw_session_config *c, const char *name, const char *value, gw_error *err);

/* ---- the session ---------------------------------------------------------- */

typedef struct gw_session gw_session;

/* Starts a match (rubber) from c and deals its first hand. GW_EINVAL for bad
 * rules, levels, limits (a bound in ms without a clock) or deck; GW_ENOMEM.
 * The session copies what it needs from c (not the clock: see above). */
gw_status gw_session_new(const gw_session_config *c, gw_session **out, gw_error *err);
/* Frees s (NULL is fine), its computer players and its event log; not while
 * a gw_thought of it is out (cancel or end it first). */
void gw_session_free(gw_session *s);

/* The configuration in force (rules and seed as played; after a restore,
 * those of the record). */
const gw_session_config *gw_session_config_of(const gw_session *s);

typedef enum gw_session_state {
    GW_SESSION_PLAYING = 0,   /* a hand is in play */
    GW_SESSION_HAND_OVER = 1, /* a hand was scored; gw_session_next_hand deals the next */
    GW_SESSION_OVER = 2       /* the match (rubber, or the one deal) is over */
} gw_session_state;

gw_session_state gw_session_state_of(const gw_session *s);

/* What an action is. */
typedef enum gw_action_kind {
    GW_ACTION_CARD = 0,   /* play a card from the player's own hand */
    GW_ACTION_COMMAND = 1 /* Android Whist: command the player's android, whose turn it is */
} gw_action_kind;

typedef struct gw_action {
    gw_action_kind kind;
    gw_card card;               /* GW_ACTION_CARD */
    gw_android_command command; /* GW_ACTION_COMMAND */
} gw_action;

/* Who must act now: player -1 when nobody (hand or match over). */
typedef struct gw_turn {
    int player;          /* 0 or 1, or -1 */
    gw_action_kind kind; /* a card, or (Android Whist) a command to the android */
    int seat;            /* the seat that plays: German Whist the player; Android Whist D, L, X or N */
    bool computer;       /* the player is a computer seat: gw_session_play_computer (or think) acts */
} gw_turn;

gw_turn gw_session_turn(const gw_session *s);

/* ---- views ---------------------------------------------------------------- */

/* Everything a viewer may know now, and nothing else. A plain value (large:
 * about 4 KB; allocate it or keep one). For GW_SPECTATOR only the public
 * information: german.seat and android.player/seat are -1, no hand is shown
 * (german.own, opp_known, android.own, opposing_hand are empty) except what
 * play revealed to all (up-cards taken and not yet played: spectator_known). */
typedef struct gw_view {
    gw_game_kind game;
    int viewer; /* 0, 1 or GW_SPECTATOR */
    gw_session_state state;
    gw_turn turn;
    int hand_number; /* 1-based number of the hand in play or just scored */
    char names[2][GW_SEAT_NAME_MAX];
    gw_seat_kind kinds[2];
    int winner; /* the match (rubber) winner once over, else -1 */
    /* German Whist */
    gw_match_rules rules;
    int score[2]; /* match score */
    gw_observation german;
    gw_cards spectator_known[2]; /* up-cards each player took and has not played (public) */
    /* Android Whist */
    gw_android_view android;
    gw_android_rubber rubber;
    bool can_undo; /* gw_session_undo would take back a card of this viewer */
} gw_view;

/* The view of viewer (0, 1 or GW_SPECTATOR) into out. GW_EINVAL for another viewer. */
gw_status gw_session_view(const gw_session *s, int viewer, gw_view *out, gw_error *err);

/* ---- events --------------------------------------------------------------- */

typedef enum gw_event_kind {
    GW_EVENT_DEAL = 0, /* hand `hand` dealt by player `player`; card: the up-card (German) or the turned
                          trump card (Android); public */
    GW_EVENT_HAND,     /* seat `seat` (German: player) got cards/count; face up to the player of the seat
                          (Android: D and N; an android's hand only to the opposing human, D sees L and N
                          sees X, never to its own), face down to others */
    GW_EVENT_PLAY,     /* seat `seat` of player `player` played card; Android: command is the command given,
                          GW_CMD_NONE for a human's own card; public */
    GW_EVENT_ERROR,    /* Android: the android at seat failed command (answer); public */
    GW_EVENT_TRICK,    /* trick `trick` won by seat `seat` (player `player`) with card; German: cards holds
                          both cards of the trick; public */
    GW_EVENT_DRAW,     /* German foreplay: player drew card: face up to the drawer, and to all when it was
                          the up-card (the trick's winner); face down (hidden) to the others */
    GW_EVENT_UPCARD,   /* German: the new up-card, or GW_NO_CARD: the stock is empty (endgame); public */
    GW_EVENT_SCORE,    /* hand scored: tricks (German: those the scoring counts), points, score (German:
                          match; Android: game points),
                          winner (-1 none); Android: game_winner/game_value if a game ended; public */
    GW_EVENT_OVER,     /* the match (rubber, deal) is over: winner (-1 a tie: a single deal only); public */
    GW_EVENT_UNDO      /* player took back count cards (theirs and the computer's after them); public */
} gw_event_kind;

/* Who sees an event's cards face up (bits). */
enum { GW_SEEN_P0 = 1, GW_SEEN_P1 = 2, GW_SEEN_SPECTATOR = 4 };

typedef struct gw_event {
    uint32_t number; /* 1, 2, ... in the session, never reused (undo adds an event) */
    gw_event_kind kind;
    int hand;     /* the hand's number */
    int trick;    /* PLAY, ERROR, TRICK, DRAW: the trick's number */
    int player;   /* the player concerned, or -1 */
    int seat;     /* German: the player; Android: D, L, X, N; -1 if none */
    gw_card card; /* GW_NO_CARD if none or hidden */
    gw_cards cards;
    int count;   /* HAND: cards dealt; UNDO: cards taken back */
    bool hidden; /* this copy shows the card(s) face down: card is GW_NO_CARD, cards 0 */
    gw_android_command command;
    gw_android_answer answer;
    int tricks[2], points[2], score[2]; /* SCORE, by player */
    int winner;                         /* SCORE, OVER: player or -1 */
    int game_winner, game_value;        /* Android SCORE: -1/0 unless the hand won a game */
    unsigned seen_by;                   /* GW_SEEN_* bits: who sees the cards face up */
} gw_event;

/* The number of the last event so far (0 before any). */
uint32_t gw_session_last_event(const gw_session *s);

/* Copies the events numbered from..gw_session_last_event (at most cap) as
 * viewer sees them into out; returns how many. Events are kept for the whole
 * session. Every event is given to every viewer; what a viewer may not see
 * is face down (hidden). */
int gw_session_events(const gw_session *s, uint32_t from, int viewer, gw_event *out, int cap);

/* The copy of event e that viewer sees (hidden cards face down). */
void gw_event_for_viewer(const gw_event *e, int viewer, gw_event *out);

/* ---- acting --------------------------------------------------------------- */

/* Why an action is refused (GW_REFUSE_NONE: it is allowed). */
typedef enum gw_refusal {
    GW_REFUSE_NONE = 0,
    GW_REFUSE_NOT_YOUR_TURN,  /* another player (or nobody) is to act */
    GW_REFUSE_COMPUTER,       /* the player is a computer seat */
    GW_REFUSE_WRONG_KIND,     /* a card where a command is due, or the reverse */
    GW_REFUSE_NOT_A_CARD,     /* not a card of the variant (or no card at all) */
    GW_REFUSE_NOT_HELD,       /* the player does not hold it (never says where it is) */
    GW_REFUSE_MUST_FOLLOW,    /* the player holds the suit led */
    GW_REFUSE_NOT_A_COMMAND,  /* no such command */
    GW_REFUSE_NOT_LEADING,    /* Android: duck, beat or high when the android leads */
    GW_REFUSE_NOT_NOW,        /* Android: a suit, shortest or longest when following with no error before */
    GW_REFUSE_FAILED_ALREADY, /* Android: the command failed already for this card */
    GW_REFUSE_BUSY,           /* a computer decision is out (gw_session_think_begin) */
    GW_REFUSE_HAND_OVER,      /* the hand (or match) is over */
    GW_REFUSE_COUNT
} gw_refusal;

/* A stable short code for the refusal ("not_your_turn", "must_follow", ...). */
const char *gw_refusal_code(gw_refusal r);

/* Whether player may take action a now, and if not why (err, may be NULL,
 * gets a sentence a player can read that never names a hidden card). */
gw_refusal gw_session_check(const gw_session *s, int player, const gw_action *a, gw_error *err);

/* Carries out player's action after gw_session_check. GW_OK: done; the new
 * events are numbered after the previous gw_session_last_event (an Android
 * command the android fails is GW_OK with an ERROR event). GW_EILLEGAL with
 * the refusal's sentence (and *why if not NULL) when refused; nothing changes. */
gw_status gw_session_act(gw_session *s, int player, const gw_action *a, gw_refusal *why, gw_error *err);

/* The computer seat to act decides and acts (blocking, within the config's
 * limits). GW_ESTATE if the player to act is not a computer; a computer that
 * fails or breaks a rule (a bug) is GW_ESTATE with the reason, the state unchanged. */
gw_status gw_session_play_computer(gw_session *s, gw_error *err);

/* The same decision split in three, so that a server can think on another
 * thread: think_begin lends the computer to act and a copy of its view to a
 * gw_thought (the session refuses actions, undo and dealing with
 * GW_REFUSE_BUSY until think_end or think_cancel); gw_thought_run decides
 * (any thread, touching only the thought); think_end applies the decision
 * (checked by the rules) and frees t; think_cancel frees t unapplied. */
typedef struct gw_thought gw_thought;
gw_status gw_session_think_begin(gw_session *s, gw_thought **out, gw_error *err);
void gw_thought_run(gw_thought *t);
gw_status gw_session_think_end(gw_session *s, gw_thought *t, gw_error *err);
void gw_session_think_cancel(gw_session *s, gw_thought *t);

/* Changes who fills player's place mid-match (a table's person leaving, a card's time running out): an
 * outside seat becomes the computer at seat->level (a gw_ai_level or gw_android_level of the game; its
 * random stream seeded as seeds.h derives it for that player), which learns the hand so far from that
 * player's own view only, as if it had played it; or a computer seat becomes outside again. The records
 * keep the name they gave the player (seat->name is ignored). Any state of the match. GW_ESTATE while a
 * gw_thought is out; GW_EINVAL for a bad player, kind or level; GW_ENOMEM (nothing changed then). */
gw_status gw_session_seat(gw_session *s, int player, const gw_seat_config *seat, gw_error *err);

/* Deals the next hand after GW_SESSION_HAND_OVER. GW_ESTATE otherwise. */
gw_status gw_session_next_hand(gw_session *s, gw_error *err);

/* Takes back player's last card of the hand in play and the computer's
 * cards after it (config.undo, an outside player against a computer, the
 * player has played in this hand); the hand is marked Assisted in the
 * record. GW_ESTATE with the reason otherwise. */
gw_status gw_session_undo(gw_session *s, int player, gw_error *err);

/* ---- hints ---------------------------------------------------------------- */

/* What each legal card of a player is worth, from that player's view only (German Whist; Android Whist
 * has no hints): exact with best play by both in the endgame, otherwise the expert's estimate. */
typedef struct gw_hint {
    bool exact;
    int count; /* legal cards valued, best first */
    gw_card cards[13];
    /* What the hand is worth to the player at its end under the scoring rule in force, in points (its
     * points minus the opponent's): exact with best play by both, or the expert's mean. */
    double value[13];
    double tricks[13]; /* the tricks the scoring counts for the player at the hand's end (the endgame's;
                          every: all), exact or mean */
    double se[13];     /* estimated: the standard error of (first value - this one); else 0 */
    const char *unit;  /* what value is in, for the player: "points" (exact) or "expected points" (a static
                          string) */
    int samples;       /* estimated: deals sampled */
    int best;          /* exact: the most tricks the player can make from here */
} gw_hint;

/* The hint for player, who must be to play a card. GW_ESTATE if not; GW_ENOMEM. */
gw_status gw_session_hint(gw_session *s, int player, gw_hint *out, gw_error *err);

/* ---- records -------------------------------------------------------------- */

/* Sets a tag written on every hand from the hand in play on (Date: the
 * front end's local date "YYYY.MM.DD"; StoreMatch/StoreRubber: the
 * statistics row). value NULL removes it. GW_EINVAL for a bad name or value. */
gw_status gw_session_set_tag(gw_session *s, const char *name, const char *value, gw_error *err);
/* The value of a tag set by gw_session_set_tag or, after gw_session_restore,
 * read from the record's last hand (a front end finds its StoreMatch or
 * StoreRubber there); NULL if none. Owned by s, valid until the tag changes. */
const char *gw_session_tag(const gw_session *s, const char *name);

/* Appends the record (.gwr text) of the finished hands and, with_current,
 * the hand in play, to out. */
void gw_session_record(const gw_session *s, bool with_current, gw_text *out);
/* Appends the record of finished hand hand_no (1-based). GW_EINVAL if there is none. */
gw_status gw_session_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err);
/* Whether hand hand_no had an undo. */
bool gw_session_hand_assisted(const gw_session *s, int hand_no);
/* Whether finished German Whist hand hand_no was a slam: its winner took every trick the scoring rule
 * counts, with a slam's score (last13; gw_hand_score's slam). false for other hands and in Android Whist. */
bool gw_session_hand_slam(const gw_session *s, int hand_no);

/* Rebuilds a session from a record text written by gw_session_record: the
 * game, rules, seed and computer levels come from the record; seat kinds,
 * limits, clock and undo from base. Every hand is dealt again from the seed
 * and checked against the record, its moves replayed through the rules, the
 * computer asked for its recorded cards as an uninterrupted game would; the
 * events are those of the uninterrupted game. A finished match comes back
 * GW_SESSION_OVER; one whose last hand is finished, GW_SESSION_HAND_OVER.
 * Each hand keeps its record's own tags (Date, StoreMatch, ...).
 * GW_EINVAL with the reason (line numbers where they help) otherwise. */
gw_status gw_session_restore(const gw_session_config *base, const char *text, size_t len, gw_session **out,
                             gw_error *err);

/* Score and state for summaries: the German match (rules, score, hands) or the Android rubber. */
const gw_match *gw_session_match(const gw_session *s);           /* German Whist, else NULL */
const gw_android_rubber *gw_session_rubber(const gw_session *s); /* Android Whist, else NULL */
/* The hand in play (or just scored) as the engine holds it: for tests and
 * the cheating oracle only; never show it to a seat. */
const gw_game *gw_session_game(const gw_session *s);                 /* German, else NULL */
const gw_android_game *gw_session_android_game(const gw_session *s); /* Android, else NULL */

#endif

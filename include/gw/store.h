/* store.h: the player's statistics and history: every finished hand of German Whist and Android Whist, in
 * an SQLite database. */
#ifndef GW_STORE_H
#define GW_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/game_kind.h"
#include "gw/match.h"
#include "gw/status.h"
#include "gw/stats.h" /* the rows of gw_store_stats and gw_store_android_stats */

/* The schema version this build writes (PRAGMA user_version); older
 * databases are migrated on open, one version at a time, each step in its
 * own transaction; newer ones are refused. */
#define GW_STORE_SCHEMA                                                                                      \
    6 /* 1: German Whist matches and hands; 2: Android Whist rubbers and hands, and                          \
       * what each player scored in a German Whist hand (running total); 3: games in progress of             \
       * whist serve; 4: its players (tokens issued, settings) and the owner of each match and rubber;       \
       * 5: two games in progress per player (a German match and an Android rubber, each with its row in     \
       * the statistics), when each player was last seen and whether it finished a hand (pruning);           \
       * 6: tables between two people, matches and rubbers played against a person (and the owner's seat),   \
       * the players' ratings */

typedef struct gw_store gw_store;

/* Opens the database at path, or at $XDG_DATA_HOME/whist/whist.db when path
 * is NULL, creating or migrating it. Fails with GW_EIO and a message a
 * player can act on (folder not writable, "not a whist database", corrupt
 * file, written by a newer whist) and leaves the file untouched. Another
 * whist writing at the same time is waited for (a few seconds at most). */
gw_status gw_store_open(const char *path, gw_store **out, gw_error *err);

/* Closes the database (NULL is fine). */
void gw_store_close(gw_store *s);

/* Writes the default database's path, $XDG_DATA_HOME/whist/whist.db, into
 * out (cap bytes) without creating anything: to tell "no games yet" from a
 * database that cannot be opened. */
gw_status gw_store_path(char *out, size_t cap, gw_error *err);

/* The path of an open database. */
const char *gw_store_file(const gw_store *s);

/* Who played a match and how it was set up. */
typedef struct gw_store_match {
    gw_match_rules rules;
    const char *opponent; /* level name: "easy", "hard", "expert", ... */
    uint64_t seed;        /* the match seed */
    const char *started;  /* local time "YYYY-MM-DD HH:MM:SS"; NULL: now */
    bool vs_person;       /* played against a person (a table of whist serve): opponent "human" */
    int seat;             /* the owner's seat at that table (0 or 1); the hands' figures are from its side */
} gw_store_match;

/* Records the start of a match and gives its id. GW_EINVAL for rules out
 * of range or an empty opponent name. */
gw_status gw_store_begin_match(gw_store *s, const gw_store_match *m, int64_t *match_id, gw_error *err);

/* As gw_store_begin_match for a match of a player of whist serve: owner is its token (NULL: the terminal's,
 * as gw_store_begin_match). The owned reads below (gw_store_owned_*) see only one owner's games; the
 * unowned ones (gw_store_stats, gw_store_history, ...) see every game, the owned ones included. */
gw_status gw_store_begin_owned_match(gw_store *s, const gw_store_match *m, const char *owner,
                                     int64_t *match_id, gw_error *err);

/* One finished hand, seen from the human (player 1, seat 0). */
typedef struct gw_store_hand {
    int64_t match_id;
    int number;         /* 1-based hand number in the match */
    const char *record; /* the hand as .gwr text (one hand, finished) */
    const char *played; /* local time the hand ended, "YYYY-MM-DD HH:MM:SS"; NULL: now */
    int tricks[2];      /* counted tricks (endgame, or all for every-trick scoring): [human, computer] */
    int winner;         /* who won the hand (more counted tricks): 0 the human, 1 the computer, -1 a tie */
    int points[2];      /* what each scored: [human, computer]; only the winner scores, but
                           under running-total scoring both do */
    bool slam;          /* the winner took every trick */
    bool assisted;      /* the human took back a card (undo) */
    int score[2];       /* match score after the hand */
    int match_winner;   /* -1 while the match goes on; 0 or 1 when this hand ended it */
} gw_store_hand;

/* Stores a finished hand and the match score after it and, if it ended the
 * match, the match's result, in one transaction: after a crash either both
 * are stored or neither. *hand_id (if not NULL) receives the hand's id.
 * GW_EINVAL for figures out of range or an unknown match; GW_ESTATE if the
 * match is over or abandoned, or its hand `number` is stored already. */
gw_status gw_store_add_hand(gw_store *s, const gw_store_hand *h, int64_t *hand_id, gw_error *err);

/* Marks a match abandoned (the player started a new one instead of resuming,
 * or left line mode before its end). GW_EINVAL for an unknown match,
 * GW_ESTATE if it is over or abandoned already. */
gw_status gw_store_abandon_match(gw_store *s, int64_t match_id, gw_error *err);

/* One row per (variant, scoring, target, opponent) that has hands, ordered
 * by variant name, scoring rule (in gw_scoring order; unknown names after),
 * target, then level (random, easy, hard, expert, oracle; unknown names
 * after), followed by one "all" total row (target 0; also when there are no
 * hands: zeros). *rows is malloc'd; free() it. */
gw_status gw_store_stats(gw_store *s, gw_stats **rows, int *count, gw_error *err);
/* The same, from the matches of owner only (NULL: every match). */
gw_status gw_store_owned_stats(gw_store *s, const char *owner, gw_stats **rows, int *count, gw_error *err);

/* One stored hand, for lists. */
typedef struct gw_store_entry {
    int64_t id;       /* the hand's id, for gw_store_record (one numbering for both games) */
    bool android;     /* an Android Whist hand (else German Whist) */
    int64_t match_id; /* its match, or for Android Whist its rubber */
    int number;       /* hand number in its match or rubber */
    char played[24];
    char variant[16];  /* German Whist: "classic" or "small"; Android Whist: "android" */
    char scoring[16];  /* German Whist: gw_scoring_name; Android Whist: "rubber" */
    char opponent[16]; /* level name; Android Whist between two humans: "human" */
    int target;        /* the match's win target; Android Whist: the game's 5 points */
    int tricks[2];     /* counted tricks (Android Whist: of each side), [player 1, player 2] */
    int winner; /* German Whist: who won the hand (more counted tricks); Android Whist: the side that scored
                 */
    int points; /* what the winner scored (0 on a tie) */
    int scored[2]; /* German Whist: what each scored, [human, computer]; Android Whist: by side */
    bool slam, assisted;
    int score[2];   /* match score after the hand; Android Whist: game points after it */
    bool vs_person; /* played against a person (its figures from the owner's side) */
} gw_store_entry;

/* The most recent hands of both games, newest first, at most limit (0:
 * all). *rows is malloc'd; free() it. */
gw_status gw_store_history(gw_store *s, int limit, gw_store_entry **rows, int *count, gw_error *err);
/* The same, the hands of owner's matches and rubbers only (NULL: every hand). */
gw_status gw_store_owned_history(gw_store *s, const char *owner, int limit, gw_store_entry **rows, int *count,
                                 gw_error *err);

/* The record text of hand id, German Whist or Android Whist (malloc'd;
 * free() it). GW_EINVAL with "no hand N" when there is none. */
gw_status gw_store_record(gw_store *s, int64_t id, char **text, gw_error *err);
/* The same, when hand id belongs to owner's match or rubber (NULL: any); another owner's hand is "no hand N".
 */
gw_status gw_store_owned_record(gw_store *s, const char *owner, int64_t id, char **text, gw_error *err);

/* The seat (0 or 1) owner had in hand id's match or rubber: 1 for a hand played at seat 1 of a table, else 0
 * (*seat 0 too when owner has no such hand). */
gw_status gw_store_owned_hand_seat(gw_store *s, const char *owner, int64_t id, int *seat, gw_error *err);

/* ---- Android Whist --------------------------------------------------------------------------------- */

/* Who played a rubber of Android Whist. Sides are named by their human:
 * side 0 is player 1 (the one at the keyboard against the computer). */
typedef struct gw_store_rubber {
    const char *opponent; /* the computer's level name, or "human" for two players at one terminal */
    uint64_t seed;        /* the rubber seed */
    const char *started;  /* local time "YYYY-MM-DD HH:MM:SS"; NULL: now */
    bool vs_person;       /* played against a person (a table, or two at one terminal: opponent "human") */
    int seat;             /* the owner's seat at a table (0 or 1); the hands' sides are from its side */
} gw_store_rubber;

/* Records the start of a rubber and gives its id. GW_EINVAL for an empty
 * opponent name. */
gw_status gw_store_begin_rubber(gw_store *s, const gw_store_rubber *r, int64_t *rubber_id, gw_error *err);
/* As gw_store_begin_rubber for a rubber of a player of whist serve (owner: its token; see
 * gw_store_begin_owned_match). */
gw_status gw_store_begin_owned_rubber(gw_store *s, const gw_store_rubber *r, const char *owner,
                                      int64_t *rubber_id, gw_error *err);

/* One finished Android Whist hand, by sides. */
typedef struct gw_store_android_hand {
    int64_t rubber_id;
    int number;         /* 1-based hand number in the rubber */
    const char *record; /* the hand as record text (one hand, finished) */
    const char *played; /* local time the hand ended; NULL: now */
    int tricks[2];      /* tricks of side 0 and side 1 */
    int winner;         /* the side that scored, -1 if neither */
    int points;         /* what it scored */
    int score[2];       /* game points after the hand (a won game shows 5 and the loser's) */
    int game_winner;    /* the side that won a game with this hand, else -1 */
    int games[2];       /* games won in the rubber after the hand */
    int values[2];      /* game values won, the rubber bonus included once it is over */
    int rubber_winner;  /* -1 while the rubber goes on; 0 or 1 when this hand ended it */
} gw_store_android_hand;

/* Stores a finished hand and the rubber's games after it (and its result
 * if the hand ended it) in one transaction. *hand_id (if not NULL) gets the
 * hand's id. GW_EINVAL for figures out of range or an unknown rubber;
 * GW_ESTATE if the rubber is over or abandoned, or the hand is stored
 * already. */
gw_status gw_store_add_android_hand(gw_store *s, const gw_store_android_hand *h, int64_t *hand_id,
                                    gw_error *err);

/* Marks a rubber abandoned (the players left before its end). GW_EINVAL for
 * an unknown rubber, GW_ESTATE if it is over or abandoned already. */
gw_status gw_store_abandon_rubber(gw_store *s, int64_t rubber_id, gw_error *err);

/* One row per opponent that has hands (random, easy, hard, then other
 * names), then an "all" total row (also with no hands: zeros). *rows is
 * malloc'd; free() it. */
gw_status gw_store_android_stats(gw_store *s, gw_android_stats **rows, int *count, gw_error *err);
/* The same, from the rubbers of owner only (NULL: every rubber). */
gw_status gw_store_owned_android_stats(gw_store *s, const char *owner, gw_android_stats **rows, int *count,
                                       gw_error *err);

/* ---- games in progress of `whist serve` ------------------------------------------------------------------
 */

/* The longest player token (a browser's identity: hexadecimal digits), NUL excluded. */
#define GW_STORE_TOKEN_MAX 64

/* One game in progress of a browser's player: the session's record text (gw_session_record with the
 * hand in play), from which gw_session_restore rebuilds it. A player has at most one of each game. */
typedef struct gw_store_web_game {
    char token[GW_STORE_TOKEN_MAX + 1];
    gw_game_kind game; /* German Whist (a match) or Android Whist (a rubber) */
    int64_t stats_id;  /* its match's (rubber's) id in the statistics; 0: none yet (no hand scored) */
    char *record;      /* malloc'd when read; only read when saved */
} gw_store_web_game;

/* Saves the game g of the player g->token (1 to GW_STORE_TOKEN_MAX characters of [0-9a-f]), replacing
 * the one of that game saved before, in one transaction: after a crash the old record or the new one is
 * there, never a part. GW_EINVAL for a bad token; GW_EIO with SQLite's reason. */
gw_status gw_store_save_web_game(gw_store *s, const gw_store_web_game *g, gw_error *err);

/* Saves count games (each token and game once) as gw_store_save_web_game does, all in one transaction:
 * after a crash all of them are there or none. Much cheaper than one transaction each. GW_EINVAL for a bad
 * token (nothing saved); GW_EIO. */
gw_status gw_store_save_web_games(gw_store *s, const gw_store_web_game *games, int count, gw_error *err);

/* The saved games of the player with token (at most one of each game), the one saved last first: rows
 * (2 of them) filled, *count how many; records malloc'd (free with gw_store_web_games_free(NULL-safe
 * rows, count) or free() each). A malformed token has none. */
gw_status gw_store_player_games(gw_store *s, const char *token, gw_store_web_game rows[2], int *count,
                                gw_error *err);

/* Every saved game, in token order (German Whist first): *rows (and each record) malloc'd; free with
 * gw_store_web_games_free. */
gw_status gw_store_web_games(gw_store *s, gw_store_web_game **rows, int *count, gw_error *err);
void gw_store_web_games_free(gw_store_web_game *rows, int count);

/* Deletes the saved game of the player with token (none: nothing happens). GW_EINVAL for a bad token. */
gw_status gw_store_delete_web_game(gw_store *s, const char *token, gw_game_kind game, gw_error *err);

/* ---- the players of whist serve: a token is valid only once recorded here (when it was issued) ---- */

/* Records a token just issued (settings empty, seen now). GW_EINVAL for a bad token; GW_ESTATE if it is
 * known. */
gw_status gw_store_add_player(gw_store *s, const char *token, gw_error *err);

/* Whether token was issued (*known), and if settings is not NULL the player's settings text as last saved
 * ("" for none; malloc'd, free() it; NULL when unknown). A malformed token is simply unknown. */
gw_status gw_store_find_player(gw_store *s, const char *token, bool *known, char **settings, gw_error *err);

/* What the store keeps of a player. */
typedef struct gw_store_player {
    bool known;        /* the token was issued (the rest is empty when not) */
    char *settings;    /* as last saved ("" for none); malloc'd, free() it */
    int64_t last_seen; /* when it was last seen (gw_store_touch_player), seconds since 1970 */
    bool kept;         /* it finished a hand: never pruned */
} gw_store_player;

/* The player with token into *out (known false, settings NULL for an unknown or malformed token). */
gw_status gw_store_load_player(gw_store *s, const char *token, gw_store_player *out, gw_error *err);

/* Records that the player with token was seen at time now (seconds since 1970). GW_EINVAL for a bad or
 * unknown token. */
gw_status gw_store_touch_player(gw_store *s, const char *token, int64_t now, gw_error *err);

/* Prunes at most limit players that never finished a hand (of either game) and were last seen before
 * seen_before (seconds since 1970), except those in_use(ctx, token) says are in use: each with its saved
 * games and its matches and rubbers without a hand, in one transaction. A player with a finished hand is
 * never pruned. *pruned: how many were. */
gw_status gw_store_prune_players(gw_store *s, int64_t seen_before, int limit,
                                 bool (*in_use)(void *ctx, const char *token), void *ctx, int *pruned,
                                 gw_error *err);

/* Replaces the settings text of the player with token (the store does not read it: the server's
 * encoding). GW_EINVAL for a bad or unknown token. */
gw_status gw_store_save_settings(gw_store *s, const char *token, const char *settings, gw_error *err);

/* ---- tables between two people (whist serve) ----------------------------------------------------------- */

/* The longest table id (docs/protocol.md, "Tables"), NUL excluded. */
#define GW_STORE_TABLE_ID_MAX 32
/* The longest play-anyone key (the table's options as the server writes them), NUL excluded. */
#define GW_STORE_TABLE_KEY_MAX 127

/* One table as saved: its state (gw_table_save's text, which the store does not read) and what the lobby
 * and play anyone look up. */
typedef struct gw_store_table {
    char id[GW_STORE_TABLE_ID_MAX + 1];
    gw_game_kind game;
    char match_key[GW_STORE_TABLE_KEY_MAX + 1]; /* tables of the same options have the same key */
    bool waiting;                               /* listed in the lobby and waiting for a second person */
    bool over;                                  /* the match (rubber) is over */
    char seats[2][GW_STORE_TOKEN_MAX + 1];      /* the persons seated (tokens; "" for none or a computer) */
    int64_t stats_id[2];      /* the match's (rubber's) statistics row of each seat; 0: none */
    int64_t created, updated; /* seconds since 1970 (set by the store) */
    char *state;              /* gw_table_save's text; malloc'd when read */
    char *lobby;              /* the lobby's entry (the server's JSON); malloc'd when read */
} gw_store_table;

/* Saves table t (a new one, or replacing the one of its id: created kept, updated now). GW_EINVAL for an
 * empty or too long id, a bad seat token or missing texts; GW_EIO. Joins an open gw_store_begin. */
gw_status gw_store_save_table(gw_store *s, const gw_store_table *t, gw_error *err);
/* The table id into *out (*found false when there is none; then out holds nothing to free). */
gw_status gw_store_load_table(gw_store *s, const char *id, gw_store_table *out, bool *found, gw_error *err);
/* The tables waiting for a second person, oldest first, at most limit: every one (match_key NULL) or those
 * of one key except the ones whose seat 0 is not_seat0 (NULL: none excepted). *rows malloc'd (free with
 * gw_store_tables_free). */
gw_status gw_store_waiting_tables(gw_store *s, const char *match_key, const char *not_seat0, int limit,
                                  gw_store_table **rows, int *count, gw_error *err);
/* Takes every table out of the lobby (waiting 0): what a server does at start, when nobody waits at any. */
gw_status gw_store_unlist_tables(gw_store *s, gw_error *err);
/* Frees the texts of one table read (not t itself). */
void gw_store_table_free(gw_store_table *t);
void gw_store_tables_free(gw_store_table *rows, int count);

/* A player's Glicko-2 rating in one rule family (the figures of gw_rating, include/gw/rating.h). */
typedef struct gw_store_rating {
    double rating, rd, vol;
    int games;
} gw_store_rating;

/* The rating of token in family: *found false (out untouched) when it has none yet. */
gw_status gw_store_rating_get(gw_store *s, const char *token, const char *family, gw_store_rating *out,
                              bool *found, gw_error *err);
/* Sets the rating of token in family. GW_EINVAL for a bad token or family; joins an open gw_store_begin. */
gw_status gw_store_rating_put(gw_store *s, const char *token, const char *family, const gw_store_rating *r,
                              gw_error *err);

/* One of a player's ratings, by family. */
typedef struct gw_store_family_rating {
    char family[65];
    gw_store_rating r;
} gw_store_family_rating;

/* Every rating of token, by family name: *rows malloc'd (free() it), *count of them. */
gw_status gw_store_player_ratings(gw_store *s, const char *token, gw_store_family_rating **rows, int *count,
                                  gw_error *err);

/* ---- transactions, failures and the file ------------------------------------------------------------ */

/* Opens a write transaction (BEGIN IMMEDIATE) that every write after it joins until gw_store_commit or
 * gw_store_rollback: each write then keeps or undoes only its own part (a savepoint) and nothing is
 * durable before the commit. A write refused for what it asks (GW_EINVAL, GW_ESTATE: a hand stored
 * already, say) leaves the transaction as it was; once a write of it failed for the disk or for memory
 * (GW_EIO, GW_ENOMEM: a full disk, an I/O error; SQLite may even have rolled the whole transaction back),
 * later writes are refused (GW_EIO) and the commit fails, so that no part of it is kept. GW_ESTATE if one is
 * open already. */
gw_status gw_store_begin(gw_store *s, gw_error *err);
/* Commits the transaction gw_store_begin opened; on failure (err says why) nothing of it is kept. */
gw_status gw_store_commit(gw_store *s, gw_error *err);
/* Undoes the transaction gw_store_begin opened, if any. */
void gw_store_rollback(gw_store *s);
/* Whether a transaction of gw_store_begin is open. */
bool gw_store_in_batch(const gw_store *s);

/* Whether the last failure of s was the disk (or the file's quota) being full (SQLITE_FULL). */
bool gw_store_disk_full(const gw_store *s);

/* Whether the database's path still names the file s opened: GW_OK, or GW_EIO with a message saying it
 * was deleted, moved or replaced (another file under its name). */
gw_status gw_store_check_file(gw_store *s, gw_error *err);

/* Makes the commits of s cheap yet safe from a crash of the program (SIGKILL included): the database
 * goes to write-ahead logging (journal_mode=WAL, which stays with the file, so every whist opening it
 * then logs too) and this connection to synchronous=NORMAL, so a commit is a write into the log, synced
 * to the disk at checkpoints only. A power cut or a crash of the operating system may lose the last
 * commits (each whole or not at all); a crash of the program loses none. whist serve calls it: it saves
 * a game after every card. GW_EIO with SQLite's reason (a file system without shared memory, say). */
gw_status gw_store_fast_commits(gw_store *s, gw_error *err);

#endif

/* cmd_android.c: `whist android --plain`: a line-mode rubber of Android Whist against the computer, recorded.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gw/android.h"
#include "gw/android_ai.h"
#include "gw/android_record.h"
#include "gw/android_score.h"
#include "gw/files.h"
#include "gw/rng.h"

static const char HELP[] =
    "Usage: whist android --plain [--opponent LEVEL] [--seed N] [--record FILE] [--classic-order]\n"
    "       whist android --plain --resume (--seed N | --record FILE)\n"
    "Plays a rubber of Android Whist against the computer in line mode. (The\n"
    "full-screen game is the \"Android Whist\" item of the home screen of 'whist'.)\n"
    "\n"
    "Four hands in two sides: you and your android against the computer and its\n"
    "android. You play your own cards and steer your android by commands; you see\n"
    "your hand and the opposing android's, never your own android's. A rubber is\n"
    "the best of three games to 5 points (docs/android.md). You are player 1.\n"
    "\n"
    "  -p, --plain            line mode (without it, see above)\n"
    "  -o, --opponent LEVEL   random, easy or hard (default)\n"
    "  -s, --seed N           the rubber's seed: every deal comes from it\n"
    "                         (default: a fresh one, printed)\n"
    "  -r, --record FILE      where the record is saved (default:\n"
    "                         $XDG_DATA_HOME/whist/games/android-SEED.gwr)\n"
    "  -R, --resume           go on with the rubber saved in the record (--record\n"
    "                         FILE, or the default one of --seed N)\n"
    "  -c, --classic-order    show suits as spades, hearts, diamonds, clubs\n"
    "  -h, --help             show this help\n"
    "\n"
    "When your own seat plays, type a card (AS, TH, 10h, qd). When your android\n"
    "plays, type a command: duck, beat or high when it follows; spades, hearts,\n"
    "diamonds, clubs, shortest, longest or high-spades ... high-longest (also\n"
    "'high spades') when it leads or right after it said \"Error.\". 'help' lists\n"
    "what is valid now, 'hand' shows the table again, 'quit' saves and leaves.\n"
    "\n"
    "The record is saved after every play; at the end of input (or 'quit') the\n"
    "rubber so far is kept and whist exits: --resume goes on with it. It deals\n"
    "the hands again from the record's seed, checks every play against the rules\n"
    "and plays on where it stopped, against the record's computer, whose choices\n"
    "are those of an uninterrupted rubber. A record is never replaced: if the file\n"
    "exists, whist asks on a terminal whether to resume it, and otherwise (or when\n"
    "you answer n) saves the new rubber beside it as android-SEED-2.gwr (-3, ...),\n"
    "saying so. While a rubber is played its record is locked: a second whist\n"
    "never writes the same file. Every finished hand is also stored in the\n"
    "statistics ('whist stats', 'whist history'); a rubber left with its record\n"
    "saved stays open there until resumed. Exit status: 0 saved, 1 the record\n"
    "could not be saved (it is then printed), 2 usage error (also: nothing to\n"
    "resume, a damaged record).\n";

typedef struct session {
    gw_android_game g;
    gw_android_rubber rubber;
    gw_rng rng; /* the deals */
    uint64_t seed;
    int hand_no; /* hands dealt in this rubber */
    gw_android_level opponent;
    gw_android_player *bot; /* the computer: player 2 */
    gw_suit_style style;
    cli_record_file rec; /* where the record goes */
    gw_text finished;    /* record text of the finished hands */
    char date[16];
    bool in_hand;      /* resumed in the middle of a hand: s->g goes on */
    gw_store *store;   /* the statistics; NULL when they are off */
    int64_t rubber_id; /* this rubber in the statistics (its StoreRubber tag), 0 if none */
} session;

/* ---- the record ----------------------------------------------------------- */

/* Appends the hand in play (or just finished) as record text; score: the
 * game points after a finished hand, NULL while it goes on. */
static void append_hand(const session *s, gw_text *out, const int *score) {
    gw_android_record_hand h;
    gw_android_record_hand_from_game(&h, &s->g, s->hand_no);
    char seed[32];
    gw_format(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
    gw_android_record_hand_set_tag(&h, "Date", s->date);
    gw_android_record_hand_set_tag(&h, "Player1", "human");
    gw_android_record_hand_set_tag(&h, "Player2", gw_android_level_name(s->opponent));
    gw_android_record_hand_set_tag(&h, "RubberSeed", seed);
    if (s->rubber_id > 0) {
        char id[32];
        snprintf(id, sizeof id, "%lld", (long long)s->rubber_id);
        gw_android_record_hand_set_tag(&h, "StoreRubber", id);
    }
    if (score) {
        h.has_score = true;
        h.score[0] = score[0];
        h.score[1] = score[1];
    }
    if (out->len > 0) gw_text_putc(out, '\n');
    gw_android_record_write_hand(&h, out);
    gw_android_record_hand_clear(&h);
}

/* The record of the rubber so far: finished hands and, if asked, the hand in play. */
static void rubber_text(const session *s, gw_text *out, bool with_current) {
    gw_text_puts(out, gw_text_str(&s->finished));
    if (with_current) append_hand(s, out, NULL);
}

/* Saves the record. */
static void save(session *s, bool with_current) {
    gw_text t = {0};
    rubber_text(s, &t, with_current);
    cli_record_save(&s->rec, &t);
    gw_text_free(&t);
}

/* ---- the statistics --------------------------------------------------------------------------------- */

/* Turns the statistics off for the rest of the rubber, with the one warning. */
static void stats_off(session *s, const char *why) { cli_stats_off(&s->store, why); }

/* Opens the statistics and records the start of the rubber. */
static void stats_begin(session *s) {
    gw_error err;
    gw_store_rubber r = {gw_android_level_name(s->opponent), s->seed, NULL};
    if (gw_store_open(NULL, &s->store, &err) != GW_OK ||
        gw_store_begin_rubber(s->store, &r, &s->rubber_id, &err) != GW_OK)
        stats_off(s, err.msg);
}

/* Stores the hand just finished, scored hs with progress pr. */
static void stats_hand(session *s, const gw_android_hand_score *hs, const gw_android_progress *pr) {
    if (!s->store) return;
    gw_text rec = {0};
    append_hand(s, &rec, pr->points);
    const gw_android_rubber *r = &s->rubber;
    gw_store_android_hand h = {.rubber_id = s->rubber_id,
                               .number = s->hand_no,
                               .record = gw_text_str(&rec),
                               .tricks = {hs->tricks[0], hs->tricks[1]},
                               .winner = hs->winner,
                               .points = hs->points,
                               .score = {pr->points[0], pr->points[1]},
                               .game_winner = pr->game_winner,
                               .games = {r->games[0], r->games[1]},
                               .values = {r->values[0], r->values[1]},
                               .rubber_winner = r->winner};
    gw_error err;
    if (rec.failed)
        stats_off(s, "out of memory");
    else if (gw_store_add_android_hand(s->store, &h, NULL, &err) != GW_OK)
        stats_off(s, err.msg);
    gw_text_free(&rec);
}

/* The statistics of a resumed rubber: its row (StoreRubber) goes on; a
 * rubber the statistics never had gets a row if no hand of it is over yet. */
static void stats_resume(session *s) {
    if (cli_stats_resume("rubber", "StoreRubber", s->rubber_id, s->finished.len > 0, &s->store))
        stats_begin(s);
}

/* Final words on the record: where it is, or the record itself if unsaved. */
static int finish(session *s, bool with_current) {
    save(s, with_current);
    gw_error err;
    /* A rubber left with its record saved can be resumed (--resume): it stays open in the statistics.
     * One whose record could not be saved never can: it counts as abandoned. */
    bool kept = s->rec.has_path && s->rec.save_ok;
    if (s->store && with_current && !kept && gw_store_abandon_rubber(s->store, s->rubber_id, &err) != GW_OK)
        stats_off(s, err.msg);
    gw_store_close(s->store);
    s->store = NULL;
    gw_android_player_free(s->bot);
    s->bot = NULL;
    gw_text t = {0};
    rubber_text(s, &t, with_current);
    int rc = cli_record_finish(&s->rec, &t);
    if (with_current && rc == CLI_OK)
        printf("'whist android --plain --resume --record %s' goes on with it.\n", s->rec.path);
    gw_text_free(&t);
    gw_text_free(&s->finished);
    cli_record_release(&s->rec);
    return rc;
}

/* ---- words ---------------------------------------------------------------- */

/* Who sits at a seat, for player 1 (the human at this terminal). */
static const char *role(int dealer, int seat) {
    bool mine = gw_seat_player(dealer, seat) == 0;
    if (gw_seat_is_android(seat)) return mine ? "your android" : "the computer's android";
    return mine ? "you" : "the computer";
}

static const char *side_name(int side) { return side == 0 ? "your side" : "the computer's side"; }

/* The commands worth giving the android to play now (see
 * gw_android_commands_open); failed, if not NULL, receives those that failed
 * already for this card. From the view only. */
static int valid_commands(const gw_android_view *v, gw_android_command out[GW_CMD_COUNT],
                          bool failed[GW_CMD_COUNT]) {
    unsigned open = gw_android_commands_open(v);
    if (failed) {
        for (int c = 0; c < GW_CMD_COUNT; c++)
            failed[c] = false;
        for (int i = v->nevents - v->errors; i < v->nevents; i++)
            if (i >= 0 && v->events[i].command < GW_CMD_COUNT) failed[v->events[i].command] = true;
    }
    int n = 0;
    for (int c = 0; c < GW_CMD_COUNT; c++)
        if (open & (1u << c)) out[n++] = (gw_android_command)c;
    return n;
}

/* Prints the commands valid now, "duck, beat, high". */
static void print_valid(const gw_android_view *v) {
    gw_android_command cmds[GW_CMD_COUNT];
    int n = valid_commands(v, cmds, NULL);
    for (int i = 0; i < n; i++)
        printf("%s%s", i == 0 ? "" : ", ", gw_android_command_name(cmds[i]));
}

/* The index in v's log where the current trick's events begin. */
static int trick_start(const gw_android_view *v) {
    int cards = 0, target = v->tricks_done * GW_SEATS;
    for (int i = 0; i < v->nevents; i++) {
        if (cards == target) return i;
        if (v->events[i].card != GW_NO_CARD) cards++;
    }
    return v->nevents;
}

/* One public event, as "L (the computer's android) told high-hearts: plays AH". */
static void print_event(const gw_android_view *v, const gw_android_event *e) {
    printf("%c (%s) ", gw_seat_char(e->seat), role(v->dealer, e->seat));
    if (e->command == GW_CMD_NONE)
        printf("plays %s", cli_card(e->card));
    else if (e->card != GW_NO_CARD)
        printf("told %s: plays %s", gw_android_command_name((gw_android_command)e->command),
               cli_card(e->card));
    else
        printf("told %s: \"Error.\"", gw_android_command_name((gw_android_command)e->command));
}

/* The table as player 1 may see it: from their view, and the public scores. */
static void show_table(const session *s) {
    gw_android_view v;
    gw_android_observe(&s->g, 0, &v);
    const gw_android_rubber *r = &s->rubber;
    int mine = gw_seat_side(v.seat), own_android = gw_seat_partner(v.seat);
    printf("\nHand %d, trick %d of %d. Trump: %s (the turned card is %s%s).\n", s->hand_no, v.tricks_done + 1,
           GW_ANDROID_TRICKS, gw_suit_name(v.trump), cli_card(v.trump_card),
           gw_has(v.played, v.trump_card) ? ""
           : v.seat == GW_SEAT_D          ? ", in your hand"
                                          : ", in the computer's hand");
    printf("You are %c, your android %c; the computer is %c, its android %c.\n", gw_seat_char(v.seat),
           gw_seat_char(own_android), gw_seat_char(gw_seat_partner(v.opposing_android)),
           gw_seat_char(v.opposing_android));
    printf("Tricks: your side %d, the computer's side %d. Game %d (to %d): you %d, the computer %d. "
           "Games: you %d, the computer %d.\n",
           v.won[mine], v.won[1 - mine], r->ngames + 1, GW_ANDROID_GAME_POINTS, r->points[0], r->points[1],
           r->games[0], r->games[1]);
    printf("%c (the computer's android) holds: ", gw_seat_char(v.opposing_android));
    cli_print_hand(stdout, v.opposing_hand, v.trump, s->style);
    printf("\n");
    int from = trick_start(&v);
    if (from == v.nevents) {
        printf("Trick %d: %c (%s) leads.\n", v.tricks_done + 1, gw_seat_char(v.turn), role(v.dealer, v.turn));
    } else {
        printf("Trick %d so far:\n", v.tricks_done + 1);
        for (int i = from; i < v.nevents; i++) {
            printf("  ");
            print_event(&v, &v.events[i]);
            printf("\n");
        }
    }
    printf("Your hand: ");
    cli_print_hand(stdout, v.own, v.trump, s->style);
    printf("\n");
    if (gw_seat_is_android(v.turn)) {
        printf("Your android %c is to %s: tell it a command (", gw_seat_char(v.turn),
               v.ntrick == 0 ? "lead" : "play");
        print_valid(&v);
        printf(").\n");
    }
}

static void print_help(const session *s) {
    gw_android_view v;
    gw_android_observe(&s->g, 0, &v);
    if (gw_seat_is_android(v.turn)) {
        printf("Tell your android %c a command. Valid now: ", gw_seat_char(v.turn));
        print_valid(&v);
        printf(".\n(duck, beat and high are for following; a suit, shortest, longest and their high-\n"
               "forms, also written 'high spades', for leading or right after an error.)\n");
    } else {
        printf("Type a card to play it: rank then suit, e.g. AS, TH, 10h, qd.\n");
    }
    printf("Other commands: hand (show the table again), help, quit (save and leave).\n");
}

/* Why player 1 may not play c, from their view, or NULL if they may. Never
 * says where a card they do not hold is. */
static const char *card_refusal(const gw_android_view *v, gw_card c, char *buf, size_t cap) {
    if (!gw_has(v->own, c)) {
        snprintf(buf, cap, "You do not hold %s.", cli_card(c));
        return buf;
    }
    if (v->ntrick > 0) {
        int led = gw_card_suit(v->trick[0]);
        if (gw_card_suit(c) != led && (v->own & gw_suit_cards(led))) {
            snprintf(buf, cap, "You must follow suit: you hold %s.", gw_suit_name(led));
            return buf;
        }
    }
    return NULL;
}

/* ---- input ---------------------------------------------------------------- */

typedef enum { ACT_DONE, ACT_EOF, ACT_QUIT, ACT_FAIL } act_result;

/* Player 1 acts: a card of their own, or commands to their android until it
 * plays a card. done tells whether a trick ended. */
static act_result human_acts(session *s, gw_android_trick *done) {
    show_table(s);
    char line[256];
    for (;;) {
        gw_android_view v;
        gw_android_observe(&s->g, 0, &v);
        bool commanding = gw_seat_is_android(v.turn);
        char who = gw_seat_char(v.turn);
        if (commanding)
            printf("Command for %c> ", who);
        else
            printf("Your card> ");
        fflush(stdout);
        size_t n = 0;
        cli_line k = cli_read_line(line, sizeof line, &n);
        if (k == LINE_EOF) return ACT_EOF;
        if (k == LINE_EMPTY) continue;
        if (k == LINE_LONG || k == LINE_CONTROL) {
            printf("%s ", k == LINE_LONG ? "That line is too long." : "That line holds control characters.");
            print_help(s);
            continue;
        }
        gw_android_command cmd;
        gw_card c;
        cli_input in = cli_input_parse(line, n, &c, &cmd);
        if (in == CLI_INPUT_HELP) {
            print_help(s);
            continue;
        }
        if (in == CLI_INPUT_QUIT) return ACT_QUIT;
        if (in == CLI_INPUT_SHOW) {
            show_table(s);
            continue;
        }
        bool is_command = in == CLI_INPUT_COMMAND;
        bool is_card = in == CLI_INPUT_CARD;
        gw_error err;
        if (!commanding) {
            if (is_command) {
                printf("It is your own turn, not your android's: type a card from your hand.\n");
                continue;
            }
            if (!is_card) {
                printf("'%.40s' is not a card. ", line);
                print_help(s);
                continue;
            }
            char why[96];
            const char *no = card_refusal(&v, c, why, sizeof why);
            if (no) {
                printf("%s\n", no);
                continue;
            }
            if (gw_android_play(&s->g, c, done, &err) != GW_OK) { /* the view said yes: a bug */
                fprintf(stderr, "internal error: %s\n", err.msg);
                return ACT_FAIL;
            }
            printf("You play %s.\n", cli_card(c));
            return ACT_DONE;
        }
        if (is_card) {
            printf("Your android %c plays by command, not by card: tell it one of ", who);
            print_valid(&v);
            printf(".\n");
            continue;
        }
        if (!is_command) {
            printf("'%.40s' is not a command. ", line);
            print_help(s);
            continue;
        }
        gw_android_command valid[GW_CMD_COUNT];
        bool failed[GW_CMD_COUNT];
        valid_commands(&v, valid, failed);
        if (failed[cmd]) {
            printf("%c said \"Error.\" to %s already for this card, and would again. Valid now: ", who,
                   gw_android_command_name(cmd));
            print_valid(&v);
            printf(".\n");
            continue;
        }
        gw_android_outcome o;
        gw_status st = gw_android_command_play(&s->g, cmd, &o, done, &err);
        if (st == GW_EILLEGAL || st == GW_ESTATE) { /* refused: nothing happened */
            printf("Refused: %s. Valid now: ", err.msg);
            print_valid(&v);
            printf(".\n");
            continue;
        }
        if (st != GW_OK) {
            fprintf(stderr, "internal error: %s\n", err.msg);
            return ACT_FAIL;
        }
        if (o.answer == GW_ANSWER_CARD) {
            printf("%c (your android) plays %s.\n", who, cli_card(o.card));
            return ACT_DONE;
        }
        save(s, true); /* the error is part of the record */
        gw_android_observe(&s->g, 0, &v);
        printf("%c: \"Error.\" Tell %c another command (valid now: ", who, who);
        print_valid(&v);
        printf(").\n");
    }
}

/* The computer (player 2) acts once: a card of its own or one command to its
 * android; prints what everyone sees. */
static act_result computer_acts(session *s, gw_android_trick *done) {
    gw_android_step st;
    gw_error err;
    if (gw_android_player_act(s->bot, &s->g, &st, &err) != GW_OK) {
        fprintf(stderr, "internal error: the computer (%s) could not act: %s\n",
                gw_android_level_name(s->opponent), err.msg);
        return ACT_FAIL;
    }
    *done = st.trick;
    const gw_android_event *e = &s->g.events[s->g.nevents - 1];
    char who = gw_seat_char(e->seat);
    if (!st.action.is_command) {
        printf("%c (the computer) plays %s.\n", who, cli_card(st.outcome.card));
    } else if (st.outcome.answer == GW_ANSWER_CARD) {
        printf("The computer tells %c \"%s\": %c plays %s.\n", who,
               gw_android_command_name(st.action.command), who, cli_card(st.outcome.card));
    } else {
        /* The computer's android is the one whose hand player 1 sees: the
         * reason follows from the view alone. */
        gw_android_view v;
        gw_android_observe(&s->g, 0, &v);
        gw_android_situation sit = {
            .hand = v.opposing_hand, .trump = v.trump, .nplayed = v.ntrick, .after_error = v.errors > 1};
        for (int i = 0; i < v.ntrick && i < 3; i++)
            sit.trick[i] = v.trick[i];
        char why[128];
        gw_android_answer_text(&sit, st.action.command, st.outcome.answer, why, (int)sizeof why);
        printf("The computer tells %c \"%s\": %c: \"Error.\" (%s)\n", who,
               gw_android_command_name(st.action.command), who, why);
    }
    return ACT_DONE;
}

static void report_trick(const session *s, const gw_android_trick *t) {
    int dealer = s->g.dealer;
    printf("Trick %d:", t->number);
    for (int i = 0; i < GW_SEATS; i++) {
        int seat = (t->leader + i) % GW_SEATS;
        printf("%s %c %s", i == 0 ? "" : ",", gw_seat_char(seat), cli_card(t->cards[i]));
    }
    int side = gw_seat_player(dealer, t->winner);
    int mine = gw_android_player_tricks(&s->g, 0), theirs = gw_android_player_tricks(&s->g, 1);
    printf(". %c (%s) wins it for %s. Tricks: your side %d, the computer's side %d.\n",
           gw_seat_char(t->winner), role(dealer, t->winner), side_name(side), mine, theirs);
}

/* Deals the next hand of the rubber from the seed's stream, telling no one. */
static void deal_quietly(session *s) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_shuffled(GW_CLASSIC, &s->rng, deck);
    gw_error err;
    gw_android_deal(&s->g, deck, s->rubber.next_dealer, &err);
    s->hand_no++;
    if (s->bot) gw_android_player_begin_hand(s->bot, 1);
}

/* Says who deals, sits where, and the trump. */
static void announce(const session *s, bool resumed) {
    int me = gw_player_seat(s->g.dealer, 0), it = gw_player_seat(s->g.dealer, 1);
    printf("\n=== Hand %d%s: %s. You are %c with your android %c; the computer is %c with its android %c. "
           "Trump: %s (the turned card is %s). L leads. ===\n",
           s->hand_no, resumed ? " goes on" : "", s->g.dealer == 0 ? "you deal" : "the computer deals",
           gw_seat_char(me), gw_seat_char(gw_seat_partner(me)), gw_seat_char(it),
           gw_seat_char(gw_seat_partner(it)), gw_suit_name(s->g.trump),
           cli_card(gw_android_trump_card(&s->g)));
}

/* Plays one hand (dealt already when the rubber was resumed in its middle);
 * ACT_DONE when it finished. */
static act_result play_hand(session *s, bool resumed) {
    if (!resumed) {
        deal_quietly(s);
        cli_today(s->date);
    }
    announce(s, resumed);
    if (!resumed) save(s, true);
    while (!gw_android_over(&s->g)) {
        gw_android_trick done = {0};
        act_result r = gw_android_actor(&s->g) == 0 ? human_acts(s, &done) : computer_acts(s, &done);
        if (r != ACT_DONE) return r;
        if (done.completed) report_trick(s, &done);
        /* The hand's last play is saved with the hand's score. */
        if (!gw_android_over(&s->g)) save(s, true);
    }
    return ACT_DONE;
}

static const char *value_word(int v) { return v == 3 ? "treble" : v == 2 ? "double" : "single"; }

/* Scores the finished hand into the rubber and tells the scores. */
static void score_hand(session *s) {
    gw_android_hand_score hs = gw_android_score_hand(&s->g);
    gw_android_progress pr;
    gw_error err;
    int game = s->rubber.ngames + 1;
    gw_android_rubber_add(&s->rubber, hs, &pr, &err);
    const gw_android_rubber *r = &s->rubber;
    printf("\nHand %d is over. Tricks: your side %d, the computer's side %d. %s scores %d.\n", s->hand_no,
           hs.tricks[0], hs.tricks[1], hs.winner == 0 ? "Your side" : "The computer's side", hs.points);
    printf("Game %d (to %d): you %d, the computer %d. Games: you %d, the computer %d.\n", game,
           GW_ANDROID_GAME_POINTS, pr.points[0], pr.points[1], r->games[0], r->games[1]);
    if (pr.game_winner >= 0)
        printf("%s game %d, %d-%d: worth %d (%s).\n", pr.game_winner == 0 ? "You win" : "The computer wins",
               game, pr.points[pr.game_winner], pr.points[1 - pr.game_winner], pr.game_value,
               value_word(pr.game_value));
    append_hand(s, &s->finished, pr.points);
    save(s, false);
    stats_hand(s, &hs, &pr);
}

/* ---- resuming ------------------------------------------------------------- */

/* Plays a recorded hand's plays (its event log) on s->g, each checked by the
 * engine; with a computer player, asks it for each of its actions as the
 * game did, so that its random stream stands where the uninterrupted rubber
 * left it. False if a play is refused or answers otherwise than recorded. */
static bool replay_hand(session *s, const gw_android_record_hand *h) {
    gw_android_view *v = s->bot ? malloc(sizeof *v) : NULL;
    if (s->bot && !v) return false;
    bool ok = true;
    for (int i = 0; ok && i < h->game.nevents; i++) {
        const gw_android_event *e = &h->game.events[i];
        if (v && gw_android_actor(&s->g) == 1) {
            gw_android_action ignored;
            gw_android_observe(&s->g, 1, v);
            ok = gw_android_player_choose(s->bot, v, &ignored, NULL) == GW_OK;
        }
        gw_android_trick done;
        if (ok && e->command == GW_CMD_NONE) {
            ok = gw_android_play(&s->g, e->card, &done, NULL) == GW_OK;
        } else if (ok) {
            gw_android_outcome o;
            ok = gw_android_command_play(&s->g, (gw_android_command)e->command, &o, &done, NULL) == GW_OK &&
                 (o.answer == GW_ANSWER_CARD ? o.card : GW_NO_CARD) == e->card;
        }
    }
    free(v);
    return ok;
}

/* Rebuilds the rubber of a record text into s: deals every hand again from
 * the record's RubberSeed, checks each deal against the record and replays
 * the plays under the rules; finished hands are scored into the rubber and
 * their record text made again. with_bot: also makes the computer player and
 * brings it to where it was. GW_EINVAL with the reason when the text is no
 * such rubber. */
static gw_status restore(void *session_, const char *text, size_t len, bool with_bot, gw_error *err) {
    session *s = session_;
    gw_android_record r;
    if (gw_android_record_read(text, len, &r, err) != GW_OK) return err->status;
    gw_status st = GW_OK;
    if (!gw_android_record_any(&r)) {
        st = gw_error_set(err, GW_EINVAL, 0, 0,
                          r.count > 0
                              ? "it holds a German Whist match, not a rubber of Android Whist (whist play "
                                "--plain --resume resumes it)"
                              : "it holds no hand of Android Whist");
        goto done;
    }
    for (int i = 0; i < r.count; i++) {
        const gw_android_record_hand *h = &r.hands[i];
        if (!h->is_android)
            st = gw_error_set(err, GW_EINVAL, 0, 0, "line %d: hand %d is not of Android Whist", h->line,
                              i + 1);
        else if (h->error.status != GW_OK)
            st = gw_error_set(err, GW_EINVAL, 0, 0, "line %d: hand %d is not valid: %s", h->error.line, i + 1,
                              h->error.msg);
        if (st != GW_OK) goto done;
    }
    const gw_android_record_hand *first = &r.hands[0];
    const char *seed_tag = gw_android_record_hand_tag(first, "RubberSeed");
    const char *level_tag = gw_android_record_hand_tag(first, "Player2");
    if (!seed_tag || !gw_seed_parse(seed_tag, &s->seed, NULL) || !level_tag ||
        !gw_android_level_parse(level_tag, &s->opponent)) {
        st = gw_error_set(err, GW_EINVAL, 0, 0,
                          "it lacks the rubber seed or the computer's level (RubberSeed, "
                          "Player2)");
        goto done;
    }
    const char *id_tag = gw_android_record_hand_tag(first, "StoreRubber");
    long long id = 0;
    if (id_tag && (sscanf(id_tag, "%lld", &id) != 1 || id < 1)) id = 0;
    s->rubber_id = id;
    gw_rng_seed(&s->rng, s->seed);
    gw_android_rubber_start(&s->rubber, (int)(gw_mix64(s->seed) & 1));
    if (with_bot) {
        st = gw_android_player_new(s->opponent, gw_mix64(s->seed ^ 0xA17Du), &s->bot, err);
        if (st != GW_OK) goto done;
    }
    for (int i = 0; i < r.count; i++) {
        const gw_android_record_hand *h = &r.hands[i];
        if (s->rubber.winner >= 0) {
            st = cli_restore_refuse(err, CLI_HAND_AFTER_END, "rubber", i, s->seed);
            goto done;
        }
        const char *date = gw_android_record_hand_tag(h, "Date");
        snprintf(s->date, sizeof s->date, "%s", date ? date : "????.??.??");
        deal_quietly(s);
        if (memcmp(s->g.deck, h->deck, sizeof s->g.deck) != 0 || s->g.dealer != h->dealer) {
            st = cli_restore_refuse(err, CLI_HAND_NOT_DEALT, "rubber", i, s->seed);
            goto done;
        }
        if (!replay_hand(s, h)) {
            st = cli_restore_refuse(err, CLI_HAND_NO_REPLAY, "rubber", i, s->seed);
            goto done;
        }
        if (h->finished) {
            gw_android_progress pr;
            gw_error ignore;
            gw_android_rubber_add(&s->rubber, gw_android_score_hand(&s->g), &pr, &ignore);
            append_hand(s, &s->finished, pr.points);
        } else if (i != r.count - 1) {
            st = cli_restore_refuse(err, CLI_HAND_UNFINISHED, "rubber", i, s->seed);
            goto done;
        }
    }
    s->in_hand = !r.hands[r.count - 1].finished;
done:
    gw_android_record_free(&r);
    return st;
}

/* What a restored rubber is, for the question before a new rubber would be saved in its place. */
static void describe_restored(const void *session_, cli_saved *out) {
    const session *s = session_;
    const gw_android_rubber *r = &s->rubber;
    unsigned long long seed = (unsigned long long)s->seed;
    if (r->winner >= 0) {
        snprintf(out->what, sizeof out->what, "A finished rubber with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "%s, %d games to %d",
                 r->winner == 0 ? "you won" : "the computer won", r->games[r->winner],
                 r->games[1 - r->winner]);
    } else {
        out->resumable = true;
        snprintf(out->what, sizeof out->what, "A rubber with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "hand %d, games you %d, the computer %d",
                 s->hand_no + (s->in_hand ? 0 : 1), r->games[0], r->games[1]);
    }
}

/* What a record file holds, for the question before a new rubber would be
 * saved in its place (see cli_record_start). */
static void describe_rubber(const char *path, cli_saved *out) {
    session *s = calloc(1, sizeof *s);
    cli_describe_record(path, out, s, restore, describe_restored);
    if (s) gw_text_free(&s->finished);
    free(s);
}

/* The seed of a restored rubber. */
static uint64_t rubber_seed(const void *session_) { return ((const session *)session_)->seed; }

/* Loads the rubber of s->rec (locked) into s for --resume. CLI_OK when it
 * goes on (or, with done set, when it is over: said so); otherwise the exit
 * code, the reason told. */
static int resume_rubber(session *s, const uint64_t *seed, bool *done) {
    *done = false;
    int rc = cli_resume_load("android", "rubber", s->rec.path, s, restore, seed, rubber_seed);
    if (rc != CLI_OK) return rc;
    const gw_android_rubber *r = &s->rubber;
    if (r->winner >= 0) {
        char how[128];
        snprintf(how, sizeof how, "%s, %d games to %d", r->winner == 0 ? "you won" : "the computer won",
                 r->games[r->winner], r->games[1 - r->winner]);
        cli_resume_finished("rubber", s->rec.path, how);
        *done = true;
    }
    return CLI_OK;
}

int cmd_android(int argc, char **argv) {
    static const struct option OPTIONS[] = {
        {"plain", no_argument, NULL, 'p'},         {"seed", required_argument, NULL, 's'},
        {"record", required_argument, NULL, 'r'},  {"opponent", required_argument, NULL, 'o'},
        {"classic-order", no_argument, NULL, 'c'}, {"resume", no_argument, NULL, 'R'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0}};
    static session s; /* large (the hand's log, the record path); one per process */
    memset(&s, 0, sizeof s);
    s.rec.lock = GW_FILE_LOCK_NONE;
    uint64_t seed = 0;
    bool has_seed = false, plain = false, resume = false, level_given = false;
    s.opponent = GW_ANDROID_HARD;
    s.style = GW_ORDER_ALTERNATE;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:ps:r:o:cRh", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'p': plain = true; break;
        case 's':
            if (!cli_parse_seed("android", optarg, &seed)) return CLI_USAGE;
            has_seed = true;
            break;
        case 'r':
            if (strlen(optarg) >= sizeof s.rec.path)
                return cli_usage_error("android", "the record path is too long");
            snprintf(s.rec.path, sizeof s.rec.path, "%s", optarg);
            s.rec.has_path = true;
            break;
        case 'o':
            if (!gw_android_level_parse(optarg, &s.opponent))
                return cli_usage_error("android", "unknown opponent '%s' (random, easy or hard)", optarg);
            level_given = true;
            break;
        case 'c': s.style = GW_ORDER_CLASSIC; break;
        case 'R': resume = true; break;
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("android", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("android", "unexpected argument '%s'", argv[optind]);
    if (!plain) {
        fputs("whist android: the full-screen Android Whist is on the home screen of 'whist'; use 'whist "
              "android --plain' for line mode\n",
              stderr);
        return CLI_USAGE;
    }
    if (resume && level_given)
        return cli_usage_error("android",
                               "--resume goes on with the record's computer: leave out --opponent");
    if (resume && !has_seed && !s.rec.has_path)
        return cli_usage_error("android",
                               "--resume needs the rubber's --seed N (its record in the data folder) "
                               "or its --record FILE");
    if (!has_seed && !resume) seed = gw_fresh_seed();
    cli_record_default(&s.rec, "android", seed);
    s.rec.save_ok = true;
    bool resuming = resume;
    if (resume) {
        int rc = cli_record_claim("android", "rubber", &s.rec);
        if (rc != CLI_OK) return rc;
    } else {
        cli_start start = cli_record_start("android", "rubber", &s.rec, describe_rubber);
        if (start == CLI_START_STOP) return CLI_OK;
        resuming = start == CLI_START_RESUME;
    }
    if (resuming) {
        bool done = false;
        int rc = resume_rubber(&s, has_seed ? &seed : NULL, &done);
        if (rc != CLI_OK || done) {
            gw_android_player_free(s.bot);
            gw_text_free(&s.finished);
            cli_record_release(&s.rec);
            return rc;
        }
        seed = s.seed;
        stats_resume(&s);
    } else {
        s.seed = seed;
        gw_rng_seed(&s.rng, seed);
        gw_android_rubber_start(&s.rubber, (int)(gw_mix64(seed) & 1));
        gw_error err;
        if (gw_android_player_new(s.opponent, gw_mix64(seed ^ 0xA17Du), &s.bot, &err) != GW_OK) {
            fprintf(stderr, "whist android: %s\n", err.msg);
            cli_record_release(&s.rec);
            return CLI_FAIL;
        }
        stats_begin(&s);
    }
    printf(
        "Android Whist: a rubber, the best of three games to %d points. You are player 1; the computer (%s) "
        "is player 2.\n",
        GW_ANDROID_GAME_POINTS, gw_android_level_name(s.opponent));
    printf("Rubber seed %llu (whist android --plain --seed %llu plays the same deals).\n",
           (unsigned long long)seed, (unsigned long long)seed);
    if (resuming)
        printf("Resuming the rubber saved in %s: hand %d, games you %d, the computer %d.\n", s.rec.path,
               s.hand_no + (s.in_hand ? 0 : 1), s.rubber.games[0], s.rubber.games[1]);
    printf("You play your own cards and command your android; you see the computer's android's cards.\n"
           "Type help for commands.\n");
    bool resumed_hand = s.in_hand;
    while (s.rubber.winner < 0) {
        act_result r = play_hand(&s, resumed_hand);
        resumed_hand = false;
        if (r == ACT_EOF) printf("\nInput ended: the rubber stops here.\n");
        if (r == ACT_FAIL) {
            finish(&s, true);
            return CLI_FAIL;
        }
        if (r != ACT_DONE) return finish(&s, true);
        score_hand(&s);
    }
    const gw_android_rubber *r = &s.rubber;
    int w = r->winner;
    printf("\n%s the rubber, %d games to %d, by %d: game values %d to %d, the rubber bonus of %d included.\n",
           w == 0 ? "You win" : "The computer wins", r->games[w], r->games[1 - w], r->margin, r->values[w],
           r->values[1 - w], GW_ANDROID_RUBBER_BONUS);
    return finish(&s, false);
}

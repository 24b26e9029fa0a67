/* cmd_android.c: `whist android --plain`: a line-mode rubber of Android Whist against the computer, recorded.
 */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gw/android.h"
#include "gw/android_ai.h"
#include "gw/android_score.h"
#include "gw/files.h"
#include "gw/monotonic.h"
#include "gw/session.h"
#include "gw/session_hands.h"

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

/* The rubber at this terminal: the session plays it; this file shows it and takes the human's input. */
typedef struct line_rubber {
    cli_game g; /* the session, the record, the statistics */
    gw_suit_style style;
    uint32_t seen; /* the last session event shown */
    /* the trick being played, from its PLAY events */
    int ncards;
    int seats[GW_SEATS];
    gw_card cards[GW_SEATS];
} line_rubber;

/* What the human (player 1, viewer 0) may see now. */
static const gw_view *human_view(const line_rubber *r) {
    static gw_view v; /* large; one rubber per process */
    gw_error err;
    gw_status st = gw_session_view(r->g.ses, 0, &v, &err);
    assert(st == GW_OK); /* viewer 0 always exists */
    (void)st;
    return &v;
}

/* ---- the record and the statistics ------------------------------------------------------------------- */

static void save(line_rubber *r) { cli_game_save(&r->g); }

/* Turns the statistics off for the rest of the rubber, with the one warning. */
static void stats_off(line_rubber *r, const char *why) { cli_stats_off(&r->g.store, why); }

/* Opens the statistics and records the start of the rubber (its id goes into the StoreRubber tag). */
static void stats_begin(line_rubber *r) {
    gw_error err;
    const gw_session_config *c = gw_session_config_of(r->g.ses);
    gw_store_rubber sr = {gw_android_level_name((gw_android_level)c->seats[1].level), c->seed, NULL, false,
                          0};
    if (gw_store_open(NULL, &r->g.store, &err) != GW_OK ||
        gw_store_begin_rubber(r->g.store, &sr, &r->g.store_id, &err) != GW_OK) {
        stats_off(r, err.msg);
        r->g.store_id = 0;
    }
    cli_game_set_row(&r->g, r->g.store_id);
}

/* Stores the hand just scored (e: its SCORE event). */
static void stats_hand(line_rubber *r, const gw_event *e) {
    if (!r->g.store) return;
    gw_error err;
    if (gw_store_add_session_hand(r->g.store, r->g.ses, r->g.store_id, e, NULL, &err) != GW_OK)
        stats_off(r, err.msg);
}

/* ---- words ---------------------------------------------------------------- */

/* Who sits at a seat, for player 1 (the human at this terminal). */
static const char *role(int dealer, int seat) {
    bool mine = gw_seat_player(dealer, seat) == 0;
    if (gw_seat_is_android(seat)) return mine ? "your android" : "the computer's android";
    return mine ? "you" : "the computer";
}

static const char *side_name(int side) { return side == 0 ? "your side" : "the computer's side"; }

/* Prints the commands worth giving the android to play now (see gw_android_commands_open), "duck, beat,
 * high". */
static void print_valid(const gw_android_view *v) {
    unsigned open = gw_android_commands_open(v);
    bool first = true;
    for (int c = 0; c < GW_CMD_COUNT; c++) {
        if (!(open & (1u << c))) continue;
        printf("%s%s", first ? "" : ", ", gw_android_command_name((gw_android_command)c));
        first = false;
    }
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
static void show_table(const line_rubber *r) {
    const gw_view *view = human_view(r);
    const gw_android_view *v = &view->android;
    const gw_android_rubber *ru = &view->rubber;
    int mine = gw_seat_side(v->seat), own_android = gw_seat_partner(v->seat);
    printf("\nHand %d, trick %d of %d. Trump: %s (the turned card is %s%s).\n", view->hand_number,
           v->tricks_done + 1, GW_ANDROID_TRICKS, gw_suit_name(v->trump), cli_card(v->trump_card),
           gw_has(v->played, v->trump_card) ? ""
           : v->seat == GW_SEAT_D           ? ", in your hand"
                                            : ", in the computer's hand");
    printf("You are %c, your android %c; the computer is %c, its android %c.\n", gw_seat_char(v->seat),
           gw_seat_char(own_android), gw_seat_char(gw_seat_partner(v->opposing_android)),
           gw_seat_char(v->opposing_android));
    printf("Tricks: your side %d, the computer's side %d. Game %d (to %d): you %d, the computer %d. "
           "Games: you %d, the computer %d.\n",
           v->won[mine], v->won[1 - mine], ru->ngames + 1, GW_ANDROID_GAME_POINTS, ru->points[0],
           ru->points[1], ru->games[0], ru->games[1]);
    printf("%c (the computer's android) holds: ", gw_seat_char(v->opposing_android));
    cli_print_hand(stdout, v->opposing_hand, v->trump, r->style);
    printf("\n");
    int from = trick_start(v);
    if (from == v->nevents) {
        printf("Trick %d: %c (%s) leads.\n", v->tricks_done + 1, gw_seat_char(v->turn),
               role(v->dealer, v->turn));
    } else {
        printf("Trick %d so far:\n", v->tricks_done + 1);
        for (int i = from; i < v->nevents; i++) {
            printf("  ");
            print_event(v, &v->events[i]);
            printf("\n");
        }
    }
    printf("Your hand: ");
    cli_print_hand(stdout, v->own, v->trump, r->style);
    printf("\n");
    if (gw_seat_is_android(v->turn)) {
        printf("Your android %c is to %s: tell it a command (", gw_seat_char(v->turn),
               v->ntrick == 0 ? "lead" : "play");
        print_valid(v);
        printf(").\n");
    }
}

static void print_help(const line_rubber *r) {
    const gw_android_view *v = &human_view(r)->android;
    if (gw_seat_is_android(v->turn)) {
        printf("Tell your android %c a command. Valid now: ", gw_seat_char(v->turn));
        print_valid(v);
        printf(".\n(duck, beat and high are for following; a suit, shortest, longest and their high-\n"
               "forms, also written 'high spades', for leading or right after an error.)\n");
    } else {
        printf("Type a card to play it: rank then suit, e.g. AS, TH, 10h, qd.\n");
    }
    printf("Other commands: hand (show the table again), help, quit (save and leave).\n");
}

/* Says who deals, sits where, and the trump. */
static void announce(const line_rubber *r, bool goes_on) {
    const gw_view *view = human_view(r);
    const gw_android_view *v = &view->android;
    int me = v->seat, it = gw_seat_partner(v->opposing_android);
    printf("\n=== Hand %d%s: %s. You are %c with your android %c; the computer is %c with its android %c. "
           "Trump: %s (the turned card is %s). L leads. ===\n",
           view->hand_number, goes_on ? " goes on" : "", v->dealer == 0 ? "you deal" : "the computer deals",
           gw_seat_char(me), gw_seat_char(gw_seat_partner(me)), gw_seat_char(it),
           gw_seat_char(gw_seat_partner(it)), gw_suit_name(v->trump), cli_card(v->trump_card));
}

static const char *value_word(int v) { return v == 3 ? "treble" : v == 2 ? "double" : "single"; }

/* ---- the events ----------------------------------------------------------- */

/* A card played or an error of the human's side or the computer's (e: its PLAY or ERROR event). */
static void report_play(line_rubber *r, const gw_event *e) {
    char who = gw_seat_char(e->seat);
    if (e->kind == GW_EVENT_PLAY && r->ncards < GW_SEATS) {
        r->seats[r->ncards] = e->seat;
        r->cards[r->ncards++] = e->card;
    }
    if (e->player == 0) {
        if (e->kind == GW_EVENT_ERROR) {
            const gw_android_view *v = &human_view(r)->android;
            printf("%c: \"Error.\" Tell %c another command (valid now: ", who, who);
            print_valid(v);
            printf(").\n");
        } else if (e->command == GW_CMD_NONE) {
            printf("You play %s.\n", cli_card(e->card));
        } else {
            printf("%c (your android) plays %s.\n", who, cli_card(e->card));
        }
        return;
    }
    if (e->kind == GW_EVENT_PLAY && e->command == GW_CMD_NONE) {
        printf("%c (the computer) plays %s.\n", who, cli_card(e->card));
    } else if (e->kind == GW_EVENT_PLAY) {
        printf("The computer tells %c \"%s\": %c plays %s.\n", who, gw_android_command_name(e->command), who,
               cli_card(e->card));
    } else {
        /* The computer's android is the one whose hand player 1 sees: the reason follows from the view
         * alone. */
        const gw_android_view *v = &human_view(r)->android;
        gw_android_situation sit = {
            .hand = v->opposing_hand, .trump = v->trump, .nplayed = v->ntrick, .after_error = v->errors > 1};
        for (int i = 0; i < v->ntrick && i < 3; i++)
            sit.trick[i] = v->trick[i];
        char why[128];
        gw_android_answer_text(&sit, e->command, e->answer, why, (int)sizeof why);
        printf("The computer tells %c \"%s\": %c: \"Error.\" (%s)\n", who,
               gw_android_command_name(e->command), who, why);
    }
}

static void report_trick(line_rubber *r, const gw_event *e) {
    const gw_android_view *v = &human_view(r)->android;
    printf("Trick %d:", e->trick);
    for (int i = 0; i < r->ncards; i++)
        printf("%s %c %s", i == 0 ? "" : ",", gw_seat_char(r->seats[i]), cli_card(r->cards[i]));
    int mine = gw_seat_side(v->seat);
    printf(". %c (%s) wins it for %s. Tricks: your side %d, the computer's side %d.\n", gw_seat_char(e->seat),
           role(v->dealer, e->seat), side_name(e->player), v->won[mine], v->won[1 - mine]);
    r->ncards = 0;
}

/* The end of a hand (e: its SCORE event): the tricks, who scores, the game and the games. */
static void report_score(line_rubber *r, const gw_event *e) {
    const gw_android_rubber *ru = gw_session_rubber(r->g.ses);
    int game = e->game_winner >= 0 ? ru->ngames : ru->ngames + 1;
    printf("\nHand %d is over. Tricks: your side %d, the computer's side %d. %s scores %d.\n", e->hand,
           e->tricks[0], e->tricks[1], e->winner == 0 ? "Your side" : "The computer's side",
           e->winner >= 0 ? e->points[e->winner] : 0);
    printf("Game %d (to %d): you %d, the computer %d. Games: you %d, the computer %d.\n", game,
           GW_ANDROID_GAME_POINTS, e->score[0], e->score[1], ru->games[0], ru->games[1]);
    if (e->game_winner >= 0)
        printf("%s game %d, %d-%d: worth %d (%s).\n", e->game_winner == 0 ? "You win" : "The computer wins",
               game, e->score[e->game_winner], e->score[1 - e->game_winner], e->game_value,
               value_word(e->game_value));
    save(r);
    stats_hand(r, e);
}

/* Shows the session's events since the last shown, as the human sees them; true if the last was an
 * android's error (the same player acts again). */
static bool show_events(line_rubber *r) {
    gw_event e;
    bool error = false;
    while (r->seen < gw_session_last_event(r->g.ses)) {
        int n = gw_session_events(r->g.ses, r->seen + 1, 0, &e, 1);
        assert(n == 1);
        (void)n;
        r->seen = e.number;
        error = e.kind == GW_EVENT_ERROR;
        switch (e.kind) {
        case GW_EVENT_DEAL:
            r->ncards = 0;
            announce(r, false);
            break;
        case GW_EVENT_PLAY:
        case GW_EVENT_ERROR: report_play(r, &e); break;
        case GW_EVENT_TRICK: report_trick(r, &e); break;
        case GW_EVENT_SCORE: report_score(r, &e); break;
        case GW_EVENT_HAND:
        case GW_EVENT_DRAW:
        case GW_EVENT_UPCARD:
        case GW_EVENT_OVER:
        case GW_EVENT_UNDO: break;
        }
    }
    return error;
}

/* ---- input ---------------------------------------------------------------- */

typedef enum { ACT_DONE, ACT_EOF, ACT_QUIT, ACT_FAIL } act_result;

/* Player 1 acts: a card of their own, or commands to their android until it plays a card. */
static act_result human_acts(line_rubber *r) {
    show_table(r);
    char line[256];
    for (;;) {
        gw_turn t = gw_session_turn(r->g.ses);
        bool commanding = t.kind == GW_ACTION_COMMAND;
        char who = gw_seat_char(t.seat);
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
            print_help(r);
            continue;
        }
        gw_action a;
        cli_input in = cli_input_parse(line, n, &a.card, &a.command);
        if (in == CLI_INPUT_HELP) {
            print_help(r);
            continue;
        }
        if (in == CLI_INPUT_QUIT) return ACT_QUIT;
        if (in == CLI_INPUT_SHOW) {
            show_table(r);
            continue;
        }
        if (in != CLI_INPUT_CARD && in != CLI_INPUT_COMMAND) {
            printf("'%.40s' is not a %s. ", line, commanding ? "command" : "card");
            print_help(r);
            continue;
        }
        a.kind = in == CLI_INPUT_CARD ? GW_ACTION_CARD : GW_ACTION_COMMAND;
        gw_error err;
        gw_refusal why = gw_session_check(r->g.ses, 0, &a, &err);
        if (why != GW_REFUSE_NONE) { /* the session's sentence; for a command, what the android takes now */
            printf("%s", err.msg);
            if (commanding && why != GW_REFUSE_WRONG_KIND) { /* (that sentence lists them) */
                printf(" Valid now: ");
                print_valid(&human_view(r)->android);
                printf(".");
            }
            printf("\n");
            continue;
        }
        if (gw_session_act(r->g.ses, 0, &a, NULL, &err) != GW_OK) { /* the check said yes: a bug */
            fprintf(stderr, "internal error: %s\n", err.msg);
            return ACT_FAIL;
        }
        if (!show_events(r)) return ACT_DONE;
        save(r); /* the error is part of the record */
    }
}

/* Plays the rubber until it is over, input ends or the human quits; ACT_DONE when it is over. */
static act_result play_rubber(line_rubber *r) {
    while (gw_session_state_of(r->g.ses) != GW_SESSION_OVER) {
        gw_error err;
        if (gw_session_state_of(r->g.ses) == GW_SESSION_HAND_OVER) {
            if (!cli_game_next_hand(&r->g)) return ACT_FAIL;
            show_events(r);
            save(r);
            continue;
        }
        if (gw_session_turn(r->g.ses).computer) {
            if (gw_session_play_computer(r->g.ses, &err) != GW_OK) {
                fprintf(stderr, "internal error: the computer could not act: %s\n", err.msg);
                return ACT_FAIL;
            }
            show_events(r);
        } else {
            act_result a = human_acts(r);
            if (a != ACT_DONE) return a;
        }
        /* The hand's last play is saved with the hand's score. */
        if (gw_session_state_of(r->g.ses) == GW_SESSION_PLAYING) save(r);
    }
    return ACT_DONE;
}

/* ---- resuming ------------------------------------------------------------- */

/* What a restored rubber is, for the question before a new rubber would be saved in its place. */
static void describe_restored(const gw_session *s, cli_saved *out) {
    const gw_android_rubber *r = gw_session_rubber(s);
    unsigned long long seed = (unsigned long long)gw_session_config_of(s)->seed;
    if (r->winner >= 0) {
        snprintf(out->what, sizeof out->what, "A finished rubber with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "%s, %d games to %d",
                 r->winner == 0 ? "you won" : "the computer won", r->games[r->winner],
                 r->games[1 - r->winner]);
    } else {
        out->resumable = true;
        snprintf(out->what, sizeof out->what, "A rubber with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "hand %d, games you %d, the computer %d", r->hands + 1,
                 r->games[0], r->games[1]);
    }
}

/* The configuration a record is restored with: the human and the computer, the clock; the rest comes from
 * the record. */
static gw_session_config base_config;

/* What a record file holds, for the question before a new rubber would be saved in its place (see
 * cli_record_start). */
static void describe_rubber(const char *path, cli_saved *out) {
    cli_describe_record(path, out, &base_config, describe_restored);
}

/* Loads the rubber of r->g.rec (locked) for --resume. CLI_OK when it goes on (or, with done set, when it is
 * over: said so); otherwise the exit code, the reason told. */
static int resume_rubber(line_rubber *r, const gw_session_config *base, const uint64_t *seed, bool *done) {
    *done = false;
    int rc = cli_resume_load("android", "rubber", r->g.rec.path, base, seed, &r->g.ses);
    if (rc != CLI_OK) return rc;
    const gw_android_rubber *ru = gw_session_rubber(r->g.ses);
    if (ru->winner >= 0) {
        char how[128];
        snprintf(how, sizeof how, "%s, %d games to %d", ru->winner == 0 ? "you won" : "the computer won",
                 ru->games[ru->winner], ru->games[1 - ru->winner]);
        cli_resume_finished("rubber", r->g.rec.path, how);
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
    static line_rubber r; /* large (the record path); one per process */
    memset(&r, 0, sizeof r);
    r.g.rec.lock = GW_FILE_LOCK_NONE;
    r.style = GW_ORDER_ALTERNATE;
    gw_session_config config;
    gw_session_config_default(&config, GW_GAME_ANDROID);
    config.clock = gw_monotonic_clock();
    bool has_seed = false, plain = false, resume = false, level_given = false;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:ps:r:o:cRh", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'p': plain = true; break;
        case 's':
            if (!cli_config_option("android", &config, "seed", optarg)) return CLI_USAGE;
            has_seed = true;
            break;
        case 'r':
            if (strlen(optarg) >= sizeof r.g.rec.path)
                return cli_usage_error("android", "the record path is too long");
            snprintf(r.g.rec.path, sizeof r.g.rec.path, "%s", optarg);
            r.g.rec.has_path = true;
            break;
        case 'o':
            if (!cli_config_option("android", &config, "opponent", optarg)) return CLI_USAGE;
            if (config.seats[1].kind != GW_SEAT_COMPUTER) /* a rubber against the computer */
                return cli_usage_error("android",
                                       "line mode plays against the computer: --opponent random, easy "
                                       "or hard, not '%s'",
                                       optarg);
            level_given = true;
            break;
        case 'c': r.style = GW_ORDER_CLASSIC; break;
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
    if (resume && !has_seed && !r.g.rec.has_path)
        return cli_usage_error("android",
                               "--resume needs the rubber's --seed N (its record in the data folder) "
                               "or its --record FILE");
    uint64_t seed = config.seed;
    if (!has_seed && !resume) config.seed = seed = gw_fresh_seed();
    base_config = config;
    cli_record_default(&r.g.rec, "android", seed);
    r.g.rec.save_ok = true;
    bool resuming = resume;
    if (resume) {
        int rc = cli_record_claim("android", "rubber", &r.g.rec);
        if (rc != CLI_OK) return rc;
    } else {
        cli_start start = cli_record_start("android", "rubber", &r.g.rec, describe_rubber);
        if (start == CLI_START_STOP) return CLI_OK;
        resuming = start == CLI_START_RESUME;
    }
    if (resuming) {
        bool done = false;
        int rc = resume_rubber(&r, &config, has_seed ? &seed : NULL, &done);
        if (rc != CLI_OK || done) {
            gw_session_free(r.g.ses);
            cli_record_release(&r.g.rec);
            return rc;
        }
        if (cli_game_stats_resume(&r.g)) stats_begin(&r);
        r.seen = gw_session_last_event(r.g.ses); /* what was played before is not told again */
    } else {
        gw_error err;
        if (gw_session_new(&config, &r.g.ses, &err) != GW_OK) {
            fprintf(stderr, "whist android: %s\n", err.msg);
            cli_record_release(&r.g.rec);
            return CLI_FAIL;
        }
        cli_game_date(&r.g);
        stats_begin(&r);
    }
    const gw_session_config *c = gw_session_config_of(r.g.ses);
    const gw_android_rubber *ru = gw_session_rubber(r.g.ses);
    printf(
        "Android Whist: a rubber, the best of three games to %d points. You are player 1; the computer (%s) "
        "is player 2.\n",
        GW_ANDROID_GAME_POINTS, gw_android_level_name((gw_android_level)c->seats[1].level));
    printf("Rubber seed %llu (whist android --plain --seed %llu plays the same deals).\n",
           (unsigned long long)c->seed, (unsigned long long)c->seed);
    if (resuming)
        printf("Resuming the rubber saved in %s: hand %d, games you %d, the computer %d.\n", r.g.rec.path,
               ru->hands + 1, ru->games[0], ru->games[1]);
    printf("You play your own cards and command your android; you see the computer's android's cards.\n"
           "Type help for commands.\n");
    if (resuming && gw_session_state_of(r.g.ses) == GW_SESSION_PLAYING) {
        announce(&r, true);
        /* the trick in play so far, for its report once it is complete */
        const gw_android_view *v = &human_view(&r)->android;
        for (int i = trick_start(v); i < v->nevents; i++) {
            if (v->events[i].card == GW_NO_CARD || r.ncards >= GW_SEATS) continue;
            r.seats[r.ncards] = v->events[i].seat;
            r.cards[r.ncards++] = v->events[i].card;
        }
    } else if (!resuming) {
        show_events(&r); /* the first deal */
        save(&r);
    }
    act_result a = play_rubber(&r);
    if (a == ACT_EOF) printf("\nInput ended: the rubber stops here.\n");
    if (a == ACT_FAIL) {
        cli_game_finish(&r.g, "android");
        return CLI_FAIL;
    }
    if (a == ACT_DONE) {
        int w = ru->winner;
        printf("\n%s the rubber, %d games to %d, by %d: game values %d to %d, the rubber bonus of %d "
               "included.\n",
               w == 0 ? "You win" : "The computer wins", ru->games[w], ru->games[1 - w], ru->margin,
               ru->values[w], ru->values[1 - w], GW_ANDROID_RUBBER_BONUS);
    }
    return cli_game_finish(&r.g, "android");
}

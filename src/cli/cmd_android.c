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
    "  -c, --classic-order    show suits as spades, hearts, diamonds, clubs\n"
    "  -h, --help             show this help\n"
    "\n"
    "When your own seat plays, type a card (AS, TH, 10h, qd). When your android\n"
    "plays, type a command: duck, beat or high when it follows; spades, hearts,\n"
    "diamonds, clubs, shortest, longest or high-spades ... high-longest (also\n"
    "'high spades') when it leads or right after it said \"Error.\". 'help' lists\n"
    "what is valid now, 'hand' shows the table again, 'quit' saves and leaves.\n"
    "\n"
    "The record is saved after every play; at the end of input the rubber so far\n"
    "is kept and whist exits. Exit status: 0 saved, 1 the record could not be\n"
    "saved (it is then printed), 2 usage error.\n";

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

/* Final words on the record: where it is, or the record itself if unsaved. */
static int finish(session *s, bool with_current) {
    gw_android_player_free(s->bot);
    s->bot = NULL;
    save(s, with_current);
    gw_text t = {0};
    rubber_text(s, &t, with_current);
    int rc = cli_record_finish(&s->rec, &t);
    gw_text_free(&t);
    gw_text_free(&s->finished);
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

/* Deals the next hand of the rubber from the seed's stream. */
static void deal(session *s) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_shuffled(GW_CLASSIC, &s->rng, deck);
    gw_error err;
    gw_android_deal(&s->g, deck, s->rubber.next_dealer, &err);
    s->hand_no++;
    gw_android_player_begin_hand(s->bot, 1);
    int me = gw_player_seat(s->g.dealer, 0), it = gw_player_seat(s->g.dealer, 1);
    printf("\n=== Hand %d: %s. You are %c with your android %c; the computer is %c with its android %c. "
           "Trump: %s (the turned card is %s). L leads. ===\n",
           s->hand_no, s->g.dealer == 0 ? "you deal" : "the computer deals", gw_seat_char(me),
           gw_seat_char(gw_seat_partner(me)), gw_seat_char(it), gw_seat_char(gw_seat_partner(it)),
           gw_suit_name(s->g.trump), cli_card(gw_android_trump_card(&s->g)));
}

/* Plays one hand; ACT_DONE when it finished. */
static act_result play_hand(session *s) {
    deal(s);
    save(s, true);
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
}

int cmd_android(int argc, char **argv) {
    static const struct option OPTIONS[] = {{"plain", no_argument, NULL, 'p'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"record", required_argument, NULL, 'r'},
                                            {"opponent", required_argument, NULL, 'o'},
                                            {"classic-order", no_argument, NULL, 'c'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    static session s; /* large (the hand's log, the record path); one per process */
    memset(&s, 0, sizeof s);
    uint64_t seed = 0;
    bool has_seed = false, plain = false;
    s.opponent = GW_ANDROID_HARD;
    s.style = GW_ORDER_ALTERNATE;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:ps:r:o:ch", OPTIONS, NULL)) != -1) {
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
            break;
        case 'c': s.style = GW_ORDER_CLASSIC; break;
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
    if (!has_seed) seed = gw_fresh_seed();
    s.seed = seed;
    gw_rng_seed(&s.rng, seed);
    gw_android_rubber_start(&s.rubber, (int)(gw_mix64(seed) & 1));
    gw_error err;
    if (gw_android_player_new(s.opponent, gw_mix64(seed ^ 0xA17Du), &s.bot, &err) != GW_OK) {
        fprintf(stderr, "whist android: %s\n", err.msg);
        return CLI_FAIL;
    }
    cli_today(s.date);
    cli_record_default(&s.rec, "android", seed);
    s.rec.save_ok = true;
    printf(
        "Android Whist: a rubber, the best of three games to %d points. You are player 1; the computer (%s) "
        "is player 2.\n",
        GW_ANDROID_GAME_POINTS, gw_android_level_name(s.opponent));
    printf("Rubber seed %llu (whist android --plain --seed %llu plays the same deals).\n",
           (unsigned long long)seed, (unsigned long long)seed);
    printf("You play your own cards and command your android; you see the computer's android's cards.\n"
           "Type help for commands.\n");
    while (s.rubber.winner < 0) {
        act_result r = play_hand(&s);
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

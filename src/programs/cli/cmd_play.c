/* cmd_play.c: `whist play --plain`: a line-mode match against the computer, recorded and counted. */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gw/ai.h"
#include "gw/files.h"
#include "gw/match.h"
#include "gw/monotonic.h"
#include "gw/session.h"
#include "gw/session_hands.h"

static const char HELP[] = "Usage: whist play [--seed N] [--ascii] [--variant V] [--scoring S] [--target N]\n"
                           "                  [--opponent LEVEL] [--think-ms MS]\n"
                           "       whist play --plain [OPTIONS]\n"
                           "       whist play --plain --resume (--seed N | --record FILE)\n"
                           "On a terminal, 'whist play' (or 'whist' alone, also followed by these\n"
                           "options) opens the full-screen game; --seed sets the first new match's deals,\n"
                           "--ascii draws plain characters, and the rule options below override the saved\n"
                           "settings for this session.\n"
                           "\n"
                           "Plays a match against the computer in line mode: type a card (AS, 10h, qd)\n"
                           "when it is your turn; 'help' lists the other commands. You are player 1.\n"
                           "\n"
                           "  -p, --plain             line mode (without it, on a terminal, the\n"
                           "                          full-screen game opens)\n"
                           "  -v, --variant V         classic (52 cards, default) or small (28 cards)\n"
                           "  -S, --scoring S         last13 (default), every, difference or total\n"
                           "  -t, --target N          points that win the match, 1 to 1000 (default 10)\n"
                           "  -s, --seed N            the match seed (default: a fresh one, printed)\n"
                           "  -r, --record FILE       where the match record is saved (default:\n"
                           "                          $XDG_DATA_HOME/whist/games/match-SEED.gwr)\n"
                           "  -R, --resume            go on with the match saved in the record (--record\n"
                           "                          FILE, or the default one of --seed N)\n"
                           "  -o, --opponent LEVEL    random, easy, hard (default), expert, or oracle\n"
                           "                          (oracle sees your cards: for analysis only)\n"
                           "  -T, --think-ms MS       the expert's time per decision (default 200)\n"
                           "  -c, --classic-order     show suits as spades, hearts, diamonds, clubs\n"
                           "  -h, --help              show this help\n"
                           "\n"
                           "'hint' shows what each of your cards is worth under the scoring rule in force,\n"
                           "in points (yours minus the computer's at the hand's end): during the foreplay\n"
                           "the expert's estimate (expected points and the tricks the scoring counts,\n"
                           "averaged over sampled deals consistent with what you have seen); once the\n"
                           "stock is empty, when you know the computer's hand, the exact points and\n"
                           "tricks each card wins with best play by both.\n"
                           "\n"
                           "The record is saved after every trick; at the end of input (or 'quit') the\n"
                           "match so far is kept and whist exits: --resume goes on with it. It deals the\n"
                           "hands again from the record's seed, checks its cards against the rules and\n"
                           "plays on where it stopped, with the record's rules and computer (whose\n"
                           "choices are those of an uninterrupted match, except the expert's and the\n"
                           "oracle's, which depend on time). A record is never replaced: if the file\n"
                           "exists, whist asks on a terminal whether to resume it, and otherwise (or when\n"
                           "you answer n) saves the new match beside it as match-SEED-2.gwr (-3, ...),\n"
                           "saying so. While a match is played its record is locked: a second whist\n"
                           "never writes the same file. Every finished hand is also stored in the\n"
                           "statistics ('whist stats', 'whist history'); a match left unfinished stays\n"
                           "open there until resumed (abandoned only when its record could not be\n"
                           "saved). If the statistics cannot be written you are warned once and the\n"
                           "game goes on. Exit status: 0 saved, 1 the record could not be saved (it is\n"
                           "then printed), 2 usage error (also: nothing to resume, a damaged record).\n";

static const char COMMANDS_HELP[] =
    "Type a card to play it: rank then suit, e.g. AS, TH, 10h, qd.\n"
    "Other commands: hand (show the table again), hint (what each of your cards is\n"
    "worth in points: expected in the foreplay, exact in the endgame), help, quit (save\n"
    "and leave).\n";

/* The match at this terminal: the session plays it; this file shows it and takes the human's input. */
typedef struct line_match {
    cli_game g; /* the session, the record, the statistics */
    gw_suit_style style;
    uint32_t seen; /* the last session event shown */
    /* the trick being played, from its PLAY events */
    int leader;
    gw_card cards[2];
    int ncards;
    gw_card drawn[2]; /* after a foreplay trick, what each player drew (GW_NO_CARD: hidden) */
    int ndrawn;
    int trick_winner;
} line_match;

static const char *who(int p) { return p == 0 ? "you" : "the computer"; }
static const char *Who(int p) { return p == 0 ? "You" : "The computer"; }
static const char *tricks_word(int n) { return n == 1 ? "trick" : "tricks"; }

/* What the human (player 1, viewer 0) may see now. */
static const gw_view *human_view(const line_match *m) {
    static gw_view v; /* large; one match per process */
    gw_error err;
    gw_status st = gw_session_view(m->g.ses, 0, &v, &err);
    assert(st == GW_OK); /* viewer 0 always exists */
    (void)st;
    return &v;
}

static const gw_match_rules *rules_of(const line_match *m) { return &gw_session_config_of(m->g.ses)->rules; }

/* ---- the record and the statistics ------------------------------------------------------------------- */

static void save(line_match *m) { cli_game_save(&m->g); }

/* Turns the statistics off for the rest of the match, with the one warning. */
static void stats_off(line_match *m, const char *why) { cli_stats_off(&m->g.store, why); }

/* Opens the statistics and records the start of the match (its id goes into the record's StoreMatch tag). */
static void stats_begin(line_match *m) {
    gw_error err;
    const gw_session_config *c = gw_session_config_of(m->g.ses);
    gw_store_match sm = {c->rules, gw_ai_level_name((gw_ai_level)c->seats[1].level), c->seed, NULL, false, 0};
    if (gw_store_open(NULL, &m->g.store, &err) != GW_OK ||
        gw_store_begin_match(m->g.store, &sm, &m->g.store_id, &err) != GW_OK) {
        stats_off(m, err.msg);
        m->g.store_id = 0;
    }
    cli_game_set_row(&m->g, m->g.store_id);
}

/* Stores hand hand_no, just scored (e: its SCORE event). */
static void stats_hand(line_match *m, const gw_event *e) {
    if (!m->g.store) return;
    gw_error err;
    if (gw_store_add_session_hand(m->g.store, m->g.ses, m->g.store_id, e, NULL, &err) != GW_OK)
        stats_off(m, err.msg);
}

/* ---- the table ------------------------------------------------------------------------------------- */

static void show_table(const line_match *m) {
    const gw_view *v = human_view(m);
    const gw_observation *o = &v->german;
    int hs = gw_hand_size(o->variant);
    printf("\nTrick %d of %d, %s. Trump: %s.", o->trick_number, 2 * hs,
           o->phase == GW_FOREPLAY ? "foreplay" : "endgame", gw_suit_name(o->trump));
    if (o->phase == GW_FOREPLAY) printf(" Up-card: %s, stock %d.", cli_card(o->upcard), o->stock_left);
    printf("\nTricks this hand: you %d, computer %d (%s). Match: you %d, computer %d (target %d).\n",
           o->won[o->phase == GW_FOREPLAY ? 0 : 1][0], o->won[o->phase == GW_FOREPLAY ? 0 : 1][1],
           o->phase == GW_FOREPLAY ? "foreplay" : "endgame", v->score[0], v->score[1], v->rules.target);
    if (o->opp_known) {
        printf("The computer holds: ");
        cli_print_hand(stdout, o->opp_known, o->trump, m->style);
        printf("%s\n", o->phase == GW_FOREPLAY ? " (and unknown cards)" : "");
    }
    if (o->led != GW_NO_CARD) printf("The computer led %s.\n", cli_card(o->led));
    printf("Your hand: ");
    cli_print_hand(stdout, o->own, o->trump, m->style);
    printf("\n");
}

/* The heading of a hand: its number, who deals and leads, the trump, the turned card (the first up-card). */
static void announce(int hand, bool goes_on, int dealer, int trump, gw_card turned) {
    printf("\n=== Hand %d%s: %s. Trump: %s (the turned card is %s). ===\n", hand, goes_on ? " goes on" : "",
           dealer == 0 ? "you deal, the computer leads" : "the computer deals, you lead", gw_suit_name(trump),
           cli_card(turned));
}

static void report_trick(line_match *m, const gw_event *e) {
    int l = m->leader;
    printf("Trick %d: %s %s %s, %s %s %s: %s %s.\n", e->trick, who(l), l == 0 ? "lead" : "leads",
           cli_card(m->cards[0]), who(1 - l), l == 0 ? "plays" : "play", cli_card(m->cards[1]),
           who(e->player), e->player == 0 ? "win" : "wins");
    m->ncards = 0;
    m->ndrawn = 0;
    m->trick_winner = e->player;
}

/* After a foreplay trick, once both players drew: who took what (the loser's card only to the human). */
static void report_draws(const line_match *m) {
    if (m->trick_winner == 0)
        printf("You take %s; the computer draws a hidden card.\n", cli_card(m->drawn[0]));
    else
        printf("The computer takes %s; you draw %s.\n", cli_card(m->drawn[1]), cli_card(m->drawn[0]));
}

/* The end of a hand (e: its SCORE event): the tricks, who scores, the match. */
static void report_score(line_match *m, const gw_event *e) {
    const gw_view *v = human_view(m);
    const gw_observation *o = &v->german;
    const gw_match_rules *r = rules_of(m);
    int endgame[2] = {o->won[GW_ENDGAME][0], o->won[GW_ENDGAME][1]};
    int all[2] = {o->won[GW_FOREPLAY][0] + endgame[0], o->won[GW_FOREPLAY][1] + endgame[1]};
    printf("\nHand %d is over. Endgame tricks: you %d, computer %d (all tricks %d-%d). ", e->hand, endgame[0],
           endgame[1], all[0], all[1]);
    bool slam = gw_score_hand(r->variant, r->scoring, endgame, all).slam;
    if (r->scoring == GW_TOTAL) /* both score */
        printf("You score %d, the computer %d.\n", e->points[0], e->points[1]);
    else if (e->winner < 0)
        printf("Nobody scores.\n");
    else
        printf("%s %s %d%s.\n", Who(e->winner), e->winner == 0 ? "score" : "scores", e->points[e->winner],
               slam ? " (slam!)" : "");
    printf("Match: you %d, computer %d (target %d).\n", e->score[0], e->score[1], r->target);
    if (e->score[0] == e->score[1] && e->score[0] >= r->target)
        printf("Level at the target: the match goes on until a hand leaves one of you ahead.\n");
    save(m);
    stats_hand(m, e);
}

/* Shows the session's events since the last shown, as the human sees them. */
static void show_events(line_match *m) {
    gw_event e;
    while (m->seen < gw_session_last_event(m->g.ses)) {
        int n = gw_session_events(m->g.ses, m->seen + 1, 0, &e, 1);
        assert(n == 1);
        (void)n;
        m->seen = e.number;
        switch (e.kind) {
        case GW_EVENT_DEAL: {
            const gw_view *v = human_view(m);
            announce(e.hand, false, e.player, v->german.trump, e.card);
            m->ncards = 0;
            break;
        }
        case GW_EVENT_PLAY:
            if (m->ncards == 0) {
                m->leader = e.player;
                if (e.player == 1) printf("\nThe computer leads %s.\n", cli_card(e.card));
            }
            if (m->ncards < 2) m->cards[m->ncards++] = e.card;
            break;
        case GW_EVENT_TRICK: report_trick(m, &e); break;
        case GW_EVENT_DRAW:
            if (e.player == 0 || e.player == 1) m->drawn[e.player] = e.card;
            if (++m->ndrawn == 2) report_draws(m);
            break;
        case GW_EVENT_UPCARD:
            if (e.card != GW_NO_CARD)
                printf("Next up-card: %s.\n", cli_card(e.card));
            else
                printf("The stock is empty. Endgame: the last %d tricks count; %s %s.\n"
                       "You know the computer's hand now: 'hint' shows exactly what each of your cards is "
                       "worth.\n",
                       gw_hand_size(rules_of(m)->variant), who(m->trick_winner),
                       m->trick_winner == 0 ? "lead" : "leads");
            break;
        case GW_EVENT_SCORE: report_score(m, &e); break;
        case GW_EVENT_HAND:
        case GW_EVENT_ERROR:
        case GW_EVENT_OVER:
        case GW_EVENT_UNDO: break;
        }
    }
}

/* ---- hints ----------------------------------------------------------------------------------------- */

/* The scoring rule as the hints name it. */
static const char *scoring_words(gw_scoring sc) {
    return sc == GW_TOTAL ? "running total" : gw_scoring_name(sc);
}

/* "+3 points", "-1 point", "0 points": an exact value in points. */
static void print_points(int v) {
    if (v)
        printf("%+d %s", v, v == 1 || v == -1 ? "point" : "points");
    else
        printf("0 points");
}

/* x rounded to the nearest whole number (an exact hint's values are whole). */
static int whole(double x) { return (int)(x < 0 ? x - 0.5 : x + 0.5); }

/* The `hint` command: the session's advisor, from the human's view only: what each legal card is worth
 * under the scoring rule in force, in points (the human's minus the computer's at the hand's end): in the
 * foreplay the expert's estimate (expected points, with the tricks the scoring counts), in the endgame
 * each card's exact value with best play by both (points, with the tricks won from here). */
static void show_hint(line_match *m) {
    gw_hint h;
    gw_error err;
    if (gw_session_hint(m->g.ses, 0, &h, &err) != GW_OK) {
        printf("No hint: %s (the game goes on).\n", err.msg);
        return;
    }
    gw_scoring sc = rules_of(m)->scoring;
    const char *counted = sc == GW_EVERY ? "all tricks" : "endgame tricks";
    if (!h.exact) {
        printf("Hint, estimated (the stock still hides cards), averaged over %d deals consistent with what\n"
               "you have seen: the %s each card is worth (yours minus the computer's at the\n"
               "hand's end, %s scoring) and the %s you can expect:\n",
               h.samples, h.unit, scoring_words(sc), counted);
        int wv = (int)strlen(h.unit), wt = (int)strlen(counted);
        printf("  card  %s  %s\n", h.unit, counted);
        for (int i = 0; i < h.count; i++) {
            printf("  %-4s  %+*.2f  %*.2f", cli_card(h.cards[i]), wv, h.value[i], wt, h.tricks[i]);
            if (i == 0)
                printf("  (recommended)\n");
            else
                printf("  (%.2f less, standard error %.2f)\n", h.value[0] - h.value[i], h.se[i]);
        }
        return;
    }
    const gw_observation *o = &human_view(m)->german;
    int left = gw_count(o->own), mine = h.best;
    int hs = gw_hand_size(o->variant), won = o->won[GW_ENDGAME][0];
    int counted_now = won + (sc == GW_EVERY ? o->won[GW_FOREPLAY][0] : 0);
    printf("Hint, exact with best play by both: the %s each card is worth (yours minus the computer's\n"
           "at the hand's end, %s scoring), and the tricks you win from here, this trick included:\n",
           h.unit, scoring_words(sc));
    int best_points = 0;
    for (int v = left; v >= 0; v--) {
        gw_cards cards = 0;
        int points = 0;
        for (int i = 0; i < h.count; i++)
            if (whole(h.tricks[i]) - counted_now == v) {
                cards |= gw_bit(h.cards[i]);
                points = whole(h.value[i]);
            }
        if (!cards) continue;
        if (v == mine) best_points = points;
        printf("  ");
        print_points(points);
        printf(", %d %s%s: ", v, tricks_word(v), v == mine ? " (best)" : "");
        cli_print_hand(stdout, cards, o->trump, m->style);
        printf("\n");
    }
    printf("With best play you win %d more %s (%d of the %d endgame tricks", mine, tricks_word(mine),
           won + mine, hs);
    if (sc == GW_EVERY) printf("; %d of all %d tricks", o->won[GW_FOREPLAY][0] + won + mine, 2 * hs);
    printf("): ");
    print_points(best_points);
    printf(".\n");
}

/* ---- input ----------------------------------------------------------------------------------------- */

typedef enum { READ_CARD, READ_EOF, READ_QUIT } read_result;

/* Asks for the human's card until one the session takes comes (played), or input ends. */
static read_result read_card(line_match *m) {
    char line[256];
    for (;;) {
        printf("Your card> ");
        fflush(stdout);
        size_t n = 0;
        cli_line kind = cli_read_line(line, sizeof line, &n);
        if (kind == LINE_EOF) return READ_EOF;
        if (kind == LINE_LONG) {
            printf("That line is too long. %s", COMMANDS_HELP);
            continue;
        }
        if (kind == LINE_CONTROL) {
            printf("That line holds control characters, not a card. %s", COMMANDS_HELP);
            continue;
        }
        if (kind == LINE_EMPTY) continue;
        gw_action a = {.kind = GW_ACTION_CARD};
        gw_android_command unused;
        cli_input in = cli_input_parse(line, n, &a.card, &unused);
        if (in == CLI_INPUT_HELP) {
            fputs(COMMANDS_HELP, stdout);
            continue;
        }
        if (in == CLI_INPUT_QUIT) return READ_QUIT;
        if (in == CLI_INPUT_SHOW) {
            show_table(m);
            continue;
        }
        if (in == CLI_INPUT_HINT) {
            show_hint(m);
            continue;
        }
        if (in != CLI_INPUT_CARD) {
            printf("'%.40s' is not a card. %s", line, COMMANDS_HELP);
            continue;
        }
        gw_error err;
        if (gw_session_act(m->g.ses, 0, &a, NULL, &err) != GW_OK) { /* refused: the session says why */
            printf("%s\n", err.msg);
            continue;
        }
        return READ_CARD;
    }
}

/* Plays the match until it is over, input ends or the human quits; READ_CARD when it is over. */
static read_result play_match(line_match *m) {
    while (gw_session_state_of(m->g.ses) != GW_SESSION_OVER) {
        gw_error err;
        if (gw_session_state_of(m->g.ses) == GW_SESSION_HAND_OVER) {
            if (!cli_game_next_hand(&m->g)) return READ_EOF;
            show_events(m);
            save(m);
            continue;
        }
        gw_turn t = gw_session_turn(m->g.ses);
        if (t.computer) {
            if (gw_session_play_computer(m->g.ses, &err) != GW_OK) { /* a computer player broke: a bug */
                fprintf(stderr, "internal error: %s\n", err.msg);
                return READ_EOF;
            }
        } else {
            show_table(m);
            read_result r = read_card(m);
            if (r != READ_CARD) return r;
        }
        uint32_t before = m->seen;
        show_events(m);
        /* The record is saved after every trick (the hand's last with its score). */
        gw_event e;
        bool trick = false;
        for (uint32_t k = before + 1; k <= m->seen; k++)
            if (gw_session_events(m->g.ses, k, 0, &e, 1) == 1 && e.kind == GW_EVENT_TRICK) trick = true;
        if (trick && gw_session_state_of(m->g.ses) == GW_SESSION_PLAYING) save(m);
    }
    return READ_CARD;
}

/* ---- resuming -------------------------------------------------------------------------------------- */

/* What a restored match is, for the question before a new match would be saved in its place. */
static void describe_restored(const gw_session *s, cli_saved *out) {
    const gw_match *m = gw_session_match(s);
    int w = gw_match_winner(m);
    unsigned long long seed = (unsigned long long)m->seed;
    if (w >= 0) {
        snprintf(out->what, sizeof out->what, "A finished match with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "%s %d-%d", w == 0 ? "you won" : "the computer won",
                 m->score[w], m->score[1 - w]);
    } else {
        out->resumable = true;
        snprintf(out->what, sizeof out->what, "A match with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "hand %d, you %d, the computer %d", m->hands_played + 1,
                 m->score[0], m->score[1]);
    }
}

/* The configuration a record is restored with: the human and the computer, the clock; the rest comes from
 * the record. */
static gw_session_config base_config;

/* What a record file holds, for the question before a new match would be saved in its place (see
 * cli_record_start). */
static void describe_match(const char *path, cli_saved *out) {
    cli_describe_record(path, out, &base_config, describe_restored);
}

/* Loads the match of m->g.rec (locked) for --resume. CLI_OK when it goes on; otherwise the exit code, the
 * reason told (a finished match: CLI_OK with done set). */
static int resume_match(line_match *m, const gw_session_config *base, const uint64_t *seed, bool *done) {
    *done = false;
    int rc = cli_resume_load("play", "match", m->g.rec.path, base, seed, &m->g.ses);
    if (rc != CLI_OK) return rc;
    const gw_match *match = gw_session_match(m->g.ses);
    int w = gw_match_winner(match);
    if (w >= 0) {
        char how[128];
        snprintf(how, sizeof how, "%s %d-%d after %d hand%s", w == 0 ? "you won" : "the computer won",
                 match->score[w], match->score[1 - w], match->hands_played,
                 match->hands_played == 1 ? "" : "s");
        cli_resume_finished("match", m->g.rec.path, how);
        *done = true;
    }
    return CLI_OK;
}

/* ---- options ------------------------------------------------------------------------------------------ */

/* What the command line asks for. */
typedef struct play_options {
    gw_session_config config;
    bool has_seed, plain, resume, rules_given, help;
    gw_suit_style style;
    cli_record_file rec;
} play_options;

/* Reads argv into o: the play options through the session's parser. CLI_OK, or the exit code after a
 * usage message. */
static int parse_options(int argc, char **argv, play_options *o) {
    static const struct option OPTIONS[] = {{"plain", no_argument, NULL, 'p'},
                                            {"variant", required_argument, NULL, 'v'},
                                            {"scoring", required_argument, NULL, 'S'},
                                            {"target", required_argument, NULL, 't'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"record", required_argument, NULL, 'r'},
                                            {"opponent", required_argument, NULL, 'o'},
                                            {"classic-order", no_argument, NULL, 'c'},
                                            {"think-ms", required_argument, NULL, 'T'},
                                            {"resume", no_argument, NULL, 'R'},
                                            {"ascii", no_argument, NULL, 'a'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    gw_session_config_default(&o->config, GW_GAME_GERMAN);
    o->config.clock = gw_monotonic_clock();
    o->style = GW_ORDER_ALTERNATE;
    o->rec.lock = GW_FILE_LOCK_NONE;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:pv:S:t:s:r:o:cT:Rah", OPTIONS, NULL)) != -1) {
        const char *name = NULL;
        switch (opt) {
        case 'p': o->plain = true; break;
        case 'v': name = "variant"; break;
        case 'S': name = "scoring"; break;
        case 't': name = "target"; break;
        case 's': name = "seed"; break;
        case 'o': name = "opponent"; break;
        case 'T': name = "think-ms"; break;
        case 'r':
            if (strlen(optarg) >= sizeof o->rec.path)
                return cli_usage_error("play", "the record path is too long");
            snprintf(o->rec.path, sizeof o->rec.path, "%s", optarg);
            o->rec.has_path = true;
            break;
        case 'c': o->style = GW_ORDER_CLASSIC; break;
        case 'R': o->resume = true; break;
        case 'a': break; /* the full-screen game's; line mode writes plain characters anyway */
        case 'h': o->help = true; return CLI_OK;
        default: return cli_bad_option("play", argv, optind);
        }
        if (!name) continue;
        if (!cli_config_option("play", &o->config, name, optarg)) return CLI_USAGE;
        if (opt == 'o' && o->config.seats[1].kind != GW_SEAT_COMPUTER) /* a match against the computer */
            return cli_usage_error("play",
                                   "a match is played against the computer: --opponent random, easy, hard, "
                                   "expert or oracle, not '%s'",
                                   optarg);
        if (opt == 'T' && o->config.limits.think_ms == 0) /* the command line has no --iterations */
            return cli_usage_error("play",
                                   "think-ms 0 leaves the expert (its hints, the expert and the oracle) "
                                   "with no bound: give milliseconds from 1 to 60000");
        if (opt == 's')
            o->has_seed = true;
        else if (opt != 'T')
            o->rules_given = true;
    }
    if (optind < argc) return cli_usage_error("play", "unexpected argument '%s'", argv[optind]);
    return CLI_OK;
}

int cli_play_check(int argc, char **argv) {
    static play_options o; /* large (the record path); one per process */
    memset(&o, 0, sizeof o);
    return parse_options(argc, argv, &o);
}

int cmd_play(int argc, char **argv) {
    static play_options o; /* large (the record path); one per process */
    memset(&o, 0, sizeof o);
    int rc = parse_options(argc, argv, &o);
    if (rc != CLI_OK) return rc;
    if (o.help) {
        fputs(HELP, stdout);
        return CLI_OK;
    }
    if (!o.plain) {
        fputs("whist play: the full-screen game needs a terminal; use 'whist play --plain' for line mode\n",
              stderr);
        return CLI_USAGE;
    }
    if (o.resume && o.rules_given)
        return cli_usage_error("play", "--resume goes on with the record's rules and computer: leave out "
                                       "--variant, --scoring, --target and --opponent");
    if (o.resume && !o.has_seed && !o.rec.has_path)
        return cli_usage_error("play", "--resume needs the match's --seed N (its record in the data folder) "
                                       "or its --record FILE");
    static line_match m; /* large (the record path); one per process */
    memset(&m, 0, sizeof m);
    m.style = o.style;
    m.g.rec = o.rec;
    uint64_t seed = o.config.seed;
    if (!o.has_seed && !o.resume) o.config.seed = seed = gw_fresh_seed();
    base_config = o.config;
    cli_record_default(&m.g.rec, "match", seed);
    m.g.rec.save_ok = true;
    bool resuming = o.resume;
    if (o.resume) {
        rc = cli_record_claim("play", "match", &m.g.rec);
        if (rc != CLI_OK) return rc;
    } else {
        cli_start start = cli_record_start("play", "match", &m.g.rec, describe_match);
        if (start == CLI_START_STOP) return CLI_OK;
        resuming = start == CLI_START_RESUME;
    }
    gw_error err;
    if (resuming) {
        bool done = false;
        rc = resume_match(&m, &o.config, o.has_seed ? &seed : NULL, &done);
        if (rc != CLI_OK || done) {
            gw_session_free(m.g.ses);
            cli_record_release(&m.g.rec);
            return rc;
        }
        if (cli_game_stats_resume(&m.g)) stats_begin(&m);
        m.seen = gw_session_last_event(m.g.ses); /* what was played before is not told again */
    } else {
        if (gw_session_new(&o.config, &m.g.ses, &err) != GW_OK) {
            cli_record_release(&m.g.rec);
            return cli_usage_error("play", "%s", err.msg);
        }
        cli_game_date(&m.g);
        stats_begin(&m);
    }
    const gw_session_config *c = gw_session_config_of(m.g.ses);
    const gw_match *match = gw_session_match(m.g.ses);
    printf(
        "German Whist: %s deck, %s scoring, match to %d. You are player 1; the computer (%s) is player 2.\n",
        gw_variant_name(c->rules.variant), gw_scoring_name(c->rules.scoring), c->rules.target,
        gw_ai_level_name((gw_ai_level)c->seats[1].level));
    printf("Match seed %llu (whist play --plain --seed %llu plays the same deals).\n",
           (unsigned long long)c->seed, (unsigned long long)c->seed);
    if (resuming)
        printf("Resuming the match saved in %s: hand %d, you %d, the computer %d.\n", m.g.rec.path,
               match->hands_played + 1, match->score[0], match->score[1]);
    printf("Type help for commands.\n");
    if (resuming && gw_session_state_of(m.g.ses) == GW_SESSION_PLAYING) {
        const gw_view *v = human_view(&m);
        const gw_observation *seen = &v->german;
        announce(v->hand_number, true, seen->dealer, seen->trump, seen->ups[0]);
        if (seen->led != GW_NO_CARD) { /* a trick the computer led before the record was left */
            m.leader = seen->leader;
            m.cards[0] = seen->led;
            m.ncards = 1;
        }
    } else if (!resuming) {
        show_events(&m); /* the first deal */
        save(&m);
    }
    read_result r = play_match(&m);
    if (r == READ_EOF) printf("\nInput ended: the match stops here.\n");
    if (r == READ_CARD) {
        int w = gw_match_winner(match);
        printf("\n%s the match %d-%d.\n", w == 0 ? "You win" : "The computer wins", match->score[w],
               match->score[1 - w]);
    }
    return cli_game_finish(&m.g, "play");
}

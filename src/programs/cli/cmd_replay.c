/* cmd_replay.c: `whist replay`: shows a recorded hand trick by trick (hidden draws, androids' commands), with
 * the review of each card: the expert's verdict on foreplay cards, the solver's on endgame cards. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gw/files.h"
#include "gw/record_file.h"
#include "gw/review.h"
#include "gw/solver.h"

static const char HELP[] = "Usage: whist replay FILE [--hand N] [options]\n"
                           "       whist replay --id ID [options]\n"
                           "Shows each hand of a record trick by trick: both hands at the deal, trump,\n"
                           "who led and won each trick, what each player drew (hidden draws shown),\n"
                           "the tricks and the score. FILE may be - for standard input; --id ID replays\n"
                           "a hand stored by 'whist play' ('whist history' lists the ids).\n"
                           "\n"
                           "In the endgame, where both hands are known, the exact solver judges every\n"
                           "card: first the tricks each player wins with best play by both, then under\n"
                           "each trick whether each card was best or, for the player who played it,\n"
                           "lost tricks against best play, and which cards were best:\n"
                           "      solver: P1 7H loses 1 trick, 2 points (best: AH KH); P2 AS best\n"
                           "The points are those of the hand's scoring rule (what the hand is worth to\n"
                           "the player: its points minus the opponent's).\n"
                           "\n"
                           "In the foreplay the expert judges each card from what its player could know\n"
                           "then (never the hidden cards): the points it was expected to cost against\n"
                           "the best card, with its standard error, over the same sampled deals:\n"
                           "      expert: P1 2S loses 0.61 +- 0.09 points (best: AS); P2 KD best\n"
                           "After the hand, each player's review: the points lost in all, and the\n"
                           "costliest decisions. The same seed and iterations give the same verdicts.\n"
                           "\n"
                           "An Android Whist hand shows the four hands at the deal, then each trick:\n"
                           "every human's card, every android's commands with its errors, the winner.\n"
                           "\n"
                           "  -n, --hand N     only hand N (its Hand tag, or its place in the file)\n"
                           "  -i, --id ID      the stored hand ID instead of a file\n"
                           "      --player P   review player P's cards only (1 or 2; default both)\n"
                           "      --iterations N  deals the expert samples per foreplay card (default %d)\n"
                           "      --seed S     the seed of those deals (default %d)\n"
                           "      --no-foreplay  judge endgame cards only (quick)\n"
                           "      --no-solver  leave out every verdict and the review\n"
                           "  -h, --help       show this help\n";

/* The solver's table for a replay: one solver judges every hand of the file, so it
 * is larger than the library's default (the size also lets the tests provoke an
 * out-of-memory). */
#define REPLAY_TABLE_BYTES (16u << 20)

static const char *player_name(const gw_record_hand *h, int p) {
    const char *name = gw_record_hand_tag(h, p == 0 ? "Player1" : "Player2");
    return name ? name : (p == 0 ? "player 1" : "player 2");
}

/* The solver's judgement of one card. */
typedef struct judgement {
    int loss;      /* tricks given away against best play, for the player of the card */
    gw_cards best; /* the legal cards that give nothing away */
} judgement;

/* Judges card c, the next card of endgame g (both hands known). False if the
 * position cannot be solved (never for a game the rules engine played). */
static bool judge(gw_solver *s, const gw_game *g, gw_card c, judgement *out) {
    int l = g->leader;
    gw_position p = {g->trump, g->hand[l], g->hand[1 - l], g->led};
    gw_error err;
    if (gw_position_check(&p, &err) != GW_OK) return false;
    gw_card_value v[GW_RANKS];
    int best = 0, n = gw_solve_cards(s, &p, v, &best);
    /* Values count the leader's tricks: the leader gives away what falls short
     * of the best, the follower what exceeds it. */
    bool leading = g->led == GW_NO_CARD;
    *out = (judgement){0, 0};
    for (int i = 0; i < n; i++) {
        if (v[i].tricks == best) out->best |= gw_bit(v[i].card);
        if (v[i].card == c) out->loss = leading ? best - v[i].tricks : v[i].tricks - best;
    }
    return true;
}

/* What the review prints: whose cards, which phases, the expert's worlds. */
typedef struct review_opts {
    bool solver;    /* any verdict at all (--no-solver: none) */
    bool foreplay;  /* the expert's verdicts on foreplay cards */
    unsigned seats; /* bit p: player p+1 is reviewed */
    int iterations; /* worlds per foreplay card */
    uint64_t seed;
} review_opts;

/* Writes "P1 AS best" or "P1 7H loses 1 trick, 2 points (best: AH KH)"; v (may be NULL) the review's verdict
 * on the card, for its points. */
static void print_judgement(int player, gw_card c, const judgement *j, const gw_card_verdict *v, int trump) {
    printf("P%d %s ", player + 1, cli_card(c));
    if (j->loss == 0) {
        printf("best");
        return;
    }
    int order[GW_SUITS];
    char list[160], pts[48];
    gw_suit_order(trump, GW_ORDER_ALTERNATE, order);
    gw_cards_format_list(j->best, order, ' ', list, (int)sizeof list);
    printf("loses %d trick%s", j->loss, j->loss == 1 ? "" : "s");
    if (v && v->judged) printf(", %s", gw_review_points_text(v->loss, pts, sizeof pts));
    printf(" (best: %s)", list);
}

/* Writes "P1 AS best", "P1 4S only card" or "P1 2S loses 0.61 +- 0.09 points (best: AS)": the expert's
 * verdict on a foreplay card. */
static void print_foreplay(const gw_card_verdict *v) {
    printf("P%d %s ", v->seat + 1, cli_card(v->card));
    if (v->forced)
        printf("only card");
    else if (!(v->loss > 0))
        printf("best");
    else
        printf("loses %.2f +- %.2f points (best: %s)", v->loss, v->se, cli_card(v->best));
}

/* The foreplay verdicts of trick moves i and i+1 (k of them played) on one line, if any was judged. */
static void print_foreplay_line(const gw_hand_review *r, int i, int k) {
    bool any = false;
    for (int m = i; m < i + k; m++) {
        if (!r->card[m].judged || r->card[m].phase != GW_FOREPLAY) continue;
        printf(any ? "; " : "      expert: ");
        print_foreplay(&r->card[m]);
        any = true;
    }
    if (any) printf("\n");
}

/* The hand's review: per reviewed player the points lost and the costliest cards. */
static void print_review(const gw_hand_review *r, const gw_match_rules *rules, const review_opts *ro) {
    if (ro->foreplay)
        printf("Review in points of %s scoring (foreplay: the expert over %d deals a card, seed %llu):\n",
               gw_scoring_name(rules->scoring), ro->iterations, (unsigned long long)ro->seed);
    else
        printf("Review in points of %s scoring (the endgame only):\n", gw_scoring_name(rules->scoring));
    for (int p = 0; p < 2; p++) {
        if (!((ro->seats >> p) & 1u)) continue;
        char pts[48];
        printf(
            "  P%d lost %.2f +- %.2f points: %.2f in the foreplay (%d cards), %s in the endgame (%d cards)\n",
            p + 1, r->loss[p], r->loss_se[p], r->foreplay_loss[p], r->judged[GW_FOREPLAY][p],
            gw_review_points_text(r->endgame_loss[p], pts, sizeof pts), r->judged[GW_ENDGAME][p]);
        if (r->nworst[p] == 0) {
            printf("     no card lost anything\n");
            continue;
        }
        printf("     costliest:");
        for (int k = 0; k < r->nworst[p]; k++) {
            const gw_card_verdict *v = &r->card[r->worst[p][k]];
            printf("%s trick %d %s ", k ? ";" : "", v->trick, cli_card(v->card));
            if (v->phase == GW_ENDGAME)
                printf("%s", gw_review_points_text(v->loss, pts, sizeof pts));
            else
                printf("%.2f +- %.2f", v->loss, v->se);
            printf(" (best %s)", cli_card(v->best));
        }
        printf("\n");
    }
}

/* Prints one hand, the endgame judged by solver unless it is NULL, the cards reviewed as ro says; returns
 * false if the record has a problem in it. */
static bool replay_hand(const gw_record_hand *h, const char *shown, gw_solver *solver,
                        const review_opts *ro) {
    gw_match_rules r = h->rules;
    printf("Hand %d: %s deck, %s scoring, target %d\n", h->number, gw_variant_name(r.variant),
           gw_scoring_name(r.scoring), r.target);
    gw_game g;
    gw_error err;
    bool dealt = h->dealer >= 0 && gw_game_deal(&g, r.variant, h->deck, h->dealer, &err) == GW_OK;
    if (!dealt) {
        printf("  (the deal cannot be shown)\n");
        fprintf(stderr, "%s:%d:%d: error: %s\n", shown, h->error.line, h->error.col, h->error.msg);
        return false;
    }
    int hs = gw_hand_size(r.variant);
    /* The review of the reviewed players' cards (the endgame's points; the foreplay unless left out). */
    static gw_hand_review rev;
    bool reviewed = false;
    if (solver && ro->solver) {
        gw_review_options opt = gw_review_defaults(r.scoring);
        opt.seats = ro->seats;
        opt.foreplay = ro->foreplay;
        opt.iterations = ro->iterations;
        opt.seed = ro->seed;
        gw_error rerr;
        reviewed = gw_review_hand(&g, h->moves, h->nmoves, &opt, &rev, &rerr) == GW_OK;
        if (!reviewed)
            fprintf(stderr, "whist replay: hand %d is shown unreviewed: %s\n", h->number, rerr.msg);
    }
    const gw_hand_review *rv = reviewed ? &rev : NULL;
    printf("Player 1: %s, player 2: %s; player %d deals.\n", player_name(h, 0), player_name(h, 1),
           h->dealer + 1);
    printf("Trump: %s (the turned card is %s).\n", gw_suit_name(g.trump), cli_card(g.deck[2 * hs]));
    for (int p = 0; p < 2; p++) {
        printf("Player %d holds: ", p + 1);
        cli_print_hand(stdout, g.hand[p], g.trump, GW_ORDER_ALTERNATE);
        printf("\n");
    }
    printf("Stock, top first:");
    for (int i = 2 * hs; i < gw_deck_size(r.variant); i++)
        printf(" %s", cli_card(g.deck[i]));
    printf("\n\nForeplay\n");
    for (int i = 0; i < h->nmoves; i += 2) {
        if (g.tricks_done == hs) {
            printf("Endgame (the stock is empty; these tricks count)\n");
            gw_position p = {g.trump, g.hand[g.leader], g.hand[1 - g.leader], GW_NO_CARD};
            if (solver && gw_position_check(&p, &err) == GW_OK) {
                int v = gw_solve(solver, &p);
                printf("      solver: with best play by both P1 wins %d, P2 %d\n", g.leader == 0 ? v : hs - v,
                       g.leader == 0 ? hs - v : v);
            }
        }
        int leader = g.leader;
        judgement jl, jf;
        bool judged = solver && gw_game_phase(&g) == GW_ENDGAME && judge(solver, &g, h->moves[i], &jl);
        gw_trick_event ev;
        gw_game_play(&g, h->moves[i], &ev);
        if (i + 1 >= h->nmoves) {
            printf("%4d. P%d leads %s%s\n", g.tricks_done + 1, leader + 1, cli_card(h->moves[i]),
                   h->error.status == GW_OK ? " (the record stops here)" : "");
            if (judged) {
                printf("      solver: ");
                print_judgement(leader, h->moves[i], &jl, rv ? &rv->card[i] : NULL, g.trump);
                printf("\n");
            }
            if (rv) print_foreplay_line(rv, i, 1);
            break;
        }
        judged = judged && judge(solver, &g, h->moves[i + 1], &jf);
        gw_game_play(&g, h->moves[i + 1], &ev);
        printf("%4d. P%d %s  P%d %s   won by P%d", ev.number, ev.leader + 1, cli_card(ev.cards[0]),
               2 - ev.leader, cli_card(ev.cards[1]), ev.winner + 1);
        if (ev.drawn[0] != GW_NO_CARD) {
            int w = ev.winner;
            printf("   P%d takes %s, P%d draws %s", w + 1, cli_card(ev.drawn[w]), 2 - w,
                   cli_card(ev.drawn[1 - w]));
            if (ev.next_upcard != GW_NO_CARD) printf("; up-card %s", cli_card(ev.next_upcard));
        }
        printf("\n");
        if (judged) {
            printf("      solver: ");
            print_judgement(leader, ev.cards[0], &jl, rv ? &rv->card[i] : NULL, g.trump);
            printf("; ");
            print_judgement(1 - leader, ev.cards[1], &jf, rv ? &rv->card[i + 1] : NULL, g.trump);
            printf("\n");
        }
        if (rv) print_foreplay_line(rv, i, 2);
    }
    printf("\n");
    if (h->error.status != GW_OK) {
        printf("The record has a problem here.\n\n");
        fprintf(stderr, "%s:%d:%d: error: %s\n", shown, h->error.line, h->error.col, h->error.msg);
        return false;
    }
    int eg[2] = {gw_game_endgame_tricks(&g, 0), gw_game_endgame_tricks(&g, 1)};
    int all[2] = {gw_game_all_tricks(&g, 0), gw_game_all_tricks(&g, 1)};
    if (!h->finished) {
        printf("Unfinished after trick %d (endgame tricks %d-%d so far).\n", g.tricks_done, eg[0], eg[1]);
        if (rv) print_review(rv, &r, ro);
        printf("\n");
        return true;
    }
    printf("Tricks: endgame %d-%d, all %d-%d. ", eg[0], eg[1], all[0], all[1]);
    const gw_hand_score *s = &h->outcome;
    if (h->rules.scoring == GW_TOTAL) /* both score */
        printf("Player 1 scores %d, player 2 scores %d.\n", s->points[0], s->points[1]);
    else if (s->winner < 0)
        printf("No score.\n");
    else
        printf("Player %d scores %d%s.\n", s->winner + 1, s->points[s->winner], s->slam ? " (slam)" : "");
    if (h->has_score) printf("Match score after this hand: %d-%d.\n", h->score[0], h->score[1]);
    if (rv) print_review(rv, &r, ro);
    printf("\n");
    return true;
}

/* The name of human p (0 or 1) in an Android Whist hand. */
static const char *android_player_name(const gw_android_record_hand *h, int p) {
    const char *name = gw_android_record_hand_tag(h, p == 0 ? "Player1" : "Player2");
    return name ? name : (p == 0 ? "player 1" : "player 2");
}

/* "D (player 1)" or "L (player 2's android)", with the Player tags' names. */
static void print_seat(const gw_android_record_hand *h, int seat) {
    const char *name = android_player_name(h, gw_seat_player(h->dealer, seat));
    printf("%c (%s%s)", gw_seat_char(seat), name, gw_seat_is_android(seat) ? "'s android" : "");
}

/* Prints one Android Whist hand: the deal, then every trick with each
 * human's card and each android's commands, errors included; returns false
 * if the record has a problem in it. */
static bool replay_android_hand(const gw_android_record_hand *h, const char *shown) {
    printf("Hand %d: Android Whist\n", h->number);
    gw_android_game g;
    gw_error err;
    if (!h->dealt || gw_android_deal(&g, h->deck, h->dealer, &err) != GW_OK) {
        printf("  (the deal cannot be shown)\n");
        fprintf(stderr, "%s:%d:%d: error: %s\n", shown, h->error.line, h->error.col, h->error.msg);
        return false;
    }
    int d = h->dealer;
    printf("Dealer: %s. Side 1: %c (%s) and %c; side 2: %c (%s) and %c.\n", android_player_name(h, d),
           gw_seat_char(gw_player_seat(d, 0)), android_player_name(h, 0),
           gw_seat_char(gw_seat_partner(gw_player_seat(d, 0))), gw_seat_char(gw_player_seat(d, 1)),
           android_player_name(h, 1), gw_seat_char(gw_seat_partner(gw_player_seat(d, 1))));
    printf("Trump: %s (the turned card is %s, the dealer's last card).\n", gw_suit_name(g.trump),
           cli_card(gw_android_trump_card(&g)));
    static const int ORDER[GW_SEATS] = {GW_SEAT_D, GW_SEAT_L, GW_SEAT_X, GW_SEAT_N};
    for (int i = 0; i < GW_SEATS; i++) {
        print_seat(h, ORDER[i]);
        printf(" holds: ");
        cli_print_hand(stdout, g.hand[ORDER[i]], g.trump, GW_ORDER_ALTERNATE);
        printf("\n");
    }
    printf("\n");
    /* One line a play, and one a command for an android that had errors. */
    const gw_android_game *rec = &h->game;
    for (int i = 0; i < rec->nevents; i++) {
        const gw_android_event *ev = &rec->events[i];
        if (g.errors > 0)
            printf("         ");
        else if (g.ntrick == 0)
            printf("%4d. %c  ", g.tricks_done + 1, gw_seat_char(g.turn));
        else
            printf("      %c  ", gw_seat_char(g.turn));
        gw_android_trick done = {.completed = false};
        if (ev->command == GW_CMD_NONE) {
            gw_android_play(&g, ev->card, &done, &err);
            printf("%s\n", cli_card(ev->card));
        } else {
            gw_android_command c = (gw_android_command)ev->command;
            gw_android_situation s = gw_android_situation_now(&g);
            gw_android_outcome o;
            gw_android_command_play(&g, c, &o, &done, &err);
            if (o.answer == GW_ANSWER_CARD) {
                printf("%s=%s\n", gw_android_command_name(c), cli_card(o.card));
            } else {
                char why[128];
                gw_android_answer_text(&s, c, o.answer, why, (int)sizeof why);
                printf("%s! error: %s\n", gw_android_command_name(c), why);
            }
        }
        if (done.completed) {
            int tricks[2] = {gw_android_player_tricks(&g, 0), gw_android_player_tricks(&g, 1)};
            printf("      won by %c (side %d); tricks %d-%d\n", gw_seat_char(done.winner),
                   gw_seat_player(d, done.winner) + 1, tricks[0], tricks[1]);
        }
    }
    bool valid = h->error.status == GW_OK;
    if (valid && !h->finished && (g.ntrick > 0 || g.errors > 0)) printf("      (the record stops here)\n");
    printf("\n");
    if (!valid) {
        printf("The record has a problem here.\n\n");
        fprintf(stderr, "%s:%d:%d: error: %s\n", shown, h->error.line, h->error.col, h->error.msg);
        return false;
    }
    int tricks[2] = {gw_android_player_tricks(&g, 0), gw_android_player_tricks(&g, 1)};
    if (!h->finished) {
        printf("Unfinished after trick %d (tricks %d-%d so far).\n\n", g.tricks_done, tricks[0], tricks[1]);
        return true;
    }
    printf("Tricks: side 1 %d, side 2 %d. Side %d scores %d.\n", tricks[0], tricks[1], h->outcome.winner + 1,
           h->outcome.points);
    if (h->has_score) printf("Game score after this hand: %d-%d.\n", h->score[0], h->score[1]);
    printf("\n");
    return true;
}

/* Replays the hands of a record text, read once (shown names it in messages),
 * only hand `only` if not 0; returns the exit code. Each hand is shown by the
 * rules its Game tag names (gw_record_file_read). */
static int replay_text(const char *text, size_t len, const char *shown, int only, const review_opts *ro) {
    gw_record_file rec;
    gw_error err;
    if (gw_record_file_read(text, len, &rec, &err) != GW_OK) {
        fprintf(stderr, "whist replay: %s: %s\n", shown, err.msg);
        return CLI_FAIL;
    }
    bool german = false;
    for (int i = 0; i < rec.count; i++)
        german = german || rec.hands[i].game == GW_GAME_GERMAN;
    gw_solver *solver = NULL;
    if (ro->solver && german && gw_solver_new(REPLAY_TABLE_BYTES, &solver) != GW_OK) {
        solver = NULL;
        fprintf(stderr, "whist replay: not enough memory for the solver; endgames are shown unjudged\n");
    }
    int status = CLI_OK, shown_hands = 0;
    for (int i = 0; i < rec.count; i++) {
        const gw_record_file_hand *h = &rec.hands[i];
        if (only && gw_record_file_number(h) != only) continue;
        shown_hands++;
        bool ok = h->game == GW_GAME_ANDROID ? replay_android_hand(&h->android, shown)
                                             : replay_hand(&h->german, shown, solver, ro);
        if (!ok) status = CLI_FAIL;
    }
    gw_solver_free(solver);
    if (shown_hands == 0) {
        if (only && rec.count > 0) {
            fprintf(stderr, "whist replay: %s has no hand %d (its hands:", shown, only);
            for (int i = 0; i < rec.count && i < 20; i++)
                fprintf(stderr, "%s %d", i ? "," : "", gw_record_file_number(&rec.hands[i]));
            fprintf(stderr, "%s)\n", rec.count > 20 ? ", ..." : "");
        } else if (only) {
            fprintf(stderr, "whist replay: %s has no hand %d (it holds no hand)\n", shown, only);
        } else
            fprintf(stderr, "whist replay: %s holds no hand\n", shown);
        status = CLI_FAIL;
    }
    gw_record_file_free(&rec);
    return status;
}

/* Replays hand id of the statistics database. */
static int replay_stored(int64_t id, const review_opts *ro) {
    gw_store *store;
    int rc = cli_open_store("replay", &store);
    if (rc != CLI_OK) return rc;
    if (!store) {
        fprintf(stderr, "whist replay: no hand %lld is stored (no games played yet)\n", (long long)id);
        return CLI_FAIL;
    }
    char *text, shown[48];
    gw_error err;
    gw_status st = gw_store_record(store, id, &text, &err);
    gw_store_close(store);
    if (st == GW_EINVAL) {
        fprintf(stderr, "whist replay: no hand %lld is stored ('whist history' lists the ids)\n",
                (long long)id);
        return CLI_FAIL;
    }
    if (st != GW_OK) {
        fprintf(stderr, "whist replay: the statistics cannot be read: %s\n", err.msg);
        return CLI_FAIL;
    }
    snprintf(shown, sizeof shown, "stored hand %lld", (long long)id);
    rc = replay_text(text, strlen(text), shown, 0, ro);
    free(text);
    return rc;
}

int cmd_replay(int argc, char **argv) {
    static const struct option OPTIONS[] = {{"hand", required_argument, NULL, 'n'},
                                            {"id", required_argument, NULL, 'i'},
                                            {"no-solver", no_argument, NULL, 'S'},
                                            {"no-foreplay", no_argument, NULL, 'F'},
                                            {"player", required_argument, NULL, 'p'},
                                            {"iterations", required_argument, NULL, 'I'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    int only = 0, opt;
    long long id = 0;
    review_opts ro = {true, true, 3u, GW_REVIEW_ITERATIONS, GW_REVIEW_SEED};
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":n:i:h", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'n': {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*optarg == '\0' || *end != '\0' || v < 1 || v > 1000000)
                return cli_usage_error("replay", "the hand must be a number from 1, not '%s'", optarg);
            only = (int)v;
            break;
        }
        case 'i': {
            char *end;
            errno = 0;
            id = strtoll(optarg, &end, 10);
            if (errno || !(*optarg >= '0' && *optarg <= '9') || *end != '\0' || id < 1)
                return cli_usage_error("replay", "--id wants a stored hand's id (a number from 1), not '%s'",
                                       optarg);
            break;
        }
        case 'S': ro.solver = false; break; /* long options only, to the next case */
        case 'F': ro.foreplay = false; break;
        case 'p':
            if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0)
                return cli_usage_error("replay", "--player wants 1 or 2, not '%s'", optarg);
            ro.seats = optarg[0] == '1' ? 1u : 2u;
            break;
        case 'I': {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*optarg == '\0' || *end != '\0' || v < 1 || v > 100000)
                return cli_usage_error("replay", "--iterations wants a number from 1 to 100000, not '%s'",
                                       optarg);
            ro.iterations = (int)v;
            break;
        }
        case 's': {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 10);
            if (errno || !(*optarg >= '0' && *optarg <= '9') || *end != '\0')
                return cli_usage_error("replay", "--seed wants a number from 0, not '%s'", optarg);
            ro.seed = (uint64_t)v;
            break;
        }
        case 'h': printf(HELP, GW_REVIEW_ITERATIONS, GW_REVIEW_SEED); return CLI_OK;
        default: return cli_bad_option("replay", argv, optind);
        }
    }
    if (id) {
        if (optind < argc)
            return cli_usage_error("replay", "a file or --id, not both ('%s' and --id %lld)", argv[optind],
                                   id);
        if (only) return cli_usage_error("replay", "--hand is for files: a stored hand is one hand");
        return replay_stored((int64_t)id, &ro);
    }
    if (optind >= argc) return cli_usage_error("replay", "which file? (- for standard input, or --id ID)");
    if (optind + 1 < argc)
        return cli_usage_error("replay", "one file at a time, not '%s' too", argv[optind + 1]);
    const char *path = argv[optind];
    const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text;
    size_t len;
    gw_error err;
    if (gw_file_read(path, &text, &len, &err) != GW_OK) {
        fprintf(stderr, "whist replay: cannot read %s: %s\n", shown, err.msg);
        return CLI_USAGE;
    }
    int status = replay_text(text, len, shown, only, &ro);
    free(text);
    return status;
}

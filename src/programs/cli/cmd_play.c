/* cmd_play.c: `whist play --plain`: a line-mode match against the computer, recorded and counted. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gw/ai.h"
#include "gw/android_record.h"
#include "gw/files.h"
#include "gw/match.h"
#include "gw/monotonic.h"
#include "gw/observation.h"
#include "gw/solver.h"

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
                           "'hint' shows what each of your cards is worth: during the foreplay the\n"
                           "expert's estimate (mean endgame tricks over sampled deals consistent with\n"
                           "what you have seen); once the stock is empty, when you know the computer's\n"
                           "hand, the exact number of tricks each card wins with best play by both.\n"
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
    "worth: estimated in the foreplay, exact in the endgame), help, quit (save and leave).\n";

/* The hint solver's table: one solver serves the whole match, so it is larger than
 * the library's default (the size also lets the tests provoke an out-of-memory). */
#define HINT_TABLE_BYTES (16u << 20)

typedef struct session {
    gw_match match;
    gw_game game;
    uint64_t hand_seed;
    gw_ai_level opponent;
    gw_player *bot;     /* the computer, at seat 1 */
    gw_expert *advisor; /* for foreplay hints: made at the first one, freed at the end */
    gw_expert_limits limits;
    gw_suit_style style;
    cli_record_file rec; /* where the record goes */
    gw_text finished;    /* record text of the finished hands */
    char date[16];
    gw_solver *solver; /* for hints: made at the first endgame hint, freed at the end */
    gw_store *store;   /* the statistics; NULL when they are off */
    int64_t match_id;  /* the match's id in the statistics (its StoreMatch tag), 0 if none */
    bool in_hand;      /* resumed in the middle of a hand: s->game goes on */
} session;

/* Appends the hand in play (or just finished) as hand number hand_no. */
static void append_hand(const session *s, gw_text *out, int hand_no) {
    gw_record_hand h;
    gw_record_hand_from_match(&h, &s->game, &s->match, hand_no, s->hand_seed);
    gw_record_hand_set_tag(&h, "Date", s->date);
    gw_record_hand_set_tag(&h, "Player1", "human");
    gw_record_hand_set_tag(&h, "Player2", gw_ai_level_name(s->opponent));
    if (s->match_id > 0) {
        char id[32];
        gw_format(id, sizeof id, "%llu", (unsigned long long)s->match_id);
        gw_record_hand_set_tag(&h, "StoreMatch", id);
    }
    if (out->len > 0) gw_text_putc(out, '\n');
    gw_record_write_hand(&h, out);
    gw_record_hand_clear(&h);
}

/* The record of the match so far: finished hands and, if asked, the hand in play. */
static void match_text(const session *s, gw_text *out, bool with_current) {
    gw_text_puts(out, gw_text_str(&s->finished));
    if (with_current) append_hand(s, out, s->match.hands_played + 1);
}

/* Saves the record. */
static void save(session *s, bool with_current) {
    gw_text t = {0};
    match_text(s, &t, with_current);
    cli_record_save(&s->rec, &t);
    gw_text_free(&t);
}

/* Turns the statistics off for the rest of the match, with the one warning. */
static void stats_off(session *s, const char *why) { cli_stats_off(&s->store, why); }

/* Opens the statistics and records the start of the match. */
static void stats_begin(session *s) {
    gw_error err;
    gw_store_match m = {s->match.rules, gw_ai_level_name(s->opponent), s->match.seed, NULL};
    if (gw_store_open(NULL, &s->store, &err) != GW_OK ||
        gw_store_begin_match(s->store, &m, &s->match_id, &err) != GW_OK)
        stats_off(s, err.msg);
}

/* Stores the hand just finished (hand number s->match.hands_played), and the
 * match's result if it ended the match. */
static void stats_hand(session *s, const gw_hand_score *hs) {
    if (!s->store) return;
    gw_text rec = {0};
    append_hand(s, &rec, s->match.hands_played);
    gw_store_hand h = {.match_id = s->match_id,
                       .number = s->match.hands_played,
                       .record = gw_text_str(&rec),
                       .played = NULL,
                       .tricks = {hs->counted[0], hs->counted[1]},
                       .winner = hs->winner,
                       .points = {hs->points[0], hs->points[1]},
                       .slam = hs->slam,
                       .assisted = false, /* line mode has no undo */
                       .score = {s->match.score[0], s->match.score[1]},
                       .match_winner = gw_match_winner(&s->match)};
    gw_error err;
    if (rec.failed)
        stats_off(s, "out of memory");
    else if (gw_store_add_hand(s->store, &h, NULL, &err) != GW_OK)
        stats_off(s, err.msg);
    gw_text_free(&rec);
}

/* Final words on the record: where it is, or the record itself if unsaved. */
static int finish(session *s, bool with_current) {
    save(s, with_current);
    gw_error err;
    /* A match left with its record saved can be resumed (--resume): it stays open in the statistics.
     * One whose record could not be saved never can: it counts as abandoned. */
    bool kept = s->rec.has_path && s->rec.save_ok;
    if (s->store && with_current && !kept && gw_store_abandon_match(s->store, s->match_id, &err) != GW_OK)
        stats_off(s, err.msg);
    gw_store_close(s->store);
    s->store = NULL;
    gw_solver_free(s->solver);
    s->solver = NULL;
    gw_expert_free(s->advisor);
    s->advisor = NULL;
    gw_player_free(s->bot);
    s->bot = NULL;
    gw_text t = {0};
    match_text(s, &t, with_current);
    int rc = cli_record_finish(&s->rec, &t);
    if (with_current && rc == CLI_OK)
        printf("'whist play --plain --resume --record %s' goes on with it.\n", s->rec.path);
    gw_text_free(&t);
    gw_text_free(&s->finished);
    cli_record_release(&s->rec);
    return rc;
}

static const char *who(int p) { return p == 0 ? "you" : "the computer"; }
static const char *Who(int p) { return p == 0 ? "You" : "The computer"; }

static void show_table(const session *s) {
    const gw_game *g = &s->game;
    gw_observation o;
    gw_observe(g, 0, &o);
    int hs = gw_hand_size((gw_variant)g->variant);
    printf("\nTrick %d of %d, %s. Trump: %s.", o.trick_number, 2 * hs,
           o.phase == GW_FOREPLAY ? "foreplay" : "endgame", gw_suit_name(o.trump));
    if (o.phase == GW_FOREPLAY) printf(" Up-card: %s, stock %d.", cli_card(o.upcard), o.stock_left);
    printf("\nTricks this hand: you %d, computer %d (%s). Match: you %d, computer %d (target %d).\n",
           o.won[o.phase == GW_FOREPLAY ? 0 : 1][0], o.won[o.phase == GW_FOREPLAY ? 0 : 1][1],
           o.phase == GW_FOREPLAY ? "foreplay" : "endgame", s->match.score[0], s->match.score[1],
           s->match.rules.target);
    if (o.opp_known) {
        printf("The computer holds: ");
        cli_print_hand(stdout, o.opp_known, o.trump, s->style);
        printf("%s\n", o.phase == GW_FOREPLAY ? " (and unknown cards)" : "");
    }
    if (o.led != GW_NO_CARD) printf("The computer led %s.\n", cli_card(o.led));
    printf("Your hand: ");
    cli_print_hand(stdout, o.own, o.trump, s->style);
    printf("\n");
}

/* Why the human may not play c, or NULL if they may. */
static const char *refusal(const gw_game *g, gw_card c, char *buf, size_t cap) {
    switch (gw_game_check(g, c)) {
    case GW_PLAY_OK: return NULL;
    case GW_PLAY_NOT_A_CARD:
        snprintf(buf, cap, "%s is not in the %s deck.", cli_card(c), gw_variant_name((gw_variant)g->variant));
        return buf;
    case GW_PLAY_MUST_FOLLOW:
        snprintf(buf, cap, "You must follow suit: you hold %s.", gw_suit_name(gw_card_suit(g->led)));
        return buf;
    case GW_PLAY_HAND_OVER: snprintf(buf, cap, "The hand is over."); return buf;
    case GW_PLAY_IN_STOCK:
    case GW_PLAY_PLAYED:
    case GW_PLAY_OTHER_HAND: break; /* never say where the card is */
    }
    snprintf(buf, cap, "You do not hold %s.", cli_card(c));
    return buf;
}

static const char *tricks_word(int n) { return n == 1 ? "trick" : "tricks"; }

/* The `hint` command in the foreplay: the expert's estimate of each legal
 * card, from the human's observation only. */
static void show_foreplay_hint(session *s, const gw_observation *o) {
    gw_error err;
    if (!s->advisor &&
        gw_expert_new(s->limits, gw_mix64(s->match.seed ^ 0x4E4E4E4Eu), &s->advisor, &err) != GW_OK) {
        s->advisor = NULL;
        printf("No hint: %s (the game goes on).\n", err.msg);
        return;
    }
    gw_card_estimate est[GW_RANKS];
    int n = gw_expert_estimate(s->advisor, o, est);
    if (n == 0) {
        printf("No hint: it is not your turn.\n");
        return;
    }
    printf("Hint, estimated (the stock still hides cards): the endgame tricks you can expect\n"
           "after each card, averaged over %d deals consistent with what you have seen:\n",
           est[0].samples);
    for (int i = 0; i < n; i++)
        printf("  %-3s %5.2f%s\n", cli_card(est[i].card), est[i].tricks, i == 0 ? "  (recommended)" : "");
}

/* The `hint` command: in the endgame, the exact value of each legal card of
 * the human, solved from what their seat may know (never the hidden state). */
static void show_hint(session *s) {
    gw_observation o;
    gw_observe(&s->game, 0, &o);
    if (o.phase != GW_ENDGAME) {
        show_foreplay_hint(s, &o);
        return;
    }
    if (!s->solver && gw_solver_new(HINT_TABLE_BYTES, &s->solver) != GW_OK) {
        s->solver = NULL;
        printf("No hint: not enough memory for the endgame solver (the game goes on).\n");
        return;
    }
    gw_card_value values[GW_RANKS];
    gw_error err;
    int mine = 0, count = gw_endgame_values(s->solver, &o, values, &mine, &err);
    if (count < 0) { /* a bug, but never crash the game */
        printf("No hint: %s (the game goes on).\n", err.msg);
        return;
    }
    int left = gw_count(o.own);
    printf("Hint, exact with best play by both (tricks you win from here, this trick included):\n");
    for (int v = left; v >= 0; v--) {
        gw_cards cards = 0;
        for (int i = 0; i < count; i++)
            if (values[i].tricks == v) cards |= gw_bit(values[i].card);
        if (!cards) continue;
        printf("  %d %s%s: ", v, tricks_word(v), v == mine ? " (best)" : "");
        cli_print_hand(stdout, cards, o.trump, s->style);
        printf("\n");
    }
    int hs = gw_hand_size(o.variant), won = o.won[GW_ENDGAME][0];
    printf("With best play you win %d more %s (%d of the %d endgame tricks", mine, tricks_word(mine),
           won + mine, hs);
    if (s->match.rules.scoring == GW_EVERY)
        printf("; %d of all %d tricks", o.won[GW_FOREPLAY][0] + won + mine, 2 * hs);
    printf(").\n");
}

typedef enum { READ_CARD, READ_EOF, READ_QUIT } read_result;

/* Asks for the human's card until a legal one comes, or input ends. */
static read_result read_card(session *s, gw_card *out) {
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
        gw_card c;
        gw_android_command unused;
        cli_input in = cli_input_parse(line, n, &c, &unused);
        if (in == CLI_INPUT_HELP) {
            fputs(COMMANDS_HELP, stdout);
            continue;
        }
        if (in == CLI_INPUT_QUIT) return READ_QUIT;
        if (in == CLI_INPUT_SHOW) {
            show_table(s);
            continue;
        }
        if (in == CLI_INPUT_HINT) {
            show_hint(s);
            continue;
        }
        if (in != CLI_INPUT_CARD) {
            printf("'%.40s' is not a card. %s", line, COMMANDS_HELP);
            continue;
        }
        char why[96];
        const char *no = refusal(&s->game, c, why, sizeof why);
        if (no) {
            printf("%s\n", no);
            continue;
        }
        *out = c;
        return READ_CARD;
    }
}

static void report_trick(const session *s, const gw_trick_event *ev) {
    int l = ev->leader;
    printf("Trick %d: %s %s %s, %s %s %s: %s %s.\n", ev->number, who(l), l == 0 ? "lead" : "leads",
           cli_card(ev->cards[0]), who(1 - l), l == 0 ? "plays" : "play", cli_card(ev->cards[1]),
           who(ev->winner), ev->winner == 0 ? "win" : "wins");
    if (ev->drawn[0] != GW_NO_CARD) {
        if (ev->winner == 0)
            printf("You take %s; the computer draws a hidden card.\n", cli_card(ev->drawn[0]));
        else
            printf("The computer takes %s; you draw %s.\n", cli_card(ev->drawn[1]), cli_card(ev->drawn[0]));
        if (ev->next_upcard != GW_NO_CARD) {
            printf("Next up-card: %s.\n", cli_card(ev->next_upcard));
        } else {
            printf("The stock is empty. Endgame: the last %d tricks count; %s %s.\n"
                   "You know the computer's hand now: 'hint' shows what each of your cards wins.\n",
                   gw_hand_size((gw_variant)s->game.variant), who(ev->winner),
                   ev->winner == 0 ? "lead" : "leads");
        }
    }
}

/* Plays one hand (dealt already when the match was resumed in its middle);
 * returns READ_CARD when it finished. */
static read_result play_hand(session *s, bool resumed) {
    gw_game *g = &s->game;
    if (!resumed) {
        gw_match_deal(&s->match, g, &s->hand_seed);
        cli_today(s->date);
    }
    int hs = gw_hand_size((gw_variant)g->variant);
    printf("\n=== Hand %d%s: %s. Trump: %s (the turned card is %s). ===\n", s->match.hands_played + 1,
           resumed ? " goes on" : "",
           g->dealer == 0 ? "you deal, the computer leads" : "the computer deals, you lead",
           gw_suit_name(g->trump), cli_card(g->deck[2 * hs]));
    if (!resumed) {
        save(s, true);
        gw_observation first;
        gw_observe(g, 1, &first);
        gw_player_begin_hand(s->bot, &first);
    }
    while (gw_game_phase(g) != GW_OVER) {
        gw_card c;
        if (g->turn == 1) {
            gw_observation o;
            gw_observe(g, 1, &o);
            gw_player_reveal(s->bot, g); /* only the oracle looks */
            gw_error err;
            if (gw_player_choose(s->bot, &o, &c, &err) != GW_OK) {
                fprintf(stderr, "internal error: %s could not choose a card: %s\n", s->bot->name, err.msg);
                return READ_EOF;
            }
            if (g->led == GW_NO_CARD) printf("\nThe computer leads %s.\n", cli_card(c));
        } else {
            if (g->led == GW_NO_CARD || g->leader == 1) show_table(s);
            read_result r = read_card(s, &c);
            if (r != READ_CARD) return r;
        }
        gw_trick_event ev;
        gw_status st = gw_game_play(g, c, &ev);
        if (st != GW_OK) { /* a computer player broke a rule: a bug, but never crash */
            fprintf(stderr, "internal error: %s played an illegal card %s\n", gw_ai_level_name(s->opponent),
                    cli_card(c));
            return READ_EOF;
        }
        if (ev.completed) {
            gw_observation o;
            gw_observe(g, 1, &o);
            gw_seen_trick seen;
            gw_seen_trick_make(&ev, 1, &seen);
            gw_player_trick_done(s->bot, &o, &seen);
            report_trick(s, &ev);
            save(s, true);
        }
    }
    return READ_CARD;
}

/* ---- resuming ------------------------------------------------------------- */

/* Plays a recorded hand's moves on s->game; with a computer player, tells it
 * the hand as it went, asking it for each of its cards as the game did (the
 * random level draws from its stream for each: the draws after the resume
 * are then those of the uninterrupted game). False if a move is refused. */
static bool replay_hand(session *s, const gw_record_hand *h) {
    gw_game *g = &s->game;
    gw_observation o;
    if (s->bot) {
        gw_observe(g, 1, &o);
        gw_player_begin_hand(s->bot, &o);
    }
    for (int i = 0; i < h->nmoves; i++) {
        if (s->bot && g->turn == 1 && s->opponent == GW_AI_RANDOM) {
            gw_card ignored;
            gw_observe(g, 1, &o);
            if (gw_player_choose(s->bot, &o, &ignored, NULL) != GW_OK) return false;
        }
        gw_trick_event ev;
        if (gw_game_play(g, h->moves[i], &ev) != GW_OK) return false;
        if (s->bot && ev.completed) {
            gw_observe(g, 1, &o);
            gw_seen_trick seen;
            gw_seen_trick_make(&ev, 1, &seen);
            gw_player_trick_done(s->bot, &o, &seen);
        }
    }
    return true;
}

/* Rebuilds the match of a record text into s: deals every hand again from
 * the record's MatchSeed, checks each deal against the record and replays the
 * moves under the rules; finished hands are scored into the match and their
 * record text made again. With s->bot NULL it only checks (no computer is
 * made). GW_EINVAL with the reason when the text is no such match. */
static gw_status restore(void *session_, const char *text, size_t len, bool with_bot, gw_error *err) {
    session *s = session_;
    gw_android_record ar;
    if (gw_android_record_read(text, len, &ar, err) != GW_OK) return err->status;
    bool android = gw_android_record_any(&ar);
    gw_android_record_free(&ar);
    if (android)
        return gw_error_set(
            err, GW_EINVAL, 0, 0,
            "it holds a rubber of Android Whist, not a German Whist match (whist android --plain "
            "--resume resumes it)");
    gw_record r;
    if (gw_record_read(text, len, &r, err) != GW_OK) return err->status;
    gw_status st = GW_OK;
    if (r.count == 0) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "it holds no hand of German Whist");
        goto done;
    }
    for (int i = 0; i < r.count; i++) {
        if (r.hands[i].error.status != GW_OK) {
            st = gw_error_set(err, GW_EINVAL, 0, 0, "line %d: hand %d is not valid: %s",
                              r.hands[i].error.line, i + 1, r.hands[i].error.msg);
            goto done;
        }
    }
    const gw_record_hand *first = &r.hands[0];
    const char *seed_tag = gw_record_hand_tag(first, "MatchSeed");
    const char *level_tag = gw_record_hand_tag(first, "Player2");
    uint64_t seed = 0;
    if (!seed_tag || !gw_seed_parse(seed_tag, &seed, NULL) || !level_tag ||
        !gw_ai_level_parse(level_tag, &s->opponent)) {
        st = gw_error_set(err, GW_EINVAL, 0, 0,
                          "it lacks the match seed or the computer's level (MatchSeed, Player2)");
        goto done;
    }
    st = gw_match_start(&s->match, first->rules, seed, err);
    if (st != GW_OK) goto done;
    const char *id_tag = gw_record_hand_tag(first, "StoreMatch");
    s->match_id = id_tag ? strtoll(id_tag, NULL, 10) : 0;
    if (s->match_id < 0) s->match_id = 0;
    if (with_bot) {
        gw_bot_options bot = {s->opponent, gw_mix64(seed ^ 0xA1A1A1A1u), s->limits};
        st = gw_bot_new(&bot, &s->bot, err);
        if (st != GW_OK) goto done;
        gw_player_sit(s->bot, 1);
    }
    for (int i = 0; i < r.count; i++) {
        const gw_record_hand *h = &r.hands[i];
        if (gw_match_winner(&s->match) >= 0) {
            st = cli_restore_refuse(err, CLI_HAND_AFTER_END, "match", i, seed);
            goto done;
        }
        const char *date = gw_record_hand_tag(h, "Date");
        snprintf(s->date, sizeof s->date, "%s", date ? date : "????.??.??");
        gw_match_deal(&s->match, &s->game, &s->hand_seed);
        size_t deck_len = (size_t)gw_deck_size((gw_variant)s->game.variant);
        if (memcmp(s->game.deck, h->deck, deck_len) != 0 || s->game.dealer != h->dealer) {
            st = cli_restore_refuse(err, CLI_HAND_NOT_DEALT, "match", i, seed);
            goto done;
        }
        if (!replay_hand(s, h)) { /* the checker accepted the moves: a bug */
            st = cli_restore_refuse(err, CLI_HAND_NO_REPLAY, "match", i, seed);
            goto done;
        }
        if (h->finished) {
            gw_match_finish_hand(&s->match, &s->game);
            append_hand(s, &s->finished, s->match.hands_played);
        } else if (i != r.count - 1) {
            st = cli_restore_refuse(err, CLI_HAND_UNFINISHED, "match", i, seed);
            goto done;
        }
    }
    s->in_hand = !r.hands[r.count - 1].finished;
done:
    gw_record_free(&r);
    return st;
}

/* What a restored match is, for the question before a new match would be saved in its place. */
static void describe_restored(const void *session_, cli_saved *out) {
    const session *s = session_;
    int w = gw_match_winner(&s->match);
    unsigned long long seed = (unsigned long long)s->match.seed;
    if (w >= 0) {
        snprintf(out->what, sizeof out->what, "A finished match with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "%s %d-%d", w == 0 ? "you won" : "the computer won",
                 s->match.score[w], s->match.score[1 - w]);
    } else {
        out->resumable = true;
        snprintf(out->what, sizeof out->what, "A match with seed %llu", seed);
        snprintf(out->detail, sizeof out->detail, "hand %d, you %d, the computer %d",
                 s->match.hands_played + 1, s->match.score[0], s->match.score[1]);
    }
}

/* What a record file holds, for the question before a new match would be
 * saved in its place (see cli_record_start). */
static void describe_match(const char *path, cli_saved *out) {
    session *s = calloc(1, sizeof *s);
    cli_describe_record(path, out, s, restore, describe_restored);
    if (s) gw_text_free(&s->finished);
    free(s);
}

/* The seed of a restored match. */
static uint64_t match_seed(const void *session_) { return ((const session *)session_)->match.seed; }

/* Loads the match of s->rec (locked) into s for --resume. CLI_OK when it
 * goes on; otherwise the exit code, the reason told (a finished match:
 * CLI_OK with done set). */
static int resume_match(session *s, const uint64_t *seed, bool *done) {
    *done = false;
    int rc = cli_resume_load("play", "match", s->rec.path, s, restore, seed, match_seed);
    if (rc != CLI_OK) return rc;
    int w = gw_match_winner(&s->match);
    if (w >= 0) {
        char how[128];
        snprintf(how, sizeof how, "%s %d-%d after %d hand%s", w == 0 ? "you won" : "the computer won",
                 s->match.score[w], s->match.score[1 - w], s->match.hands_played,
                 s->match.hands_played == 1 ? "" : "s");
        cli_resume_finished("match", s->rec.path, how);
        *done = true;
    }
    return CLI_OK;
}

/* The statistics of a resumed match: its row (StoreMatch) goes on; a match
 * the statistics never had gets a row if no hand of it is over yet. */
static void stats_resume(session *s) {
    if (cli_stats_resume("match", "StoreMatch", s->match_id, s->match.hands_played > 0, &s->store))
        stats_begin(s);
}

int cmd_play(int argc, char **argv) {
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
    static session s; /* large (record path buffer); one per process */
    memset(&s, 0, sizeof s);
    s.rec.lock = GW_FILE_LOCK_NONE;
    gw_match_rules rules = {GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
    uint64_t seed = 0;
    bool has_seed = false, plain = false, resume = false, rules_given = false;
    s.opponent = GW_AI_HARD;
    s.limits = (gw_expert_limits){GW_THINK_MS_DEFAULT, 0, gw_monotonic_clock()};
    s.style = GW_ORDER_ALTERNATE;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:pv:S:t:s:r:o:cT:Rah", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'p': plain = true; break;
        case 'v':
            if (!cli_parse_variant("play", optarg, &rules.variant)) return CLI_USAGE;
            rules_given = true;
            break;
        case 'S':
            if (!cli_parse_scoring("play", optarg, &rules.scoring)) return CLI_USAGE;
            rules_given = true;
            break;
        case 't':
            if (!cli_parse_target("play", optarg, &rules.target)) return CLI_USAGE;
            rules_given = true;
            break;
        case 's':
            if (!cli_parse_seed("play", optarg, &seed)) return CLI_USAGE;
            has_seed = true;
            break;
        case 'r':
            if (strlen(optarg) >= sizeof s.rec.path)
                return cli_usage_error("play", "the record path is too long");
            snprintf(s.rec.path, sizeof s.rec.path, "%s", optarg);
            s.rec.has_path = true;
            break;
        case 'o':
            if (!gw_ai_level_parse(optarg, &s.opponent))
                return cli_usage_error("play", "unknown opponent '%s' (random, easy, hard, expert or oracle)",
                                       optarg);
            rules_given = true;
            break;
        case 'T': {
            char *end;
            long ms = strtol(optarg, &end, 10);
            if (end == optarg || *end || ms < 1 || ms > 60000)
                return cli_usage_error("play", "--think-ms wants milliseconds from 1 to 60000, not '%s'",
                                       optarg);
            s.limits.think_ms = (int)ms;
            break;
        }
        case 'c': s.style = GW_ORDER_CLASSIC; break;
        case 'R': resume = true; break;
        case 'a': break; /* the full-screen game's; line mode writes plain characters anyway */
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("play", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("play", "unexpected argument '%s'", argv[optind]);
    if (!plain) {
        fputs("whist play: the full-screen game needs a terminal; use 'whist play --plain' for line mode\n",
              stderr);
        return CLI_USAGE;
    }
    if (resume && rules_given)
        return cli_usage_error("play", "--resume goes on with the record's rules and computer: leave out "
                                       "--variant, --scoring, --target and --opponent");
    if (resume && !has_seed && !s.rec.has_path)
        return cli_usage_error("play", "--resume needs the match's --seed N (its record in the data folder) "
                                       "or its --record FILE");
    if (!has_seed && !resume) seed = gw_fresh_seed();
    cli_record_default(&s.rec, "match", seed);
    s.rec.save_ok = true;
    bool resuming = resume;
    if (resume) {
        int rc = cli_record_claim("play", "match", &s.rec);
        if (rc != CLI_OK) return rc;
    } else {
        cli_start start = cli_record_start("play", "match", &s.rec, describe_match);
        if (start == CLI_START_STOP) return CLI_OK;
        resuming = start == CLI_START_RESUME;
    }
    gw_error err;
    if (resuming) {
        bool done = false;
        int rc = resume_match(&s, has_seed ? &seed : NULL, &done);
        if (rc != CLI_OK || done) {
            gw_player_free(s.bot);
            gw_text_free(&s.finished);
            cli_record_release(&s.rec);
            return rc;
        }
        seed = s.match.seed;
        rules = s.match.rules;
        stats_resume(&s);
    } else {
        if (gw_match_start(&s.match, rules, seed, &err) != GW_OK) {
            cli_record_release(&s.rec);
            return cli_usage_error("play", "%s", err.msg);
        }
        gw_bot_options bot = {s.opponent, gw_mix64(seed ^ 0xA1A1A1A1u), s.limits};
        if (gw_bot_new(&bot, &s.bot, &err) != GW_OK) {
            fprintf(stderr, "whist play: %s\n", err.msg);
            cli_record_release(&s.rec);
            return CLI_FAIL;
        }
        gw_player_sit(s.bot, 1);
        stats_begin(&s);
    }
    printf(
        "German Whist: %s deck, %s scoring, match to %d. You are player 1; the computer (%s) is player 2.\n",
        gw_variant_name(rules.variant), gw_scoring_name(rules.scoring), rules.target,
        gw_ai_level_name(s.opponent));
    printf("Match seed %llu (whist play --plain --seed %llu plays the same deals).\n",
           (unsigned long long)seed, (unsigned long long)seed);
    if (resuming)
        printf("Resuming the match saved in %s: hand %d, you %d, the computer %d.\n", s.rec.path,
               s.match.hands_played + 1, s.match.score[0], s.match.score[1]);
    printf("Type help for commands.\n");
    bool resumed_hand = s.in_hand;
    while (gw_match_winner(&s.match) < 0) {
        read_result r = play_hand(&s, resumed_hand);
        resumed_hand = false;
        if (r == READ_EOF) printf("\nInput ended: the match stops here.\n");
        if (r != READ_CARD) return finish(&s, true);
        gw_hand_score hs = gw_match_finish_hand(&s.match, &s.game);
        const gw_game *g = &s.game;
        printf("\nHand %d is over. Endgame tricks: you %d, computer %d (all tricks %d-%d). ",
               s.match.hands_played, gw_game_endgame_tricks(g, 0), gw_game_endgame_tricks(g, 1),
               gw_game_all_tricks(g, 0), gw_game_all_tricks(g, 1));
        if (rules.scoring == GW_TOTAL) /* both score */
            printf("You score %d, the computer %d.\n", hs.points[0], hs.points[1]);
        else if (hs.winner < 0)
            printf("Nobody scores.\n");
        else
            printf("%s %s %d%s.\n", Who(hs.winner), hs.winner == 0 ? "score" : "scores", hs.points[hs.winner],
                   hs.slam ? " (slam!)" : "");
        printf("Match: you %d, computer %d (target %d).\n", s.match.score[0], s.match.score[1], rules.target);
        if (s.match.score[0] == s.match.score[1] && s.match.score[0] >= rules.target)
            printf("Level at the target: the match goes on until a hand leaves one of you ahead.\n");
        append_hand(&s, &s.finished, s.match.hands_played);
        save(&s, false);
        stats_hand(&s, &hs);
    }
    int w = gw_match_winner(&s.match);
    printf("\n%s the match %d-%d.\n", w == 0 ? "You win" : "The computer wins", s.match.score[w],
           s.match.score[1 - w]);
    return finish(&s, false);
}

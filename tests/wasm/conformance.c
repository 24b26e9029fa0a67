/* conformance.c: the same game everywhere: a transcript of what the engine does for a list of seeds (the
 * random streams, the deals of both games, every computer move of whole hands at fixed iterations for every
 * level of German Whist and Android Whist, the expert's estimates, the solver's values and node counts) and
 * an FNV-1a checksum of it. Built natively and with emcc (tests/wasm/CMakeLists.txt); the test
 * (tests/wasm/conformance.sh) runs both and diffs the transcripts: WebAssembly must play the same game.
 * The engine alone: no clock (think_ms 0), no files; it prints to stdout only.
 * Usage: conformance [SEED...] (default: the seeds of DEFAULT_SEEDS). */
#include <inttypes.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "gw/android_ai.h"
#include "gw/deck.h"
#include "gw/game.h"
#include "gw/levels.h"
#include "gw/observation.h"
#include "gw/rng.h"
#include "gw/session.h"
#include "gw/solver.h"
#include "gw/text.h"

/* What the computers may spend per decision: fixed work, no time bound, so each choice depends on the
 * seed alone. Small enough that the wasm run stays well under 30 s under node. */
enum {
    EXPERT_ITERATIONS = 12, /* the German expert and oracle: worlds per decision */
    ANDROID_SAMPLES = 12,   /* Android hard: sampled deals per decision */
    ESTIMATE_ITERATIONS = 40,
    SOLVER_POSITIONS = 12 /* 13-card endgames per seed */
};

static const uint64_t DEFAULT_SEEDS[] = {1, 20261121, 18446744073709551615ull};

/* ---- the transcript: every line printed goes through the checksum ---- */

static uint64_t checksum = 0xcbf29ce484222325ull; /* FNV-1a, 64 bits */
static long lines;

static void out(const char *fmt, ...) {
    char buf[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf) {
        fprintf(stderr, "conformance: a line is too long\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        checksum ^= (unsigned char)buf[i];
        checksum *= 0x100000001b3ull;
    }
    fputs(buf, stdout);
    lines++;
}

/* A double by its bits: the transcripts must agree to the last bit, and no printf rounds it. */
static uint64_t bits(double x) {
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static const char *card_text(gw_card c, char buf[3]) {
    if (c == GW_NO_CARD) return "--";
    gw_card_format(c, buf);
    return buf;
}

static void die(const char *what, const gw_error *err) {
    fprintf(stderr, "conformance: %s: %s\n", what, err ? err->msg : "failed");
    exit(1);
}

/* ---- random streams and deals ---- */

static void print_deck(const char *label, const gw_card *deck, int n) {
    char line[3 * GW_MAX_DECK + 1], c[3];
    int at = 0;
    for (int i = 0; i < n; i++) {
        gw_card_format(deck[i], c);
        line[at++] = c[0];
        line[at++] = c[1];
        line[at++] = i + 1 < n ? ' ' : '\0';
    }
    out("%s %s\n", label, line);
}

static void streams(uint64_t seed) {
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    uint64_t a = gw_rng_next(&rng), b = gw_rng_next(&rng);
    uint32_t c = gw_rng_below(&rng, 52), d = gw_rng_below(&rng, 1000003);
    out("rng %016" PRIx64 " %016" PRIx64 " %" PRIu32 " %" PRIu32 " mix %016" PRIx64 "\n", a, b, c, d,
        gw_mix64(seed));
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, seed, deck);
    print_deck("deal classic", deck, 52);
    gw_deck_from_seed(GW_SMALL, seed, deck);
    print_deck("deal small", deck, 28);
}

/* ---- whole hands through the session, both seats computers ---- */

static void print_event(const gw_event *e) {
    char c[3];
    out("  e%" PRIu32 " k%d h%d t%d p%d s%d %s %016" PRIx64
        " n%d x%d c%d a%d tr%d,%d pt%d,%d sc%d,%d w%d g%d,%d "
        "v%u\n",
        e->number, (int)e->kind, e->hand, e->trick, e->player, e->seat, card_text(e->card, c),
        (uint64_t)e->cards, e->count, (int)e->hidden, (int)e->command, (int)e->answer, e->tricks[0],
        e->tricks[1], e->points[0], e->points[1], e->score[0], e->score[1], e->winner, e->game_winner,
        e->game_value, e->seen_by);
}

/* Prints the events after *last as player 0 sees them. */
static void print_events(const gw_session *s, uint32_t *last) {
    gw_event ev[64];
    for (;;) {
        int n = gw_session_events(s, *last + 1, 0, ev, 64);
        if (n <= 0) break;
        for (int i = 0; i < n; i++)
            print_event(&ev[i]);
        *last = ev[n - 1].number;
    }
}

/* The hint for the player to move. */
static void print_hint(gw_session *s) {
    gw_hint h;
    gw_error err;
    if (gw_session_hint(s, gw_session_turn(s).player, &h, &err) != GW_OK) die("hint", &err);
    out("  hint player %d exact %d best %d samples %d unit %s\n", gw_session_turn(s).player, (int)h.exact,
        h.best, h.samples, h.unit);
    char c[3];
    for (int i = 0; i < h.count; i++)
        out("   %s value %016" PRIx64 " tricks %016" PRIx64 " se %016" PRIx64 "\n", card_text(h.cards[i], c),
            bits(h.value[i]), bits(h.tricks[i]), bits(h.se[i]));
}

/* The first hand of the match (rubber) of seed, player 0 the computer at level a and player 1 at level b:
 * every event, then the hand's record. */
static void play_hand(gw_game_kind game, gw_variant variant, uint64_t seed, int a, int b) {
    gw_session_config c;
    gw_session_config_default(&c, game);
    c.rules.variant = variant;
    c.seed = seed;
    c.seats[0].kind = c.seats[1].kind = GW_SEAT_COMPUTER;
    c.seats[0].level = a;
    c.seats[1].level = b;
    c.limits = (gw_expert_limits){0, EXPERT_ITERATIONS, NULL};
    c.android_samples = ANDROID_SAMPLES;
    c.android_think_ms = 0;
    c.clock = NULL;
    gw_session *s;
    gw_error err;
    if (gw_session_new(&c, &s, &err) != GW_OK) die("session", &err);
    if (game == GW_GAME_GERMAN)
        out("german %s seed %" PRIu64 ": %s against %s\n", gw_variant_name(variant), seed,
            gw_ai_level_name((gw_ai_level)a), gw_ai_level_name((gw_ai_level)b));
    else
        out("android seed %" PRIu64 ": %s against %s\n", seed, gw_android_level_name((gw_android_level)a),
            gw_android_level_name((gw_android_level)b));
    if (game == GW_GAME_GERMAN) {
        const gw_game *g = gw_session_game(s);
        gw_card deck[GW_MAX_DECK];
        for (int i = 0; i < gw_deck_size(variant); i++)
            deck[i] = g->deck[i];
        print_deck(" deck", deck, gw_deck_size(variant));
    } else {
        print_deck(" deck", gw_session_android_game(s)->deck, GW_ANDROID_DECK);
    }
    uint32_t last = 0;
    print_events(s, &last);
    bool hinted_endgame = false;
    while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
        /* The hint a browser shows offline: at the first card and at the endgame's first card. */
        if (game == GW_GAME_GERMAN &&
            (last <= 3 || (!hinted_endgame && gw_session_game(s)->stock_pos >= gw_deck_size(variant)))) {
            hinted_endgame = last > 3;
            print_hint(s);
        }
        if (gw_session_play_computer(s, &err) != GW_OK) die("a computer's move", &err);
        print_events(s, &last);
    }
    gw_text rec = {0};
    if (gw_session_hand_record(s, 1, &rec, &err) != GW_OK || rec.failed) die("the hand's record", &err);
    out("%s", gw_text_str(&rec));
    gw_text_free(&rec);
    gw_session_free(s);
}

static void german_hands(uint64_t seed) {
    for (int l = 0; l < GW_AI_LEVELS; l++)
        play_hand(GW_GAME_GERMAN, GW_CLASSIC, seed, l, (l + 1) % GW_AI_LEVELS);
    play_hand(GW_GAME_GERMAN, GW_SMALL, seed, GW_AI_EXPERT, GW_AI_HARD);
}

static void android_hands(uint64_t seed) {
    for (int l = 0; l < GW_ANDROID_LEVELS; l++)
        play_hand(GW_GAME_ANDROID, GW_CLASSIC, seed, l, (l + 1) % GW_ANDROID_LEVELS);
}

/* ---- the expert's and the oracle's estimates on positions of a deal played by easy ---- */

static void print_estimates(const char *who, const gw_card_estimate *est, int n) {
    char c[3];
    for (int i = 0; i < n; i++)
        out("  %s %s points %016" PRIx64 " tricks %016" PRIx64 " se %016" PRIx64 " samples %d\n", who,
            card_text(est[i].card, c), bits(est[i].points), bits(est[i].tricks), bits(est[i].se),
            est[i].samples);
}

static void estimates(uint64_t seed) {
    static const int TRICKS[] = {1, 5, 9, 13, 16};
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, seed, deck);
    gw_game g;
    gw_error err;
    if (gw_game_deal(&g, GW_CLASSIC, deck, (int)(seed & 1), &err) != GW_OK) die("deal", &err);
    gw_expert *e;
    if (gw_expert_new((gw_expert_limits){0, ESTIMATE_ITERATIONS, NULL}, seed, &e, &err) != GW_OK)
        die("expert", &err);
    gw_solver *solver;
    if (gw_solver_new(0, &solver) != GW_OK) die("solver", NULL);
    for (size_t k = 0; k < sizeof TRICKS / sizeof TRICKS[0]; k++) {
        gw_observation o;
        while (gw_game_trick_number(&g) < TRICKS[k]) {
            gw_observe(&g, g.turn, &o);
            gw_game_play(&g, gw_ai_hard(&o, solver, NULL), NULL);
        }
        gw_observe(&g, g.turn, &o);
        out("estimate seed %" PRIu64 " trick %d player %d\n", seed, TRICKS[k], g.turn);
        gw_card_estimate est[13];
        print_estimates("expert", est, gw_expert_estimate(e, &o, est));
        print_estimates("oracle", est, gw_oracle_estimate(e, &g, est));
    }
    gw_solver_free(solver);
    gw_expert_free(e);
}

/* ---- the solver on random 13-card endgames (bench_solver's positions) ---- */

static void solve(gw_solver *s, const gw_position *p) {
    char c[3];
    gw_card_value v[13];
    int best;
    gw_solver_clear(s);
    int n = gw_solve_cards(s, p, v, &best);
    gw_solver_stats st = gw_solver_stats_get(s);
    char line[13 * 6 + 1];
    int at = 0;
    for (int i = 0; i < n; i++)
        at += snprintf(line + at, sizeof line - (size_t)at, " %s=%d", card_text(v[i].card, c), v[i].tricks);
    line[at] = '\0';
    gw_solver_clear(s);
    int value = gw_solve(s, p);
    uint64_t nodes = gw_solver_stats_get(s).nodes;
    gw_solver_clear(s);
    int above = gw_solve_within(s, p, value, value + 1), below = gw_solve_within(s, p, value - 1, value);
    out("  best %d%s nodes %" PRIu64 " hits %" PRIu64 " solve %d nodes %" PRIu64 " within %d %d\n", best,
        line, st.nodes, st.tt_hits, value, nodes, above, below);
}

static void solver_values(uint64_t seed) {
    gw_solver *s;
    if (gw_solver_new(0, &s) != GW_OK) die("solver", NULL);
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    out("solver seed %" PRIu64 " table %zu\n", seed, gw_solver_stats_get(s).table_bytes);
    for (int i = 0; i < SOLVER_POSITIONS; i++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        int size = 13 - i % 4; /* 13 to 10 cards each */
        gw_cards h[2] = {0, 0};
        for (int c = 0; c < 2 * size; c++)
            h[c & 1] |= gw_bit(deck[c]);
        int leader = (int)gw_rng_below(&rng, 2);
        gw_position p = {(int)gw_rng_below(&rng, 4), h[leader], h[1 - leader], GW_NO_CARD};
        char a[60], b[60];
        gw_cards_format_dotted(p.leader, a, sizeof a);
        gw_cards_format_dotted(p.other, b, sizeof b);
        out(" position %d trump %d leader %s other %s\n", i + 1, p.trump, a, b);
        solve(s, &p);
        /* The same with the leader's middle card led: the other player to move. */
        p.led = gw_nth(p.leader, size / 2);
        p.leader &= ~gw_bit(p.led);
        char c[3];
        out(" led %s\n", card_text(p.led, c));
        solve(s, &p);
    }
    gw_solver_free(s);
}

int main(int argc, char **argv) {
    int nseeds = argc > 1 ? argc - 1 : (int)(sizeof DEFAULT_SEEDS / sizeof DEFAULT_SEEDS[0]);
    out("conformance: iterations %d, android samples %d, estimate iterations %d, %d solver positions\n",
        EXPERT_ITERATIONS, ANDROID_SAMPLES, ESTIMATE_ITERATIONS, SOLVER_POSITIONS);
    for (int i = 0; i < nseeds; i++) {
        uint64_t seed = DEFAULT_SEEDS[i < 3 ? i : 0];
        if (argc > 1) {
            char *end;
            seed = strtoull(argv[i + 1], &end, 10);
            if (*argv[i + 1] == '\0' || *end != '\0') {
                fprintf(stderr, "usage: conformance [SEED...]\n");
                return 2;
            }
        }
        out("== seed %" PRIu64 "\n", seed);
        streams(seed);
        german_hands(seed);
        android_hands(seed);
        estimates(seed);
        solver_values(seed);
    }
    fflush(stdout);
    printf("checksum %016" PRIx64 " lines %ld\n", checksum, lines);
    return 0;
}

/* cmd_engine.c: `whist engine`: the engine line protocol on standard input and output (docs/protocol.md).
 * With --level it is a program that plays: our computer level answers each decide from the view the
 * message carries (gw/protocol_player.h; this file reads and writes the lines). Without it, it is the
 * referee: a match (rubber) in which standard input and output are one player, an outside program or a
 * person typing JSON, against our computer. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "gw/ai.h"
#include "gw/android_ai.h"
#include "gw/files.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "gw/protocol_player.h"
#include "gw/rng.h"
#include "gw/session.h"

static const char HELP[] = "Usage: whist engine --level LEVEL [--game G] [--seed N] [--think-ms T]\n"
                           "                    [--iterations I]\n"
                           "       whist engine [--game G] [--opponent LEVEL] [--player 1|2] [--seed N]\n"
                           "                    [--variant V] [--scoring S] [--target N] [--think-ms T]\n"
                           "                    [--iterations I]\n"
                           "Speaks the engine line protocol (docs/protocol.md) on standard input and\n"
                           "output: one JSON object per line.\n"
                           "\n"
                           "With --level, whist plays: it reads hello, event, decide, error and bye, and\n"
                           "answers ready to each hello and play or command to each decide, choosing\n"
                           "as the computer LEVEL from the view the decide carries and nothing else. It\n"
                           "plays any number of hands or matches, one after the other, until its input\n"
                           "ends. `whist arena hard --engine-b 'whist engine --level expert'` plays our\n"
                           "expert through the protocol.\n"
                           "\n"
                           "Without --level, whist is the referee of a match (German Whist) or a rubber\n"
                           "(Android Whist) between standard input and output, as one player, and our\n"
                           "computer: it sends hello, then the events that player may see and a decide\n"
                           "whenever it must act, and reads ready and play or command, with no time\n"
                           "limit. A line it refuses (not JSON, another message, a card the rules\n"
                           "forbid) is answered with an error and a bye: that player has lost.\n"
                           "\n"
                           "  -l, --level L       play as this level: random, easy, hard or expert\n"
                           "                      (android: random, easy or hard)\n"
                           "  -g, --game G        german (default) or android\n"
                           "  -o, --opponent L    the referee's computer: random, easy, hard (default),\n"
                           "                      expert or oracle (android: random, easy or hard)\n"
                           "  -p, --player P      the referee: standard input plays player 1 (default) or 2\n"
                           "  -s, --seed N        the match's seed (default: a fresh one); with --level,\n"
                           "                      the seed of the computer's own choices (default 0)\n"
                           "  -v, --variant V     classic (default) or small\n"
                           "  -S, --scoring S     last13 (default), every, difference or total\n"
                           "  -T, --target N      the match is won at N points (default 10)\n"
                           "  -t, --think-ms T    expert: time per card (default 200; 0 = none, needs\n"
                           "                      --iterations); android hard: a time bound per decision\n"
                           "  -i, --iterations I  expert: worlds per card (alone it sets --think-ms 0);\n"
                           "                      android hard: sampled deals per decision\n"
                           "  -h, --help          show this help\n"
                           "Exit status: 0 the input ended (--level) or the match was played out, 1 a\n"
                           "line was refused or the input ended early, 2 usage error.\n";

#define LINE_CAP (GW_PROTOCOL_LINE_MAX + 2)

/* Standard input read a line at a time without stdio, so that what is
 * waiting unread can be seen (a line when no answer was due). */
typedef struct line_reader {
    char buf[GW_PROTOCOL_LINE_MAX + 1];
    size_t len;
    bool eof, skipping; /* skipping: the rest of an over-long line */
} line_reader;

/* Reads more of standard input into r (wait: block until some comes). */
static void fill(line_reader *r, bool wait) {
    if (r->eof || r->len == sizeof r->buf) return;
    if (!wait) {
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        if (poll(&p, 1, 0) <= 0) return;
    }
    for (;;) {
        ssize_t n = read(STDIN_FILENO, r->buf + r->len, sizeof r->buf - r->len);
        if (n > 0) r->len += (size_t)n;
        if (n == 0 || (n < 0 && errno != EINTR)) r->eof = true;
        if (n >= 0 || errno != EINTR) return;
    }
}

/* The next line into out (LINE_CAP bytes, newline removed): 1, 0 at the
 * end of input, -1 for a line over GW_PROTOCOL_LINE_MAX bytes (skipped). */
static int next_line(line_reader *r, char *out, size_t *len) {
    for (;;) {
        char *nl = memchr(r->buf, '\n', r->len);
        if (nl || (r->eof && (r->len > 0 || r->skipping))) {
            size_t n = nl ? (size_t)(nl - r->buf) : r->len;
            bool skipped = r->skipping;
            memcpy(out, r->buf, n);
            if (n > 0 && out[n - 1] == '\r') n--;
            out[n] = '\0';
            *len = n;
            size_t used = nl ? (size_t)(nl - r->buf) + 1 : r->len;
            memmove(r->buf, r->buf + used, r->len - used);
            r->len -= used;
            r->skipping = false;
            return skipped ? -1 : 1;
        }
        if (r->eof) return 0;
        if (r->len == sizeof r->buf) { /* no newline in the longest line allowed */
            r->skipping = true;
            r->len = 0;
        }
        fill(r, true);
    }
}

/* Whether standard input holds something not yet read. */
static bool pending(line_reader *r) {
    fill(r, false);
    return r->len > 0 || r->skipping;
}

/* Writes line (ours, freed here) and a newline; false if it could not be made or written. */
static bool put_line(char *line) {
    bool ok = line && printf("%s\n", line) >= 0 && fflush(stdout) == 0;
    free(line);
    return ok;
}

/* ---- playing: whist engine --level ---------------------------------------- */

/* Answers whist's lines as the player p (gw/protocol_player.h) until the input ends. */
static int serve_level(gw_protocol_player *p) {
    char *line = malloc(LINE_CAP);
    line_reader *in = malloc(sizeof *in);
    int rc = CLI_OK;
    size_t len;
    int got;
    if (in) memset(in, 0, sizeof *in);
    if (!line || !in) {
        fprintf(stderr, "whist engine: out of memory\n");
        rc = CLI_FAIL;
    }
    while (rc == CLI_OK && (got = next_line(in, line, &len)) != 0) {
        char *answer;
        const char *note;
        gw_error err;
        if (got < 0) {
            fprintf(stderr, "whist engine: cannot read a line from whist: it is too long\n");
            rc = CLI_FAIL;
        } else if (gw_protocol_player_line(p, line, len, &answer, &note, &err) != GW_OK) {
            if (err.status != GW_ENOMEM) fprintf(stderr, "whist engine: %s\n", err.msg);
            rc = CLI_FAIL;
        } else {
            if (note) fprintf(stderr, "whist engine: %s\n", note);
            if (answer && !put_line(answer)) rc = CLI_FAIL;
        }
    }
    free(line);
    free(in);
    return rc;
}

/* ---- the referee: whist engine without --level ---------------------------- */

typedef struct referee {
    gw_session *s;
    int player;    /* standard input's player */
    uint32_t sent; /* the last event sent */
    char *line;
    line_reader *in;
    gw_protocol_message *m;
    gw_view *view;
} referee;

static bool send_events(referee *r) {
    gw_game_kind game = gw_session_config_of(r->s)->game;
    gw_event ev[16];
    int n;
    while ((n = gw_session_events(r->s, r->sent + 1, r->player, ev, 16)) > 0) {
        for (int i = 0; i < n; i++)
            if (!put_line(gw_protocol_encode_event(game, &ev[i]))) return false;
        r->sent = ev[n - 1].number;
    }
    return true;
}

/* The bye: how the match ended for standard input's player. */
static bool send_bye(referee *r, gw_protocol_end end, int winner, const char *message) {
    gw_protocol_result res;
    gw_error err;
    memset(&res, 0, sizeof res);
    res.end = end;
    res.winner = winner;
    if (gw_session_view(r->s, r->player, r->view, &err) == GW_OK)
        for (int p = 0; p < 2; p++)
            res.score[p] = r->view->game == GW_GAME_GERMAN ? r->view->score[p] : r->view->rubber.values[p];
    snprintf(res.message, sizeof res.message, "%s", message);
    return put_line(gw_protocol_encode_bye(&res));
}

/* Refuses a line: an error, a bye (standard input's player forfeits), the reason on stderr. */
static int refuse(referee *r, const char *code, const char *message) {
    put_line(gw_protocol_encode_error(code, message));
    send_bye(r, GW_END_FORFEIT, 1 - r->player, message);
    fprintf(stderr, "whist engine: refused (%s): %s\n", code, message);
    return CLI_FAIL;
}

/* Reads standard input's next message, which must be of type want: CLI_OK, or the refusal's exit code. */
static int read_message(referee *r, gw_protocol_type want) {
    size_t len;
    int got = next_line(r->in, r->line, &len);
    if (got == 0) {
        send_bye(r, GW_END_STOPPED, -1, "the input ended");
        fprintf(stderr, "whist engine: the input ended before the match did\n");
        return CLI_FAIL;
    }
    if (got < 0) return refuse(r, "too_long", "the line is over the length limit");
    gw_protocol_error perr;
    gw_game_kind game = gw_session_config_of(r->s)->game;
    if (gw_protocol_decode_message(GW_FROM_PROGRAM, game, r->line, len, r->m, &perr) != GW_OK)
        return refuse(r, gw_protocol_code_name(perr.code), perr.err.msg);
    if (r->m->type != want)
        return refuse(r, "unexpected_type",
                      want == GW_MSG_READY ? "a ready was due" : "a play or command was due");
    return CLI_OK;
}

static int referee_run(referee *r) {
    const gw_session_config *c = gw_session_config_of(r->s);
    gw_protocol_hello h;
    gw_error err;
    memset(&h, 0, sizeof h);
    h.game = c->game;
    h.player = r->player;
    h.rules = *c;
    h.rules.seed = 0; /* never sent: it fixes every deal */
    h.rules.clock = NULL;
    if (gw_session_view(r->s, r->player, r->view, &err) != GW_OK) return CLI_FAIL;
    memcpy(h.names, r->view->names, sizeof h.names);
    if (!put_line(gw_protocol_encode_hello(&h))) return CLI_FAIL;
    int rc = read_message(r, GW_MSG_READY);
    if (rc != CLI_OK) return rc;
    for (;;) {
        gw_session_state st = gw_session_state_of(r->s);
        if (st == GW_SESSION_OVER) break;
        if (st == GW_SESSION_HAND_OVER) {
            if (gw_session_next_hand(r->s, &err) != GW_OK) break;
            continue;
        }
        gw_turn t = gw_session_turn(r->s);
        if (t.computer) {
            if (gw_session_play_computer(r->s, &err) != GW_OK) {
                send_bye(r, GW_END_STOPPED, -1, "the computer failed");
                fprintf(stderr, "whist engine: the computer failed: %s\n", err.msg);
                return CLI_FAIL;
            }
            continue;
        }
        if (pending(r->in)) return refuse(r, "unexpected_type", "a line when no answer was due");
        if (!send_events(r) || gw_session_view(r->s, r->player, r->view, &err) != GW_OK ||
            !put_line(gw_protocol_encode_decide(r->view, 0)))
            return CLI_FAIL;
        if ((rc = read_message(r, GW_MSG_ACTION)) != CLI_OK) return rc;
        gw_refusal no = GW_REFUSE_NONE;
        if (gw_session_act(r->s, r->player, &r->m->action, &no, &err) != GW_OK)
            return refuse(r, gw_refusal_code(no), err.msg);
    }
    if (!send_events(r) || gw_session_view(r->s, r->player, r->view, &err) != GW_OK) return CLI_FAIL;
    if (!send_bye(r, GW_END_OVER, r->view->winner, "")) return CLI_FAIL;
    return CLI_OK;
}

/* ---- options -------------------------------------------------------------- */

int cmd_engine(int argc, char **argv) {
    static const struct option OPTIONS[] = {
        {"level", required_argument, NULL, 'l'},    {"game", required_argument, NULL, 'g'},
        {"opponent", required_argument, NULL, 'o'}, {"player", required_argument, NULL, 'p'},
        {"seed", required_argument, NULL, 's'},     {"variant", required_argument, NULL, 'v'},
        {"scoring", required_argument, NULL, 'S'},  {"target", required_argument, NULL, 'T'},
        {"think-ms", required_argument, NULL, 't'}, {"iterations", required_argument, NULL, 'i'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
    gw_protocol_player_options po;
    memset(&po, 0, sizeof po);
    const char *game_name = "german", *opponent = NULL, *variant = NULL, *scoring = NULL, *target = NULL,
               *think = NULL, *iterations = NULL;
    bool has_seed = false;
    int player = 0;
    uint64_t seed = 0;
    opterr = 0;
    optind = 1;
    int opt;
    while ((opt = getopt_long(argc, argv, ":l:g:o:p:s:v:S:T:t:i:h", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'l': po.level = optarg; break;
        case 'g': game_name = optarg; break;
        case 'o': opponent = optarg; break;
        case 'p':
            if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0)
                return cli_usage_error("engine", "--player must be 1 or 2, not '%s'", optarg);
            player = optarg[0] - '1';
            break;
        case 's':
            if (!cli_parse_seed("engine", optarg, &seed)) return CLI_USAGE;
            has_seed = true;
            break;
        case 'v': variant = optarg; break;
        case 'S': scoring = optarg; break;
        case 'T': target = optarg; break;
        case 't': think = optarg; break;
        case 'i': iterations = optarg; break;
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("engine", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("engine", "unexpected argument '%s'", argv[optind]);
    gw_session_config c;
    gw_error err;
    gw_game_kind game;
    if (!gw_game_kind_parse(game_name, &game))
        return cli_usage_error("engine", "unknown game '%s' (german or android)", game_name);
    gw_session_config_default(&c, game);
    /* The options' values are checked by the session's one parser. */
    const char *names[] = {"variant", "scoring", "target", "think-ms", "iterations"};
    const char *values[] = {variant, scoring, target, think, iterations};
    for (int i = 0; i < 5; i++)
        if (values[i] && gw_session_config_option(&c, names[i], values[i], &err) != GW_OK)
            return cli_usage_error("engine", "%s", err.msg);
    if (game == GW_GAME_ANDROID && (variant || scoring || target))
        return cli_usage_error("engine", "--variant, --scoring and --target are for --game german");
    if (po.level) {
        if (opponent || variant || scoring || target || player != 0)
            return cli_usage_error("engine", "--level plays: --opponent, --player, --variant, --scoring and "
                                             "--target are the referee's");
        po.game = game;
        po.seed = seed;
        po.has_think = think != NULL;
        po.think_ms = c.limits.think_ms;
        po.iterations = c.limits.iterations;
        po.clock = gw_monotonic_clock();
        gw_protocol_player *p;
        if (gw_protocol_player_new(&po, &p, &err) != GW_OK) {
            if (err.status == GW_EINVAL) return cli_usage_error("engine", "%s", err.msg);
            fprintf(stderr, "whist engine: %s\n", err.msg);
            return CLI_FAIL;
        }
        int played = serve_level(p);
        gw_protocol_player_free(p);
        return played;
    }
    /* The referee. */
    if (opponent && gw_session_config_option(&c, "opponent", opponent, &err) != GW_OK)
        return cli_usage_error("engine", "%s", err.msg);
    if (c.seats[1].kind != GW_SEAT_COMPUTER)
        return cli_usage_error("engine", "the referee's opponent is a computer level, not '%s'", opponent);
    if (game == GW_GAME_GERMAN && iterations && !think) c.limits.think_ms = 0;
    if (game == GW_GAME_GERMAN && c.limits.think_ms == 0 && c.limits.iterations == 0)
        return cli_usage_error("engine", "--think-ms 0 leaves the expert no limit: give --iterations too");
    if (game == GW_GAME_ANDROID && iterations) {
        char *end;
        long v = strtol(iterations, &end, 10);
        if (v < 1 || v > GW_ANDROID_SAMPLES_MAX)
            return cli_usage_error("engine", "--iterations must be from 1 to %d with --game android",
                                   GW_ANDROID_SAMPLES_MAX);
        c.android_samples = (int)v;
    }
    if (player == 1) { /* standard input is player 2: the computer moves to player 1 */
        c.seats[0] = c.seats[1];
        c.seats[1].kind = GW_SEAT_OUTSIDE;
        c.seats[1].level = 0;
        c.seats[1].name[0] = '\0';
    }
    c.seed = has_seed ? seed : gw_fresh_seed();
    c.clock = gw_monotonic_clock();
    referee r;
    memset(&r, 0, sizeof r);
    r.player = player;
    r.line = malloc(LINE_CAP);
    r.in = calloc(1, sizeof *r.in);
    r.m = malloc(sizeof *r.m);
    r.view = malloc(sizeof *r.view);
    int rc;
    if (!r.line || !r.in || !r.m || !r.view) {
        fprintf(stderr, "whist engine: out of memory\n");
        rc = CLI_FAIL;
    } else if (gw_session_new(&c, &r.s, &err) != GW_OK) {
        fprintf(stderr, "whist engine: %s\n", err.msg);
        rc = CLI_FAIL;
    } else {
        rc = referee_run(&r);
    }
    gw_session_free(r.s);
    free(r.line);
    free(r.in);
    free(r.m);
    free(r.view);
    return rc;
}

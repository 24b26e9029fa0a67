/* engine_seat.c: an outside program playing one player through the engine line protocol: each hand is a
 * hello (answered by ready), the events its player may see, a decide per action (answered by play or
 * command) and a bye; the program then waits for the next hello, or exits and is started again. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "engine_seat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_process.h"
#include "gw/protocol.h"

#define SENT_SHOWN   200 /* bytes of a program's line quoted in messages */
#define STDERR_SHOWN 300 /* bytes of its standard error quoted */
#define EXIT_GRACE   200 /* ms a program has to exit after its output closed */
#define BYE_GRACE    500 /* ms a program has to exit after the last bye */

struct engine_seat {
    bot_process *proc;
    char *cmd;
    int ms;
    int player;           /* in the hand in play */
    uint32_t events_sent; /* the last event number sent in this hand */
    bool said_bye;        /* a bye ended the program's last hand */
    char sent[SENT_SHOWN + 8];
    gw_protocol_message *msg; /* decoding (large) */
    gw_view *view;
};

engine_seat *engine_seat_start(const char *cmd, int ms, char *why, size_t cap) {
    engine_seat *e = calloc(1, sizeof *e);
    if (e) {
        e->cmd = strdup(cmd);
        e->msg = malloc(sizeof *e->msg);
        e->view = malloc(sizeof *e->view);
    }
    if (!e || !e->cmd || !e->msg || !e->view) {
        snprintf(why, cap, "out of memory");
        engine_seat_stop(e);
        return NULL;
    }
    e->ms = ms;
    e->proc = bot_process_start(cmd, why, cap);
    if (!e->proc) {
        engine_seat_stop(e);
        return NULL;
    }
    return e;
}

const char *engine_seat_sent(const engine_seat *e) { return e->sent; }

/* ", its standard error ended: '...'" when it wrote any, else "". */
static void stderr_text(engine_seat *e, char *out, size_t cap) {
    const char *err = bot_process_stderr(e->proc);
    size_t n = strlen(err);
    while (n > 0 && (err[n - 1] == '\n' || err[n - 1] == ' '))
        n--;
    if (n == 0) {
        out[0] = '\0';
        return;
    }
    char tail[STDERR_SHOWN + 8], copy[BOT_STDERR_KEEP + 1];
    memcpy(copy, err, n);
    copy[n] = '\0';
    const char *from = n > STDERR_SHOWN ? copy + n - STDERR_SHOWN : copy;
    bot_truncate(from, STDERR_SHOWN, tail, sizeof tail);
    snprintf(out, cap, "; its standard error ended: '%s%s'", n > STDERR_SHOWN ? "..." : "", tail);
}

/* Tells the program why it lost (best effort: it may be gone) and stops it. */
void engine_seat_forfeit(engine_seat *e, const char *code, const char *message) {
    char *line = gw_protocol_encode_error(code, message);
    if (line && bot_process_send(e->proc, line, 100) == BOT_IO_OK) {
        gw_protocol_result r = {GW_END_FORFEIT, 1 - e->player, {0, 0}, ""};
        snprintf(r.message, sizeof r.message, "%s", message);
        char *bye = gw_protocol_encode_bye(&r);
        if (bye) bot_process_send(e->proc, bye, 100);
        free(bye);
    }
    free(line);
    bot_process_kill(e->proc);
}

/* The sentence for a send or read that failed: what the program did, and
 * what it wrote of its line (reads) and on its standard error. */
static void io_failure(engine_seat *e, bot_io io, const char *what, bool reading, char *why, size_t cap) {
    char part[SENT_SHOWN + 8], err[STDERR_SHOWN + 64], status[160];
    const char *partial = bot_process_partial(e->proc);
    bot_truncate(partial, SENT_SHOWN, part, sizeof part);
    if (partial[0]) snprintf(e->sent, sizeof e->sent, "%s", part);
    switch (io) {
    case BOT_IO_CLOSED:
        bot_process_exit_text(e->proc, EXIT_GRACE, status, sizeof status);
        stderr_text(e, err, sizeof err);
        snprintf(why, cap, "crashed at %s: it %s%s%s%s%s", what, status, partial[0] ? " after writing '" : "",
                 partial[0] ? part : "", partial[0] ? "'" : "", err);
        break;
    case BOT_IO_TIMEOUT:
        stderr_text(e, err, sizeof err);
        snprintf(why, cap, "%s %s within %d ms (it was stopped)%s%s%s%s",
                 reading ? "gave no answer to" : "did not read", what, e->ms,
                 partial[0] ? "; it had written '" : "", partial[0] ? part : "", partial[0] ? "'" : "", err);
        break;
    case BOT_IO_GARBAGE:
        engine_seat_forfeit(e, "too_long", "a line over the length limit or with a NUL byte");
        snprintf(why, cap, "wrote garbage at %s: a line over %d bytes or with a NUL byte: '%s'", what,
                 BOT_LINE_MAX, part);
        break;
    default: snprintf(why, cap, "cannot be spoken to at %s (the system refused)", what); break;
    }
}

/* Sends one line of ours; false with why. */
static bool send_line(engine_seat *e, char *line, const char *what, char *why, size_t cap) {
    if (!line) {
        free(line);
        snprintf(why, cap, "out of memory");
        return false;
    }
    bot_io io = bot_process_send(e->proc, line, e->ms);
    free(line);
    if (io == BOT_IO_OK) return true;
    io_failure(e, io, what, false, why, cap);
    return false;
}

/* Reads the program's next message, which must be of type want. */
static bool read_message(engine_seat *e, gw_game_kind game, gw_protocol_type want, const char *what,
                         char *why, size_t cap) {
    const char *line = NULL;
    bot_io io = bot_process_read(e->proc, e->ms, &line);
    if (io != BOT_IO_OK) {
        io_failure(e, io, what, true, why, cap);
        return false;
    }
    bot_truncate(line, SENT_SHOWN, e->sent, sizeof e->sent);
    gw_protocol_error perr;
    if (gw_protocol_decode_message(GW_FROM_PROGRAM, game, line, strlen(line), e->msg, &perr) != GW_OK) {
        engine_seat_forfeit(e, gw_protocol_code_name(perr.code), perr.err.msg);
        snprintf(why, cap, "wrote garbage at %s (%s: %s): '%s'", what, gw_protocol_code_name(perr.code),
                 perr.err.msg, e->sent);
        return false;
    }
    if (e->msg->type != want) {
        const char *expected = want == GW_MSG_READY ? "a ready" : "a play or a command";
        engine_seat_forfeit(e, "unexpected_type",
                            want == GW_MSG_READY ? "a ready was due" : "a play or command was due");
        snprintf(why, cap, "answered %s with another message where %s was due: '%s'", what, expected,
                 e->sent);
        return false;
    }
    return true;
}

/* False with why (and the program told it lost) if it wrote a line when no answer was due. */
static bool nothing_pending(engine_seat *e, const char *what, char *why, size_t cap) {
    if (!bot_process_pending(e->proc)) return true;
    bot_truncate(bot_process_partial(e->proc), SENT_SHOWN, e->sent, sizeof e->sent);
    engine_seat_forfeit(e, "unexpected_type", "a line when no answer was due");
    snprintf(why, cap, "wrote a line when no answer was due (before %s): '%s'", what, e->sent);
    return false;
}

/* The hello of player in s, and the program's ready. */
static bool greet(engine_seat *e, const gw_session *s, int player, char *why, size_t cap) {
    const gw_session_config *c = gw_session_config_of(s);
    gw_protocol_hello h;
    memset(&h, 0, sizeof h);
    h.game = c->game;
    h.player = player;
    h.rules = *c;
    h.rules.seed = 0; /* never sent: it fixes every deal */
    h.rules.deck = NULL;
    h.rules.clock = NULL;
    for (int p = 0; p < 2; p++) {
        const char *name = c->seats[p].name;
        if (!name[0])
            name =
                c->seats[p].kind == GW_SEAT_COMPUTER
                    ? (c->game == GW_GAME_GERMAN ? gw_ai_level_name((gw_ai_level)c->seats[p].level)
                                                 : gw_android_level_name((gw_android_level)c->seats[p].level))
                    : "engine";
        snprintf(h.names[p], sizeof h.names[p], "%s", name);
    }
    if (!nothing_pending(e, "its hello", why, cap) ||
        !send_line(e, gw_protocol_encode_hello(&h), "its hello", why, cap))
        return false;
    return read_message(e, c->game, GW_MSG_READY, "its hello", why, cap);
}

bool engine_seat_begin(engine_seat *e, const gw_session *s, int player, char *why, size_t cap) {
    e->player = player;
    e->events_sent = 0;
    e->sent[0] = '\0';
    bool after_bye = e->said_bye;
    e->said_bye = false;
    if (greet(e, s, player, why, cap)) return true;
    if (!after_bye) return false;
    /* A program may end after its bye: it is started again for the next hand
     * (a failure that is not that is reported as it is). */
    char status[160];
    bot_process_exit_text(e->proc, EXIT_GRACE, status, sizeof status);
    if (strcmp(status, "exited with status 0") != 0) return false;
    bot_process_stop(e->proc, 0);
    e->proc = bot_process_start(e->cmd, why, cap);
    if (!e->proc) return false;
    e->sent[0] = '\0';
    return greet(e, s, player, why, cap);
}

/* Sends the events after the last one sent, as the program's player sees them. */
static bool send_events(engine_seat *e, const gw_session *s, char *why, size_t cap) {
    gw_game_kind game = gw_session_config_of(s)->game;
    gw_event ev[16];
    int n;
    while ((n = gw_session_events(s, e->events_sent + 1, e->player, ev, 16)) > 0) {
        for (int i = 0; i < n; i++)
            if (!send_line(e, gw_protocol_encode_event(game, &ev[i]), "an event", why, cap)) return false;
        e->events_sent = ev[n - 1].number;
    }
    return true;
}

bool engine_seat_decide(engine_seat *e, const gw_session *s, int player, gw_action *out, char *why,
                        size_t cap) {
    gw_error err;
    e->sent[0] = '\0';
    if (player != e->player) {
        snprintf(why, cap, "the arena asked the wrong player (a bug)");
        return false;
    }
    if (!send_events(e, s, why, cap)) return false;
    if (gw_session_view(s, player, e->view, &err) != GW_OK) {
        snprintf(why, cap, "no view: %s", err.msg);
        return false;
    }
    if (!nothing_pending(e, "a decide", why, cap) ||
        !send_line(e, gw_protocol_encode_decide(e->view, e->ms), "a decide", why, cap))
        return false;
    if (!read_message(e, gw_session_config_of(s)->game, GW_MSG_ACTION, "a decide", why, cap)) return false;
    *out = e->msg->action;
    return true;
}

bool engine_seat_end(engine_seat *e, const gw_session *s, char *why, size_t cap) {
    gw_error err;
    if (!send_events(e, s, why, cap)) return false;
    if (gw_session_view(s, e->player, e->view, &err) != GW_OK) {
        snprintf(why, cap, "no view: %s", err.msg);
        return false;
    }
    gw_protocol_result r;
    memset(&r, 0, sizeof r);
    r.end = GW_END_OVER;
    r.winner = e->view->winner;
    for (int p = 0; p < 2; p++)
        r.score[p] = e->view->game == GW_GAME_GERMAN ? e->view->score[p] : e->view->rubber.values[p];
    if (!send_line(e, gw_protocol_encode_bye(&r), "its bye", why, cap)) return false;
    e->said_bye = true;
    return true;
}

void engine_seat_stop(engine_seat *e) {
    if (!e) return;
    if (e->proc) bot_process_stop(e->proc, BYE_GRACE);
    free(e->cmd);
    free(e->msg);
    free(e->view);
    free(e);
}

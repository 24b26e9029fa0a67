/* send.c: whist serve's outgoing messages: a queue per connection, written when libwebsockets says the
 * socket can take more (server_int.h). A queue never grows past OUT_QUEUE_MAX (the connection is closed at
 * once), a message is never silently lost (without memory the connection is closed, and its browser
 * reconnects and gets the game whole), and refusals do not pile up: one error waits at a time. The messages
 * of a game's or a table's change are held until the change is saved (game.c, tables.c), then sent or
 * dropped. */
#define _DEFAULT_SOURCE /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "gw/protocol.h"
#include "server_int.h"

/* Frees c's queue, counting the bytes for the next malloc_trim (serve.c). */
static void drop_queue(conn *c) {
    size_t freed = 0;
    while (c->head) {
        out_msg *m = c->head;
        c->head = m->next;
        freed += sizeof *m + LWS_PRE + m->len;
        free(m);
    }
    c->tail = NULL;
    c->queued = 0;
    c->errors_waiting = 0;
    if (c->wsi && freed) {
        server *sv = lws_context_user(lws_get_context(c->wsi));
        if (sv) sv->freed += freed;
    }
}

void send_kill(conn *c) {
    if (c->killed) return;
    drop_queue(c);
    c->killed = true;
    c->close = true;
    if (c->wsi) lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/* Queues text (given up) on c; error: it is an error message. */
static void queue(conn *c, char *text, bool error) {
    if (c->close) { /* closing: it gets nothing more */
        free(text);
        return;
    }
    if (!text) {
        send_kill(c);
        return;
    }
    size_t len = strlen(text);
    if (c->queued + len > OUT_QUEUE_MAX) { /* a reader that does not read */
        free(text);
        send_kill(c);
        return;
    }
    out_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m) {
        free(text);
        send_kill(c);
        return;
    }
    m->next = NULL;
    m->len = len;
    m->error = error;
    memcpy(m->data + LWS_PRE, text, len);
    free(text);
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    c->queued += len;
    if (error) c->errors_waiting++;
    lws_callback_on_writable(c->wsi);
}

void send_text(conn *c, char *text) { queue(c, text, false); }

void send_json(conn *c, json_t *j) { send_text(c, gw_protocol_dump(j)); }

void send_error(conn *c, const char *code, const char *message) {
    if (c->close) return;
    if (c->errors_waiting > 0) { /* the client has not read the last one yet */
        c->errors_dropped++;
        return;
    }
    char text[GW_PROTOCOL_MESSAGE_MAX];
    if (c->errors_dropped) {
        snprintf(text, sizeof text, "%s (and %u earlier refusals, not answered)", message, c->errors_dropped);
        message = text;
        c->errors_dropped = 0;
    }
    queue(c, gw_protocol_encode_error(code, message), true);
}

void broadcast_json(player *pl, json_t *j) {
    char *text = gw_protocol_dump(j);
    for (conn *c = pl->conns; c; c = c->next)
        send_text(c, text ? strdup(text) : NULL); /* no memory: every connection closes (and resyncs) */
    free(text);
}

void broadcast_error(player *pl, const char *code, const char *message) {
    broadcast_json(pl, gw_protocol_error_json(code, message));
}

void send_drop(conn *c) {
    drop_queue(c);
    free(c->in);
    c->in = NULL;
    c->in_len = 0;
}

void send_written(conn *c, out_msg *m) {
    c->head = m->next;
    if (!c->head) c->tail = NULL;
    c->queued -= m->len;
    bool told = m->error && --c->errors_waiting == 0;
    free(m);
    /* The refusals counted while that error waited are told now, in one error, so the last of a burst is
     * never left untold (the client may be waiting for its answer); one error waits at a time still. */
    if (told && c->errors_dropped)
        send_error(c, "unanswered", "Messages refused while an answer waited unread");
}

/* ---- held until saved ---------------------------------------------------------------------------------- */

void send_lose(conn *c) {
    c->close = true;
    if (c->wsi) lws_callback_on_writable(c->wsi);
}

void send_or_hold(held_msgs *q, bool hold, conn *c, char *text) {
    if (!text) {
        send_lose(c);
        return;
    }
    if (!hold) {
        send_text(c, text);
        return;
    }
    held_msg *h = malloc(sizeof *h);
    if (!h) {
        free(text);
        send_lose(c);
        return;
    }
    h->next = NULL;
    h->c = c;
    h->text = text;
    if (q->tail)
        q->tail->next = h;
    else
        q->head = h;
    q->tail = h;
}

void send_held(held_msgs *q, bool send) {
    while (q->head) {
        held_msg *h = q->head;
        q->head = h->next;
        if (send)
            send_text(h->c, h->text);
        else
            free(h->text);
        free(h);
    }
    q->tail = NULL;
}

void send_held_forget(held_msgs *q, conn *c) {
    held_msg **pp = &q->head;
    q->tail = NULL;
    while (*pp) {
        held_msg *h = *pp;
        if (h->c == c) {
            *pp = h->next;
            free(h->text);
            free(h);
        } else {
            q->tail = h;
            pp = &h->next;
        }
    }
}

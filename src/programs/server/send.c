/* send.c: whist serve's outgoing messages: a queue per connection, written when libwebsockets says the
 * socket can take more (server_int.h). */
#define _DEFAULT_SOURCE /* strdup */
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "gw/protocol.h"
#include "server_int.h"

void send_text(conn *c, char *text) {
    if (!text || c->close) {
        free(text);
        return;
    }
    size_t len = strlen(text);
    out_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m) {
        free(text);
        return;
    }
    m->next = NULL;
    m->len = len;
    memcpy(m->data + LWS_PRE, text, len);
    free(text);
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    c->queued += len;
    if (c->queued > OUT_QUEUE_MAX) c->close = true; /* a reader that never reads */
    lws_callback_on_writable(c->wsi);
}

void send_json(conn *c, json_t *j) { send_text(c, gw_protocol_dump(j)); }

void send_error(conn *c, const char *code, const char *message) {
    send_text(c, gw_protocol_encode_error(code, message));
}

void broadcast_json(player *pl, json_t *j) {
    char *text = gw_protocol_dump(j);
    if (!text) return;
    for (conn *c = pl->conns; c; c = c->next)
        send_text(c, strdup(text));
    free(text);
}

void broadcast_error(player *pl, const char *code, const char *message) {
    broadcast_json(pl, gw_protocol_error_json(code, message));
}

void send_drop(conn *c) {
    while (c->head) {
        out_msg *m = c->head;
        c->head = m->next;
        free(m);
    }
    c->tail = NULL;
    c->queued = 0;
    free(c->in);
    c->in = NULL;
    c->in_len = 0;
}

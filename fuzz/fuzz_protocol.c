/* fuzz_protocol.c: libFuzzer harness for the JSON protocol's strict decoders: the input is decoded as an
 * action, a turn, a view, an event, a configuration and a message of either side, in either game.
 * Properties: a refusal has a code and a message; whatever is accepted encodes (as one line) to text
 * that decodes again to the same value, which encodes to the same text. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_assert.h"
#include "gw/protocol.h"

static void refused(gw_status st, const gw_protocol_error *err) {
    FUZZ_CHECK(st != GW_OK);
    FUZZ_CHECK(err->code != GW_PROTO_OK && err->err.msg[0] != '\0');
}

/* s1 is the encoding of a decoded value; s2 that of s1 decoded again. */
static void same_text(char *s1, char *s2) {
    FUZZ_CHECK(s1 && s2 && !strchr(s1, '\n') && strcmp(s1, s2) == 0);
    free(s1);
    free(s2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    gw_protocol_error err;
    gw_status st;

    gw_action a, a2;
    if ((st = gw_protocol_decode_action(text, size, &a, &err)) == GW_OK) {
        char *s1 = gw_protocol_encode_action(&a);
        FUZZ_CHECK(s1 && gw_protocol_decode_action(s1, strlen(s1), &a2, &err) == GW_OK);
        FUZZ_CHECK(a2.kind == a.kind && a2.card == a.card && a2.command == a.command);
        same_text(s1, gw_protocol_encode_action(&a2));
    } else {
        refused(st, &err);
    }

    gw_view *v = malloc(sizeof *v), *v2 = malloc(sizeof *v2);
    gw_protocol_message *m = malloc(sizeof *m), *m2 = malloc(sizeof *m2);
    if (!v || !v2 || !m || !m2) goto out;
    if ((st = gw_protocol_decode_view(text, size, v, &err)) == GW_OK) {
        char *s1 = gw_protocol_encode_view(v);
        FUZZ_CHECK(s1 && gw_protocol_decode_view(s1, strlen(s1), v2, &err) == GW_OK);
        FUZZ_CHECK(memcmp(v, v2, sizeof *v) == 0);
        same_text(s1, gw_protocol_encode_view(v2));
    } else {
        refused(st, &err);
    }

    for (int g = 0; g < 2; g++) {
        gw_game_kind game = (gw_game_kind)g;
        gw_turn t, t2;
        if ((st = gw_protocol_decode_turn(game, text, size, &t, &err)) == GW_OK) {
            char *s1 = gw_protocol_encode_turn(game, &t);
            FUZZ_CHECK(s1 && gw_protocol_decode_turn(game, s1, strlen(s1), &t2, &err) == GW_OK);
            FUZZ_CHECK(t.player == t2.player && t.kind == t2.kind && t.seat == t2.seat &&
                       t.computer == t2.computer);
            same_text(s1, gw_protocol_encode_turn(game, &t2));
        } else {
            refused(st, &err);
        }
        gw_event e, e2;
        if ((st = gw_protocol_decode_event(game, text, size, &e, &err)) == GW_OK) {
            char *s1 = gw_protocol_encode_event(game, &e);
            FUZZ_CHECK(s1 && gw_protocol_decode_event(game, s1, strlen(s1), &e2, &err) == GW_OK);
            FUZZ_CHECK(e.number == e2.number && e.kind == e2.kind && e.card == e2.card &&
                       e.cards == e2.cards && e.hidden == e2.hidden && e.player == e2.player &&
                       e.seat == e2.seat);
            FUZZ_CHECK(!e.hidden || (e.card == GW_NO_CARD && e.cards == 0));
            same_text(s1, gw_protocol_encode_event(game, &e2));
        } else {
            refused(st, &err);
        }
        for (int side = 0; side < 2; side++) {
            if ((st = gw_protocol_decode_message((gw_protocol_side)side, game, text, size, m, &err)) ==
                GW_OK) {
                char *s1 = gw_protocol_encode_message(game, m);
                FUZZ_CHECK(s1 && gw_protocol_decode_message((gw_protocol_side)side, game, s1, strlen(s1), m2,
                                                            &err) == GW_OK);
                FUZZ_CHECK(memcmp(m, m2, sizeof *m) == 0);
                same_text(s1, gw_protocol_encode_message(game, m2));
            } else {
                refused(st, &err);
            }
        }
    }

    gw_session_config c, c2;
    memset(&c, 0, sizeof c);
    memset(&c2, 0, sizeof c2);
    if ((st = gw_protocol_decode_config(text, size, &c, &err)) == GW_OK) {
        char *s1 = gw_protocol_encode_config(&c, true);
        FUZZ_CHECK(s1 && gw_protocol_decode_config(s1, strlen(s1), &c2, &err) == GW_OK);
        FUZZ_CHECK(c.seed == c2.seed && c.game == c2.game && c.seats[0].kind == c2.seats[0].kind &&
                   c.seats[1].level == c2.seats[1].level && strcmp(c.seats[0].name, c2.seats[0].name) == 0);
        same_text(s1, gw_protocol_encode_config(&c2, true));
    } else {
        refused(st, &err);
    }
out:
    free(v);
    free(v2);
    free(m);
    free(m2);
    return 0;
}

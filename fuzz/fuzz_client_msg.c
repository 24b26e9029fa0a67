/* fuzz_client_msg.c: libFuzzer harness for the strict reader of the browser's messages (whist serve).
 * Properties: a refusal has a code of [a-z_] and a message; an accepted new message gives a configuration
 * a session can start from (its opponent a computer), an accepted act an action that encodes, accepted
 * settings values that read back as themselves, a history limit and a replay id in range, a game to open
 * of either kind, and no type outside the list (the table messages included: the last is CLIENT_TABLE). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "client_msg.h"
#include "fuzz_assert.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static client_msg m;
    gw_session_config base;
    gw_session_config_default(&base, GW_GAME_GERMAN);
    base.limits.think_ms = 0;
    base.limits.iterations = 100;
    char code[GW_PROTOCOL_CODE_MAX], msg[GW_PROTOCOL_MESSAGE_MAX];
    if (!client_msg_parse((const char *)data, size, &base, &m, code, msg)) {
        FUZZ_CHECK(code[0] != '\0' && msg[0] != '\0');
        for (const char *c = code; *c; c++)
            FUZZ_CHECK((*c >= 'a' && *c <= 'z') || *c == '_');
        return 0;
    }
    FUZZ_CHECK(m.type <= CLIENT_TABLE); /* one of the types (CLIENT_TABLE is the last) */
    if (m.type == CLIENT_NEW) {
        FUZZ_CHECK(m.config.seats[1].kind == GW_SEAT_COMPUTER);
    } else if (m.type == CLIENT_ACT) {
        char *s = gw_protocol_encode_action(&m.action);
        FUZZ_CHECK(s != NULL);
        free(s);
    } else if (m.type == CLIENT_SETTINGS) {
        for (int k = 0; k < GW_WEB_SETTINGS; k++) {
            if (!m.given[k]) continue;
            char again[GW_WEB_SETTING_BYTES], why[128];
            const char *v = m.settings.value[k];
            FUZZ_CHECK(gw_web_setting_check(k, v, strlen(v), again, why, sizeof why) &&
                       strcmp(again, v) == 0);
        }
    } else if (m.type == CLIENT_HISTORY) {
        FUZZ_CHECK(m.limit >= 1 && m.limit <= CLIENT_HISTORY_MAX);
    } else if (m.type == CLIENT_REPLAY) {
        FUZZ_CHECK(m.id >= 1);
    } else if (m.type == CLIENT_OPEN) {
        FUZZ_CHECK(m.game == GW_GAME_GERMAN || m.game == GW_GAME_ANDROID);
    }
    return 0;
}

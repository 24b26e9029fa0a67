/* fuzz_cards.c: libFuzzer harness for card and hand notation: gw_card_parse, gw_cards_parse_list and
 * gw_cards_parse (list and dotted forms). Properties: an accepted card prints to its canonical name, which
 * parses to the same card; an accepted list holds distinct cards; an accepted set prints (as a list and
 * dotted) to text that parses to the same set. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_assert.h"
#include "gw/card.h"

static void same_set(gw_cards s) {
    gw_error err;
    gw_cards back = 0;
    char text[200];
    gw_cards_format_list(s, NULL, ',', text, (int)sizeof text);
    FUZZ_CHECK(gw_cards_parse(text, &back, &err) == GW_OK && back == s);
    if (s != 0) {
        gw_card list[52];
        int n = 0;
        gw_cards_format_list(s, NULL, ' ', text, (int)sizeof text);
        FUZZ_CHECK(gw_cards_parse_list(text, list, 52, &n, &err) == GW_OK && n == gw_count(s));
    }
    gw_cards_format_dotted(s, text, (int)sizeof text);
    FUZZ_CHECK(gw_cards_parse(text, &back, &err) == GW_OK && back == s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *s = (const char *)data;
    gw_card c;
    if (gw_card_parse(s, size, &c) == GW_OK) {
        FUZZ_CHECK(gw_card_valid(c));
        char name[3];
        gw_card_format(c, name);
        gw_card back;
        FUZZ_CHECK(gw_card_parse(name, strlen(name), &back) == GW_OK && back == c);
    }
    /* The list and set readers take NUL-terminated text. */
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    gw_card list[52];
    int n = -1;
    gw_error err;
    for (int max = 1; max <= 52; max += 51) {
        if (gw_cards_parse_list(text, list, max, &n, &err) == GW_OK) {
            FUZZ_CHECK(n >= 0 && n <= max);
            gw_cards seen = 0;
            for (int i = 0; i < n; i++) {
                FUZZ_CHECK(gw_card_valid(list[i]) && !gw_has(seen, list[i]));
                seen |= gw_bit(list[i]);
            }
            same_set(seen);
        } else {
            FUZZ_CHECK(err.msg[0] != '\0');
        }
    }
    gw_cards set;
    if (gw_cards_parse(text, &set, &err) == GW_OK) {
        FUZZ_CHECK((set & ~GW_ALL_CARDS) == 0);
        same_set(set);
    } else {
        FUZZ_CHECK(err.msg[0] != '\0');
    }
    free(text);
    return 0;
}

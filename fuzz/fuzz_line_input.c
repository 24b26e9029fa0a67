/* fuzz_line_input.c: libFuzzer harness for line-mode input: each line of the input is cleaned
 * (cli_line_clean) and read (cli_input_parse) as `whist play --plain` and `whist android` read a typed
 * line, and a card is offered to a game as the line-mode game would. Properties: a cleaned line is lower
 * case, single-spaced, trimmed, free of control characters and cleans to itself; a card prints back to a
 * name that parses to it, a command likewise; the game plays exactly the cards its check allows. */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_assert.h"
#include "fuzz_util.h"
#include "gw/deck.h"
#include "gw/game.h"
#include "line_input.h"

static void check_clean(const char *line, size_t len) {
    FUZZ_CHECK(strlen(line) == len);
    FUZZ_CHECK(len > 0 && line[0] != ' ' && line[len - 1] != ' ');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        FUZZ_CHECK(c >= 32 && c != 127 && !isupper(c) && (!isspace(c) || c == ' '));
        FUZZ_CHECK(!(c == ' ' && line[i + 1] == ' '));
    }
    char *again = malloc(len + 1);
    if (!again) return;
    memcpy(again, line, len + 1);
    size_t len2 = 0;
    FUZZ_CHECK(cli_line_clean(again, len, &len2) == LINE_TEXT && len2 == len &&
               memcmp(again, line, len) == 0);
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, size, deck);
    gw_game g;
    FUZZ_CHECK(gw_game_deal(&g, GW_CLASSIC, deck, 1, NULL) == GW_OK);
    fuzz_lines lines = {(const char *)data, size, 0, false};
    size_t n;
    for (char *line; (line = fuzz_next_line(&lines, &n)) != NULL;) {
        size_t len = 0;
        cli_line kind = cli_line_clean(line, n, &len);
        FUZZ_CHECK(kind == LINE_TEXT || kind == LINE_EMPTY || kind == LINE_CONTROL);
        if (kind == LINE_TEXT) {
            check_clean(line, len);
            gw_card c;
            gw_android_command cmd;
            cli_input in = cli_input_parse(line, len, &c, &cmd);
            if (in == CLI_INPUT_CARD) {
                char name[3];
                gw_card back;
                FUZZ_CHECK(gw_card_valid(c));
                gw_card_format(c, name);
                FUZZ_CHECK(gw_card_parse(name, 2, &back) == GW_OK && back == c);
                bool legal = gw_game_phase(&g) != GW_OVER && gw_game_check(&g, c) == GW_PLAY_OK;
                gw_game before;
                memcpy(&before, &g, sizeof g);
                gw_status st = gw_game_play(&g, c, NULL);
                FUZZ_CHECK((st == GW_OK) == legal);
                if (!legal) FUZZ_CHECK(memcmp(&before, &g, sizeof g) == 0);
            } else if (in == CLI_INPUT_COMMAND) {
                const char *name = gw_android_command_name(cmd);
                gw_android_command back;
                FUZZ_CHECK(gw_android_command_parse(name, strlen(name), &back) && back == cmd);
            }
        }
        free(line);
    }
    return 0;
}

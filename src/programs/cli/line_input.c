/* line_input.c: parsing one typed line (line-mode games, `whist solve` batch lines), without I/O. */
#include "line_input.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

cli_line cli_line_clean(char *line, size_t n, size_t *len) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 32 && !isspace(c)) || c == 127) {
            line[0] = '\0';
            *len = 0;
            return LINE_CONTROL;
        }
    }
    size_t out = 0;
    bool blank = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if (isspace(c)) {
            blank = out > 0;
            continue;
        }
        if (blank) line[out++] = ' ';
        blank = false;
        line[out++] = (char)tolower(c);
    }
    line[out] = '\0';
    *len = out;
    return out == 0 ? LINE_EMPTY : LINE_TEXT;
}

cli_input cli_input_parse(const char *line, size_t n, gw_card *card, gw_android_command *command) {
    static const struct {
        const char *word;
        cli_input what;
    } WORDS[] = {{"help", CLI_INPUT_HELP}, {"?", CLI_INPUT_HELP},    {"quit", CLI_INPUT_QUIT},
                 {"q", CLI_INPUT_QUIT},    {"exit", CLI_INPUT_QUIT}, {"hand", CLI_INPUT_SHOW},
                 {"show", CLI_INPUT_SHOW}, {"hint", CLI_INPUT_HINT}};
    for (size_t i = 0; i < sizeof WORDS / sizeof *WORDS; i++)
        if (strlen(WORDS[i].word) == n && memcmp(line, WORDS[i].word, n) == 0) return WORDS[i].what;
    if (gw_android_command_parse(line, n, command)) return CLI_INPUT_COMMAND;
    if (gw_card_parse(line, n, card) == GW_OK) return CLI_INPUT_CARD;
    return CLI_INPUT_OTHER;
}

static int parse_trump(const char *s) {
    static const char *const NAMES[] = {"spades", "hearts", "diamonds", "clubs"};
    if (strlen(s) == 1) return gw_suit_parse(s[0]);
    for (int i = 0; i < 4; i++)
        if (strcasecmp(s, NAMES[i]) == 0) return i;
    return -1;
}

bool cli_solve_position(const char *trump, const char *a, const char *b, const char *led, gw_position *p,
                        char *why, size_t cap) {
    gw_error err;
    p->trump = parse_trump(trump);
    if (p->trump < 0) {
        snprintf(why, cap, "'%.200s' is not a trump suit (S, H, D or C)", trump);
        return false;
    }
    if (gw_cards_parse(a, &p->leader, &err) != GW_OK) {
        snprintf(why, cap, "hand A: %.200s", err.msg);
        return false;
    }
    if (gw_cards_parse(b, &p->other, &err) != GW_OK) {
        snprintf(why, cap, "hand B: %.200s", err.msg);
        return false;
    }
    p->led = GW_NO_CARD;
    if (led && gw_card_parse(led, strlen(led), &p->led) != GW_OK) {
        snprintf(why, cap, "'%.200s' is not a card", led);
        return false;
    }
    if (gw_position_check(p, &err) != GW_OK) {
        snprintf(why, cap, "%.200s", err.msg);
        return false;
    }
    return true;
}

cli_solve_line_kind cli_solve_line(char *line, size_t n, gw_position *p, char *why, size_t cap) {
    if (memchr(line, '\0', n)) {
        snprintf(why, cap, "a NUL byte in the line");
        return CLI_SOLVE_BAD;
    }
    line[n] = '\0';
    char *words[5];
    int count = 0;
    for (char *s = line; *s;) {
        while (*s == ' ' || *s == '\t' || *s == '\r')
            *s++ = '\0';
        if (!*s) break;
        if (count < 5) words[count] = s;
        count++;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r')
            s++;
    }
    if (count == 0) return CLI_SOLVE_BLANK; /* a blank line keeps its place in the output */
    if (count < 3 || count > 4) {
        snprintf(why, cap, "expected TRUMP HAND_A HAND_B [LED], found %d word%s", count,
                 count == 1 ? "" : "s");
        return CLI_SOLVE_BAD;
    }
    return cli_solve_position(words[0], words[1], words[2], count == 4 ? words[3] : NULL, p, why, cap)
               ? CLI_SOLVE_POSITION
               : CLI_SOLVE_BAD;
}

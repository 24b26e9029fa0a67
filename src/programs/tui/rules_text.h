/* rules_text.h: the rules of German Whist (in the numbers of one deck) and of Android Whist as the Rules
 * screen shows them, wrapped to a width; every number in them comes from the engine's rule tables
 * (gw_scoring_rule_of, the deck sizes, Android Whist's scoring), never typed here (pure: unit-tested). */
#ifndef GW_TUI_RULES_TEXT_H
#define GW_TUI_RULES_TEXT_H

#include "gw/deck.h"

#define TUI_RULE_LINES 240
#define TUI_RULE_WIDTH 400 /* bytes of one line (a sign may take 3 bytes a column) */

typedef struct tui_rules {
    char line[TUI_RULE_LINES][TUI_RULE_WIDTH];
    int n;       /* lines */
    int android; /* the line where Android Whist's rules begin */
} tui_rules;

/* Writes the rules of German Whist for deck v, then of Android Whist, into out, broken between words into
 * lines of at most width columns (from 30 to TUI_RULE_WIDTH / 3). */
void tui_rules_text(gw_variant v, int width, tui_rules *out);

#endif

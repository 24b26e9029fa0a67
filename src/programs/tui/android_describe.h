/* android_describe.h: the Android Whist table's words and keys: a fixed key for each command, why a card
 * or a command is refused (in the German Whist table's player words), and the last finished trick with its
 * commands and errors (pure: unit-tested). */
#ifndef GW_TUI_ANDROID_DESCRIBE_H
#define GW_TUI_ANDROID_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/android.h"
#include "gw/session.h"

/* The key of command c, the same whatever else is open: u duck, b beat, g high, s h d c the suits,
 * o shortest, l longest, and the capitals S H D C O L their high- forms. */
char tui_android_command_key(gw_android_command c);

/* The command of a key, or false when the key names none. */
bool tui_android_key_command(int key, gw_android_command *out);

/* The table's words for the session's refusal r of the human's card c (gw_session_check; led: the card led
 * to the trick or GW_NO_CARD, turn: the seat to play): "You must follow ♠: you hold that suit." in the German
 * Whist table's words and labels; a refusal without words of its own here gets the session's sentence.
 * NULL for GW_REFUSE_NONE. Never tells where a card they do not hold is. */
const char *tui_android_refusal(gw_refusal r, const char *sentence, gw_card c, gw_card led, int turn,
                                bool ascii, char *buf, size_t cap);

/* Why command c is not offered to the android to play in view v (a command for following when leading, a
 * leading command when following with no error before it, or one that failed already for this card), or
 * NULL if it is offered. */
const char *tui_android_command_refusal(const gw_android_view *v, gw_android_command c, char *buf,
                                        size_t cap);

/* The last finished trick of v's hand: false if none is finished yet. Otherwise fills t (leader, cards,
 * winner, number) and writes its plays, one a line, into lines (up to max lines of cap bytes each; an
 * android's failed commands first, each "Error."), returning the number of lines in *n. names: the
 * humans' names. */
bool tui_android_last_trick(const gw_android_view *v, const char *const names[2], bool ascii,
                            gw_android_trick *t, char (*lines)[96], int max, int *n);

#endif

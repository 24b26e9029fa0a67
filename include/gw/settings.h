/* settings.h: the player's settings, kept as a small text file under the XDG config folder. */
#ifndef GW_SETTINGS_H
#define GW_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/card.h"
#include "gw/levels.h"
#include "gw/match.h"
#include "gw/status.h"
#include "gw/text.h"

/* How long the table pauses after a trick (any key skips the pause). */
typedef enum gw_speed {
    GW_SPEED_NORMAL = 0, /* about 1.5 s */
    GW_SPEED_FAST = 1,   /* about 0.6 s */
    GW_SPEED_INSTANT = 2 /* no pause */
} gw_speed;

/* How the table shows the human's hand. */
typedef enum gw_hand_display {
    GW_HAND_ROW = 0,    /* one row */
    GW_HAND_STACKED = 1 /* two rows, split between suits */
} gw_hand_display;

/* Every setting; gw_settings_default gives the defaults in brackets. */
typedef struct gw_settings {
    gw_match_rules rules;         /* variant [classic], scoring [last13], target [10], 1..1000 */
    gw_ai_level opponent;         /* easy, hard or expert [hard] */
    gw_suit_style suit_order;     /* [alternate] or classic */
    gw_speed speed;               /* [normal], fast, instant */
    bool single_click;            /* one click plays a card [off] */
    bool bell;                    /* bell when a trump is turned up or led by the computer [on] */
    bool tracker;                 /* the card tracker may be opened [on] */
    gw_hand_display hand_display; /* [row] or stacked */
} gw_settings;

void gw_settings_default(gw_settings *s);

/* Name of a speed ("normal", "fast", "instant") and its inverse. */
const char *gw_speed_name(gw_speed s);
bool gw_speed_parse(const char *s, gw_speed *out);

/* Name of a hand display ("row", "stacked") and its inverse. */
const char *gw_hand_display_name(gw_hand_display d);
bool gw_hand_display_parse(const char *s, gw_hand_display *out);

/* Reads settings text (lines "key = value", '#' comments, blank lines) over
 * *s. Keys: variant, scoring, target, opponent, suit-order, speed,
 * single-click, bell, tracker (booleans: on/off, yes/no, true/false, 1/0),
 * hand-display (row or stacked);
 * keys and values in any case, lines of at most 256 characters, LF or CRLF.
 * A line it cannot use (unknown key, bad value, no '=') is skipped and the
 * others still apply; every such line is described in warn, in order
 * ("line 3: unknown setting 'colour'; line 7: speed must be ..."; past about
 * 210 characters the rest are counted: "; and 2 more bad lines"), warn->line
 * is the first bad line, and the call returns GW_EINVAL. Returns GW_OK if
 * every line was used. */
gw_status gw_settings_parse(const char *text, size_t len, gw_settings *s, gw_error *warn);

/* Appends the settings as text gw_settings_parse reads back identically
 * (a comment line first, then one key per line). */
void gw_settings_write(const gw_settings *s, gw_text *out);

/* The settings file: $XDG_CONFIG_HOME/whist/settings.conf (the path only:
 * nothing is created). */
gw_status gw_settings_path(char *out, size_t cap, gw_error *err);

/* Loads the settings file over defaults. A missing file is not an error
 * (defaults, GW_OK). An unreadable or partly bad file gives what could be
 * used, and GW_EINVAL or GW_EIO with the reason in warn (for bad lines:
 * the file's path, or "settings.conf" if the path is too long for the
 * message, then every bad line as gw_settings_parse lists them). */
gw_status gw_settings_load(gw_settings *s, gw_error *warn);

/* Saves the settings file atomically. */
gw_status gw_settings_save(const gw_settings *s, gw_error *err);

#endif

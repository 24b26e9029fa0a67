/* web_settings.h: a browser player's settings (docs/protocol.md, "The browser's WebSocket"): the keys, their
 * values and defaults, checked strictly, and their JSON form (what the store keeps and the browser gets).
 * Pure: no I/O. */
#ifndef SERVER_WEB_SETTINGS_H
#define SERVER_WEB_SETTINGS_H

#include <stdbool.h>

#include <jansson.h>

#define WEB_SETTINGS      15 /* how many keys */
#define WEB_SETTING_BYTES 32 /* the longest value (the name: 31 bytes) and its NUL */

/* The keys, in the order of WEB_SETTING_* indices. */
enum {
    WEB_SETTING_NAME = 0,
    WEB_SETTING_SOUND,
    WEB_SETTING_SPEED,
    WEB_SETTING_ORIENTATION,
    WEB_SETTING_HAND_DISPLAY,
    WEB_SETTING_FACES,
    WEB_SETTING_BACK,
    WEB_SETTING_SUIT_ORDER,
    WEB_SETTING_SINGLE_CLICK,
    WEB_SETTING_TRACKER,
    WEB_SETTING_OPPONENT,
    WEB_SETTING_ANDROID_OPPONENT,
    WEB_SETTING_VARIANT,
    WEB_SETTING_SCORING,
    WEB_SETTING_TARGET
};

/* Every key's value, each a string (never NULL). */
typedef struct web_settings {
    char value[WEB_SETTINGS][WEB_SETTING_BYTES];
} web_settings;

/* The defaults of every key. */
void web_settings_default(web_settings *s);

/* The key's name ("hand-display"), or the index of a name (-1: unknown). */
const char *web_setting_name(int key);
int web_setting_key(const char *name);

/* Checks value (len bytes, valid UTF-8) for key and writes its canonical form into out
 * (WEB_SETTING_BYTES): true, or false with why (a sentence, cap bytes). */
bool web_setting_check(int key, const char *value, size_t len, char out[WEB_SETTING_BYTES], char *why,
                       size_t cap);

/* {"name": "...", ...}: every key (a new reference; NULL without memory). */
json_t *web_settings_json(const web_settings *s);

/* Reads the settings kept as text (what web_settings_dump wrote; "" or NULL: none): every key it holds
 * with a valid value replaces the default, anything else is left out (a value an older whist allowed). */
void web_settings_load(web_settings *s, const char *text);

/* The settings as one compact JSON text (malloc'd; NULL without memory). */
char *web_settings_dump(const web_settings *s);

#endif

/* gw/web_settings.h: a browser player's settings (docs/protocol.md, "The browser's WebSocket"): the keys,
 * their values and defaults, checked strictly, and their JSON form (what the store keeps and the browser
 * gets). Pure: no I/O. */
#ifndef GW_WEB_SETTINGS_H
#define GW_WEB_SETTINGS_H

#include <stdbool.h>

#include <jansson.h>

#define GW_WEB_SETTINGS      15 /* how many keys */
#define GW_WEB_SETTING_BYTES 32 /* the longest value (the name: 31 bytes) and its NUL */

/* The keys, in the order of GW_WEB_SETTING_* indices. */
enum {
    GW_WEB_SETTING_NAME = 0,
    GW_WEB_SETTING_SOUND,
    GW_WEB_SETTING_SPEED,
    GW_WEB_SETTING_ORIENTATION,
    GW_WEB_SETTING_HAND_DISPLAY,
    GW_WEB_SETTING_FACES,
    GW_WEB_SETTING_BACK,
    GW_WEB_SETTING_SUIT_ORDER,
    GW_WEB_SETTING_SINGLE_CLICK,
    GW_WEB_SETTING_TRACKER,
    GW_WEB_SETTING_OPPONENT,
    GW_WEB_SETTING_ANDROID_OPPONENT,
    GW_WEB_SETTING_VARIANT,
    GW_WEB_SETTING_SCORING,
    GW_WEB_SETTING_TARGET
};

/* Every key's value, each a string (never NULL). */
typedef struct gw_web_settings {
    char value[GW_WEB_SETTINGS][GW_WEB_SETTING_BYTES];
} gw_web_settings;

/* The defaults of every key. */
void gw_web_settings_default(gw_web_settings *s);

/* The key's name ("hand-display"), or the index of a name (-1: unknown). */
const char *gw_web_setting_name(int key);
int gw_web_setting_key(const char *name);

/* Checks value (len bytes, valid UTF-8) for key and writes its canonical form into out
 * (GW_WEB_SETTING_BYTES): true, or false with why (a sentence, cap bytes). */
bool gw_web_setting_check(int key, const char *value, size_t len, char out[GW_WEB_SETTING_BYTES], char *why,
                          size_t cap);

/* {"name": "...", ...}: every key (a new reference; NULL without memory). */
json_t *gw_web_settings_json(const gw_web_settings *s);

/* Reads the settings kept as text (what gw_web_settings_dump wrote; "" or NULL: none): every key it holds
 * with a valid value replaces the default, anything else is left out (a value an older whist allowed). */
void gw_web_settings_load(gw_web_settings *s, const char *text);

/* Applies patch, a JSON object of some keys, each a string value, to s: the canonical value of each key
 * into s and given[key] set (given: GW_WEB_SETTINGS flags, or NULL). Strict: true, or false with code
 * ("wrong_type": patch no object or a value no string, "unknown_field", "bad_value"; GW_PROTOCOL_CODE_MAX
 * bytes) and a sentence (msg, GW_PROTOCOL_MESSAGE_MAX bytes); s then holds the keys before the refused one.
 * What whist serve's settings message and the WebAssembly module's worker both check. */
bool gw_web_settings_patch(gw_web_settings *s, const json_t *patch, bool *given, char *code, char *msg);

/* The settings as one compact JSON text (malloc'd; NULL without memory). */
char *gw_web_settings_dump(const gw_web_settings *s);

#endif

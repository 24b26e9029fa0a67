/* web_settings.c: a browser player's settings: keys, values, defaults, checks, JSON (gw/web_settings.h). */
#include "gw/web_settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/deck.h"
#include "gw/levels.h"
#include "gw/protocol.h"
#include "gw/score.h"

typedef struct key_def {
    const char *name;
    const char *def;
    const char *const *values; /* the allowed values, NULL-terminated; NULL: checked by check_special */
} key_def;

static const char *const ON_OFF[] = {"on", "off", NULL};
static const char *const SPEEDS[] = {"normal", "fast", "instant", NULL};
static const char *const ORIENTATIONS[] = {"auto", "portrait", "landscape", NULL};
static const char *const HAND_DISPLAYS[] = {"row", "stacked", NULL};
static const char *const FACES[] = {"modern", "classic", NULL};
static const char *const BACKS[] = {"blue",   "red",   "green", "purple", "lattice",
                                    "checks", "waves", "stars", NULL};
static const char *const SUIT_ORDERS[] = {"alternate", "classic", NULL};

static const key_def KEYS[GW_WEB_SETTINGS] = {
    [GW_WEB_SETTING_NAME] = {"name", "", NULL},
    [GW_WEB_SETTING_SOUND] = {"sound", "on", ON_OFF},
    [GW_WEB_SETTING_SPEED] = {"speed", "normal", SPEEDS},
    [GW_WEB_SETTING_ORIENTATION] = {"orientation", "auto", ORIENTATIONS},
    [GW_WEB_SETTING_HAND_DISPLAY] = {"hand-display", "row", HAND_DISPLAYS},
    [GW_WEB_SETTING_FACES] = {"faces", "modern", FACES},
    [GW_WEB_SETTING_BACK] = {"back", "blue", BACKS},
    [GW_WEB_SETTING_SUIT_ORDER] = {"suit-order", "alternate", SUIT_ORDERS},
    [GW_WEB_SETTING_SINGLE_CLICK] = {"single-click", "off", ON_OFF},
    [GW_WEB_SETTING_TRACKER] = {"tracker", "off", ON_OFF},
    [GW_WEB_SETTING_OPPONENT] = {"opponent", "hard", NULL},
    [GW_WEB_SETTING_ANDROID_OPPONENT] = {"android-opponent", "hard", NULL},
    [GW_WEB_SETTING_VARIANT] = {"variant", "classic", NULL},
    [GW_WEB_SETTING_SCORING] = {"scoring", "last13", NULL},
    [GW_WEB_SETTING_TARGET] = {"target", "10", NULL},
};

void gw_web_settings_default(gw_web_settings *s) {
    for (int k = 0; k < GW_WEB_SETTINGS; k++)
        snprintf(s->value[k], GW_WEB_SETTING_BYTES, "%s", KEYS[k].def);
}

const char *gw_web_setting_name(int key) { return key >= 0 && key < GW_WEB_SETTINGS ? KEYS[key].name : "?"; }

int gw_web_setting_key(const char *name) {
    for (int k = 0; k < GW_WEB_SETTINGS; k++)
        if (strcmp(KEYS[k].name, name) == 0) return k;
    return -1;
}

/* A display name (docs/protocol.md, "settings"; the one place the server checks it): at most 31 bytes, no
 * control character (C0, DEL, C1), no quote (double or single) nor backslash (records keep the name in a
 * tag). */
static bool name_ok(const char *v, size_t len, char *why, size_t cap) {
    if (len > GW_WEB_SETTING_BYTES - 1) {
        snprintf(why, cap, "a name has at most %d bytes", GW_WEB_SETTING_BYTES - 1);
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)v[i];
        bool c1 =
            c == 0xc2 && i + 1 < len && (unsigned char)v[i + 1] >= 0x80 && (unsigned char)v[i + 1] < 0xa0;
        if (c < 0x20 || c == 0x7f || c1 || c == '"' || c == '\'' || c == '\\') {
            snprintf(why, cap, "a name may not hold control characters, quotes or backslashes");
            return false;
        }
    }
    return true;
}

bool gw_web_setting_check(int key, const char *value, size_t len, char out[GW_WEB_SETTING_BYTES], char *why,
                          size_t cap) {
    if (key < 0 || key >= GW_WEB_SETTINGS) {
        snprintf(why, cap, "no such setting");
        return false;
    }
    const key_def *d = &KEYS[key];
    if (strlen(value) != len) {
        snprintf(why, cap, "%s: no NUL character", d->name);
        return false;
    }
    if (key == GW_WEB_SETTING_NAME) {
        if (!name_ok(value, len, why, cap)) return false;
        memcpy(out, value, len + 1);
        return true;
    }
    const char *canon = NULL;
    if (d->values) {
        for (int i = 0; d->values[i] && !canon; i++)
            if (strcmp(d->values[i], value) == 0) canon = d->values[i];
    } else if (key == GW_WEB_SETTING_OPPONENT) {
        gw_ai_level l;
        if (gw_ai_level_parse(value, &l)) canon = gw_ai_level_name(l);
    } else if (key == GW_WEB_SETTING_ANDROID_OPPONENT) {
        gw_android_level l;
        if (gw_android_level_parse(value, &l)) canon = gw_android_level_name(l);
    } else if (key == GW_WEB_SETTING_VARIANT) {
        gw_variant v;
        if (gw_variant_parse(value, &v)) canon = gw_variant_name(v);
    } else if (key == GW_WEB_SETTING_SCORING) {
        gw_scoring sc;
        if (gw_scoring_parse(value, &sc)) canon = gw_scoring_name(sc);
    } else {
        /* the target: decimal 1..1000, no sign, no leading zero */
        bool digits = len >= 1 && len <= 4 && value[0] != '0';
        for (size_t i = 0; i < len && digits; i++)
            digits = value[i] >= '0' && value[i] <= '9';
        if (digits && atoi(value) <= 1000) canon = value;
    }
    if (!canon) {
        snprintf(why, cap, "%s: '%.40s' is not one of its values", d->name, value);
        return false;
    }
    snprintf(out, GW_WEB_SETTING_BYTES, "%s", canon);
    return true;
}

json_t *gw_web_settings_json(const gw_web_settings *s) {
    json_t *j = json_object();
    if (!j) return NULL;
    for (int k = 0; k < GW_WEB_SETTINGS; k++)
        if (json_object_set_new(j, KEYS[k].name, json_string(s->value[k])) != 0) {
            json_decref(j);
            return NULL;
        }
    return j;
}

void gw_web_settings_load(gw_web_settings *s, const char *text) {
    gw_web_settings_default(s);
    if (!text || !*text) return;
    json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, NULL);
    if (!json_is_object(j)) {
        json_decref(j);
        return;
    }
    const char *name;
    json_t *v;
    json_object_foreach(j, name, v) {
        int k = gw_web_setting_key(name);
        char why[128], canon[GW_WEB_SETTING_BYTES];
        if (k >= 0 && json_is_string(v) &&
            gw_web_setting_check(k, json_string_value(v), json_string_length(v), canon, why, sizeof why))
            memcpy(s->value[k], canon, sizeof canon);
    }
    json_decref(j);
}

char *gw_web_settings_dump(const gw_web_settings *s) {
    json_t *j = gw_web_settings_json(s);
    if (!j) return NULL;
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return text;
}

bool gw_web_settings_patch(gw_web_settings *s, const json_t *patch, bool *given, char *code, char *msg) {
    if (!json_is_object(patch)) {
        snprintf(code, GW_PROTOCOL_CODE_MAX, "wrong_type");
        snprintf(msg, GW_PROTOCOL_MESSAGE_MAX, "'settings' must be an object");
        return false;
    }
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)patch, key, v) {
        int k = gw_web_setting_key(key);
        char why[GW_PROTOCOL_MESSAGE_MAX - 16];
        if (k < 0) {
            snprintf(code, GW_PROTOCOL_CODE_MAX, "unknown_field");
            snprintf(msg, GW_PROTOCOL_MESSAGE_MAX, "settings has no field '%.40s'", key);
            return false;
        }
        if (!json_is_string(v)) {
            snprintf(code, GW_PROTOCOL_CODE_MAX, "wrong_type");
            snprintf(msg, GW_PROTOCOL_MESSAGE_MAX, "settings.%s must be a string", key);
            return false;
        }
        if (!gw_web_setting_check(k, json_string_value(v), json_string_length(v), s->value[k], why,
                                  sizeof why)) {
            snprintf(code, GW_PROTOCOL_CODE_MAX, "bad_value");
            snprintf(msg, GW_PROTOCOL_MESSAGE_MAX, "settings.%s", why);
            return false;
        }
        if (given) given[k] = true;
    }
    return true;
}

/* settings.c: the player's settings: defaults, the settings file's text, loading and saving it. */
#define _POSIX_C_SOURCE 200809L
#include "gw/settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gw/files.h"

/* The longest line the file may hold (comments included): anything longer is
 * not something whist wrote. */
#define LINE_MAX_BYTES 256

static const char *const SPEED_NAMES[] = {"normal", "fast", "instant"};
static const char *const HAND_DISPLAY_NAMES[] = {"row", "stacked"};

void gw_settings_default(gw_settings *s) {
    s->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
    s->opponent = GW_AI_HARD;
    s->suit_order = GW_ORDER_ALTERNATE;
    s->speed = GW_SPEED_NORMAL;
    s->single_click = false;
    s->bell = true;
    s->tracker = true;
    s->hand_display = GW_HAND_ROW;
}

const char *gw_speed_name(gw_speed s) {
    return (unsigned)s < sizeof SPEED_NAMES / sizeof SPEED_NAMES[0] ? SPEED_NAMES[s] : "unknown";
}

bool gw_speed_parse(const char *s, gw_speed *out) {
    for (int i = 0; i < (int)(sizeof SPEED_NAMES / sizeof SPEED_NAMES[0]); i++) {
        if (strcmp(s, SPEED_NAMES[i]) == 0) {
            *out = (gw_speed)i;
            return true;
        }
    }
    return false;
}

const char *gw_hand_display_name(gw_hand_display d) {
    return (unsigned)d < sizeof HAND_DISPLAY_NAMES / sizeof HAND_DISPLAY_NAMES[0] ? HAND_DISPLAY_NAMES[d]
                                                                                  : "unknown";
}

bool gw_hand_display_parse(const char *s, gw_hand_display *out) {
    for (int i = 0; i < (int)(sizeof HAND_DISPLAY_NAMES / sizeof HAND_DISPLAY_NAMES[0]); i++) {
        if (strcmp(s, HAND_DISPLAY_NAMES[i]) == 0) {
            *out = (gw_hand_display)i;
            return true;
        }
    }
    return false;
}

static bool parse_bool(const char *s, bool *out) {
    static const char *const YES[] = {"on", "yes", "true", "1"}, *const NO[] = {"off", "no", "false", "0"};
    for (int i = 0; i < 4; i++) {
        if (strcmp(s, YES[i]) == 0 || strcmp(s, NO[i]) == 0) {
            *out = strcmp(s, YES[i]) == 0;
            return true;
        }
    }
    return false;
}

/* Applies one "key = value" (both trimmed, lower case) to s; on a bad value
 * writes the reason into why and returns false. */
static bool apply(gw_settings *s, const char *key, const char *value, char *why, size_t cap) {
    if (strcmp(key, "variant") == 0) {
        if (gw_variant_parse(value, &s->rules.variant)) return true;
        snprintf(why, cap, "variant must be classic or small, not '%.40s'", value);
    } else if (strcmp(key, "scoring") == 0) {
        if (gw_scoring_parse(value, &s->rules.scoring)) return true;
        snprintf(why, cap, "scoring must be last13, every, difference or total, not '%.40s'", value);
    } else if (strcmp(key, "target") == 0) {
        size_t n = strlen(value);
        bool digits = n > 0 && n <= 4 && strspn(value, "0123456789") == n;
        int v = digits ? atoi(value) : 0;
        if (digits && v >= GW_TARGET_MIN && v <= GW_TARGET_MAX) {
            s->rules.target = v;
            return true;
        }
        snprintf(why, cap, "target must be a whole number from %d to %d, not '%.40s'", GW_TARGET_MIN,
                 GW_TARGET_MAX, value);
    } else if (strcmp(key, "opponent") == 0) {
        gw_ai_level level;
        if (gw_ai_level_parse(value, &level) &&
            (level == GW_AI_EASY || level == GW_AI_HARD || level == GW_AI_EXPERT)) {
            s->opponent = level;
            return true;
        }
        snprintf(why, cap, "opponent must be easy, hard or expert, not '%.40s'", value);
    } else if (strcmp(key, "suit-order") == 0) {
        if (strcmp(value, "alternate") == 0 || strcmp(value, "classic") == 0) {
            s->suit_order = value[0] == 'a' ? GW_ORDER_ALTERNATE : GW_ORDER_CLASSIC;
            return true;
        }
        snprintf(why, cap, "suit-order must be alternate or classic, not '%.40s'", value);
    } else if (strcmp(key, "speed") == 0) {
        if (gw_speed_parse(value, &s->speed)) return true;
        snprintf(why, cap, "speed must be normal, fast or instant, not '%.40s'", value);
    } else if (strcmp(key, "hand-display") == 0) {
        if (gw_hand_display_parse(value, &s->hand_display)) return true;
        snprintf(why, cap, "hand-display must be row or stacked, not '%.40s'", value);
    } else if (strcmp(key, "single-click") == 0 || strcmp(key, "bell") == 0 || strcmp(key, "tracker") == 0) {
        bool *field = key[0] == 's' ? &s->single_click : key[0] == 'b' ? &s->bell : &s->tracker;
        if (parse_bool(value, field)) return true;
        snprintf(why, cap, "%s must be on or off, not '%.40s'", key, value);
    } else {
        snprintf(why, cap, "unknown setting '%.40s'", key);
    }
    return false;
}

/* Trims blanks at both ends of s[0..n) in place; returns the new start and sets *n. */
static char *trim(char *s, size_t *n) {
    while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
        s[--*n] = '\0';
    while (*n > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        --*n;
    }
    return s;
}

/* Uses one line (no newline, at most LINE_MAX_BYTES bytes, NUL-terminated
 * copy); false with the reason in why if it cannot. */
static bool parse_line(gw_settings *s, char *line, size_t n, char *why, size_t cap) {
    line = trim(line, &n);
    if (n == 0 || line[0] == '#') return true;
    char *eq = strchr(line, '=');
    if (!eq) {
        snprintf(why, cap, "expected 'key = value', not '%.40s'", line);
        return false;
    }
    *eq = '\0';
    size_t kn = (size_t)(eq - line), vn = n - kn - 1;
    char *key = trim(line, &kn), *value = trim(eq + 1, &vn);
    for (char *p = key; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    for (char *p = value; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    if (kn == 0) {
        snprintf(why, cap, "expected a key before '='");
        return false;
    }
    return apply(s, key, value, why, cap);
}

/* How much of a warning the list of bad lines may fill before the rest is
 * only counted ("; and 3 more bad lines"): room is kept for the count and
 * for "settings.conf " before it (gw_settings_load). */
#define WARN_BUDGET 210

gw_status gw_settings_parse(const char *text, size_t len, gw_settings *s, gw_error *warn) {
    gw_error_clear(warn);
    gw_status st = GW_OK;
    char list[WARN_BUDGET + 64] = "";
    size_t used = 0;
    int first = 0, untold = 0;
    size_t pos = 0;
    for (int line_no = 1; pos < len; line_no++) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len, n = end - pos;
        if (n > 0 && text[end - 1] == '\r') n--; /* CRLF */
        char line[LINE_MAX_BYTES + 1], why[200];
        bool ok;
        if (n > LINE_MAX_BYTES) {
            snprintf(why, sizeof why, "the line is longer than %d characters", LINE_MAX_BYTES);
            ok = false;
        } else if (memchr(text + pos, '\0', n)) {
            snprintf(why, sizeof why, "the line holds a NUL byte");
            ok = false;
        } else {
            memcpy(line, text + pos, n);
            line[n] = '\0';
            ok = parse_line(s, line, n, why, sizeof why);
        }
        if (!ok) {
            char item[240];
            int k = snprintf(item, sizeof item, "%sline %d: %s", first ? "; " : "", line_no, why);
            if (!first) first = line_no;
            if (untold == 0 && (used == 0 || used + (size_t)k <= WARN_BUDGET) &&
                used + (size_t)k < sizeof list) {
                memcpy(list + used, item, (size_t)k + 1);
                used += (size_t)k;
            } else {
                untold++;
            }
        }
        pos = end + 1;
    }
    if (first) {
        if (untold)
            st = gw_error_set(warn, GW_EINVAL, first, 0, "%s; and %d more bad line%s", list, untold,
                              untold == 1 ? "" : "s");
        else
            st = gw_error_set(warn, GW_EINVAL, first, 0, "%s", list);
    }
    return st;
}

void gw_settings_write(const gw_settings *s, gw_text *out) {
    gw_text_puts(out, "# whist settings: one 'key = value' a line; whist rewrites this file.\n");
    gw_text_printf(out, "variant = %s\n", gw_variant_name(s->rules.variant));
    gw_text_printf(out, "scoring = %s\n", gw_scoring_name(s->rules.scoring));
    gw_text_printf(out, "target = %d\n", s->rules.target);
    gw_text_printf(out, "opponent = %s\n", gw_ai_level_name(s->opponent));
    gw_text_printf(out, "suit-order = %s\n", s->suit_order == GW_ORDER_CLASSIC ? "classic" : "alternate");
    gw_text_printf(out, "speed = %s\n", gw_speed_name(s->speed));
    gw_text_printf(out, "single-click = %s\n", s->single_click ? "on" : "off");
    gw_text_printf(out, "bell = %s\n", s->bell ? "on" : "off");
    gw_text_printf(out, "tracker = %s\n", s->tracker ? "on" : "off");
    gw_text_printf(out, "hand-display = %s\n", gw_hand_display_name(s->hand_display));
}

gw_status gw_settings_path(char *out, size_t cap, gw_error *err) {
    return gw_xdg_path(GW_XDG_CONFIG, "settings.conf", out, cap, err);
}

gw_status gw_settings_load(gw_settings *s, gw_error *warn) {
    gw_settings_default(s);
    char path[4096];
    gw_status st = gw_settings_path(path, sizeof path, warn);
    if (st != GW_OK) return st;
    struct stat sb;
    if (stat(path, &sb) != 0 && errno == ENOENT) {
        gw_error_clear(warn);
        return GW_OK;
    }
    char *text;
    size_t len;
    gw_error e;
    if (gw_file_read(path, &text, &len, &e) != GW_OK)
        return gw_error_set(warn, GW_EIO, 0, 0, "cannot read %s: %s", path, e.msg);
    st = gw_settings_parse(text, len, s, &e);
    free(text);
    if (st != GW_OK) {
        /* The whole path if the message has room for it, else the file's name. */
        const char *shown = strlen(path) + strlen(e.msg) + 3 < sizeof warn->msg ? path : "settings.conf";
        return gw_error_set(warn, st, e.line, e.col, "%s %s", shown, e.msg);
    }
    gw_error_clear(warn);
    return GW_OK;
}

gw_status gw_settings_save(const gw_settings *s, gw_error *err) {
    char dir[4096], path[4200];
    gw_status st = gw_xdg_dir(GW_XDG_CONFIG, NULL, dir, sizeof dir, err);
    if (st != GW_OK) return st;
    snprintf(path, sizeof path, "%s/settings.conf", dir);
    gw_text t = {0};
    gw_settings_write(s, &t);
    if (t.failed) {
        gw_text_free(&t);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory writing the settings");
    }
    gw_error e;
    st = gw_file_write(path, t.data, t.len, &e);
    gw_text_free(&t);
    if (st != GW_OK) return gw_error_set(err, st, 0, 0, "cannot save %s: %s", path, e.msg);
    gw_error_clear(err);
    return GW_OK;
}

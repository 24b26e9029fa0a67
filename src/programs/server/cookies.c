/* cookies.c: the whist_token cookies of a Cookie header (cookies.h). */
#include "cookies.h"

#include <string.h>

static bool token_form(const char *v, size_t len) {
    if (len != COOKIE_TOKEN_HEX) return false;
    for (size_t i = 0; i < len; i++)
        if (!((v[i] >= '0' && v[i] <= '9') || (v[i] >= 'a' && v[i] <= 'f'))) return false;
    return true;
}

void cookie_scan(cookie_tokens *t, const char *text, size_t len) {
    const size_t name_len = sizeof COOKIE_NAME - 1;
    size_t i = 0;
    while (i < len) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == ';'))
            i++;
        size_t start = i;
        while (i < len && text[i] != ';')
            i++;
        size_t end = i; /* one cookie: text[start, end) */
        while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t'))
            end--;
        if (end - start < name_len + 1 || memcmp(text + start, COOKIE_NAME, name_len) != 0) continue;
        size_t eq = start + name_len;
        while (eq < end && (text[eq] == ' ' || text[eq] == '\t'))
            eq++;
        if (eq >= end || text[eq] != '=') continue; /* another name that begins with ours */
        const char *v = text + eq + 1;
        size_t vlen = end - eq - 1;
        if (t->count++ == 0 && token_form(v, vlen)) {
            memcpy(t->first, v, COOKIE_TOKEN_HEX);
            t->first[COOKIE_TOKEN_HEX] = '\0';
            t->well_formed = true;
        }
    }
}

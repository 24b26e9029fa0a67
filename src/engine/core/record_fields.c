/* record_fields.c: small readers shared by the German Whist and Android Whist record readers. */
#include "record_fields.h"

#include <stdlib.h>
#include <string.h>

char *rec_copy(const char *s, size_t n) {
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *rec_unescape(const char *s, size_t n) {
    char *p = malloc(n + 1);
    if (!p) return NULL;
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) i++;
        p[j++] = s[i];
    }
    p[j] = '\0';
    return p;
}

void rec_excerpt(const char *s, size_t n, char out[32]) {
    size_t k = n < 20 ? n : 20;
    for (size_t i = 0; i < k; i++)
        out[i] = (s[i] >= 32 && s[i] < 127) || (unsigned char)s[i] >= 0x80 ? s[i] : '?';
    if (n > 20) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
}

bool rec_uint(const char *s, unsigned long long max, unsigned long long *out) {
    unsigned long long v = 0;
    if (!*s) return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        unsigned d = (unsigned)(*s - '0');
        if (d > max || v > (max - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool rec_pair(const char *s, int max, int out[2]) {
    const char *dash = strchr(s, '-');
    char first[16];
    size_t n = dash ? (size_t)(dash - s) : 0;
    unsigned long long a, b;
    if (n == 0 || n >= sizeof first) return false;
    memcpy(first, s, n);
    first[n] = '\0';
    if (!rec_uint(first, (unsigned long long)max, &a) || !rec_uint(dash + 1, (unsigned long long)max, &b))
        return false;
    out[0] = (int)a;
    out[1] = (int)b;
    return true;
}

bool rec_date(const char *s) {
    if (strlen(s) != 10 || s[4] != '.' || s[7] != '.') return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !((s[i] >= '0' && s[i] <= '9') || s[i] == '?')) return false;
    return true;
}

gw_status rec_keep_tag(gw_tag **tags, int *ntags, char *name, char *value, int line, int col) {
    gw_tag *p = realloc(*tags, (size_t)(*ntags + 1) * sizeof *p);
    if (!p) {
        free(name);
        free(value);
        return GW_ENOMEM;
    }
    *tags = p;
    p[(*ntags)++] = (gw_tag){name, value, line, col};
    return GW_OK;
}

bool rec_trick_number(const char *s, size_t n, int *num, size_t *rest) {
    size_t i = 0;
    int v = 0;
    while (i < n && i < 6 && s[i] >= '0' && s[i] <= '9')
        v = v * 10 + (s[i++] - '0');
    if (i == 0 || i >= n || s[i] != '.') return false;
    *num = v;
    *rest = i + 1;
    return true;
}

void rec_check_result(gw_error *err, int line, int col, const int result[2], bool finished, int tricks_done,
                      const int tricks[2]) {
    if (!finished)
        gw_error_set(err, GW_EINVAL, line, col,
                     "Result %d-%d does not match the moves: the hand is unfinished after trick %d",
                     result[0], result[1], tricks_done);
    else if (result[0] != tricks[0] || result[1] != tricks[1])
        gw_error_set(err, GW_EINVAL, line, col, "Result %d-%d does not match the moves, which give %d-%d",
                     result[0], result[1], tricks[0], tricks[1]);
}

const char *rec_find_tag(const gw_tag *tags, int ntags, const char *name) {
    for (int i = 0; i < ntags; i++)
        if (strcmp(tags[i].name, name) == 0) return tags[i].value;
    return NULL;
}

gw_status rec_set_tag(gw_tag **tags, int *ntags, const char *name, const char *value) {
    char *v = rec_copy(value, strlen(value));
    if (!v) return GW_ENOMEM;
    for (int i = 0; i < *ntags; i++) {
        if (strcmp((*tags)[i].name, name) == 0) {
            free((*tags)[i].value);
            (*tags)[i].value = v;
            return GW_OK;
        }
    }
    char *n = rec_copy(name, strlen(name));
    if (!n) {
        free(v);
        return GW_ENOMEM;
    }
    return rec_keep_tag(tags, ntags, n, v, 0, 0);
}

void rec_put_tag(gw_text *out, const char *name, const char *value) {
    gw_text_putc(out, '[');
    gw_text_puts(out, name);
    gw_text_puts(out, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') gw_text_putc(out, '\\');
        gw_text_putc(out, *p == '\n' ? ' ' : *p);
    }
    gw_text_puts(out, "\"]\n");
}

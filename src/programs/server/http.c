/* http.c: whist serve's HTTP answers (server_int.h): the web client's files, kept in memory (read again when
 * the file changes), so a socket that reads slowly holds no file descriptor; the answers for everything
 * else. Every answer's security headers (the Content-Security-Policy and the others) are the vhost's
 * (serve.c), which libwebsockets adds to each status line. Nothing here touches a player. */
#define _DEFAULT_SOURCE /* struct stat's st_mtim */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libwebsockets.h>

#include "server_int.h"

#define WEB_FILE_MAX (8 * 1024 * 1024) /* bytes: a larger file is not served */
#define PATH_LEN_MAX 200

struct web_file {
    struct web_file *next;
    char rel[PATH_LEN_MAX + 1]; /* its path under the web folder, "/index.html" */
    struct timespec mtime;
    off_t size;
    unsigned char *data; /* LWS_PRE bytes, then the file */
};

/* The content type of a file the web client may hold, by its name's ending; NULL: not served. */
static const char *mime_type(const char *path) {
    static const char *const TYPES[][2] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".webmanifest", "application/manifest+json"},
        {".wasm", "application/wasm"},
        {".mp3", "audio/mpeg"},
        {".ogg", "audio/ogg"},
        {".wav", "audio/wav"},
    };
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/')) return NULL;
    for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
        if (strcmp(dot, TYPES[i][0]) == 0) return TYPES[i][1];
    return NULL;
}

/* A path of the web client: letters, digits, '-', '_', '.', '/' only, no ".." nor "//" nor a name
 * starting with '.'. */
static bool safe_path(const char *p) {
    if (*p != '/' || strlen(p) > PATH_LEN_MAX) return false;
    for (const char *q = p; *q; q++) {
        bool ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') ||
                  *q == '-' || *q == '_' || *q == '.' || *q == '/';
        if (!ok) return false;
        if (*q == '/' && (q[1] == '/' || q[1] == '.')) return false;
    }
    return true;
}

int http_answer(struct lws *wsi, unsigned code, const char *text) {
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf - 1;
    size_t len = strlen(text);
    if (lws_add_http_common_headers(wsi, code, "text/plain; charset=utf-8", len, &p, end) ||
        lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, (const unsigned char *)"no-store", 8,
                                     &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    if (len && !lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI)) {
        unsigned char body[LWS_PRE + 512];
        if (len > sizeof body - LWS_PRE) len = sizeof body - LWS_PRE;
        memcpy(body + LWS_PRE, text, len);
        if (lws_write(wsi, body + LWS_PRE, len, LWS_WRITE_HTTP_FINAL) != (int)len) return -1;
    }
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

#define ENGINE_REL "/js/whist-engine.js"

/* The file rel of the web folder, read into memory if it changed since (NULL: none, or unreadable). The
 * engine's path, when the folder has no engine of its own (whist serve's web/: the source), is --engine's. */
static web_file *file_get(server *sv, const char *rel) {
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s%s", sv->web, rel);
    struct stat st;
    if (n >= 0 && (size_t)n < sizeof path && stat(path, &st) != 0 && strcmp(rel, ENGINE_REL) == 0 &&
        sv->engine[0])
        n = snprintf(path, sizeof path, "%s", sv->engine);
    if (n < 0 || (size_t)n >= sizeof path || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size > WEB_FILE_MAX)
        return NULL;
    web_file *f = sv->files;
    while (f && strcmp(f->rel, rel) != 0)
        f = f->next;
    if (f && f->size == st.st_size && f->mtime.tv_sec == st.st_mtim.tv_sec &&
        f->mtime.tv_nsec == st.st_mtim.tv_nsec)
        return f;
    unsigned char *data = malloc(LWS_PRE + (size_t)st.st_size + 1);
    FILE *in = data ? fopen(path, "rb") : NULL;
    size_t got = in ? fread(data + LWS_PRE, 1, (size_t)st.st_size + 1, in) : 0;
    if (in) fclose(in);
    if (!in || got != (size_t)st.st_size) { /* gone, unreadable, or changing under us */
        if (data && !in) server_log("cannot read %s: %s", path, strerror(errno));
        free(data);
        return NULL;
    }
    if (!f) {
        f = calloc(1, sizeof *f);
        if (!f) {
            free(data);
            return NULL;
        }
        snprintf(f->rel, sizeof f->rel, "%s", rel);
        f->next = sv->files;
        sv->files = f;
    }
    free(f->data);
    f->data = data;
    f->size = st.st_size;
    f->mtime = st.st_mtim;
    return f;
}

void http_files_free(server *sv) {
    while (sv->files) {
        web_file *f = sv->files;
        sv->files = f->next;
        free(f->data);
        free(f);
    }
}

int http_serve(server *sv, struct lws *wsi, const char *uri) {
    char host[300];
    int nh = lws_hdr_total_length(wsi, WSI_TOKEN_HOST);
    if (nh <= 0 || nh >= (int)sizeof host || lws_hdr_copy(wsi, host, (int)sizeof host, WSI_TOKEN_HOST) < 0 ||
        !hosts_allow_host(&sv->hosts, host))
        return http_answer(wsi, 421, "This server does not answer for that host name.\n");
    bool head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
    if (!head && lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return http_answer(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, "Only GET and HEAD.\n");
    const char *rel = strcmp(uri, "/") == 0 ? "/index.html" : uri;
    const char *type = mime_type(rel);
    web_file *f = safe_path(rel) && type ? file_get(sv, rel) : NULL;
    if (!f) return http_answer(wsi, HTTP_STATUS_NOT_FOUND, "Not found.\n");
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, HTTP_STATUS_OK, type, (lws_filepos_t)f->size, &p, end) ||
        lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, (const unsigned char *)"no-cache", 8,
                                     &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    /* the whole body at once: what the socket does not take now, libwebsockets keeps and sends as it can */
    if (!head && f->size > 0 &&
        lws_write(wsi, f->data + LWS_PRE, (size_t)f->size, LWS_WRITE_HTTP_FINAL) != (int)f->size)
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

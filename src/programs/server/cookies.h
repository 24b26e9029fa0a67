/* cookies.h: the identity cookie in a request's Cookie header (docs/protocol.md, "Identity"): how many
 * whist_token cookies it holds, and the token of the first if it is well formed. Pure: no I/O. */
#ifndef SERVER_COOKIES_H
#define SERVER_COOKIES_H

#include <stdbool.h>
#include <stddef.h>

#define COOKIE_NAME      "whist_token"
#define COOKIE_TOKEN_HEX 32 /* a token: 128 bits as lowercase hexadecimal */

/* What the Cookie headers of one request say about its identity. Start zeroed; cookie_scan each header
 * (a request may carry several), then read it. */
typedef struct cookie_tokens {
    int count;                        /* whist_token cookies seen, whatever their value */
    bool well_formed;                 /* the first one's value is a token of the right form */
    char first[COOKIE_TOKEN_HEX + 1]; /* that token ("" if not well formed) */
} cookie_tokens;

/* Adds the whist_token cookies of one Cookie header's text (len bytes, any length; cookies separated by
 * ';' and spaces, "NAME=VALUE" each) to t. A cookie whose name is exactly whist_token counts, however
 * malformed its value; names that merely end or begin with it do not. */
void cookie_scan(cookie_tokens *t, const char *text, size_t len);

#endif

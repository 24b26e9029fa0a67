/* dialog.h: boxes over the table: messages, questions, help pages. */
#ifndef GW_TUI_DIALOG_H
#define GW_TUI_DIALOG_H

#include "screen.h"

/* Redraws what lies under a dialog (after a resize). */
typedef void (*tui_backdrop)(void *ctx);

/* Shows a centred box with a title and n lines over the backdrop, waits for
 * a key and returns it (TUI_KEY_SIGNAL if a signal came). Resizes redraw.
 * While the terminal is too small (the box is hidden) only q is returned:
 * other keys do nothing. */
int tui_dialog(tui_screen *s, tui_backdrop under, void *ctx, const char *title, const char *const *lines,
               int n);

#endif

/* diag_capture.c — see diag_capture.h. */
#include "diag_capture.h"

#include <stdlib.h>

void diag_capture_open(DiagCapture *c) {
    c->arena = arena_new();
    c->text = NULL;
    c->len = 0;
    c->out = open_memstream(&c->text, &c->len);
    diag_init(&c->diag, c->out);
}

void diag_capture_close(DiagCapture *c) {
    fclose(c->out);
    free(c->text);
    arena_free(c->arena);
}

const char *diag_capture_since(DiagCapture *c, size_t start) {
    fflush(c->out);
    return c->text && c->len > start ? c->text + start : "";
}

/* diag_capture.h — a test fixture: an Arena plus a Diag writing into memory, so tests
 * can assert on the exact diagnostics a component reports.
 * Entry points: diag_capture_open, diag_capture_close, diag_capture_since.
 * Memory owner: the capture owns its arena and text buffer until closed. */
#ifndef INGOT_TEST_DIAG_CAPTURE_H
#define INGOT_TEST_DIAG_CAPTURE_H

#include <stddef.h>
#include <stdio.h>

#include "arena.h"
#include "diag.h"

typedef struct DiagCapture {
    Arena *arena;
    Diag diag;
    FILE *out;      /* the memory stream diag writes to */
    char *text;     /* everything reported so far (valid after a flush) */
    size_t len;
} DiagCapture;

void diag_capture_open(DiagCapture *c);
void diag_capture_close(DiagCapture *c);
/* Flushes and returns the text reported since byte offset start ("" if none). */
const char *diag_capture_since(DiagCapture *c, size_t start);

#endif

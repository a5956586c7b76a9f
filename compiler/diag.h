/* diag.h — user diagnostics (GCC/Clang layout with a caret) and internal-error asserts.
 * Entry points: diag_error, diag_warning, diag_note, IG_ASSERT, UNREACHABLE.
 * Memory owner: a Diag belongs to the driver; it prints to its stream as it goes. */
#ifndef INGOT_DIAG_H
#define INGOT_DIAG_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "srcloc.h"

#define DIAG_MAX_ERRORS 20

typedef struct Diag {
    FILE *out;          /* stderr normally; tests point it at a memstream */
    int errors;
    int warnings;
    bool too_many;      /* the cap was hit: later errors are counted, not printed */
    bool color;         /* --color: GCC's colours (bold place, red error, green caret) */
} Diag;

void diag_init(Diag *d, FILE *out);

/* Reads a script into the arena; NULL (and errno set) when it cannot be read. */
SourceFile *diag_load_file(Arena *arena, const char *path);
/* A SourceFile made from a string (tests, f-string sub-parses). */
SourceFile *diag_source_from_string(Arena *arena, const char *path, const char *text);

/* "file:line:col: error: message", then the source line and a caret under loc.
 * Wording: lowercase, no final period, names in quotes. */
void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_warning(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A warning of a kind the user names (-Wname): "warning: msg [-Wname]", or with
   as_error (-Werror) "error: msg [-Werror=name]", then counted as an error. */
void diag_warning_flag(Diag *d, SrcLoc loc, const char *name, bool as_error, const char *msg);
/* An error without a place in a script ("ingot: error: ..."). */
void diag_error_noloc(Diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

bool diag_has_errors(const Diag *d);

/* Free text after an error (a Python traceback's lines). */
void diag_text(Diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One entry of a Python traceback: '  File "x.py", line 3, in f' and the line's text. */
void diag_traceback_entry(Diag *d, SrcLoc loc, const char *func);

/* Compiler bugs: never reported as user errors. */
_Noreturn void diag_internal_error(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define IG_ASSERT(cond)                                                                 \
    do {                                                                                \
        if (!(cond)) diag_internal_error(__FILE__, __LINE__, "assertion '%s' failed", #cond); \
    } while (0)
#define UNREACHABLE() diag_internal_error(__FILE__, __LINE__, "unreachable code reached")

#endif

/* text_lines.h — a text as its lines, each linked to the script line it came from, for
 * `ingot explain`'s listings; and a line diff of two outputs (--run's compiled against
 * eager). Entry points: text_lines_split, text_lines_link_marks, text_lines_link_c,
 * text_lines_link_mentions, text_lines_diff.
 * Memory owner: everything in the caller's Arena; the lines point into the text. */
#ifndef INGOT_TEXT_LINES_H
#define INGOT_TEXT_LINES_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "ast.h"

typedef struct TextLine {
    const char *text; /* not NUL-terminated: len bytes, without the newline */
    size_t len;
    int src_line;     /* the script line it came from; 0: none */
} TextLine;

typedef struct TextLines {
    TextLine *lines;
    int n;
} TextLines;

/* text cut at its newlines (a final newline ends the last line, it starts none). */
TextLines text_lines_split(Arena *a, const char *text);

/* AutoGraph's listing: each line takes the line of the statement whose text it is in
   (ast_module_to_source_mapped's marks, in text order). */
void text_lines_link_marks(TextLines *t, const AstLineMark *marks, int nmarks);

/* The emitted C: each line takes the line of the last comment that names one, as
   emit_c writes them: "/ * SCRIPT:N  source * /" before a statement's code, and
   " * traced from f(...) at SCRIPT:N" in a function's header comment; a function's
   closing brace (at column 0) ends the link. script is the name emit_c was given. */
void text_lines_link_c(TextLines *t, const char *script);

/* Free text (the trace report): a line that mentions "SCRIPT:N" links to line N, the
   first mention winning; "other_SCRIPT:N" is not a mention. */
void text_lines_link_mentions(TextLines *t, const char *script);

/* One row of a side-by-side diff: a line on the left, the right, or both (equal). */
typedef struct DiffRow {
    int left, right; /* line indices, -1 when absent from that side */
} DiffRow;

/* The rows of a shortest edit script from left to right (a longest common
   subsequence kept as equal rows), in order; *nrows its length. Over about 4 million
   line pairs it falls back to pairing lines by position (marked unequal where they
   differ), which keeps the time and memory bounded. */
DiffRow *text_lines_diff(Arena *a, const TextLines *left, const TextLines *right, int *nrows);

/* Whether two lines have the same text. */
bool text_line_equal(const TextLine *x, const TextLine *y);

#endif

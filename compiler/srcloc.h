/* srcloc.h — where a token, AST node or IR node came from in a script.
 * Entry points: the SrcLoc value type, srcfile_line; SourceFile is created by diag_load_file.
 * Memory owner: SourceFile objects live in the compilation's Arena. */
#ifndef INGOT_SRCLOC_H
#define INGOT_SRCLOC_H

#include <stddef.h>

typedef struct SourceFile {
    const char *path;    /* as given on the command line or resolved by import */
    const char *text;    /* whole contents, NUL-terminated */
    size_t len;
} SourceFile;

typedef struct SrcLoc {
    const SourceFile *file; /* NULL for compiler-made things with no place in a script */
    int line;               /* 1-based */
    int col;                /* 1-based, counted in bytes */
    int len;                /* bytes covered on that line (>= 1 for the caret) */
} SrcLoc;

/* Line `line` (1-based) of f: its start, with *len set to its length without the '\n'
 * and one '\r' before it (CRLF files), or before the end of a last line that has no
 * '\n'. The text after a final '\n' counts as one more, empty line. NULL (and *len 0)
 * when f or its text is NULL, line < 1, or f has fewer lines. Not NUL-terminated. */
const char *srcfile_line(const SourceFile *f, int line, size_t *len);

#endif

/* srcloc.h — where a token, AST node or IR node came from in a script.
 * Entry point: the SrcLoc value type; SourceFile is created by diag_load_file.
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

#endif

/* srcloc.c — reading a script's lines back out of its SourceFile.
 * Entry point: srcfile_line.
 * Memory owner: none; results point into the SourceFile's text. */
#include "srcloc.h"

#include <string.h>

/* Lines are the pieces between '\n's, so "a\n" has a line 2 that is empty (where the
 * lexer puts end of file) and "a" has none. */
const char *srcfile_line(const SourceFile *f, int line, size_t *len) {
    *len = 0;
    if (!f || !f->text || line < 1) return NULL;
    const char *p = f->text, *end = f->text + f->len;
    for (int l = 1; l < line; l++) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p) return NULL;
        p++;
    }
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) eol = end;
    if (eol > p && eol[-1] == '\r') eol--;
    *len = (size_t)(eol - p);
    return p;
}

/* fuzz_lexer.c — libFuzzer harness for the lexer (grammar/lexer.re, indent.c): any
 * bytes as a script, scanned to the end. The contract under test (lexer.h): after an
 * error the lexer reports it and always reaches TOK_EOF, never loops, never reads
 * outside the text. Entry point: LLVMFuzzerTestOneInput.
 * Memory owner: one Arena per input (fuzz_script_begin). */
#include <stdint.h>
#include <stdlib.h>

#include "diag.h"
#include "fuzz_common.h"
#include "lexer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzScript in;
    fuzz_script_begin(&in, data, size);
    Lexer *lx = lexer_new(in.arena, &in.diag, in.file);
    /* Each token consumes input or is layout (NEWLINE, INDENT, DEDENT), and there are
       fewer of those than bytes plus the open indentation levels: more tokens than
       this is a loop. */
    size_t limit = 4 * size + 64;
    size_t n = 0;
    for (Token t = lexer_next(lx); t.kind != TOK_EOF; t = lexer_next(lx))
        if (++n > limit) abort();
    fuzz_script_end(&in);
    return 0;
}

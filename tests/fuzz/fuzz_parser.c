/* fuzz_parser.c — libFuzzer harness for the parser (grammar/parser.y and its helpers:
 * f-strings, checks, error recovery): any bytes as a script, parsed to a tree or to
 * diagnostics, the tree then printed back as Python (--emit=ast). Entry point:
 * LLVMFuzzerTestOneInput.
 * Memory owner: one Arena per input. */
#include <stdint.h>
#include <stdlib.h>

#include "ast.h"
#include "diag.h"
#include "fuzz_common.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena *a = arena_new();
    Diag diag;
    diag_init(&diag, fuzz_sink());
    Node *ast = parse_file(a, &diag, fuzz_source(a, data, size));
    /* parse.h: a tree exactly when no error was reported. */
    if ((ast != NULL) == diag_has_errors(&diag)) abort();
    if (ast) ast_print(fuzz_sink(), ast);
    arena_free(a);
    return 0;
}

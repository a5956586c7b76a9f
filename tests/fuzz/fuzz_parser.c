/* fuzz_parser.c — libFuzzer harness for the parser (grammar/parser.y and its helpers:
 * f-strings, checks, error recovery): any bytes as a script, parsed to a tree or to
 * diagnostics, the tree then printed back as Python (--emit=ast). Entry point:
 * LLVMFuzzerTestOneInput.
 * Memory owner: one Arena per input (fuzz_script_begin). */
#include <stdint.h>
#include <stdlib.h>

#include "ast.h"
#include "diag.h"
#include "fuzz_common.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzScript in;
    fuzz_script_begin(&in, data, size);
    Node *ast = parse_file(in.arena, &in.diag, in.file);
    /* parse.h: a tree exactly when no error was reported. */
    if ((ast != NULL) == diag_has_errors(&in.diag)) abort();
    if (ast) ast_print(fuzz_sink(), ast);
    fuzz_script_end(&in);
    return 0;
}

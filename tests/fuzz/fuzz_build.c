/* fuzz_build.c — libFuzzer harness for the front half of `ingot build` (driver.c's
 * build(), stage by stage): parse → AutoGraph → trace (tracer_trace_program) →
 * passes_run (verify → dce → verify), then the graph and the C printed to /dev/null. No C
 * compiler runs. A compiler bug is an internal error (abort), which the fuzzer
 * reports; a script error is an answer. Entry point: LLVMFuzzerTestOneInput.
 * Memory owner: one Arena per input (fuzz_script_begin).
 *
 * The script is Python run at build time, so it may loop for ever: the interpreter
 * stops it after FUZZ_STATEMENT_LIMIT statements (VmOptions.max_steps,
 * the budget behind --max-build-steps), and after FUZZ_MEMORY_LIMIT bytes of heap
 * (--max-build-memory): both are located errors that end the trace, not the process. */
#include <stdint.h>
#include <stdlib.h>

#include "config.h"
#include "diag.h"
#include "emit_c.h"
#include "front_end.h"
#include "fuzz_common.h"
#include "tracer.h"
#include "ir.h"
#include "parse.h"
#include "passes.h"

#define FUZZ_STATEMENT_LIMIT 20000
#define FUZZ_MEMORY_LIMIT ((size_t)512 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzScript in;
    fuzz_script_begin(&in, data, size);
    Arena *a = in.arena;
    /* A directory that does not exist: the script's imports find the stdlib alone. */
    in.file->path = "/nonexistent-ingot-fuzz/fuzz.py";
    Node *ast = front_end_load(NULL, a, &in.diag, in.file);
    Module *m = NULL;
    if (ast) {
        TracerOptions topt = {.vm = {.stdlib_dir = INGOT_SOURCE_ROOT "/stdlib",
                                     .out = fuzz_sink(),
                                     .load = front_end_load,
                                     .max_steps = FUZZ_STATEMENT_LIMIT}};
        arena_set_memory_limit(FUZZ_MEMORY_LIMIT);
        m = tracer_trace_program(a, &in.diag, ast, &topt);
        /* Past the trace, running out is arena.c's exit, which the fuzzer would count
           as a crash: the passes and the printers run without a limit. */
        arena_set_memory_limit(0);
    }
    if (m) {
        passes_run(a, m, 2);
        graph_print(fuzz_sink(), m);
        EmitOptions eopt = {.script_name = "fuzz.py"};
        emit_c_module(fuzz_sink(), a, m, &eopt);
    }
    fuzz_script_end(&in);
    return 0;
}

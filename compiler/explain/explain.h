/* explain.h — `ingot explain FILE.py`: one self-contained HTML page that shows a
 * script's way through the compiler side by side (its source, AutoGraph's conversion,
 * each tf.function's traces, the graphs drawn by Graphviz, the emitted C, the
 * build-time output and warnings), every part linked to the script lines it came from.
 * Entry point: explain_main.
 * Memory owner: the caller's Arena; the page is written to a file or stdout. */
#ifndef INGOT_EXPLAIN_H
#define INGOT_EXPLAIN_H

#include <stdbool.h>

#include "arena.h"
#include "stages.h"

typedef struct ExplainOptions {
    const char *script;     /* FILE.py */
    const char *output;     /* FILE.html; "-" for stdout */
    const char *self;       /* this ingot, to run the script for --run */
    bool run;               /* --run: also run it compiled and eagerly, output compared */
    StageOptions stages;    /* as ingot build would: -O, -W..., --max-build-steps */
} ExplainOptions;

/* Builds the page. Errors in the script do not stop it: the page shows them in place
   with the stages that came before. Returns 0, or 1 when the page cannot be written. */
int explain_main(Arena *a, const ExplainOptions *opt);

#endif

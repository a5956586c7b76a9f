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

typedef struct ExplainOptions {
    const char *script;     /* FILE.py */
    const char *output;     /* FILE.html; "-" for stdout */
    const char *stdlib_dir; /* the bundled library (as ingot build finds it) */
    const char *self;       /* this ingot, to run the script for --run */
    bool run;               /* --run: also run it compiled and eagerly, output compared */
    int opt_level;          /* -O: the passes run on the graph shown */
    unsigned long long max_build_steps;
    const bool *disabled_warnings; /* -Wno-NAME: WARN__COUNT entries (vm.h), or NULL */
    const bool *error_warnings;    /* -Werror=NAME: the same */
} ExplainOptions;

/* Builds the page. Errors in the script do not stop it: the page shows them in place
   with the stages that came before. Returns 0, or 1 when the page cannot be written. */
int explain_main(Arena *a, const ExplainOptions *opt);

#endif

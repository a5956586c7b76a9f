/* stages.h — the settings every build of a script shares, turned into each stage's
 * options: the tracer's (the bundled library, the build-step budget, the warnings)
 * and the C emitter's (what the optimisation level enables). ingot build, ingot run
 * --eager and ingot explain run the same stages with them, so a page explains the
 * program the build makes. Entry points: stage_tracer_options, stage_emit_options. */
#ifndef INGOT_STAGES_H
#define INGOT_STAGES_H

#include <stdbool.h>
#include <stdio.h>

#include "emit_c.h"
#include "tracer.h"

typedef struct StageOptions {
    const char *stdlib_dir;             /* the bundled library (tensorflow/, ingot/) */
    unsigned long long max_build_steps; /* statements the script may run (0: any) */
    const bool *disabled_warnings;      /* -Wno-NAME: WARN__COUNT entries (vm.h), or NULL */
    const bool *error_warnings;         /* -Werror=NAME: the same */
    int opt_level;                      /* -O0 .. -O3 */
} StageOptions;

/* The tracer's options: build-time print() to out, --trace-report to report (or NULL);
   the caller adds what only it needs (eager mode's argv, a library's exports). */
TracerOptions stage_tracer_options(const StageOptions *so, FILE *out, FILE *report);

/* The emitter's options at so's level, for the script named script_name. */
EmitOptions stage_emit_options(const StageOptions *so, const char *script_name);

#endif

/* stages.c — each stage's options from the build's settings (stages.h). */
#include "stages.h"

#include <string.h>

#include "front_end.h"

TracerOptions stage_tracer_options(const StageOptions *so, FILE *out, FILE *report) {
    TracerOptions t = {.vm = {.stdlib_dir = so->stdlib_dir,
                              .out = out,
                              .load = front_end_load,
                              .max_steps = so->max_build_steps},
                       .trace_report = report};
    if (so->disabled_warnings)
        memcpy(t.vm.disabled_warnings, so->disabled_warnings, sizeof t.vm.disabled_warnings);
    if (so->error_warnings)
        memcpy(t.vm.error_warnings, so->error_warnings, sizeof t.vm.error_warnings);
    return t;
}

/* -O1 and up: 0-d values as C scalars, dying inputs donated to elementwise kernels, the
   tensors of known size in a memory plan.
   (-O0 keeps every value a tensor: the plainest C, and the baseline the tests compare
   the optimised programs with.) */
EmitOptions stage_emit_options(const StageOptions *so, const char *script_name) {
    return (EmitOptions){.script_name = script_name,
                         .scalars = so->opt_level >= 1,
                         .donate = so->opt_level >= 1,
                         .plan_memory = so->opt_level >= 1};
}

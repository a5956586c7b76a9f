/* passes.h — graph-to-graph passes run between tracing and the C back end
 * (DESIGN.md "Pipeline"). Each keeps the graph valid (graph_verify holds after it).
 * Entry points: passes_run, and one function per pass. Memory owner: the Module's Arena; scratch
 * memory comes from the Arena the caller passes. */
#ifndef INGOT_PASSES_H
#define INGOT_PASSES_H

#include "ir.h"

/* Every pass, in order, on the traced module, graph_verify before and after each (a
 * failure is an internal error: a compiler bug). What the driver and fuzz_build run.
 * opt_level 0 (ingot -O0) runs only dead code elimination, which also decides what
 * runs (below); 1 and up add the optimizations. */
void passes_run(Arena *scratch, Module *m, int opt_level);

/* Dead code elimination: removes pure instructions whose results nobody uses (in
 * any region), and the outputs of a cond nobody uses, until none is left. Effects
 * (print, call, cond, while) stay. Matters
 * beyond size: a tf.range that only drives a graph loop is never run, so a range
 * that would be invalid (tf.range(-3)) loops zero times, as in TensorFlow, which
 * prunes ops nothing fetches. Returns how many instructions and cond outputs went. */
int pass_dce(Arena *scratch, Module *m);

/* Ops on constants computed at build time (fold_constants.c), through the eager
 * executor's kernels. Returns how many became constants. */
int pass_fold_constants(Arena *scratch, Module *m);

/* matmul/conv2d + bias + relu/sigmoid/tanh as one op (fuse_bias_act.c). Returns how
 * many chains. */
int pass_fuse_bias_act(Arena *scratch, Module *m);

/* Chains of float arithmetic over operands of one shape as one elementwise loop
 * (fuse_elementwise.c). Returns how many loops. */
int pass_fuse_elementwise(Arena *scratch, Module *m);

/* ingot build --lib: @main keeps only the variables' computed initial values and
 * what they need (library_init.c), before passes_run. Returns how many went. */
int pass_library_init(Arena *scratch, Module *m);

#endif

/* uses.h — how many times each value of a function is used, for the fusion passes: a
 * link of a chain must be its producer's only use.
 * Entry points: uses_count. Memory owner: the caller's Arena. */
#ifndef INGOT_PASSES_USES_H
#define INGOT_PASSES_USES_H

#include "ir.h"

/* uses[id] for every value of m (IrValue.id): instruction inputs, in nested regions
 * too, and region results, each counted once per use. */
int *uses_count(Arena *a, const Module *m, const Func *f);

#endif

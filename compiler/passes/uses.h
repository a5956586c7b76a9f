/* uses.h — how each value of a function is used, for the fusion passes: a link of a
 * chain must be its producer's only use, and the passes find that one user at once.
 * Entry points: uses_find, uses_sole_user, uses_moved. Memory owner: the caller's Arena. */
#ifndef INGOT_PASSES_USES_H
#define INGOT_PASSES_USES_H

#include "ir.h"

typedef struct Uses {
    /* per IrValue.id: its uses as instruction inputs, in nested regions too, and as
       region results, each counted once per use */
    int *count;
    /* per IrValue.id: the last instruction found using it as an input, NULL if none */
    Inst **user;
} Uses;

Uses uses_find(Arena *a, const Module *m, const Func *f);

/* The instruction that uses v when that is v's only use and it is in v's own region
 * (not a nested one, not a region result); else NULL. */
Inst *uses_sole_user(const Uses *u, const IrValue *v);

/* Records that inst now takes over its inputs' uses from the instructions a pass
 * merged into it (each input's count stays; its user becomes inst). */
void uses_moved(Uses *u, Inst *inst);

#endif

/* uses.c — use counts of a function's values (uses.h). */
#include "uses.h"

static void count_region(const Region *r, int *uses) {
    for (const Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->ninputs; i++) uses[x->inputs[i]->id]++;
        for (int i = 0; i < x->nregions; i++) count_region(x->regions[i], uses);
    }
    for (int i = 0; i < r->nresults; i++) uses[r->results[i]->id]++;
}

int *uses_count(Arena *a, const Module *m, const Func *f) {
    int *uses = ARENA_ARRAY(a, int, m->next_value_id > 0 ? m->next_value_id : 1);
    count_region(f->body, uses);
    return uses;
}

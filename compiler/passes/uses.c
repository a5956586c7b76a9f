/* uses.c — use counts and users of a function's values (uses.h). */
#include "uses.h"

static void count_region(Region *r, Uses *u) {
    for (Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->ninputs; i++) {
            u->count[x->inputs[i]->id]++;
            u->user[x->inputs[i]->id] = x;
        }
        for (int i = 0; i < x->nregions; i++) count_region(x->regions[i], u);
    }
    for (int i = 0; i < r->nresults; i++) u->count[r->results[i]->id]++;
}

Uses uses_find(Arena *a, const Module *m, const Func *f) {
    int n = m->next_value_id > 0 ? m->next_value_id : 1;
    Uses u = {ARENA_ARRAY(a, int, n), ARENA_ARRAY(a, Inst *, n)};
    count_region(f->body, &u);
    return u;
}

Inst *uses_sole_user(const Uses *u, const IrValue *v) {
    Inst *x = u->user[v->id];
    if (u->count[v->id] != 1 || !x || !v->def || x->parent != v->def->parent) return NULL;
    return x;
}

void uses_moved(Uses *u, Inst *inst) {
    for (int i = 0; i < inst->ninputs; i++) u->user[inst->inputs[i]->id] = inst;
}

/* library_init.c — a library's @main (passes.h): a C library runs no top level, but
 * its models start from the variables' initial values, some of which the top level
 * computes (tf.random.normal for a layer's kernel). So @main keeps the variables'
 * 'initialize' ops and what they are computed from, in the script's order, and
 * nothing else: it becomes the initializer NAME_new runs.
 *
 * "What they are computed from" includes the state they read: a random draw kept
 * reads the generator's state, so every earlier op that changed it (a draw the
 * script only printed) is kept too, or the library would draw other numbers than
 * the program; the same for a variable read whose variable an earlier op assigned. */
#include <string.h>

#include "passes.h"

/* The variables x reads and writes (nested regions and called functions included). */
typedef struct Touched {
    bool *reads, *writes;  /* by Global.index */
    bool *seen_funcs;      /* by Func.index: called functions walked once per x */
} Touched;

static void touch_region(const Region *r, Touched *t);

static void touch_inst(const Inst *x, Touched *t) {
    if (x->global) {
        int g = x->global->index;
        if (x->op != OP_INIT_VAR) t->reads[g] = true;
        if (x->op != OP_READ_VAR) t->writes[g] = true;
    }
    if (x->op == OP_CALL && x->callee && !t->seen_funcs[x->callee->index]) {
        t->seen_funcs[x->callee->index] = true;
        touch_region(x->callee->body, t);
    }
    for (int k = 0; k < x->nregions; k++) touch_region(x->regions[k], t);
}

static void touch_region(const Region *r, Touched *t) {
    for (const Inst *x = r->first; x; x = x->next) touch_inst(x, t);
}

/* Marks what x reads, nested regions included: its values are needed. */
static void need_inputs(const Inst *x, bool *needed) {
    for (int i = 0; i < x->ninputs; i++) needed[x->inputs[i]->id] = true;
    for (int k = 0; k < x->nregions; k++) {
        const Region *r = x->regions[k];
        for (const Inst *y = r->first; y; y = y->next) need_inputs(y, needed);
        for (int i = 0; i < r->nresults; i++) needed[r->results[i]->id] = true;
    }
}

int pass_library_init(Arena *scratch, Module *m) {
    Func *program = m->funcs[0];
    IG_ASSERT(program->kind == FUNC_PROGRAM);
    Region *body = program->body;
    region_set_results(m, body, NULL, 0);
    int nvals = m->next_value_id > 0 ? m->next_value_id : 1;
    int nglobals = m->nglobals > 0 ? m->nglobals : 1, nfuncs = m->nfuncs > 0 ? m->nfuncs : 1;
    bool *needed = ARENA_ARRAY(scratch, bool, nvals);
    bool *state_needed = ARENA_ARRAY(scratch, bool, nglobals); /* read by a kept op later */
    Touched t = {ARENA_ARRAY(scratch, bool, nglobals), ARENA_ARRAY(scratch, bool, nglobals),
                 ARENA_ARRAY(scratch, bool, nfuncs)};
    int removed = 0;
    for (Inst *x = body->last, *prev; x; x = prev) {
        prev = x->prev;
        memset(t.reads, 0, (size_t)nglobals * sizeof(bool));
        memset(t.writes, 0, (size_t)nglobals * sizeof(bool));
        memset(t.seen_funcs, 0, (size_t)nfuncs * sizeof(bool));
        touch_inst(x, &t);
        bool keep = x->op == OP_INIT_VAR;
        for (int i = 0; !keep && i < x->noutputs; i++) keep = needed[x->outputs[i]->id];
        for (int g = 0; !keep && g < m->nglobals; g++) keep = t.writes[g] && state_needed[g];
        if (!keep) {
            region_remove_inst(x);
            removed++;
            continue;
        }
        need_inputs(x, needed);
        for (int g = 0; g < m->nglobals; g++) state_needed[g] |= t.reads[g];
    }
    return removed;
}

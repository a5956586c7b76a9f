/* dce.c — dead code elimination (passes.h): count the uses of every value (nested
 * regions and region results included), then drop pure instructions whose outputs
 * are all unused, and the outputs of a cond nobody uses (with what its branches
 * yield for them), releasing their inputs' uses, until nothing changes. */
#include "passes.h"

static void count_uses(const Region *r, int *uses) {
    for (const Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->ninputs; i++) uses[x->inputs[i]->id]++;
        for (int i = 0; i < x->nregions; i++) count_uses(x->regions[i], uses);
    }
    for (int i = 0; i < r->nresults; i++) uses[r->results[i]->id]++;
}

static bool is_dead(const Inst *x, const int *uses) {
    if (op_info[x->op].effect != PURE || x->nregions > 0) return false;
    for (int i = 0; i < x->noutputs; i++)
        if (uses[x->outputs[i]->id] > 0) return false;
    return true;
}

/* Drops the outputs of cond x that nobody uses, and the results its branches yield for
 * them: AutoGraph's `do_return` flag of a branch that returns, a variable assigned in
 * both branches but read by neither the rest nor the caller. Returns how many went. */
static int prune_cond_outputs(Inst *x, int *uses) {
    int kept = 0, removed = 0;
    for (int i = 0; i < x->noutputs; i++) {
        if (uses[x->outputs[i]->id] == 0) {
            for (int k = 0; k < x->nregions; k++) uses[x->regions[k]->results[i]->id]--;
            removed++;
            continue;
        }
        for (int k = 0; k < x->nregions; k++)
            x->regions[k]->results[kept] = x->regions[k]->results[i];
        x->outputs[kept] = x->outputs[i];
        x->outputs[kept]->def_index = kept;
        kept++;
    }
    x->noutputs = kept;
    for (int k = 0; k < x->nregions; k++) x->regions[k]->nresults = kept;
    return removed;
}

/* One backward sweep over r (nested regions first): a removal frees its inputs,
 * which an earlier instruction may then find dead in the same sweep. */
static int sweep(Region *r, int *uses) {
    int removed = 0;
    for (Inst *x = r->last, *prev; x; x = prev) {
        prev = x->prev;
        if (x->op == OP_COND) removed += prune_cond_outputs(x, uses);
        for (int i = 0; i < x->nregions; i++) removed += sweep(x->regions[i], uses);
        if (!is_dead(x, uses)) continue;
        for (int i = 0; i < x->ninputs; i++) uses[x->inputs[i]->id]--;
        region_remove_inst(x);
        removed++;
    }
    return removed;
}

int pass_dce(Arena *scratch, Module *m) {
    int total = 0;
    int nvals = m->next_value_id > 0 ? m->next_value_id : 1;
    for (int f = 0; f < m->nfuncs; f++) {
        int *uses = ARENA_ARRAY(scratch, int, nvals);
        count_uses(m->funcs[f]->body, uses);
        /* A nested region's dead code can free values of an enclosing region that
           the sweep already passed: repeat until a sweep removes nothing. */
        for (int n; (n = sweep(m->funcs[f]->body, uses)) > 0;) total += n;
    }
    return total;
}

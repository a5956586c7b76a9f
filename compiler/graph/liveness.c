/* liveness.c — last uses per region (see liveness.h). A value is released in the
 * region that defines it: after the instruction of that region that uses it last,
 * where a use inside a nested region counts as a use by the enclosing instruction.
 * So a value from outside a loop that the loop uses dies after the whole while, never
 * inside it. A value nothing uses is released right after its definition. */
#include "liveness.h"

typedef struct LiveState {
    Arena *arena;
    bool *kept;           /* per value id: a result of its region, never released */
    int *index;           /* per value id: text-order index of its last user */
    Liveness *out;
    int counter;
} LiveState;

static const Region *value_region(const IrValue *v) {
    return v->def ? v->def->parent : v->param_of;
}

/* Records that the instruction of region r numbered user_index uses v, if v is r's. */
static void live_use(LiveState *s, const Region *r, const IrValue *v, int user_index) {
    if (value_region(v) == r) s->index[v->id] = user_index;
}

/* inst's inputs, and every use inside its nested regions, count as uses by the
 * instruction of region r with text-order index user_index. */
static void live_nested_uses(LiveState *s, const Region *r, const Inst *inst, int user_index) {
    for (int i = 0; i < inst->ninputs; i++) live_use(s, r, inst->inputs[i], user_index);
    for (int i = 0; i < inst->nregions; i++) {
        const Region *nr = inst->regions[i];
        for (const Inst *x = nr->first; x; x = x->next) live_nested_uses(s, r, x, user_index);
        for (int j = 0; j < nr->nresults; j++) live_use(s, r, nr->results[j], user_index);
    }
}

static void list_push(Arena *a, ReleaseList *l, IrValue *v) {
    l->vals = arena_grow(a, l->vals, sizeof(IrValue *), (size_t)l->n, (size_t)l->n + 1);
    l->vals[l->n++] = v;
}

static void live_count_uses(LiveState *s, const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->ninputs; i++) s->out->uses[x->inputs[i]->id]++;
        for (int i = 0; i < x->nregions; i++) live_count_uses(s, x->regions[i]);
    }
    for (int i = 0; i < r->nresults; i++) s->out->uses[r->results[i]->id]++;
}

static void live_region(LiveState *s, const Region *r) {
    int first = s->counter;
    /* Pass 1: number this region's instructions (nested ones in between, in text
     * order) and record last uses of the values this region defines. */
    int k = first;
    for (const Inst *x = r->first; x; x = x->next) {
        int mine = k++;
        for (int i = 0; i < x->noutputs; i++) s->index[x->outputs[i]->id] = mine;
        live_nested_uses(s, r, x, mine);
        s->counter = k;
        for (int i = 0; i < x->nregions; i++) live_region(s, x->regions[i]);
        k = s->counter;
    }
    /* Only r's own results are handed on as they are; a captured value it yields is
     * retained for the hand-over and still dies in its own region. */
    for (int i = 0; i < r->nresults; i++)
        if (value_region(r->results[i]) == r) s->kept[r->results[i]->id] = true;
    /* Pass 2: the release lists, in definition order. */
    for (const Inst *x = r->first; x; x = x->next)
        for (int i = 0; i < x->noutputs; i++) {
            IrValue *v = x->outputs[i];
            if (!s->kept[v->id]) list_push(s->arena, &s->out->after[s->index[v->id]], v);
        }
    s->counter = k;
}

static int live_count_insts(const Region *r) {
    int n = 0;
    for (const Inst *x = r->first; x; x = x->next) {
        n++;
        for (int i = 0; i < x->nregions; i++) n += live_count_insts(x->regions[i]);
    }
    return n;
}

Liveness *liveness_func(Arena *a, const Module *m, const Func *f) {
    int nvals = m->next_value_id > 0 ? m->next_value_id : 1;
    Liveness *out = ARENA_NEW(a, Liveness);
    out->ninsts = live_count_insts(f->body);
    out->after = ARENA_ARRAY(a, ReleaseList, out->ninsts > 0 ? out->ninsts : 1);
    out->uses = ARENA_ARRAY(a, int, nvals);
    LiveState s = {.arena = a, .out = out};
    s.kept = ARENA_ARRAY(a, bool, nvals);
    s.index = ARENA_ARRAY(a, int, nvals);
    live_count_uses(&s, f->body);
    live_region(&s, f->body);
    IG_ASSERT(s.counter == out->ninsts);
    out->last_user = s.index;
    return out;
}

bool liveness_result_borrowed(const Region *r, int i) {
    IG_ASSERT(i >= 0 && i < r->nresults);
    const IrValue *v = r->results[i];
    if (!v->def || v->def->parent != r) return true;
    for (int j = 0; j < i; j++)
        if (r->results[j] == v) return true;
    return false;
}

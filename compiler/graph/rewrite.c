/* rewrite.c — changes to instructions already built, which gradients and the passes
 * make: the backward of a cond or while needs values from inside its regions, so the forward
 * instruction is given more results (cond) or more loop variables (while) in place,
 * as TensorFlow's cond_v2 and while_v2 rewrite their forward op. Existing outputs keep
 * their IrValues, so every use of them stays valid.
 * The same for a called function: a new result of its body is a new output of every
 * call of it.
 * Entry points: value_defined_in, inst_captures, region_move_inst, region_remove_inst,
 * cond_add_result, while_add_var, func_add_result, call_sync_outputs, module_sync_calls.
 * Memory owner: the Module's Arena. */
#include "ir.h"

bool value_defined_in(const IrValue *v, const Region *r) {
    return v->param_of == r || (v->def && v->def->parent == r);
}

/* Whether region r is inst's or nested in one of its regions. */
static bool region_within(const Region *r, const Inst *inst) {
    for (; r; r = r->parent ? r->parent->parent : NULL)
        if (r->parent == inst) return true;
    return false;
}

static bool defined_within(const IrValue *v, const Inst *inst) {
    return region_within(v->param_of ? v->param_of : v->def ? v->def->parent : NULL, inst);
}

typedef struct Captures {
    Arena *a;
    const Inst *inst;
    IrValue **vals;
    int n, cap;
} Captures;

static void captures_add(Captures *c, IrValue *v) {
    if (!v || defined_within(v, c->inst)) return;
    for (int i = 0; i < c->n; i++)
        if (c->vals[i] == v) return;
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 8;
        c->vals = arena_grow(c->a, c->vals, sizeof(IrValue *), (size_t)c->n, (size_t)cap);
        c->cap = cap;
    }
    c->vals[c->n++] = v;
}

static void captures_in_region(Captures *c, const Region *r) {
    for (const Inst *i = r->first; i; i = i->next) {
        for (int k = 0; k < i->ninputs; k++) captures_add(c, i->inputs[k]);
        for (int k = 0; k < i->nregions; k++) captures_in_region(c, i->regions[k]);
    }
    for (int k = 0; k < r->nresults; k++) captures_add(c, r->results[k]);
}

IrValue **inst_captures(Arena *a, const Inst *inst, int *n) {
    Captures c = {a, inst, NULL, 0, 0};
    for (int k = 0; k < inst->nregions; k++) captures_in_region(&c, inst->regions[k]);
    *n = c.n;
    return c.vals;
}

void region_move_inst(Region *r, Inst *inst, Inst *after) {
    IG_ASSERT(!after || after->parent == r);
    Region *from = inst->parent;
    if (inst->prev)
        inst->prev->next = inst->next;
    else
        from->first = inst->next;
    if (inst->next)
        inst->next->prev = inst->prev;
    else
        from->last = inst->prev;
    inst->parent = r;
    inst->prev = after;
    inst->next = after ? after->next : r->first;
    if (inst->next)
        inst->next->prev = inst;
    else
        r->last = inst;
    if (after)
        after->next = inst;
    else
        r->first = inst;
}

void region_remove_inst(Inst *inst) {
    Region *r = inst->parent;
    if (inst->prev) inst->prev->next = inst->next;
    else r->first = inst->next;
    if (inst->next) inst->next->prev = inst->prev;
    else r->last = inst->prev;
    inst->prev = inst->next = NULL;
}

static void inst_add_output(Module *m, Inst *inst, TensorType type) {
    IrValue *v = ARENA_NEW(m->arena, IrValue);
    v->id = m->next_value_id++;
    v->type = type;
    v->def = inst;
    v->def_index = inst->noutputs;
    inst->outputs = arena_grow(m->arena, inst->outputs, sizeof(IrValue *), (size_t)inst->noutputs,
                               (size_t)inst->noutputs + 1);
    inst->outputs[inst->noutputs++] = v;
}

static void region_add_result(Module *m, Region *r, IrValue *v) {
    r->results = arena_grow(m->arena, r->results, sizeof(IrValue *), (size_t)r->nresults,
                            (size_t)r->nresults + 1);
    r->results[r->nresults++] = v;
}

IrValue *cond_add_result(Module *m, Inst *cond, IrValue *then_v, IrValue *else_v) {
    IG_ASSERT(cond->op == OP_COND);
    const TensorType *t = &then_v->type, *e = &else_v->type;
    IG_ASSERT(t->dtype == e->dtype && t->shape.rank == e->shape.rank);
    TensorType type = *t;
    for (int i = 0; i < t->shape.rank; i++)
        if (t->shape.dims[i] != e->shape.dims[i]) type.shape.dims[i] = DIM_UNKNOWN;
    region_add_result(m, cond->regions[0], then_v);
    region_add_result(m, cond->regions[1], else_v);
    inst_add_output(m, cond, type);
    return cond->outputs[cond->noutputs - 1];
}

IrValue *while_add_var(Module *m, Inst *w, IrValue *init, TensorType type, IrValue **body_param) {
    IG_ASSERT(w->op == OP_WHILE && w->ninputs == w->noutputs);
    w->inputs = arena_grow(m->arena, w->inputs, sizeof(IrValue *), (size_t)w->ninputs,
                           (size_t)w->ninputs + 1);
    w->inputs[w->ninputs++] = init;
    region_add_param(m, w->regions[0], type, NULL);
    *body_param = region_add_param(m, w->regions[1], type, NULL);
    region_add_result(m, w->regions[1], *body_param);
    inst_add_output(m, w, type);
    return w->outputs[w->noutputs - 1];
}

static void calls_add_output(Module *m, Region *r, const Func *f, TensorType type) {
    for (Inst *i = r->first; i; i = i->next) {
        if (i->op == OP_CALL && i->callee == f) inst_add_output(m, i, type);
        for (int k = 0; k < i->nregions; k++) calls_add_output(m, i->regions[k], f, type);
    }
}

int func_add_result(Module *m, Func *f, IrValue *v) {
    region_add_result(m, f->body, v);
    for (int i = 0; i < m->nfuncs; i++) calls_add_output(m, m->funcs[i]->body, f, v->type);
    return f->body->nresults - 1;
}

void call_sync_outputs(Module *m, Inst *call) {
    const Region *body = call->callee->body;
    while (call->noutputs < body->nresults)
        inst_add_output(m, call, body->results[call->noutputs]->type);
}

static void region_sync_calls(Module *m, Region *r) {
    for (Inst *i = r->first; i; i = i->next) {
        if (i->op == OP_CALL && i->callee) call_sync_outputs(m, i);
        for (int k = 0; k < i->nregions; k++) region_sync_calls(m, i->regions[k]);
    }
}

void module_sync_calls(Module *m) {
    for (int i = 0; i < m->nfuncs; i++) region_sync_calls(m, m->funcs[i]->body);
}

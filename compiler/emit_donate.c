/* emit_donate.c — the donated input of an elementwise call, and the carried values
 * released at their last use (see emit_donate.h). */
#include "emit_donate.h"

/* The ops whose kernels look for a donated input (ig_tensor_take_donated in binary.c,
 * math.c, unary.c and fused.c): each element of the result is computed from the same
 * element of the input it overwrites. */
static bool op_takes_donation(Opcode op) {
    switch (op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_FLOORDIV: case OP_MOD:
    case OP_POW: case OP_LESS: case OP_LESS_EQUAL: case OP_GREATER: case OP_GREATER_EQUAL:
    case OP_EQUAL: case OP_NOT_EQUAL: case OP_LOGICAL_AND: case OP_LOGICAL_OR:
    case OP_ABS: case OP_SIGN: case OP_SQUARE: case OP_FLOOR: case OP_CEIL: case OP_ROUND:
    case OP_SQRT: case OP_RSQRT: case OP_EXP: case OP_LOG: case OP_LOG1P: case OP_TANH:
    case OP_SIGMOID: case OP_NEG: case OP_RELU: case OP_RELU_GRAD:
    case OP_ELEMENTWISE: /* the loop the C back end writes (ig_elementwise_result) */
        return true;
    default:
        return false;
    }
}

static void list_push(Arena *a, ReleaseList *l, IrValue *v) {
    l->vals = arena_grow(a, l->vals, sizeof(IrValue *), (size_t)l->n, (size_t)l->n + 1);
    l->vals[l->n++] = v;
}

static bool list_has(const ReleaseList *l, const IrValue *v) {
    for (int i = 0; i < l->n; i++)
        if (l->vals[i] == v) return true;
    return false;
}

/* A while body's parameters that something in the body uses and the body does not
 * yield: after their last use the loop only releases their values. */
static void plan_region(Arena *a, DonatePlan *plan, const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->nregions; i++) plan_region(a, plan, x->regions[i]);
        if (x->op != OP_WHILE) continue;
        const Region *body = x->regions[1];
        for (int i = 0; i < body->nparams; i++) {
            IrValue *p = body->params[i];
            bool yielded = false;
            for (int j = 0; j < body->nresults; j++) yielded |= body->results[j] == p;
            if (plan->live->uses[p->id] == 0 || yielded) continue;
            list_push(a, &plan->carried_dying[plan->live->last_user[p->id]], p);
            plan->released_early[p->id] = true;
        }
    }
}

DonatePlan donate_plan(Arena *a, const Module *m, const Liveness *live, const Func *f) {
    DonatePlan plan = {.live = live};
    plan.released_early = ARENA_ARRAY(a, bool, m->next_value_id > 0 ? m->next_value_id : 1);
    plan.carried_dying = ARENA_ARRAY(a, ReleaseList, live->ninsts > 0 ? live->ninsts : 1);
    plan_region(a, &plan, f->body);
    return plan;
}

const ReleaseList *donate_carried_dying(const DonatePlan *plan, int index) {
    return &plan->carried_dying[index];
}

bool donate_released_early(const DonatePlan *plan, const IrValue *p) {
    return plan->released_early != NULL && plan->released_early[p->id];
}

int donate_input(const DonatePlan *plan, const Inst *inst, int index,
                 bool (*is_tensor)(const void *ctx, const IrValue *v), const void *ctx) {
    if (!op_takes_donation(inst->op)) return -1;
    const TensorType *out = &inst->outputs[0]->type;
    for (int i = 0; i < inst->ninputs; i++) {
        const IrValue *v = inst->inputs[i];
        /* Only an input the result can be written over: a row broadcast over a matrix
           cannot (the runtime would decline it, and another dying input could serve). */
        if (!is_tensor(ctx, v) || v->type.dtype != out->dtype ||
            !shape_equal(&v->type.shape, &out->shape))
            continue;
        if (list_has(&plan->live->after[index], v) || list_has(&plan->carried_dying[index], v))
            return i;
    }
    return -1;
}

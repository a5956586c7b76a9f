/* emit_memplan.c — the slots of a function's arena (see emit_memplan.h): a walk over the
 * function in the emitted C's order, giving each planned value a free slot when its
 * statement makes it (the best fit, else the largest free slot grown, else a new one)
 * and freeing the slot where the C releases it; then the slots laid out one after the
 * other. */
#include "emit_memplan.h"

#include <string.h>

#include "ingot/size.h"

/* The largest value planned, and the largest arena. A slot is the function's for the
 * whole call (its callees' included), where a dropped block would go back to the cache
 * for them; and the runtime keeps freed blocks of up to 64 MiB (alloc.c), so a larger
 * arena would come from the system on every call. Large tensors lose nothing to the
 * cache: their allocation is nothing next to the work on them. */
#define PLAN_MAX_VALUE_BYTES ((int64_t)1 << 20)
#define PLAN_MAX_ARENA_BYTES ((int64_t)16 << 20)

/* The ops whose kernel makes its result as a new tensor of the result's type (so the
 * placement goes to that tensor), each a plain kernel call of the emitted C. Not: ops
 * handing back an input (identity, stop_gradient, all_reduce on one process, a stack
 * growing in place), constants, ranges (of a size known at run time), variables, random
 * ops, loads, strings, calls, print. */
static bool op_makes_new_tensor(Opcode op) {
    switch (op) {
    case OP_CAST: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_FLOORDIV:
    case OP_MOD: case OP_POW: case OP_MAXIMUM: case OP_MINIMUM: case OP_LESS:
    case OP_LESS_EQUAL: case OP_GREATER: case OP_GREATER_EQUAL: case OP_EQUAL:
    case OP_NOT_EQUAL: case OP_LOGICAL_AND: case OP_LOGICAL_OR: case OP_LOGICAL_NOT:
    case OP_SELECT: case OP_NEG: case OP_RELU: case OP_RELU_GRAD: case OP_ABS: case OP_SIGN:
    case OP_SQUARE: case OP_FLOOR: case OP_CEIL: case OP_ROUND: case OP_SQRT: case OP_RSQRT:
    case OP_EXP: case OP_LOG: case OP_LOG1P: case OP_TANH: case OP_SIGMOID: case OP_MATMUL:
    case OP_REDUCE_SUM: case OP_REDUCE_MEAN: case OP_REDUCE_MAX: case OP_REDUCE_MIN:
    case OP_REDUCE_PROD: case OP_REDUCE_ALL: case OP_REDUCE_ANY: case OP_ARGMAX:
    case OP_ARGMIN: case OP_GATHER: case OP_GATHER_GRAD: case OP_RESHAPE: case OP_EXPAND_DIMS:
    case OP_SQUEEZE: case OP_TRANSPOSE: case OP_CONCAT: case OP_TILE: case OP_BROADCAST_TO:
    case OP_SUM_TO: case OP_STRIDED_SLICE: case OP_STRIDED_SLICE_GRAD: case OP_CONV2D:
    case OP_MAX_POOL2D: case OP_AVG_POOL2D: case OP_CONV2D_INPUT_GRAD:
    case OP_CONV2D_FILTER_GRAD: case OP_MAX_POOL2D_GRAD: case OP_AVG_POOL2D_GRAD:
    case OP_MAX_POOL2D_GRAD_GRAD: case OP_MATMUL_BIAS: case OP_CONV2D_BIAS:
    case OP_ELEMENTWISE: case OP_SOFTMAX: case OP_LOG_SOFTMAX: case OP_FILL: case OP_SHAPE:
    case OP_BATCH_NORM: case OP_SPARSE_SOFTMAX_XENT: case OP_SOFTMAX_XENT: case OP_SIGMOID_XENT:
        return true;
    default:
        return false;
    }
}

/* The users that keep their input past their own statement: a call (its callee may
 * return it), ops handing it back, a variable taking it as its value, a loop or cond
 * taking it as a carried value or an operand. */
static bool op_keeps_input(Opcode op) {
    switch (op) {
    case OP_CALL: case OP_IDENTITY: case OP_STOP_GRADIENT: case OP_ALL_REDUCE:
    case OP_ASSIGN_VAR: case OP_INIT_VAR: case OP_WHILE: case OP_COND:
        return true;
    default:
        return false;
    }
}

typedef struct Planner {
    Arena *a;
    const Liveness *live;
    const DonatePlan *donate;
    bool (*is_tensor)(const void *ctx, const IrValue *v);
    const void *ctx;
    MemPlan *plan;
    bool *kept;      /* per IrValue.id: handed on or kept by a user: never planned */
    bool *owns;      /* per IrValue.id: frees its slot when released */
    int index;       /* text-order index of the instruction being planned */
    int loops;       /* how many while loops the instruction is in */
    int placements;  /* values placed, those in a loop counted twice (memplan_func) */
    int cap;         /* room in the slot arrays */
    int64_t bytes;   /* the slots' bytes so far (ig_slot_bytes each) */
    bool *busy;      /* per slot: a live value is in it */
} Planner;

static void mark_kept(Planner *p, const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        if (op_keeps_input(x->op))
            for (int i = 0; i < x->ninputs; i++) p->kept[x->inputs[i]->id] = true;
        for (int i = 0; i < x->nregions; i++) mark_kept(p, x->regions[i]);
    }
    for (int i = 0; i < r->nresults; i++) p->kept[r->results[i]->id] = true;
}

static int64_t planned_bytes(const Planner *p, const Inst *x, const IrValue *v);

/* Marks kept the dying inputs that an instruction of r writes its result over (the
 * runtime takes a donated input as the result) when that result may not be planned:
 * the input's block then lives on as the result, past the input's life (a loop's next
 * value, say), and a slot would stay held into the value planned there next. Returns
 * whether it marked any. */
static bool mark_donated_into_kept(Planner *p, const Region *r) {
    bool changed = false;
    for (const Inst *x = r->first; x; x = x->next) {
        int k = p->index++;
        if (x->noutputs == 1 && p->is_tensor(p->ctx, x->outputs[0]) && p->donate) {
            int d = donate_input(p->donate, x, k, p->is_tensor, p->ctx);
            const IrValue *in = d >= 0 ? x->inputs[d] : NULL;
            if (in && !p->kept[in->id] && planned_bytes(p, x, x->outputs[0]) < 0) {
                p->kept[in->id] = true;
                changed = true;
            }
        }
        for (int i = 0; i < x->nregions; i++) changed |= mark_donated_into_kept(p, x->regions[i]);
    }
    return changed;
}

/* The data bytes of v when it may be planned, else -1. */
static int64_t planned_bytes(const Planner *p, const Inst *x, const IrValue *v) {
    if (!op_makes_new_tensor(x->op) || x->noutputs != 1 || p->kept[v->id] ||
        !p->is_tensor(p->ctx, v) || v->type.dtype == DT_STRING)
        return -1;
    const Shape *s = &v->type.shape;
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++) {
        if (s->dims[i] == DIM_UNKNOWN || !ig_size_mul(n, s->dims[i], &n)) return -1;
    }
    int64_t bytes;
    if (!ig_size_mul(n, (int64_t)dtype_size(v->type.dtype), &bytes) || bytes == 0 ||
        bytes > PLAN_MAX_VALUE_BYTES)
        return -1;
    return bytes;
}

static int new_slot(Planner *p) {
    MemPlan *plan = p->plan;
    if (plan->nslots == p->cap) {
        int cap = p->cap ? 2 * p->cap : 8;
        plan->capacity = arena_grow(p->a, plan->capacity, sizeof(int64_t), (size_t)p->cap,
                                    (size_t)cap);
        p->busy = arena_grow(p->a, p->busy, sizeof(bool), (size_t)p->cap, (size_t)cap);
        p->cap = cap;
    }
    plan->capacity[plan->nslots] = 0;
    p->busy[plan->nslots] = false;
    return plan->nslots++;
}

/* A free slot for bytes: the smallest that holds them, else the largest (grown to
 * them), else a new one; -1 when the arena would outgrow PLAN_MAX_ARENA_BYTES. Growing a
 * free slot adds only the difference, where a new slot would add the whole value, and
 * the values that fitted it before still do. */
static int choose_slot(Planner *p, int64_t bytes) {
    MemPlan *plan = p->plan;
    int fit = -1, largest = -1;
    for (int s = 0; s < plan->nslots; s++) {
        if (p->busy[s]) continue;
        int64_t c = plan->capacity[s];
        if (c >= bytes && (fit < 0 || c < plan->capacity[fit])) fit = s;
        if (largest < 0 || c > plan->capacity[largest]) largest = s;
    }
    if (fit >= 0) return fit;
    int64_t had = largest >= 0 ? (int64_t)ig_slot_bytes((size_t)plan->capacity[largest]) : 0;
    int64_t grown = p->bytes - had + (int64_t)ig_slot_bytes((size_t)bytes);
    if (grown > PLAN_MAX_ARENA_BYTES) return -1;
    p->bytes = grown;
    int s = largest >= 0 ? largest : new_slot(p);
    plan->capacity[s] = bytes;
    return s;
}

/* x's result: in the slot of the input it is written over, or a slot of its own. */
static void plan_result(Planner *p, const Inst *x, int index) {
    MemPlan *plan = p->plan;
    if (x->noutputs != 1 || !p->is_tensor(p->ctx, x->outputs[0])) return;
    const IrValue *v = x->outputs[0];
    int donated = p->donate ? donate_input(p->donate, x, index, p->is_tensor, p->ctx) : -1;
    if (donated >= 0) {
        const IrValue *in = x->inputs[donated];
        int s = plan->slot_of[in->id];
        if (s < 0 || !p->owns[in->id]) return; /* not in a slot: no placement either */
        /* An input written over into a result not planned was never planned itself
           (mark_donated_into_kept): the result takes over its slot. */
        IG_ASSERT(planned_bytes(p, x, v) >= 0);
        p->owns[in->id] = false;
        plan->slot_of[v->id] = s;
        p->owns[v->id] = true;
        return;
    }
    int64_t bytes = planned_bytes(p, x, v);
    int s = bytes < 0 ? -1 : choose_slot(p, bytes);
    if (s < 0) return;
    p->placements += p->loops > 0 ? 2 : 1;
    p->busy[s] = true;
    plan->place[v->id] = s;
    plan->slot_of[v->id] = s;
    p->owns[v->id] = true;
}

static void plan_region(Planner *p, const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        int k = p->index++;
        plan_result(p, x, k);
        p->loops += x->op == OP_WHILE;
        for (int i = 0; i < x->nregions; i++) plan_region(p, x->regions[i]);
        p->loops -= x->op == OP_WHILE;
        const ReleaseList *dead = &p->live->after[k];
        for (int i = 0; i < dead->n; i++) {
            const IrValue *v = dead->vals[i];
            if (p->owns[v->id]) p->busy[p->plan->slot_of[v->id]] = false;
            p->owns[v->id] = false;
        }
    }
}

MemPlan memplan_func(Arena *a, const Module *m, const Func *f, const Liveness *live,
                     const DonatePlan *donate,
                     bool (*is_tensor)(const void *ctx, const IrValue *v), const void *ctx) {
    int nvals = m->next_value_id > 0 ? m->next_value_id : 1;
    MemPlan plan = {0};
    plan.place = ARENA_ARRAY(a, int, nvals);
    plan.slot_of = ARENA_ARRAY(a, int, nvals);
    for (int i = 0; i < nvals; i++) plan.place[i] = plan.slot_of[i] = -1;
    Planner p = {.a = a, .live = live, .donate = donate, .is_tensor = is_tensor, .ctx = ctx,
                 .plan = &plan};
    p.kept = ARENA_ARRAY(a, bool, nvals);
    p.owns = ARENA_ARRAY(a, bool, nvals);
    mark_kept(&p, f->body);
    /* Until no more: a result kept marks its input, which may be a result written over
       an input of its own. */
    for (bool more = true; more; p.index = 0) more = mark_donated_into_kept(&p, f->body);
    plan_region(&p, f->body);
    IG_ASSERT(p.index == live->ninsts);
    /* An arena is a block per call: for one tensor made once, it saves nothing. */
    if (p.placements < 2) {
        for (int i = 0; i < nvals; i++) plan.place[i] = plan.slot_of[i] = -1;
        plan.nslots = 0;
    }
    /* Each slot's block: the runtime's header, then its data rounded to the alignment
       (ingot/size.h), so every slot's data is aligned as any tensor's. */
    plan.offsets = ARENA_ARRAY(a, int64_t, plan.nslots > 0 ? plan.nslots : 1);
    for (int s = 0; s < plan.nslots; s++) {
        plan.offsets[s] = plan.bytes;
        plan.bytes += (int64_t)ig_slot_bytes((size_t)plan.capacity[s]);
    }
    return plan;
}

int memplan_slot(const MemPlan *plan, const IrValue *v) {
    return plan->place ? plan->place[v->id] : -1;
}

/* "12.5 KiB", "640 B": a size for a reader. */
static const char *size_text(Arena *a, int64_t bytes) {
    if (bytes < 1024) return arena_printf(a, "%lld B", (long long)bytes);
    if (bytes < 1024 * 1024) return arena_printf(a, "%.1f KiB", (double)bytes / 1024);
    return arena_printf(a, "%.1f MiB", (double)bytes / (1024 * 1024));
}

/* The names of the values living in slot, in text order, appended to names. */
static void slot_values(Arena *a, const MemPlan *plan, const Region *r, int slot,
                        const char *(*name)(const void *ctx, const IrValue *v), const void *ctx,
                        const char ***names, int *n) {
    for (const Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->noutputs; i++) {
            if (plan->slot_of[x->outputs[i]->id] != slot) continue;
            *names = arena_grow(a, *names, sizeof **names, (size_t)*n, (size_t)*n + 1);
            (*names)[(*n)++] = name(ctx, x->outputs[i]);
        }
        for (int i = 0; i < x->nregions; i++)
            slot_values(a, plan, x->regions[i], slot, name, ctx, names, n);
    }
}

/* Lines of the comment stay within this many columns (the emitted C indents it 4). */
#define COMMENT_WIDTH 92

const char *memplan_comment(Arena *a, const MemPlan *plan, const Func *f,
                            const char *(*name)(const void *ctx, const IrValue *v),
                            const void *ctx) {
    StrBuf sb;
    strbuf_init(&sb, a);
    strbuf_printf(&sb, "/* The memory plan: %d slot%s in one block of %s per call, taken at the\n"
                       " * start and given back at the end; each slot's values take turns in it.\n",
                  plan->nslots, plan->nslots == 1 ? "" : "s", size_text(a, plan->bytes));
    for (int s = 0; s < plan->nslots; s++) {
        const char *head = arena_printf(a, " *   slot %d at %lld, %s: ", s,
                                        (long long)plan->offsets[s],
                                        size_text(a, plan->capacity[s]));
        strbuf_puts(&sb, head);
        size_t column = strlen(head);
        const char **names = NULL;
        int n = 0;
        slot_values(a, plan, f->body, s, name, ctx, &names, &n);
        for (int i = 0; i < n; i++) {
            size_t width = strlen(names[i]) + (i + 1 < n ? 1 : 0);
            if (i > 0 && column + 1 + width > COMMENT_WIDTH) {
                strbuf_puts(&sb, "\n *       ");
                column = 10;
            } else if (i > 0) {
                strbuf_putc(&sb, ' ');
                column++;
            }
            strbuf_printf(&sb, "%s%s", names[i], i + 1 < n ? "," : "");
            column += width;
        }
        strbuf_puts(&sb, "\n");
    }
    strbuf_puts(&sb, " */\n");
    return strbuf_cstr(&sb);
}

/* fold_constants.c — computations on constants done at build time (passes.h): an op of
 * a short list whose inputs are all constants, and whose result is small, becomes a
 * constant of its value, so the program does not compute it again on every call or
 * loop iteration (the digits example's FILTERS, built by expand_dims, concat and
 * reshape of literals; a float literal's cast; a shape computed from constants). The
 * value is computed by the eager executor (exec/eager.h): the very kernel the program
 * would run, with the same arguments, so folding changes no bit of it. Only ops that
 * cannot fail once the shape rules have accepted them are folded: a division by zero
 * or an index out of range stays for the program to report, at its line, if it ever
 * runs there. Results above FOLD_MAX_BYTES stay computed, not written into the C. */
#include "passes.h"

#include "eager.h"

#define FOLD_MAX_BYTES 65536

/* Ops whose kernel cannot fail on inputs the shape rules accepted. Integer division,
 * modulo and pow can (by zero, to a negative power); gather and slices can (indices). */
static bool foldable_op(const Inst *x) {
    switch (x->op) {
    case OP_RESHAPE:
    case OP_EXPAND_DIMS:
    case OP_SQUEEZE:
    case OP_TRANSPOSE:
    case OP_CONCAT:
    case OP_TILE:
    case OP_BROADCAST_TO:
    case OP_CAST:
    case OP_IDENTITY:
    case OP_NEG:
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_MAXIMUM:
    case OP_MINIMUM:
    case OP_LESS:
    case OP_LESS_EQUAL:
    case OP_GREATER:
    case OP_GREATER_EQUAL:
    case OP_EQUAL:
    case OP_NOT_EQUAL:
    case OP_LOGICAL_AND:
    case OP_LOGICAL_OR:
    case OP_LOGICAL_NOT: return true;
    case OP_DIV: return dtype_is_float(x->inputs[0]->type.dtype);
    default: return false;
    }
}

static bool can_fold(const Inst *x) {
    if (x->noutputs != 1 || x->nregions > 0 || x->ninputs == 0 || !foldable_op(x)) return false;
    const TensorType *t = &x->outputs[0]->type;
    if (t->dtype == DT_STRING || !shape_is_static(&t->shape)) return false;
    /* A short integer vector or scalar is what the shape rules read as a value (a
       shape, an axis, a bound): made a constant, it would make the types after it
       more precise than the ones recorded, which only a re-trace may change. */
    if (dtype_is_integer(t->dtype) && t->shape.rank <= 1 &&
        shape_num_elements(&t->shape) <= IR_MAX_RANK)
        return false;
    if (shape_num_elements(&t->shape) * (int64_t)dtype_size(t->dtype) > FOLD_MAX_BYTES)
        return false;
    for (int i = 0; i < x->ninputs; i++)
        if (!x->inputs[i]->def || x->inputs[i]->def->op != OP_CONST) return false;
    return true;
}

/* The executor, made on the first fold: most graphs have nothing to fold, and a
 * context costs its setup and teardown. */
typedef struct Folder {
    Module *m;
    EagerContext *ec;
} Folder;

/* x computed now and made a constant of its value; false (x unchanged) if the
 * executor declines. */
static bool fold(Folder *fo, Inst *x) {
    char err[256];
    if (!fo->ec) fo->ec = eager_new(fo->m, 0, NULL);
    EagerContext *ec = fo->ec;
    for (int i = 0; i < x->ninputs; i++)
        if (!eager_tensor(ec, x->inputs[i]) &&
            !eager_run_inst(ec, x->inputs[i]->def, err, sizeof err))
            return false;
    if (!eager_run_inst(ec, x, err, sizeof err)) return false;
    const ConstData *value = eager_const_data(fo->m->arena, eager_tensor(ec, x->outputs[0]));
    x->op = OP_CONST;
    x->inputs = NULL;
    x->ninputs = 0;
    x->attrs = (Attrs){0};
    attrs_set_tensor(fo->m->arena, &x->attrs, "value", value);
    x->outputs[0]->value = NULL;
    return true;
}

/* In order, nested regions included: a folded op's result is a constant for the ops
 * after it, so a chain folds in one walk. */
static int fold_region(Folder *fo, Region *r) {
    int folded = 0;
    for (Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->nregions; i++) folded += fold_region(fo, x->regions[i]);
        if (can_fold(x) && fold(fo, x)) folded++;
    }
    return folded;
}

int pass_fold_constants(Arena *scratch, Module *m) {
    (void)scratch;
    Folder fo = {m, NULL};
    int folded = 0;
    for (int f = 0; f < m->nfuncs; f++) folded += fold_region(&fo, m->funcs[f]->body);
    if (fo.ec) eager_finish(fo.ec); /* releases the tensors and the runtime's caches */
    return folded;
}

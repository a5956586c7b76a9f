/* emit_scalar.c — the values the C back end keeps as C scalars, and the C form of the
 * ops computed on them (emit_scalar.h). */
#include "emit_scalar.h"

#include <stdlib.h>
#include <string.h>

#include "elementwise_expr.h"

static const char *const c_types[] = {
    [DT_BOOL] = "bool",     [DT_INT32] = "int32_t", [DT_INT64] = "int64_t",
    [DT_FLOAT32] = "float", [DT_FLOAT64] = "double", [DT_STRING] = NULL,
};
static const char *const suffixes[] = {
    [DT_BOOL] = "b",     [DT_INT32] = "i32", [DT_INT64] = "i64",
    [DT_FLOAT32] = "f32", [DT_FLOAT64] = "f64", [DT_STRING] = NULL,
};

const char *scalar_c_type(DType dt) { return c_types[dt]; }
const char *scalar_suffix(DType dt) { return suffixes[dt]; }

/* 0-d and of a dtype C has a type for. */
static bool is_scalar_type(const TensorType *t) {
    return t->shape.rank == 0 && t->dtype != DT_STRING;
}

/* Whether op has a C form for these operand dtypes (the shape rules have checked the
 * combination; this only leaves out what scalar.h has no function for). */
static bool op_has_c_form(const Inst *x) {
    DType in = x->ninputs > 0 ? x->inputs[0]->type.dtype : DT_BOOL;
    switch (x->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_FLOORDIV:
    case OP_MOD:
    case OP_POW:
    case OP_NEG: return in != DT_BOOL;
    case OP_DIV: return dtype_is_float(in);
    case OP_LESS:
    case OP_LESS_EQUAL:
    case OP_GREATER:
    case OP_GREATER_EQUAL:
    case OP_EQUAL:
    case OP_NOT_EQUAL:
    case OP_LOGICAL_AND:
    case OP_LOGICAL_OR:
    case OP_LOGICAL_NOT:
    case OP_CAST:
    case OP_SELECT:
    case OP_IDENTITY:
    case OP_STOP_GRADIENT: return true;
    default: return false;
    }
}

static bool computes_scalar(const Inst *x) {
    if (x->noutputs != 1 || x->nregions > 0 || !is_scalar_type(&x->outputs[0]->type)) return false;
    for (int i = 0; i < x->ninputs; i++)
        if (!is_scalar_type(&x->inputs[i]->type)) return false;
    return op_has_c_form(x);
}

static void plan_forms(ScalarPlan *p, const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        if (x->op == OP_CONST && x->noutputs == 1 && is_scalar_type(&x->outputs[0]->type)) {
            p->form[x->outputs[0]->id] = VALUE_LITERAL;
        } else if (x->op == OP_COND || x->op == OP_WHILE) {
            /* Carried slots: a while's outputs are its loop variables, seen inside as
               the parameters of both regions. */
            for (int i = 0; i < x->noutputs; i++) {
                if (!is_scalar_type(&x->outputs[i]->type)) continue;
                p->form[x->outputs[i]->id] = VALUE_SCALAR;
                for (int k = 0; x->op == OP_WHILE && k < x->nregions; k++)
                    p->form[x->regions[k]->params[i]->id] = VALUE_SCALAR;
            }
        } else if (computes_scalar(x)) {
            p->form[x->outputs[0]->id] = VALUE_SCALAR;
        }
        for (int k = 0; k < x->nregions; k++) plan_forms(p, x->regions[k]);
    }
}

/* A literal used where a tensor is needed: any input of an op not computed as C
 * (a cond's predicate and a while's scalar slots are C), a function's result. */
static void plan_tensor_uses(ScalarPlan *p, const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        /* A fused elementwise loop reads its 0-d operands as C values too. */
        bool c_inputs = scalar_plan_computes(p, x) || x->op == OP_COND || x->op == OP_WHILE ||
                        x->op == OP_ELEMENTWISE;
        for (int i = 0; i < x->ninputs && !c_inputs; i++)
            if (p->form[x->inputs[i]->id] == VALUE_LITERAL) p->tensor_use[x->inputs[i]->id] = true;
        /* A cond's or while's slots take what they carry in their own form: a 0-d
           slot is a scalar, so only the predicate of a tensor test could want one. */
        if (x->op == OP_COND && p->form[x->inputs[0]->id] == VALUE_LITERAL &&
            !is_scalar_type(&x->inputs[0]->type))
            p->tensor_use[x->inputs[0]->id] = true;
        for (int k = 0; k < x->nregions; k++) plan_tensor_uses(p, x->regions[k]);
    }
}

ScalarPlan scalar_plan(Arena *a, const Module *m, const Func *f, bool enabled) {
    int nvals = m->next_value_id > 0 ? m->next_value_id : 1;
    ScalarPlan p = {.form = ARENA_ARRAY(a, unsigned char, nvals),
                    .tensor_use = ARENA_ARRAY(a, bool, nvals)};
    if (!enabled) return p; /* all VALUE_TENSOR (0) */
    plan_forms(&p, f->body);
    plan_tensor_uses(&p, f->body);
    /* The function's results go to its caller as tensors. */
    for (int i = 0; i < f->body->nresults; i++)
        if (p.form[f->body->results[i]->id] == VALUE_LITERAL)
            p.tensor_use[f->body->results[i]->id] = true;
    return p;
}

bool scalar_plan_computes(const ScalarPlan *p, const Inst *inst) {
    return inst->noutputs == 1 && inst->nregions == 0 && inst->op != OP_CONST &&
           p->form[inst->outputs[0]->id] == VALUE_SCALAR;
}

bool scalar_op_needs_site(const Inst *inst) {
    return (inst->op == OP_FLOORDIV || inst->op == OP_MOD || inst->op == OP_POW) &&
           !dtype_is_float(inst->inputs[0]->type.dtype);
}

static const char *binary_operator(Opcode op) {
    switch (op) {
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_DIV: return "/";
    case OP_LESS: return "<";
    case OP_LESS_EQUAL: return "<=";
    case OP_GREATER: return ">";
    case OP_GREATER_EQUAL: return ">=";
    case OP_EQUAL: return "==";
    case OP_NOT_EQUAL: return "!=";
    case OP_LOGICAL_AND: return "&&";
    case OP_LOGICAL_OR: return "||";
    default: return NULL;
    }
}

/* A cast as TensorFlow's Cast kernel converts (create.c): anything to bool is != 0,
 * floats to integers truncate with x86's out-of-range result. */
static const char *cast_expr(Arena *a, DType from, DType to, const char *x) {
    if (to == DT_BOOL) return arena_printf(a, "%s != 0", x);
    if (dtype_is_float(from) && dtype_is_integer(to))
        return arena_printf(a, "ig_f64_to_%s(%s)", suffixes[to], x);
    if (from == to) return x;
    return arena_printf(a, "(%s)%s", c_types[to], x);
}

const char *scalar_op_expr(Arena *a, const Inst *inst, const char *const *operands,
                           const char *site) {
    DType in = inst->inputs[0]->type.dtype;
    const char *suf = suffixes[in];
    const char *x = operands[0], *y = inst->ninputs > 1 ? operands[1] : NULL;
    bool is_int = dtype_is_integer(in);
    switch (inst->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
        /* Integers wrap (scalar.h); a C int's overflow would be undefined. */
        if (is_int) return arena_printf(a, "ig_%s_%s(%s, %s)", op_info[inst->op].name, suf, x, y);
        return arena_printf(a, "%s %s %s", x, binary_operator(inst->op), y);
    case OP_FLOORDIV:
    case OP_MOD:
    case OP_POW:
        if (is_int)
            return arena_printf(a, "ig_%s_%s(%s, %s, %s)", op_info[inst->op].name, suf, site, x, y);
        return arena_printf(a, "ig_%s_%s(NULL, %s, %s)", op_info[inst->op].name, suf, x, y);
    case OP_NEG:
        if (is_int) return arena_printf(a, "ig_neg_%s(%s)", suf, x);
        return arena_printf(a, x[0] == '-' ? "-(%s)" : "-%s", x); /* not --1.5f */
    case OP_LOGICAL_NOT: return arena_printf(a, "!%s", x);
    case OP_CAST: return cast_expr(a, in, inst->outputs[0]->type.dtype, x);
    case OP_SELECT: return arena_printf(a, "%s ? %s : %s", x, y, operands[2]);
    case OP_IDENTITY:
    case OP_STOP_GRADIENT: return x;
    default: {
        const char *op = binary_operator(inst->op);
        IG_ASSERT(op && y);
        return arena_printf(a, "%s %s %s", x, op, y);
    }
    }
}

/* ---- fused elementwise loops -------------------------------------------------------- */
typedef struct TermWriter {
    Arena *arena;
    const char *suffix; /* the element functions' dtype suffix: "f32" */
    const char *const *operands;
} TermWriter;

/* The C text of term t. *infix: whether it is an operator form ("a + b"), which an
 * operator around it parenthesizes and a function call's argument list does not need. */
static const char *term_text(const TermWriter *w, const EwTerm *t, bool *infix) {
    *infix = false;
    if (t->input >= 0) return w->operands[t->input];
    bool x_infix, y_infix = false;
    const char *x = term_text(w, t->args[0], &x_infix), *y = NULL;
    if (t->nargs > 1) y = term_text(w, t->args[1], &y_infix);
    const char *sym = NULL;
    switch (t->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: sym = binary_operator(t->op); break;
    case OP_NEG:
        if (x_infix) x = arena_printf(w->arena, "(%s)", x);
        return arena_printf(w->arena, x[0] == '-' ? "-(%s)" : "-%s", x); /* not --1.5f */
    default: /* an ingot/scalar.h function: ig_maximum_f32(a, b) */
        return y ? arena_printf(w->arena, "ig_%s_%s(%s, %s)", op_info[t->op].name, w->suffix, x, y)
                 : arena_printf(w->arena, "ig_%s_%s(%s)", op_info[t->op].name, w->suffix, x);
    }
    if (x_infix) x = arena_printf(w->arena, "(%s)", x);
    if (y_infix) y = arena_printf(w->arena, "(%s)", y);
    *infix = true;
    return arena_printf(w->arena, "%s %s %s", x, sym, y);
}

const char *scalar_elementwise_expr(Arena *a, DType dtype, const char *expr,
                                    const char *const *operands, int noperands) {
    const EwTerm *t = ew_expr_parse(a, expr, noperands);
    IG_ASSERT(t); /* the shape rule checked it */
    TermWriter w = {a, suffixes[dtype], operands};
    bool infix;
    return term_text(&w, t, &infix);
}

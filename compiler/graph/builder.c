/* builder.c — the one way ops enter the graph: shape inference first (a mismatch is
 * a user error at the script line, with "traced from" notes), then a new Inst
 * appended to the builder's region. Entry points: build_inst, build_op, build_const,
 * build_cond, build_while (which adopt their traced regions), build_read_var and
 * build_assign_var (variables).
 * Memory owner: instructions and values live in the Module's Arena. */
#include "ir.h"

#include <stdarg.h>
#include <stdio.h>

#include <string.h>


/* The script line at loc, without its indentation and trailing blanks: emitted C
 * shows it above the statement. NULL when loc has no file or the file no such line. */
const char *ir_src_line(Arena *a, SrcLoc loc) {
    size_t len;
    const char *p = srcfile_line(loc.file, loc.line, &len);
    if (!p) return NULL;
    const char *e = p + len;
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
    return arena_strndup(a, p, (size_t)(e - p));
}

static void builder_report(Builder *b, BuildErrorKind kind, SrcLoc loc, const char *msg) {
    if (b->on_error) {
        b->on_error(b->on_error_ctx, kind, loc, msg);
        return;
    }
    diag_error(b->diag, loc, "%s", msg);
    for (const CallChain *c = b->chain; c; c = c->parent)
        diag_note(b->diag, c->call_loc, "traced from the call to '%s' here", c->callee_name);
}

void build_unsupported(Builder *b, SrcLoc loc, const char *fmt, ...) {
    char msg[512];
    int n = snprintf(msg, sizeof msg, "not supported yet: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    builder_report(b, BUILD_ERROR_UNSUPPORTED, loc, msg);
}

static void region_append(Region *r, Inst *inst) {
    inst->parent = r;
    inst->prev = r->last;
    if (r->last) r->last->next = inst;
    else r->first = inst;
    r->last = inst;
}

/* A new instruction with outputs of the given types, appended to the builder's region;
 * with an executor run at once instead, NULL after an op that failed to run. */
static Inst *builder_append(Builder *b, Opcode op, IrValue **inputs, int ninputs,
                            const Attrs *attrs, Func *callee, Global *global, SrcLoc loc,
                            const TensorType *types, int nout, Region *const *regions,
                            int nregions) {
    Arena *a = b->module->arena;
    Inst *inst = ARENA_NEW(a, Inst);
    /* The regions first: whoever observes the instruction sees it whole. */
    if (nregions > 0) {
        inst->nregions = nregions;
        inst->regions = ARENA_ARRAY(a, Region *, nregions);
        for (int i = 0; i < nregions; i++) {
            inst->regions[i] = regions[i];
            regions[i]->parent = inst;
        }
    }
    inst->op = op;
    inst->ninputs = ninputs;
    inst->inputs = ARENA_ARRAY(a, IrValue *, ninputs > 0 ? ninputs : 1);
    for (int i = 0; i < ninputs; i++) inst->inputs[i] = inputs[i];
    if (attrs && attrs->len > 0) {
        /* Own copy of the item array: the caller's Attrs is often a local. */
        inst->attrs.items = ARENA_ARRAY(a, Attr, attrs->len);
        memcpy(inst->attrs.items, attrs->items, sizeof(Attr) * (size_t)attrs->len);
        inst->attrs.len = inst->attrs.cap = attrs->len;
    }
    inst->callee = callee;
    inst->global = global;
    inst->loc = loc;
    inst->src_line = b->exec ? NULL : ir_src_line(a, loc); /* for the emitted C */
    inst->chain = b->chain;
    inst->grad_of = b->grad_of;
    inst->noutputs = nout;
    inst->outputs = ARENA_ARRAY(a, IrValue *, nout > 0 ? nout : 1);
    for (int i = 0; i < nout; i++) {
        IrValue *v = ARENA_NEW(a, IrValue);
        v->id = b->module->next_value_id++;
        v->type = types[i];
        v->def = inst;
        v->def_index = i;
        inst->outputs[i] = v;
    }
    if (b->exec) {
        /* Not in any region: tensor_in_scope-style checks see it as always in scope. */
        char err[512];
        BuildErrorKind kind = BUILD_ERROR_RUN;
        if (!b->exec->run(b->exec->ctx, inst, &kind, err, sizeof err)) {
            builder_report(b, kind, loc, err);
            return NULL;
        }
        if (b->observe) b->observe(b->observe_ctx, inst);
        /* Done: forgetting the inputs lets a tensor's history be collected (its
           outputs would otherwise reach every earlier tensor through def). */
        inst->inputs = NULL;
        inst->ninputs = 0;
        return inst;
    }
    region_append(b->region, inst);
    if (b->observe) b->observe(b->observe_ctx, inst);
    return inst;
}

Inst *build_inst(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                 Func *callee, SrcLoc loc) {
    IG_ASSERT(b && b->module && b->region);
    /* Only a call has more than one output; its count comes from the callee. */
    int cap = 1 + (callee && callee->body ? callee->body->nresults : 0);
    TensorType *types = ARENA_ARRAY(b->module->arena, TensorType, cap);
    int nout = 0;
    ShapeError err;
    if (!shape_infer(op, inputs, ninputs, attrs, callee, types, &nout, &err)) {
        /* Ingot's limit is not the script's mistake: no except may catch it. */
        builder_report(b, err.unsupported ? BUILD_ERROR_UNSUPPORTED : BUILD_ERROR_SHAPE, loc,
                       err.msg);
        return NULL;
    }
    IG_ASSERT(nout <= cap);
    return builder_append(b, op, inputs, ninputs, attrs, callee, NULL, loc, types, nout, NULL, 0);
}

/* cond and while: outputs follow from the regions, which become the instruction's. */
static Inst *build_control(Builder *b, Opcode op, IrValue **inputs, int ninputs, Region *r0,
                           Region *r1, SrcLoc loc) {
    IG_ASSERT(b && b->module && b->region && r0 && r1);
    IG_ASSERT(r0 != r1 && !r0->parent && !r1->parent);
    IG_ASSERT(r0->func == b->region->func && r1->func == b->region->func);
    Arena *a = b->module->arena;
    Region *regions[2] = {r0, r1};
    int cap = 1 + ninputs + r0->nresults + r1->nresults;
    TensorType *types = ARENA_ARRAY(a, TensorType, cap);
    int nout = 0;
    ShapeError err;
    if (!shape_infer_regions(op, inputs, ninputs, NULL, NULL, regions, 2, types, &nout, &err)) {
        builder_report(b, err.unsupported ? BUILD_ERROR_UNSUPPORTED : BUILD_ERROR_SHAPE, loc,
                       err.msg);
        return NULL;
    }
    if (b->exec) {
        builder_report(
            b, BUILD_ERROR_UNSUPPORTED, loc,
            arena_printf(a, "not supported yet in eager mode: a '%s' node", op_info[op].name));
        return NULL;
    }
    return builder_append(b, op, inputs, ninputs, NULL, NULL, NULL, loc, types, nout, regions, 2);
}

Inst *build_cond(Builder *b, IrValue *pred, Region *then_r, Region *else_r, SrcLoc loc) {
    return build_control(b, OP_COND, &pred, 1, then_r, else_r, loc);
}

Inst *build_while(Builder *b, IrValue **inits, int n, Region *cond_r, Region *body_r, SrcLoc loc) {
    IG_ASSERT(n >= 0 && (n == 0 || inits));
    return build_control(b, OP_WHILE, inits, n, cond_r, body_r, loc);
}

IrValue *build_op(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                  SrcLoc loc) {
    Inst *inst = build_inst(b, op, inputs, ninputs, attrs, NULL, loc);
    if (!inst) return NULL;
    IG_ASSERT(inst->noutputs == 1);
    return inst->outputs[0];
}

IrValue *build_const(Builder *b, const ConstData *value, SrcLoc loc) {
    Attrs attrs = {0};
    attrs_set_tensor(b->module->arena, &attrs, "value", value);
    return build_op(b, OP_CONST, NULL, 0, &attrs, loc);
}

/* The variable ops name their variable in Inst.global, which build_inst has no
 * parameter for: the same check-then-append, with shape_infer_var. */
static Inst *build_var_inst(Builder *b, Opcode op, Global *g, IrValue **inputs, int ninputs,
                            SrcLoc loc) {
    IG_ASSERT(b && b->module && b->region && g && op_is_var(op));
    TensorType types[1];
    int nout = 0;
    ShapeError err;
    if (!shape_infer_var(op, g, inputs, ninputs, types, &nout, &err)) {
        builder_report(b, err.unsupported ? BUILD_ERROR_UNSUPPORTED : BUILD_ERROR_SHAPE, loc,
                       err.msg);
        return NULL;
    }
    return builder_append(b, op, inputs, ninputs, NULL, NULL, g, loc, types, nout, NULL, 0);
}

Inst *build_random(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                   Global *state, SrcLoc loc) {
    IG_ASSERT(b && b->module && b->region && state && op_is_random(op));
    TensorType types[1];
    int nout = 0;
    ShapeError err;
    if (!shape_infer(op, inputs, ninputs, attrs, NULL, types, &nout, &err)) {
        builder_report(b, err.unsupported ? BUILD_ERROR_UNSUPPORTED : BUILD_ERROR_SHAPE, loc,
                       err.msg);
        return NULL;
    }
    return builder_append(b, op, inputs, ninputs, attrs, NULL, state, loc, types, nout, NULL, 0);
}

IrValue *build_read_var(Builder *b, Global *g, SrcLoc loc) {
    Inst *inst = build_var_inst(b, OP_READ_VAR, g, NULL, 0, loc);
    return inst ? inst->outputs[0] : NULL;
}

Inst *build_assign_var(Builder *b, Opcode op, Global *g, IrValue *value, SrcLoc loc) {
    IG_ASSERT(op != OP_READ_VAR);
    return build_var_inst(b, op, g, &value, 1, loc);
}

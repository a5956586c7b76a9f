/* builder.c — the one way ops enter the graph: shape inference first (a mismatch is
 * a user error at the script line, with "traced from" notes), then a new Inst
 * appended to the builder's region. Entry points: build_inst, build_op, build_const.
 * Memory owner: instructions and values live in the Module's Arena. */
#include "ir.h"

#include <string.h>

/* The script line at loc, without its indentation and trailing blanks: emitted C
 * shows it above the statement. NULL when loc has no file. */
static const char *builder_src_line(Arena *a, SrcLoc loc) {
    if (!loc.file || !loc.file->text || loc.line < 1) return NULL;
    const char *p = loc.file->text, *end = p + loc.file->len;
    for (int l = 1; l < loc.line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return NULL;
        p = nl + 1;
    }
    const char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e) e = end;
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
    return arena_strndup(a, p, (size_t)(e - p));
}

static void builder_report(Builder *b, SrcLoc loc, const char *msg) {
    diag_error(b->diag, loc, "%s", msg);
    for (const CallChain *c = b->chain; c; c = c->parent)
        diag_note(b->diag, c->call_loc, "traced from the call to '%s' here", c->callee_name);
}

static void region_append(Region *r, Inst *inst) {
    inst->parent = r;
    inst->prev = r->last;
    if (r->last) r->last->next = inst;
    else r->first = inst;
    r->last = inst;
}

Inst *build_inst(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                 Func *callee, SrcLoc loc) {
    IG_ASSERT(b && b->module && b->region);
    Arena *a = b->module->arena;
    /* Only a call has more than one output; its count comes from the callee. */
    int cap = 1 + (callee && callee->body ? callee->body->nresults : 0);
    TensorType *types = ARENA_ARRAY(a, TensorType, cap);
    int nout = 0;
    char err[512];
    if (!shape_infer(op, inputs, ninputs, attrs, callee, types, &nout, err, sizeof err)) {
        builder_report(b, loc, err);
        return NULL;
    }
    IG_ASSERT(nout <= cap);

    Inst *inst = ARENA_NEW(a, Inst);
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
    inst->loc = loc;
    inst->src_line = builder_src_line(a, loc);
    inst->chain = b->chain;
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
    region_append(b->region, inst);
    return inst;
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

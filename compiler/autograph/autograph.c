/* autograph.c — the AutoGraph pipeline: copy the module, then convert each scope
 * (the module's top level, every def not marked do_not_convert) with the passes as
 * a flat list, in TF's converter order:
 *   directives → break → continue → return → liveness → control flow (+ expressions)
 * Nested defs are converted when the control-flow pass reaches them, each as a
 * scope of its own; class bodies are not converted (names bound there are not
 * reachable with nonlocal), their methods are.
 * Entry points: autograph_convert_module, autograph_find_converted.
 * Memory owner: the converted tree is in the caller's arena; each scope's analyses
 * use a scratch arena freed when the scope is done. */
#include "autograph.h"

#include "ag.h"

LoopInfo *ag_loop_info(AgScope *s, const Node *loop) {
    LoopInfo *info = ptrmap_get(&s->loops, loop);
    if (!info) {
        info = ARENA_NEW(s->scratch, LoopInfo);
        ptrmap_put(&s->loops, loop, info);
    }
    return info;
}

typedef struct ScopeWalk {
    AgScope *s;
    NameBuf *out;
} ScopeWalk;

static void collect_captured(AgScope *s, const NodeList *body, NameBuf *out);

static void captured_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    ScopeWalk *w = ctx;
    collect_captured(w->s, block, w->out);
}

/* Free names of the defs and classes nested (at any block depth) in a body. */
static void collect_captured(AgScope *s, const NodeList *body, NameBuf *out) {
    ScopeWalk w = {s, out};
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        if (st->kind == AST_FUNCDEF || st->kind == AST_CLASSDEF) ag_nested_free(s, st, out);
        else ast_for_each_block(st, captured_block, &w);
    }
}

typedef struct LambdaCollect {
    AgScope *s;
    NameBuf *out;
} LambdaCollect;

/* Free names of every lambda anywhere below *slot (they may run at any later time). */
static void collect_lambda_free(void *ctx, Node **slot) {
    LambdaCollect *c = ctx;
    if ((*slot)->kind == AST_LAMBDA) ag_expr_loads(c->s, *slot, c->out);
    ast_for_each_child(*slot, NULL, collect_lambda_free, ctx);
}

/* Converts one scope's body in place; params is NULL for the module. */
static void convert_scope(AgCtx *ctx, NodeList *body, const Params *params, SrcLoc loc) {
    AgScope s = {.ctx = ctx, .scratch = arena_new(), .loc = loc, .is_module = params == NULL};
    ptrmap_init(&s.loops, s.scratch);
    ptrmap_init(&s.flow, s.scratch);
    NameBuf globals, nonlocals, names, captured;
    namebuf_init(&globals, s.scratch);
    namebuf_init(&nonlocals, s.scratch);
    namebuf_init(&names, s.scratch);
    namebuf_init(&captured, s.scratch);
    ag_block_decls(&s, body, &globals, &nonlocals);
    s.globals = namebuf_set(&globals);
    s.nonlocals = namebuf_set(&nonlocals);
    if (params) {
        ag_param_names(&s, params, &names);
        s.params = namebuf_set(&names);
    }
    for (int i = 0; i < body->len; i++) ag_referenced(&s, body->items[i], &names);
    s.used_names = namebuf_set(&names);
    collect_captured(&s, body, &captured);
    if (!params) {
        /* A module's names outlive its top level only through the functions (and
           lambdas) that read them later: those, and no others, escape. */
        LambdaCollect lc = {&s, &captured};
        for (int i = 0; i < body->len; i++) collect_lambda_free(&lc, &body->items[i]);
    }
    s.captured = namebuf_set(&captured);

    if (ag_lower_directives(&s, body)) {
        ag_lower_break(&s, body);
        ag_lower_continue(&s, body);
        if (params) ag_lower_return(&s, body);
        ag_liveness(&s, body);
        ag_convert_control_flow(&s, body);
    }
    arena_free(s.scratch);
}

static void convert_class_body(AgScope *s, NodeList *body);

void ag_convert_nested(AgScope *s, Node *st) {
    if (st->kind == AST_CLASSDEF) {
        convert_class_body(s, &st->classdef.body);
        return;
    }
    IG_ASSERT(st->kind == AST_FUNCDEF);
    if (ag_is_do_not_convert(s->scratch, st)) return;
    convert_scope(s->ctx, &st->funcdef.body, &st->funcdef.params, st->loc);
}

static void class_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    convert_class_body(ctx, block);
}

/* A class body stays as written; the defs in it (methods) are converted. */
static void convert_class_body(AgScope *s, NodeList *body) {
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        if (st->kind == AST_FUNCDEF || st->kind == AST_CLASSDEF) ag_convert_nested(s, st);
        else ast_for_each_block(st, class_block, s);
    }
}

Node *autograph_convert_module(Arena *arena, Diag *diag, const Node *module) {
    IG_ASSERT(module && module->kind == AST_MODULE);
    int errors_before = diag->errors;
    AgCtx ctx = {arena, diag};
    Node *copy = ag_clone(arena, module);
    ag_mangle_private_names(arena, copy);
    SrcLoc loc = copy->module.body.len ? copy->module.body.items[0]->loc : copy->loc;
    convert_scope(&ctx, &copy->module.body, NULL, loc);
    return diag->errors > errors_before ? NULL : copy;
}

/* ---- tf.autograph.to_code ---------------------------------------------------------------- */

typedef struct Find {
    const Node *def;
    const Node *found;
} Find;

static void find_slot(void *ctx, Node **slot) {
    Find *f = ctx;
    if (f->found) return;
    if ((*slot)->kind == AST_FUNCDEF && (*slot)->funcdef.original == f->def) {
        f->found = *slot;
        return;
    }
    ast_for_each_child(*slot, NULL, find_slot, f);
}

const Node *autograph_find_converted(const Node *converted_module, const Node *def) {
    Find f = {def, NULL};
    Node *root = (Node *)converted_module;
    find_slot(&f, &root);
    return f.found;
}

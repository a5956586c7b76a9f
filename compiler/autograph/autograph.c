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

/* Free names of the defs and classes nested (at any block depth) in a body. */
static void collect_captured(AgScope *s, const NodeList *body, NameBuf *out) {
    for (int i = 0; i < body->len; i++) {
        const Node *st = body->items[i];
        switch (st->kind) {
        case AST_FUNCDEF:
        case AST_CLASSDEF: ag_nested_free(s, st, out); break;
        case AST_IF:
            collect_captured(s, &st->if_.body, out);
            collect_captured(s, &st->if_.orelse, out);
            break;
        case AST_WHILE:
            collect_captured(s, &st->while_.body, out);
            collect_captured(s, &st->while_.orelse, out);
            break;
        case AST_FOR:
            collect_captured(s, &st->for_.body, out);
            collect_captured(s, &st->for_.orelse, out);
            break;
        case AST_WITH: collect_captured(s, &st->with.body, out); break;
        case AST_TRY:
            collect_captured(s, &st->try_.body, out);
            for (int h = 0; h < st->try_.handlers.len; h++)
                collect_captured(s, &st->try_.handlers.items[h]->handler.body, out);
            collect_captured(s, &st->try_.orelse, out);
            collect_captured(s, &st->try_.finalbody, out);
            break;
        default: break;
        }
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

/* A class body stays as written; the defs in it (methods) are converted. */
static void convert_class_body(AgScope *s, NodeList *body) {
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        switch (st->kind) {
        case AST_FUNCDEF:
        case AST_CLASSDEF: ag_convert_nested(s, st); break;
        case AST_IF:
            convert_class_body(s, &st->if_.body);
            convert_class_body(s, &st->if_.orelse);
            break;
        case AST_WHILE:
            convert_class_body(s, &st->while_.body);
            convert_class_body(s, &st->while_.orelse);
            break;
        case AST_FOR:
            convert_class_body(s, &st->for_.body);
            convert_class_body(s, &st->for_.orelse);
            break;
        case AST_WITH: convert_class_body(s, &st->with.body); break;
        case AST_TRY:
            convert_class_body(s, &st->try_.body);
            for (int h = 0; h < st->try_.handlers.len; h++)
                convert_class_body(s, &st->try_.handlers.items[h]->handler.body);
            convert_class_body(s, &st->try_.orelse);
            convert_class_body(s, &st->try_.finalbody);
            break;
        default: break;
        }
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

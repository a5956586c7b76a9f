/* parse_check.c — syntax errors that depend on the enclosing def or loop, found by
 * one walk over the parsed module (as CPython's compiler finds them after parsing).
 * Entry point: parse_check_context.
 * Memory owner: nothing is allocated. */
#include "parse_internal.h"

static void check_body(ParseCtx *ctx, const NodeList *body, bool in_func, bool in_loop,
                       bool at_module);

static void check_stmt(ParseCtx *ctx, const Node *s, bool in_func, bool in_loop, bool at_module) {
    switch (s->kind) {
    case AST_RETURN:
        if (!in_func) diag_error(ctx->diag, s->loc, "'return' outside function");
        break;
    case AST_BREAK:
        if (!in_loop) diag_error(ctx->diag, s->loc, "'break' outside loop");
        break;
    case AST_CONTINUE:
        if (!in_loop) diag_error(ctx->diag, s->loc, "'continue' not properly in loop");
        break;
    case AST_NONLOCAL:
        if (at_module)
            diag_error(ctx->diag, s->loc, "nonlocal declaration not allowed at module level");
        break;
    case AST_IF:
        check_body(ctx, &s->if_.body, in_func, in_loop, at_module);
        check_body(ctx, &s->if_.orelse, in_func, in_loop, at_module);
        break;
    case AST_WHILE:
        check_body(ctx, &s->while_.body, in_func, true, at_module);
        check_body(ctx, &s->while_.orelse, in_func, in_loop, at_module);
        break;
    case AST_FOR:
        check_body(ctx, &s->for_.body, in_func, true, at_module);
        check_body(ctx, &s->for_.orelse, in_func, in_loop, at_module);
        break;
    case AST_WITH: check_body(ctx, &s->with.body, in_func, in_loop, at_module); break;
    case AST_TRY:
        check_body(ctx, &s->try_.body, in_func, in_loop, at_module);
        for (int i = 0; i < s->try_.handlers.len; i++)
            check_body(ctx, &s->try_.handlers.items[i]->handler.body, in_func, in_loop, at_module);
        check_body(ctx, &s->try_.orelse, in_func, in_loop, at_module);
        check_body(ctx, &s->try_.finalbody, in_func, in_loop, at_module);
        break;
    case AST_FUNCDEF: check_body(ctx, &s->funcdef.body, true, false, false); break;
    case AST_CLASSDEF: check_body(ctx, &s->classdef.body, false, false, false); break;
    default: break;
    }
}

static void check_body(ParseCtx *ctx, const NodeList *body, bool in_func, bool in_loop,
                       bool at_module) {
    for (int i = 0; i < body->len; i++)
        check_stmt(ctx, body->items[i], in_func, in_loop, at_module);
}

void parse_check_context(ParseCtx *ctx, const Node *module) {
    check_body(ctx, &module->module.body, false, false, true);
}

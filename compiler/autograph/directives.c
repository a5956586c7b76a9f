/* directives.c — tf.autograph.experimental.set_loop_options(...) statements placed
 * directly in a loop body are removed, and their keyword arguments become the
 * entries of that loop's options dict (shape_invariants, maximum_iterations, ...).
 * Entry point: ag_lower_directives (first of the passes, before any guard can wrap
 * the directive).  Memory owner: LoopInfo in the scope's scratch arena. */
#include "ag.h"

static bool directives_block(AgScope *s, NodeList *body);

/* Takes the directives out of one loop body. */
static bool take_loop_options(AgScope *s, Node *loop, NodeList *body) {
    bool ok = true;
    int kept = 0;
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        if (!ag_is_loop_options(st)) {
            body->items[kept++] = st;
            continue;
        }
        const Node *call = st->expr_stmt.value;
        if (call->call.args.len) {
            diag_error(s->ctx->diag, call->call.args.items[0]->loc,
                       "'set_loop_options' takes keyword arguments only");
            ok = false;
        }
        LoopInfo *info = ag_loop_info(s, loop);
        for (int k = 0; k < call->call.keywords.len; k++) {
            const Node *kw = call->call.keywords.items[k];
            if (!kw->keyword.name) {
                diag_error(s->ctx->diag, kw->loc, "'set_loop_options' takes keyword arguments only");
                ok = false;
                continue;
            }
            nodelist_push(s->ctx->arena, &info->opt_keys, ag_build_str(s->ctx->arena, kw->loc, kw->keyword.name));
            nodelist_push(s->ctx->arena, &info->opt_values, kw->keyword.value);
        }
    }
    body->len = kept;
    if (kept == 0) nodelist_push(s->ctx->arena, body, ag_build_pass(s->ctx->arena, loop->loc));
    return ok;
}

static bool directives_block(AgScope *s, NodeList *body) {
    bool ok = true;
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        switch (st->kind) {
        case AST_WHILE:
            ok &= take_loop_options(s, st, &st->while_.body);
            ok &= directives_block(s, &st->while_.body);
            ok &= directives_block(s, &st->while_.orelse);
            break;
        case AST_FOR:
            ok &= take_loop_options(s, st, &st->for_.body);
            ok &= directives_block(s, &st->for_.body);
            ok &= directives_block(s, &st->for_.orelse);
            break;
        case AST_IF:
            ok &= directives_block(s, &st->if_.body);
            ok &= directives_block(s, &st->if_.orelse);
            break;
        case AST_WITH: ok &= directives_block(s, &st->with.body); break;
        case AST_TRY:
            ok &= directives_block(s, &st->try_.body);
            for (int h = 0; h < st->try_.handlers.len; h++)
                ok &= directives_block(s, &st->try_.handlers.items[h]->handler.body);
            ok &= directives_block(s, &st->try_.orelse);
            ok &= directives_block(s, &st->try_.finalbody);
            break;
        default: break;
        }
    }
    return ok;
}

bool ag_lower_directives(AgScope *s, NodeList *body) { return directives_block(s, body); }

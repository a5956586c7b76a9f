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
                diag_error(s->ctx->diag, kw->loc,
                           "'set_loop_options' takes keyword arguments only");
                ok = false;
                continue;
            }
            nodelist_push(s->ctx->arena, &info->opt_keys,
                          ag_build_str(s->ctx->arena, kw->loc, kw->keyword.name));
            nodelist_push(s->ctx->arena, &info->opt_values, kw->keyword.value);
        }
    }
    body->len = kept;
    if (kept == 0) nodelist_push(s->ctx->arena, body, ag_build_pass(s->ctx->arena, loop->loc));
    return ok;
}

typedef struct Directives {
    AgScope *s;
    bool ok;
} Directives;

static void directives_in(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    Directives *d = ctx;
    d->ok &= directives_block(d->s, block);
}

/* A loop's own directives first, then every block (the loop's body included). */
static bool directives_block(AgScope *s, NodeList *body) {
    Directives d = {s, true};
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        if (st->kind == AST_WHILE) d.ok &= take_loop_options(s, st, &st->while_.body);
        if (st->kind == AST_FOR) d.ok &= take_loop_options(s, st, &st->for_.body);
        ast_for_each_block(st, directives_in, &d);
    }
    return d.ok;
}

bool ag_lower_directives(AgScope *s, NodeList *body) { return directives_block(s, body); }

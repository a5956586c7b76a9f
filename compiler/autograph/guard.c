/* guard.c — the block guarding shared by the break and continue lowerings (TF's
 * break_statements/continue_statements converters): a jump becomes `flag = True`,
 * and the statements after it, up to the end of the loop body, run only under
 * `if ag__.not_(flag):` — at every block level between the jump and the loop.
 * Entry points: ag_guard_block, ag_guard_find_loops.
 * Memory owner: new nodes in the conversion's arena. */
#include "ag.h"

static void push_all(Arena *a, NodeList *dst, const NodeList *src) {
    for (int i = 0; i < src->len; i++) nodelist_push(a, dst, src->items[i]);
}

bool ag_guard_has_jump(const NodeList *block, AstKind jump) {
    for (int i = 0; i < block->len; i++) {
        const Node *st = block->items[i];
        if (st->kind == jump) return true;
        switch (st->kind) {
        /* A nested loop's own jumps are its business; its else clause runs in ours. */
        case AST_WHILE:
            if (ag_guard_has_jump(&st->while_.orelse, jump)) return true;
            break;
        case AST_FOR:
            if (ag_guard_has_jump(&st->for_.orelse, jump)) return true;
            break;
        case AST_IF:
            if (ag_guard_has_jump(&st->if_.body, jump) || ag_guard_has_jump(&st->if_.orelse, jump)) return true;
            break;
        case AST_WITH:
            if (ag_guard_has_jump(&st->with.body, jump)) return true;
            break;
        case AST_TRY:
            for (int h = 0; h < st->try_.handlers.len; h++)
                if (ag_guard_has_jump(&st->try_.handlers.items[h]->handler.body, jump)) return true;
            if (ag_guard_has_jump(&st->try_.body, jump) || ag_guard_has_jump(&st->try_.orelse, jump) ||
                ag_guard_has_jump(&st->try_.finalbody, jump))
                return true;
            break;
        default: break;
        }
    }
    return false;
}

/* Lowers one statement of a loop body into out; true when it holds a jump. */
static bool guard_stmt(AgGuard *g, Node *st, NodeList *out) {
    Arena *a = g->scope->ctx->arena;
    bool jumped = false;
    if (st->kind == g->jump) {
        IG_ASSERT(g->flag != NULL);
        nodelist_push(a, out, ag_build_flag_set(a, st->loc, g->flag, true));
        return true;
    }
    switch (st->kind) {
    case AST_WHILE:
    case AST_FOR: return g->lower_loop(g->pass, g, st, out);
    case AST_IF:
        jumped |= ag_guard_block(g, &st->if_.body);
        jumped |= ag_guard_block(g, &st->if_.orelse);
        break;
    case AST_WITH: jumped |= ag_guard_block(g, &st->with.body); break;
    case AST_TRY:
        jumped |= ag_guard_block(g, &st->try_.body);
        for (int h = 0; h < st->try_.handlers.len; h++)
            jumped |= ag_guard_block(g, &st->try_.handlers.items[h]->handler.body);
        jumped |= ag_guard_block(g, &st->try_.orelse);
        jumped |= ag_guard_block(g, &st->try_.finalbody);
        break;
    default: break;
    }
    nodelist_push(a, out, st);
    return jumped;
}

bool ag_guard_rest(Arena *a, NodeList *block, AgStmtLowering lower, AgGuardTest test, void *ctx) {
    NodeList out = {0};
    NodeList *dest = &out;
    bool guard_now = false, any = false;
    for (int i = 0; i < block->len; i++) {
        Node *st = block->items[i];
        NodeList repl = {0};
        bool jumped = lower(ctx, st, &repl);
        if (guard_now) {
            /* Everything from here to the end of the block goes under the guard. */
            Node *guard = ag_build_if(a, st->loc, test(ctx, st->loc));
            nodelist_push(a, dest, guard);
            dest = &guard->if_.body;
        }
        push_all(a, dest, &repl);
        guard_now = jumped;
        any |= jumped;
    }
    *block = out;
    return any;
}

static bool guard_stmt_cb(void *g, Node *st, NodeList *out) { return guard_stmt(g, st, out); }

static Node *not_jumped(void *ctx, SrcLoc loc) {
    AgGuard *g = ctx;
    Arena *a = g->scope->ctx->arena;
    return ag_build_not(a, loc, ag_build_name(a, loc, g->flag));
}

bool ag_guard_block(AgGuard *g, NodeList *block) {
    return ag_guard_rest(g->scope->ctx->arena, block, guard_stmt_cb, not_jumped, g);
}

static void find_in(AgScope *s, NodeList *body, AgLoopLowering lower_loop, void *pass) {
    Arena *a = s->ctx->arena;
    NodeList out = {0};
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        switch (st->kind) {
        case AST_WHILE:
        case AST_FOR: {
            NodeList repl = {0};
            lower_loop(pass, NULL, st, &repl);
            push_all(a, &out, &repl);
            continue;
        }
        case AST_IF:
            find_in(s, &st->if_.body, lower_loop, pass);
            find_in(s, &st->if_.orelse, lower_loop, pass);
            break;
        case AST_WITH: find_in(s, &st->with.body, lower_loop, pass); break;
        case AST_TRY:
            find_in(s, &st->try_.body, lower_loop, pass);
            for (int h = 0; h < st->try_.handlers.len; h++)
                find_in(s, &st->try_.handlers.items[h]->handler.body, lower_loop, pass);
            find_in(s, &st->try_.orelse, lower_loop, pass);
            find_in(s, &st->try_.finalbody, lower_loop, pass);
            break;
        default: break;
        }
        nodelist_push(a, &out, st);
    }
    *body = out;
}

void ag_guard_find_loops(AgScope *s, NodeList *body, AgLoopLowering lower_loop, void *pass) {
    find_in(s, body, lower_loop, pass);
}

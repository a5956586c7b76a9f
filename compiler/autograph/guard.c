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

typedef struct JumpSearch {
    AstKind jump;
    bool found;
} JumpSearch;

static void jump_in_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    JumpSearch *j = ctx;
    j->found = j->found || ag_guard_has_jump(block, j->jump);
}

bool ag_guard_has_jump(const NodeList *block, AstKind jump) {
    for (int i = 0; i < block->len; i++) {
        Node *st = block->items[i];
        if (st->kind == jump) return true;
        /* A nested loop's own jumps are its business; its else clause runs in ours. */
        if (st->kind == AST_WHILE || st->kind == AST_FOR) {
            const NodeList *orelse = st->kind == AST_WHILE ? &st->while_.orelse : &st->for_.orelse;
            if (ag_guard_has_jump(orelse, jump)) return true;
            continue;
        }
        JumpSearch j = {jump, false};
        ast_for_each_block(st, jump_in_block, &j);
        if (j.found) return true;
    }
    return false;
}

typedef struct GuardBlocks {
    AgGuard *g;
    bool jumped;
} GuardBlocks;

static void guard_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    GuardBlocks *gb = ctx;
    gb->jumped |= ag_guard_block(gb->g, block);
}

/* Lowers one statement of a loop body into out; true when it holds a jump. */
static bool guard_stmt(AgGuard *g, Node *st, NodeList *out) {
    Arena *a = g->scope->ctx->arena;
    if (st->kind == g->jump) {
        IG_ASSERT(g->flag != NULL);
        nodelist_push(a, out, ag_build_flag_set(a, st->loc, g->flag, true));
        return true;
    }
    if (st->kind == AST_WHILE || st->kind == AST_FOR) return g->lower_loop(g->pass, g, st, out);
    GuardBlocks gb = {g, false};
    ast_for_each_block(st, guard_block, &gb); /* if, with, try: the jump may sit in any block */
    nodelist_push(a, out, st);
    return gb.jumped;
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

typedef struct FindLoops {
    AgScope *s;
    AgLoopLowering lower_loop;
    void *pass;
} FindLoops;

static void find_in(FindLoops *f, NodeList *body);

static void find_in_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    find_in(ctx, block);
}

static void find_in(FindLoops *f, NodeList *body) {
    Arena *a = f->s->ctx->arena;
    NodeList out = {0};
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        if (st->kind == AST_WHILE || st->kind == AST_FOR) {
            NodeList repl = {0};
            f->lower_loop(f->pass, NULL, st, &repl);
            push_all(a, &out, &repl);
            continue;
        }
        ast_for_each_block(st, find_in_block, f);
        nodelist_push(a, &out, st);
    }
    *body = out;
}

void ag_guard_find_loops(AgScope *s, NodeList *body, AgLoopLowering lower_loop, void *pass) {
    FindLoops f = {s, lower_loop, pass};
    find_in(&f, body);
}

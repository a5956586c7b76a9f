/* lower_return.c — return statements inside control flow become two variables
 * (TF's return_statements converter), in a def where some return sits inside an
 * if/while/for; a def whose returns are all at the top of its body is left alone.
 *   1. If one branch of an if always returns, the statements after the if move
 *      into the other branch (fewer None-valued paths for staged conds).
 *   2. `do_return = False; retval_ = ag__.UndefinedReturnValue()` first;
 *      `return v` → `do_return = True; retval_ = v`; the statements after it run
 *      under `if ag__.not_(do_return):`; loop tests get `ag__.not_(do_return)`;
 *      the def ends with `return ag__.ret(retval_, do_return)`.
 * Entry point: ag_lower_return.  Memory owner: the conversion's arena. */
#include "ag.h"

/* ---- is the lowering needed? -------------------------------------------------------------- */

static bool block_has_return(const NodeList *b, bool nested);

static bool stmt_has_return(const Node *st, bool nested) {
    switch (st->kind) {
    case AST_RETURN: return nested;
    case AST_IF:
        return block_has_return(&st->if_.body, true) || block_has_return(&st->if_.orelse, true);
    case AST_WHILE:
        return block_has_return(&st->while_.body, true) ||
               block_has_return(&st->while_.orelse, true);
    case AST_FOR:
        return block_has_return(&st->for_.body, true) || block_has_return(&st->for_.orelse, true);
    case AST_WITH: return block_has_return(&st->with.body, nested);
    case AST_TRY:
        for (int h = 0; h < st->try_.handlers.len; h++)
            if (block_has_return(&st->try_.handlers.items[h]->handler.body, nested)) return true;
        return block_has_return(&st->try_.body, nested) ||
               block_has_return(&st->try_.orelse, nested) ||
               block_has_return(&st->try_.finalbody, nested);
    default: return false;
    }
}

static bool block_has_return(const NodeList *b, bool nested) {
    for (int i = 0; i < b->len; i++)
        if (stmt_has_return(b->items[i], nested)) return true;
    return false;
}

/* ---- 1. move what follows an always-returning branch into the other one ----------------- */

/* Returns true when the block definitely returns. Moved statements are processed
 * again where they land, so an elif chain whose branches return, followed by a
 * final return, ends up returning on every path (TensorFlow's single pass stops
 * one level short and then rejects the staged cond's return-less else). */
static bool move_after_returns(Arena *a, NodeList *block) {
    for (int i = 0; i < block->len; i++) {
        Node *st = block->items[i];
        bool body_returns = false, else_returns = false;
        switch (st->kind) {
        case AST_RETURN: return true;
        case AST_IF:
            body_returns = move_after_returns(a, &st->if_.body);
            else_returns = move_after_returns(a, &st->if_.orelse);
            if (body_returns && else_returns) return true;
            break;
        case AST_WHILE: move_after_returns(a, &st->while_.body); break;
        case AST_FOR: move_after_returns(a, &st->for_.body); break;
        case AST_WITH:
            if (move_after_returns(a, &st->with.body)) return true;
            break;
        case AST_TRY:
            move_after_returns(a, &st->try_.body);
            for (int h = 0; h < st->try_.handlers.len; h++)
                move_after_returns(a, &st->try_.handlers.items[h]->handler.body);
            move_after_returns(a, &st->try_.orelse);
            move_after_returns(a, &st->try_.finalbody);
            break;
        default: break;
        }
        if ((body_returns || else_returns) && i + 1 < block->len) {
            NodeList *other = body_returns ? &st->if_.orelse : &st->if_.body;
            for (int k = i + 1; k < block->len; k++) nodelist_push(a, other, block->items[k]);
            block->len = i + 1;
            return move_after_returns(a, other);
        }
    }
    return false;
}

/* ---- 2. flags and guards ------------------------------------------------------------------ */

typedef struct Ret {
    AgScope *s;
    const char *do_return, *retval;
} Ret;

static bool ret_block(Ret *r, NodeList *block);

static Node *not_returned(Ret *r, SrcLoc loc) {
    Arena *a = r->s->ctx->arena;
    return ag_build_not(a, loc, ag_build_name(a, loc, r->do_return));
}

typedef struct RetBlocks {
    Ret *r;
    bool returned;
} RetBlocks;

static void ret_in_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    RetBlocks *rb = ctx;
    rb->returned |= ret_block(rb->r, block);
}

/* Lowers one statement into out; true when it holds a return. */
static bool ret_stmt(Ret *r, Node *st, NodeList *out) {
    Arena *a = r->s->ctx->arena;
    bool returned = false;
    switch (st->kind) {
    case AST_RETURN: {
        Node *value = st->ret.value ? st->ret.value : ag_build_none(a, st->loc);
        nodelist_push(a, out, ag_build_flag_set(a, st->loc, r->do_return, true));
        nodelist_push(a, out,
                      ag_build_assign(a, st->loc, ag_build_name(a, st->loc, r->retval), value));
        return true;
    }
    case AST_WHILE:
        returned = ret_block(r, &st->while_.body);
        if (returned) {
            Node *test = st->while_.test;
            st->while_.test = ag_build_and(a, test->loc, not_returned(r, st->loc), test);
        }
        break;
    case AST_FOR:
        returned = ret_block(r, &st->for_.body);
        if (returned) {
            LoopInfo *info = ag_loop_info(r->s, st);
            Node *not_ret = not_returned(r, st->loc);
            info->extra_test =
                info->extra_test ? ag_build_and(a, st->loc, not_ret, info->extra_test) : not_ret;
        }
        break;
    default: {
        /* if, with, try: a return may sit in any block (nothing to add to them) */
        RetBlocks rb = {r, false};
        ast_for_each_block(st, ret_in_block, &rb);
        returned = rb.returned;
        break;
    }
    }
    nodelist_push(a, out, st);
    return returned;
}

static bool ret_stmt_cb(void *r, Node *st, NodeList *out) { return ret_stmt(r, st, out); }

static Node *not_returned_cb(void *r, SrcLoc loc) { return not_returned(r, loc); }

static bool ret_block(Ret *r, NodeList *block) {
    return ag_guard_rest(r->s->ctx->arena, block, ret_stmt_cb, not_returned_cb, r);
}

static bool is_docstring(const Node *st) {
    return st->kind == AST_EXPR_STMT && st->expr_stmt.value->kind == AST_STR;
}

void ag_lower_return(AgScope *s, NodeList *body) {
    if (!block_has_return(body, false)) return;
    Arena *a = s->ctx->arena;
    move_after_returns(a, body);
    Ret r = {s, ag_fresh_name(s, "do_return"), ag_fresh_name(s, "retval_")};
    ret_block(&r, body);

    SrcLoc loc = s->loc;
    NodeList out = {0};
    int first = body->len && is_docstring(body->items[0]) ? 1 : 0;
    if (first) nodelist_push(a, &out, body->items[0]);
    nodelist_push(a, &out, ag_build_flag_set(a, loc, r.do_return, false));
    Node *undefined =
        ag_build_call(a, loc, ag_build_helper(a, loc, "UndefinedReturnValue"), NULL, 0);
    nodelist_push(a, &out, ag_build_assign(a, loc, ag_build_name(a, loc, r.retval), undefined));
    for (int i = first; i < body->len; i++) nodelist_push(a, &out, body->items[i]);
    Node *args[2] = {ag_build_name(a, loc, r.retval), ag_build_name(a, loc, r.do_return)};
    nodelist_push(
        a, &out,
        ag_build_return(a, loc, ag_build_call(a, loc, ag_build_helper(a, loc, "ret"), args, 2)));
    *body = out;
}

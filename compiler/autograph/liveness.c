/* liveness.c — backward liveness over the structured, lowered tree of one scope
 * (no break/continue left, returns only at the top of a def's body), recording for
 * every if/while/for what it modifies, what is live after it and what is live into
 * its branches or at its loop head. Loops iterate to a fixed point; a nested
 * statement's record is rewritten on each pass, so the last one — made while the
 * enclosing loops were at their fixed point — is the one kept.
 * Nested defs read their free names where they are defined; lambdas and
 * comprehensions where they appear.
 * Entry point: ag_liveness.  Memory owner: FlowInfo and sets in the scope's scratch arena. */
#include "ag.h"

static NameSet block_live(AgScope *s, NodeList *b, NameSet after);

static NameSet set_of_uses(AgScope *s, const Node *st) {
    NameBuf b;
    namebuf_init(&b, s->scratch);
    ag_stmt_uses(s, st, &b);
    return namebuf_set(&b);
}

static NameSet set_of_kills(AgScope *s, const Node *st) {
    NameBuf b;
    namebuf_init(&b, s->scratch);
    ag_stmt_kills(s, st, &b);
    return namebuf_set(&b);
}

static NameSet set_of_expr(AgScope *s, const Node *e) {
    NameBuf b;
    namebuf_init(&b, s->scratch);
    if (e) ag_expr_loads(s, e, &b);
    return namebuf_set(&b);
}

static void record(AgScope *s, Node *st, NameSet after, NameSet live_in) {
    FlowInfo *fi = ptrmap_get(&s->flow, st);
    if (!fi) {
        fi = ARENA_NEW(s->scratch, FlowInfo);
        NameBuf b;
        namebuf_init(&b, s->scratch);
        ag_stmt_modified(s, st, &b);
        fi->modified = namebuf_set(&b);
        ptrmap_put(&s->flow, st, fi);
    }
    fi->live_after = after;
    fi->live_in = live_in;
}

static NameSet for_live(AgScope *s, Node *st, NameSet after) {
    Arena *sa = s->scratch;
    LoopInfo *info = ptrmap_get(&s->loops, st);
    NameSet exit = nameset_union(sa, after, block_live(s, &st->for_.orelse, after));
    /* Each iteration: the extra test, then the target is bound, then the body. */
    NameSet per_iter = set_of_expr(s, info ? info->extra_test : NULL);
    NameBuf tb, tl;
    namebuf_init(&tb, sa);
    namebuf_init(&tl, sa);
    ag_target_binds(s, st->for_.target, &tb);
    ag_target_loads(s, st->for_.target, &tl);
    NameSet target_binds = namebuf_set(&tb), target_loads = namebuf_set(&tl);
    NameSet head = nameset_union(sa, exit, per_iter);
    for (;;) {
        NameSet body_in = block_live(s, &st->for_.body, head);
        NameSet next = nameset_minus(sa, nameset_union(sa, body_in, target_loads), target_binds);
        next = nameset_union(sa, nameset_union(sa, exit, per_iter), next);
        if (nameset_equal(next, head)) break;
        head = next;
    }
    record(s, st, after, head);
    return nameset_union(sa, set_of_expr(s, st->for_.iter), head);
}

static NameSet while_live(AgScope *s, Node *st, NameSet after) {
    Arena *sa = s->scratch;
    NameSet exit = nameset_union(sa, after, block_live(s, &st->while_.orelse, after));
    NameSet test = set_of_expr(s, st->while_.test);
    NameSet top = nameset_union(sa, exit, test);
    for (;;) {
        NameSet next =
            nameset_union(sa, nameset_union(sa, exit, test), block_live(s, &st->while_.body, top));
        if (nameset_equal(next, top)) break;
        top = next;
    }
    record(s, st, after, top);
    return top;
}

static NameSet try_live(AgScope *s, Node *st, NameSet after) {
    Arena *sa = s->scratch;
    NameSet fin = block_live(s, &st->try_.finalbody, after);
    /* A handler may start anywhere in the body: what it needs is live throughout. */
    NameSet handlers = {0};
    for (int h = 0; h < st->try_.handlers.len; h++) {
        Node *handler = st->try_.handlers.items[h];
        NameSet in = block_live(s, &handler->handler.body, fin);
        /* `except E as e` binds e on entry (and unbinds it on exit). */
        if (handler->handler.name) {
            NameSet bound = nameset_add(sa, (NameSet){0}, ag_intern(s, handler->handler.name));
            in = nameset_minus(sa, in, bound);
        }
        handlers = nameset_union(sa, handlers, in);
    }
    NameSet els = block_live(s, &st->try_.orelse, fin);
    NameSet body = block_live(s, &st->try_.body, nameset_union(sa, els, handlers));
    return nameset_union(sa, nameset_union(sa, body, handlers), set_of_uses(s, st));
}

static NameSet stmt_live(AgScope *s, Node *st, NameSet after) {
    Arena *sa = s->scratch;
    switch (st->kind) {
    case AST_IF: {
        NameSet body_in = block_live(s, &st->if_.body, after);
        NameSet else_in = block_live(s, &st->if_.orelse, after);
        NameSet branches = nameset_union(sa, body_in, else_in);
        record(s, st, after, branches);
        return nameset_union(sa, set_of_uses(s, st), branches);
    }
    case AST_WHILE: return while_live(s, st, after);
    case AST_FOR: return for_live(s, st, after);
    case AST_WITH: {
        NameSet body_in = block_live(s, &st->with.body, after);
        return nameset_union(sa, set_of_uses(s, st),
                             nameset_minus(sa, body_in, set_of_kills(s, st)));
    }
    case AST_TRY: return try_live(s, st, after);
    case AST_RETURN:
    case AST_RAISE: return set_of_uses(s, st); /* nothing after it runs */
    default:
        return nameset_union(sa, nameset_minus(sa, after, set_of_kills(s, st)), set_of_uses(s, st));
    }
}

static NameSet block_live(AgScope *s, NodeList *b, NameSet after) {
    NameSet live = after;
    for (int i = b->len - 1; i >= 0; i--) live = stmt_live(s, b->items[i], live);
    return live;
}

void ag_liveness(AgScope *s, NodeList *body) { block_live(s, body, (NameSet){0}); }

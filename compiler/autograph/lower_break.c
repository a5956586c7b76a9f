/* lower_break.c — break statements become a flag (TF's break_statements converter):
 *   break_ = False                       before the loop (one fresh name per loop)
 *   break  →  break_ = True, and the rest of the body guarded by `if ag__.not_(break_):`
 *   while test  →  ag__.and_(lambda: ag__.not_(break_), lambda: test)
 *   for loop    →  extra test ag__.not_(break_) (LoopInfo, read by control_flow.c)
 *   else:       →  `if ag__.not_(break_): ...` after the loop (just the block when
 *                  the loop has no break), so no loop keeps an else clause.
 * Entry point: ag_lower_break.  Memory owner: the conversion's arena. */
#include "ag.h"

static bool break_loop(void *pass, AgGuard *outer, Node *loop, NodeList *out) {
    AgScope *s = pass;
    Arena *a = s->ctx->arena;
    AgGuard g = {
        .scope = s, .jump = AST_BREAK, .base = "break_", .lower_loop = break_loop, .pass = s};
    bool is_while = loop->kind == AST_WHILE;
    NodeList *body = is_while ? &loop->while_.body : &loop->for_.body;
    NodeList *orelse = is_while ? &loop->while_.orelse : &loop->for_.orelse;
    if (ag_guard_has_jump(body, g.jump)) g.flag = ag_fresh_name(s, g.base);
    ag_guard_block(&g, body);

    /* A break in the else clause belongs to the enclosing loop. */
    NodeList els = *orelse;
    *orelse = (NodeList){0};
    bool jumped = false;
    if (outer) jumped = ag_guard_block(outer, &els);
    else ag_guard_find_loops(s, &els, break_loop, s);

    if (!g.flag) {
        nodelist_push(a, out, loop);
        for (int i = 0; i < els.len; i++) nodelist_push(a, out, els.items[i]);
        return jumped;
    }
    SrcLoc loc = loop->loc;
    nodelist_push(a, out, ag_build_flag_set(a, loc, g.flag, false));
    Node *not_broken = ag_build_not(a, loc, ag_build_name(a, loc, g.flag));
    if (is_while)
        loop->while_.test = ag_build_and(a, loop->while_.test->loc, not_broken, loop->while_.test);
    else ag_loop_info(s, loop)->extra_test = not_broken;
    nodelist_push(a, out, loop);
    if (els.len) {
        Node *guard =
            ag_build_if(a, els.items[0]->loc, ag_build_not(a, loc, ag_build_name(a, loc, g.flag)));
        guard->if_.body = els;
        nodelist_push(a, out, guard);
    }
    return jumped;
}

void ag_lower_break(AgScope *s, NodeList *body) { ag_guard_find_loops(s, body, break_loop, s); }

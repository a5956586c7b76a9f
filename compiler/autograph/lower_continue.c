/* lower_continue.c — continue statements become a flag (TF's continue_statements
 * converter): `continue_ = False` first in the loop body, `continue` → `continue_ =
 * True`, and the statements after it, up to the end of the body, guarded by
 * `if ag__.not_(continue_):` at each enclosing block level. Runs after the break
 * lowering, so loops have no else clause left.
 * Entry point: ag_lower_continue.  Memory owner: the conversion's arena. */
#include "ag.h"

static bool continue_loop(void *pass, AgGuard *outer, Node *loop, NodeList *out) {
    AgScope *s = pass;
    Arena *a = s->ctx->arena;
    AgGuard g = {.scope = s,
                 .jump = AST_CONTINUE,
                 .base = "continue_",
                 .lower_loop = continue_loop,
                 .pass = s};
    bool is_while = loop->kind == AST_WHILE;
    NodeList *body = is_while ? &loop->while_.body : &loop->for_.body;
    NodeList *orelse = is_while ? &loop->while_.orelse : &loop->for_.orelse;
    if (ag_guard_has_jump(body, g.jump)) g.flag = ag_fresh_name(s, g.base);
    ag_guard_block(&g, body);
    if (g.flag) {
        NodeList with_init = {0};
        nodelist_push(a, &with_init, ag_build_flag_set(a, loop->loc, g.flag, false));
        for (int i = 0; i < body->len; i++) nodelist_push(a, &with_init, body->items[i]);
        *body = with_init;
    }
    bool jumped = false;
    if (outer) jumped = ag_guard_block(outer, orelse);
    else ag_guard_find_loops(s, orelse, continue_loop, s);
    nodelist_push(a, out, loop);
    return jumped;
}

void ag_lower_continue(AgScope *s, NodeList *body) {
    ag_guard_find_loops(s, body, continue_loop, s);
}

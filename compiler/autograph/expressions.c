/* expressions.c — the expression rewrites of TF's conditional_expressions and
 * logical_expressions converters, plus reads of possibly undefined names:
 *   a if c else b  →  ag__.if_exp(c, lambda: a, lambda: b, 'c')
 *   a and b and c  →  ag__.and_(lambda: a, lambda: ag__.and_(lambda: b, lambda: c))
 *   a or b         →  ag__.or_(lambda: a, lambda: b)
 *   not a          →  ag__.not_(a)
 *   x              →  ag__.ld(x)   when the converter initialized x with ag__.Undefined
 * They apply everywhere in user expressions, lambda bodies and comprehension
 * clauses included (nothing else in those is converted); a lambda's parameters and
 * a comprehension's targets shadow the scope's names.
 * Entry points: ag_convert_expr, ag_convert_target.  Memory owner: the conversion's arena. */
#include "ag.h"

typedef struct ExprCtx {
    AgScope *s;
    NameSet shadow; /* names bound by enclosing lambdas/comprehensions */
} ExprCtx;

static Node *conv(ExprCtx *c, Node *e);

static void conv_slot(void *ctx, Node **slot) { *slot = conv(ctx, *slot); }

static void conv_children(ExprCtx *c, Node *e) { ast_for_each_child(e, NULL, conv_slot, c); }

static void conv_target(ExprCtx *c, Node *t) {
    switch (t->kind) {
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < t->seq.elts.len; i++) conv_target(c, t->seq.elts.items[i]);
        break;
    case AST_STARRED: conv_target(c, t->starred.value); break;
    case AST_ATTRIBUTE: t->attribute.value = conv(c, t->attribute.value); break;
    case AST_SUBSCRIPT:
        t->subscript.value = conv(c, t->subscript.value);
        t->subscript.slice = conv(c, t->subscript.slice);
        break;
    default: break; /* a name is stored, not read */
    }
}

/* ag__.and_(lambda: v[i], lambda: <the rest>), nested to the right. */
static Node *lazy_chain(ExprCtx *c, Node *e, int i) {
    Arena *a = c->s->ctx->arena;
    const NodeList *vals = &e->boolop.values;
    Node *left = conv(c, vals->items[i]);
    if (i == vals->len - 1) return left;
    Node *right = lazy_chain(c, e, i + 1);
    Node *args[2] = {ag_build_lambda(a, left->loc, left), ag_build_lambda(a, right->loc, right)};
    const char *helper = e->boolop.op == BOOL_AND ? "and_" : "or_";
    return ag_build_call(a, vals->items[i]->loc, ag_build_helper(a, e->loc, helper), args, 2);
}

static Node *conv_ifexp(ExprCtx *c, Node *e) {
    Arena *a = c->s->ctx->arena;
    const char *text = ast_expr_to_source(a, e->ifexp.test);
    Node *test = conv(c, e->ifexp.test);
    Node *body = conv(c, e->ifexp.body);
    Node *orelse = conv(c, e->ifexp.orelse);
    Node *args[4] = {test, ag_build_lambda(a, body->loc, body),
                     ag_build_lambda(a, orelse->loc, orelse),
                     ag_build_str(a, e->ifexp.test->loc, text)};
    return ag_build_call(a, e->loc, ag_build_helper(a, e->loc, "if_exp"), args, 4);
}

static Node *conv_lambda(ExprCtx *c, Node *e) {
    Params *p = &e->lambda.params;
    NodeList *lists[2] = {&p->args, &p->kwonly};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Node *arg = lists[l]->items[i];
            if (arg->arg.default_) arg->arg.default_ = conv(c, arg->arg.default_);
        }
    NameBuf names;
    namebuf_init(&names, c->s->scratch);
    ag_param_names(c->s, p, &names);
    ExprCtx inner = {c->s, nameset_union(c->s->scratch, c->shadow, namebuf_set(&names))};
    e->lambda.body = conv(&inner, e->lambda.body);
    return e;
}

static Node *conv_comp(ExprCtx *c, Node *e) {
    NameBuf names;
    namebuf_init(&names, c->s->scratch);
    NodeList *gens = &e->comp.generators;
    for (int i = 0; i < gens->len; i++)
        ag_target_binds(c->s, gens->items[i]->comprehension.target, &names);
    ExprCtx inner = {c->s, nameset_union(c->s->scratch, c->shadow, namebuf_set(&names))};
    for (int i = 0; i < gens->len; i++) {
        Node *g = gens->items[i];
        /* The first iterable is evaluated outside the comprehension's scope. */
        g->comprehension.iter = conv(i == 0 ? c : &inner, g->comprehension.iter);
        conv_target(&inner, g->comprehension.target);
        for (int k = 0; k < g->comprehension.ifs.len; k++)
            g->comprehension.ifs.items[k] = conv(&inner, g->comprehension.ifs.items[k]);
    }
    if (e->comp.elt) e->comp.elt = conv(&inner, e->comp.elt);
    if (e->comp.key) e->comp.key = conv(&inner, e->comp.key);
    if (e->comp.value) e->comp.value = conv(&inner, e->comp.value);
    return e;
}

static Node *conv(ExprCtx *c, Node *e) {
    Arena *a = c->s->ctx->arena;
    switch (e->kind) {
    case AST_NAME: {
        const char *id = ag_intern(c->s, e->name.id);
        if (!nameset_has(c->s->undefined, id) || nameset_has(c->shadow, id)) return e;
        return ag_build_call(a, e->loc, ag_build_helper(a, e->loc, "ld"), &e, 1);
    }
    case AST_IFEXP: return conv_ifexp(c, e);
    case AST_BOOLOP: return lazy_chain(c, e, 0);
    case AST_UNARYOP:
        if (e->unaryop.op == UNARY_NOT) {
            Node *operand = conv(c, e->unaryop.operand);
            return ag_build_call(a, e->loc, ag_build_helper(a, e->loc, "not_"), &operand, 1);
        }
        conv_children(c, e);
        return e;
    case AST_LAMBDA: return conv_lambda(c, e);
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_DICTCOMP:
    case AST_GENEXP: return conv_comp(c, e);
    case AST_NAMED_EXPR:
        e->named_expr.value = conv(c, e->named_expr.value);
        return e;
    default: conv_children(c, e); return e;
    }
}

Node *ag_convert_expr(AgScope *s, Node *e) {
    ExprCtx c = {s, {0}};
    return conv(&c, e);
}

void ag_convert_target(AgScope *s, Node *t) {
    ExprCtx c = {s, {0}};
    conv_target(&c, t);
}

/* build.c — constructors for the nodes AutoGraph generates (ag__ calls, lambdas,
 * flag assignments, helper defs). Each takes the SrcLoc of the user's statement or
 * expression the generated code stands for, so errors point at the user's line.
 * Entry points: ag_build_*.  Memory owner: nodes live in the given Arena. */
#include <string.h>

#include "ag.h"

Node *ag_build_name(Arena *a, SrcLoc loc, const char *id) {
    Node *n = ast_new(a, AST_NAME, loc);
    n->name.id = arena_intern_cstr(a, id);
    return n;
}

Node *ag_build_str(Arena *a, SrcLoc loc, const char *text) {
    Node *n = ast_new(a, AST_STR, loc);
    n->str.value = arena_strdup(a, text);
    n->str.len = strlen(text);
    return n;
}

Node *ag_build_int(Arena *a, SrcLoc loc, int64_t v) {
    Node *n = ast_new(a, AST_INT, loc);
    n->int_.value = v;
    return n;
}

Node *ag_build_bool(Arena *a, SrcLoc loc, bool v) {
    return ast_new(a, v ? AST_TRUE : AST_FALSE, loc);
}

Node *ag_build_none(Arena *a, SrcLoc loc) { return ast_new(a, AST_NONE, loc); }

Node *ag_build_tuple(Arena *a, SrcLoc loc, Node **elts, int n) {
    Node *t = ast_new(a, AST_TUPLE, loc);
    t->seq.parenthesized = true;
    for (int i = 0; i < n; i++) nodelist_push(a, &t->seq.elts, elts[i]);
    return t;
}

Node *ag_build_helper(Arena *a, SrcLoc loc, const char *helper) {
    Node *n = ast_new(a, AST_ATTRIBUTE, loc);
    n->attribute.value = ag_build_name(a, loc, "ag__");
    n->attribute.attr = arena_intern_cstr(a, helper);
    return n;
}

Node *ag_build_call(Arena *a, SrcLoc loc, Node *func, Node **args, int nargs) {
    Node *c = ast_new(a, AST_CALL, loc);
    c->call.func = func;
    for (int i = 0; i < nargs; i++) nodelist_push(a, &c->call.args, args[i]);
    return c;
}

Node *ag_build_lambda(Arena *a, SrcLoc loc, Node *body) {
    Node *l = ast_new(a, AST_LAMBDA, loc);
    l->generated = true;
    l->lambda.body = body;
    return l;
}

Node *ag_build_not(Arena *a, SrcLoc loc, Node *operand) {
    return ag_build_call(a, loc, ag_build_helper(a, loc, "not_"), &operand, 1);
}

Node *ag_build_and(Arena *a, SrcLoc loc, Node *left, Node *right) {
    Node *args[2] = {ag_build_lambda(a, left->loc, left), ag_build_lambda(a, right->loc, right)};
    return ag_build_call(a, loc, ag_build_helper(a, loc, "and_"), args, 2);
}

Node *ag_build_assign(Arena *a, SrcLoc loc, Node *target, Node *value) {
    Node *s = ast_new(a, AST_ASSIGN, loc);
    nodelist_push(a, &s->assign.targets, target);
    s->assign.value = value;
    return s;
}

Node *ag_build_expr_stmt(Arena *a, SrcLoc loc, Node *value) {
    Node *s = ast_new(a, AST_EXPR_STMT, loc);
    s->expr_stmt.value = value;
    return s;
}

Node *ag_build_return(Arena *a, SrcLoc loc, Node *value) {
    Node *s = ast_new(a, AST_RETURN, loc);
    s->ret.value = value;
    return s;
}

Node *ag_build_if(Arena *a, SrcLoc loc, Node *test) {
    Node *s = ast_new(a, AST_IF, loc);
    s->if_.test = test;
    return s;
}

Node *ag_build_pass(Arena *a, SrcLoc loc) { return ast_new(a, AST_PASS, loc); }

Node *ag_build_def(Arena *a, SrcLoc loc, const char *name, const char *param) {
    Node *d = ast_new(a, AST_FUNCDEF, loc);
    d->generated = true;
    d->funcdef.name = arena_intern_cstr(a, name);
    if (param) {
        Node *p = ast_new(a, AST_ARG, loc);
        p->arg.name = arena_intern_cstr(a, param);
        nodelist_push(a, &d->funcdef.params.args, p);
    }
    return d;
}

Node *ag_build_decl(Arena *a, SrcLoc loc, AstKind kind, const char **names, int n) {
    IG_ASSERT(kind == AST_GLOBAL || kind == AST_NONLOCAL);
    Node *s = ast_new(a, kind, loc);
    s->names.names = ARENA_ARRAY(a, const char *, n);
    for (int i = 0; i < n; i++) s->names.names[i] = names[i];
    s->names.len = n;
    return s;
}

Node *ag_build_flag_set(Arena *a, SrcLoc loc, const char *flag, bool value) {
    return ag_build_assign(a, loc, ag_build_name(a, loc, flag), ag_build_bool(a, loc, value));
}

/* walk.c — one generic enumeration of a node's children, so the clone and the
 * whole-tree collectors need no per-kind code of their own.
 * Entry point: ag_each_child.
 * Memory owner: nothing is allocated here (callbacks may allocate). */
#include "ag.h"

typedef struct Visit {
    AgListFn on_list;
    AgNodeFn on_node;
    void *ctx;
} Visit;

static void one(const Visit *v, Node **slot) {
    if (*slot) v->on_node(v->ctx, slot);
}

static void list(const Visit *v, NodeList *l) {
    if (v->on_list) v->on_list(v->ctx, l);
    for (int i = 0; i < l->len; i++) one(v, &l->items[i]);
}

static void params(const Visit *v, Params *p) {
    list(v, &p->args);
    one(v, &p->vararg);
    list(v, &p->kwonly);
    one(v, &p->kwarg);
}

void ag_each_child(Node *n, AgListFn on_list, AgNodeFn on_node, void *ctx) {
    const Visit v = {on_list, on_node, ctx};
    switch (n->kind) {
    case AST_MODULE: list(&v, &n->module.body); break;
    case AST_EXPR_STMT: one(&v, &n->expr_stmt.value); break;
    case AST_ASSIGN:
        list(&v, &n->assign.targets);
        one(&v, &n->assign.value);
        break;
    case AST_AUGASSIGN:
        one(&v, &n->augassign.target);
        one(&v, &n->augassign.value);
        break;
    case AST_ANNASSIGN:
        one(&v, &n->annassign.target);
        one(&v, &n->annassign.annotation);
        one(&v, &n->annassign.value);
        break;
    case AST_DEL: list(&v, &n->del.targets); break;
    case AST_RETURN: one(&v, &n->ret.value); break;
    case AST_RAISE:
        one(&v, &n->raise.exc);
        one(&v, &n->raise.cause);
        break;
    case AST_ASSERT:
        one(&v, &n->assert_.test);
        one(&v, &n->assert_.msg);
        break;
    case AST_IF:
        one(&v, &n->if_.test);
        list(&v, &n->if_.body);
        list(&v, &n->if_.orelse);
        break;
    case AST_WHILE:
        one(&v, &n->while_.test);
        list(&v, &n->while_.body);
        list(&v, &n->while_.orelse);
        break;
    case AST_FOR:
        one(&v, &n->for_.target);
        one(&v, &n->for_.iter);
        list(&v, &n->for_.body);
        list(&v, &n->for_.orelse);
        break;
    case AST_WITH:
        list(&v, &n->with.items);
        list(&v, &n->with.body);
        break;
    case AST_WITHITEM:
        one(&v, &n->withitem.context);
        one(&v, &n->withitem.vars);
        break;
    case AST_TRY:
        list(&v, &n->try_.body);
        list(&v, &n->try_.handlers);
        list(&v, &n->try_.orelse);
        list(&v, &n->try_.finalbody);
        break;
    case AST_EXCEPT_HANDLER:
        one(&v, &n->handler.type);
        list(&v, &n->handler.body);
        break;
    case AST_FUNCDEF:
        list(&v, &n->funcdef.decorators);
        params(&v, &n->funcdef.params);
        one(&v, &n->funcdef.returns);
        list(&v, &n->funcdef.body);
        break;
    case AST_CLASSDEF:
        list(&v, &n->classdef.decorators);
        list(&v, &n->classdef.bases);
        list(&v, &n->classdef.keywords);
        list(&v, &n->classdef.body);
        break;
    case AST_IMPORT: list(&v, &n->import.names); break;
    case AST_IMPORT_FROM: list(&v, &n->import_from.names); break;
    case AST_ARG:
        one(&v, &n->arg.annotation);
        one(&v, &n->arg.default_);
        break;
    case AST_KEYWORD: one(&v, &n->keyword.value); break;
    case AST_COMPREHENSION:
        one(&v, &n->comprehension.target);
        one(&v, &n->comprehension.iter);
        list(&v, &n->comprehension.ifs);
        break;
    case AST_FSTRING: list(&v, &n->fstring.values); break;
    case AST_FORMATTED:
        one(&v, &n->formatted.value);
        one(&v, &n->formatted.format_spec);
        break;
    case AST_BINOP:
        one(&v, &n->binop.left);
        one(&v, &n->binop.right);
        break;
    case AST_UNARYOP: one(&v, &n->unaryop.operand); break;
    case AST_BOOLOP: list(&v, &n->boolop.values); break;
    case AST_COMPARE:
        one(&v, &n->compare.left);
        list(&v, &n->compare.comparators);
        break;
    case AST_IFEXP:
        one(&v, &n->ifexp.test);
        one(&v, &n->ifexp.body);
        one(&v, &n->ifexp.orelse);
        break;
    case AST_LAMBDA:
        params(&v, &n->lambda.params);
        one(&v, &n->lambda.body);
        break;
    case AST_CALL:
        one(&v, &n->call.func);
        list(&v, &n->call.args);
        list(&v, &n->call.keywords);
        break;
    case AST_ATTRIBUTE: one(&v, &n->attribute.value); break;
    case AST_SUBSCRIPT:
        one(&v, &n->subscript.value);
        one(&v, &n->subscript.slice);
        break;
    case AST_SLICE:
        one(&v, &n->slice.lower);
        one(&v, &n->slice.upper);
        one(&v, &n->slice.step);
        break;
    case AST_STARRED: one(&v, &n->starred.value); break;
    case AST_TUPLE:
    case AST_LIST:
    case AST_SET: list(&v, &n->seq.elts); break;
    case AST_DICT:
        list(&v, &n->dict.keys); /* NULL keys (**m) are skipped */
        list(&v, &n->dict.values);
        break;
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_DICTCOMP:
    case AST_GENEXP:
        one(&v, &n->comp.elt);
        one(&v, &n->comp.key);
        one(&v, &n->comp.value);
        list(&v, &n->comp.generators);
        break;
    case AST_NAMED_EXPR:
        one(&v, &n->named_expr.target);
        one(&v, &n->named_expr.value);
        break;
    case AST_PASS:
    case AST_BREAK:
    case AST_CONTINUE:
    case AST_GLOBAL:
    case AST_NONLOCAL:
    case AST_ALIAS:
    case AST_NAME:
    case AST_INT:
    case AST_FLOAT:
    case AST_STR:
    case AST_BYTES:
    case AST_TRUE:
    case AST_FALSE:
    case AST_NONE:
    case AST_ELLIPSIS: break;
    case AST__COUNT: UNREACHABLE();
    }
}
